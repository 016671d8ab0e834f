// Runs policy test cases offline against a bundle, like `opa test`: each case is a dry run (no
// gateway, no ledger) on the context it states (reliability default 70, the prior of a new agent;
// no session history; the kill switch off), compared with what it expects.

import { RELIABILITY_PRIOR } from '../governance/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import { dryRun, dryRunInput, statedApprovals, statedSession, type DryRunResult } from '../runtime/index.ts';
import type { PolicyTestCase } from './policy-test-cases.ts';

export interface PolicyTestResult {
  case: PolicyTestCase;
  passed: boolean;
  /** Why it failed, one line each; [] when it passed. */
  mismatches: string[];
  result?: DryRunResult;
}

export function runPolicyTest(bundle: PolicyBundle, testCase: PolicyTestCase): PolicyTestResult {
  const input = dryRunInput(testCase.subject);
  if (input === undefined) return { case: testCase, passed: false, mismatches: ['the case names no request to evaluate'] };
  const { context } = testCase;
  let result: DryRunResult;
  try {
    result = dryRun(input, {
      bundle,
      historicalReliability: context.historical_reliability ?? RELIABILITY_PRIOR,
      sessionHistory: statedSession(context, input.agentId) ?? [],
      now: context.now !== undefined ? Date.parse(context.now) : Date.now(),
      killSwitchActive: context.kill_switch_active ?? false,
      approvalsFor: statedApprovals(context),
      agentCertified: context.agent_certified ?? false,
    }, 'active');
  } catch (error) {
    return { case: testCase, passed: false, mismatches: [`evaluation failed: ${(error as Error).message}`] };
  }
  const mismatches = compare(testCase.expect, result);
  return { case: testCase, passed: mismatches.length === 0, mismatches, result };
}

function compare(expect: PolicyTestCase['expect'], result: DryRunResult): string[] {
  const mismatches: string[] = [];
  if (expect.outcome !== undefined && expect.outcome !== result.outcome) {
    mismatches.push(`outcome: expected ${expect.outcome}, got ${result.outcome} (${result.decision.reason})`);
  }
  if (expect.decided_by !== undefined && expect.decided_by !== result.decision.decided_by) {
    mismatches.push(`decided_by: expected ${expect.decided_by}, got ${result.decision.decided_by}`);
  }
  const sets: Array<[string, string[] | undefined, string[]]> = [
    ['rules', expect.rules, result.rules_fired.map((rule) => rule.rule_id)],
    ['shadow', expect.shadow, result.shadow_matches.map((rule) => rule.rule_id)],
    ['errors', expect.errors, result.rule_errors.map((error) => error.rule_id)],
  ];
  for (const [label, expected, actual] of sets) {
    if (expected === undefined) continue;
    const missing = expected.filter((id) => !actual.includes(id));
    const extra = actual.filter((id) => !expected.includes(id));
    if (missing.length > 0 || extra.length > 0) {
      mismatches.push(`${label}: expected [${expected.join(', ')}], got [${actual.join(', ')}]`);
    }
  }
  if (expect.errors === undefined && result.rule_errors.length > 0) {
    mismatches.push(`rules could not be evaluated: ${result.rule_errors.map((error) => `${error.rule_id} (${error.message})`).join('; ')}`);
  }
  return mismatches;
}
