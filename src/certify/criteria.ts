// The certification criteria as pure functions: the agent's decided history, its reliability and
// the suite's results in, one pass/fail per criterion with the figures out.

import type { CertificationCriteria } from '../policy/index.ts';
import type { Outcome, RiskTier } from '../governance/index.ts';

export const CRITERIA = ['min_calls', 'block_rate', 'escalation_rate', 'no_critical_failures', 'reliability', 'suite'] as const;
export type CriterionName = (typeof CRITERIA)[number];

export interface CriterionResult {
  name: CriterionName;
  passed: boolean;
  actual: number | null;
  threshold: number | null;
  detail: string;
}

export interface DecidedCall {
  outcome: Outcome;
  risk_tier: RiskTier | null;
  /** Epoch ms. */
  at: number;
}

export interface SuiteFailure {
  name: string;
  mismatches: string[];
}

export interface CertificationFigures {
  calls: number;
  blocked: number;
  escalated: number;
  critical_blocks: number;
  reliability: number;
  suite_cases: number;
  suite_failures: SuiteFailure[];
  window_days: number;
}

export interface CriteriaInput {
  criteria: CertificationCriteria;
  /** Decided calls within the history window. */
  calls: readonly DecidedCall[];
  reliability: number;
  suite: { cases: number; failures: SuiteFailure[] } | null;
  now: number;
}

// For reading only: a criterion compares the exact figures, so that `passed` is always
// `actual <= threshold` (1 block in 30 calls, 0.0333..., fails a limit of 0.0333).
const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const percent = (rate: number): string => `${Math.round(rate * 10_000) / 100}%`;

export function evaluateCriteria(input: CriteriaInput): { passed: boolean; criteria: CriterionResult[]; figures: CertificationFigures } {
  const { criteria, calls, reliability, suite, now } = input;
  const blocked = calls.filter((call) => call.outcome === 'block').length;
  const escalated = calls.filter((call) => call.outcome === 'escalate' || call.outcome === 'request_evidence').length;
  const criticalSince = now - criteria.critical_failure_window_seconds * 1000;
  const criticalBlocks = calls.filter((call) => call.risk_tier === 'critical' && call.outcome === 'block' && call.at >= criticalSince).length;
  const blockRate = calls.length === 0 ? 0 : blocked / calls.length;
  const escalationRate = calls.length === 0 ? 0 : escalated / calls.length;
  const windowDays = round(criteria.critical_failure_window_seconds / 86_400);
  const results: CriterionResult[] = [
    {
      name: 'min_calls', passed: calls.length >= criteria.min_calls, actual: calls.length, threshold: criteria.min_calls,
      detail: `${calls.length} decided calls in the last ${round(criteria.history_window_seconds / 86_400)} days; at least ${criteria.min_calls} needed`,
    },
    {
      name: 'block_rate', passed: blockRate <= criteria.max_block_rate, actual: blockRate, threshold: criteria.max_block_rate,
      detail: `${blocked} of ${calls.length} calls blocked (${percent(blockRate)}); at most ${percent(criteria.max_block_rate)} allowed`,
    },
    {
      name: 'escalation_rate', passed: escalationRate <= criteria.max_escalation_rate, actual: escalationRate, threshold: criteria.max_escalation_rate,
      detail: `${escalated} of ${calls.length} calls escalated or asked for evidence (${percent(escalationRate)}); at most ${percent(criteria.max_escalation_rate)} allowed`,
    },
    {
      name: 'no_critical_failures', passed: criticalBlocks === 0, actual: criticalBlocks, threshold: 0,
      detail: `${criticalBlocks} critical-risk calls blocked in the last ${windowDays} days; none allowed`,
    },
    {
      name: 'reliability', passed: reliability >= criteria.min_reliability, actual: reliability, threshold: criteria.min_reliability,
      detail: `historical reliability ${reliability}; at least ${criteria.min_reliability} needed`,
    },
    suite === null
      ? { name: 'suite', passed: true, actual: null, threshold: null, detail: 'no test suite was given' }
      : {
        name: 'suite', passed: suite.failures.length === 0, actual: suite.cases - suite.failures.length, threshold: suite.cases,
        detail: suite.failures.length === 0
          ? `all ${suite.cases} cases gave their expected outcome`
          : `${suite.failures.length} of ${suite.cases} cases did not: ${suite.failures.map((failure) => failure.name).join('; ')}`,
      },
  ];
  return {
    passed: results.every((result) => result.passed),
    criteria: results,
    figures: {
      calls: calls.length, blocked, escalated, critical_blocks: criticalBlocks, reliability,
      suite_cases: suite?.cases ?? 0, suite_failures: suite?.failures ?? [], window_days: windowDays,
    },
  };
}
