// A certification's test suite: cases in the policy bundle's test format (docs/policies.md,
// "Policy tests"), sent as JSON, replayed as dry runs against the policy in force.

import { ApiError } from '../http/index.ts';
import { ConfigFileError, formatConfigFileIssue } from '../config/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import { readCaseFile, type PolicyTestCase } from '../cli/policy-test-cases.ts';
import { runPolicyTest } from '../cli/policy-test-runner.ts';
import type { SuiteFailure } from './criteria.ts';

export type SuiteCaseInput = Record<string, unknown>;

const LABEL = 'request.suite';

export function replaySuite(bundle: PolicyBundle, agentId: string, cases: readonly SuiteCaseInput[]): { cases: number; failures: SuiteFailure[] } {
  // JSON is YAML: the cases go through the same reader (and the same checks) as tests/*.yaml.
  let read;
  try {
    read = readCaseFile(JSON.stringify({ cases }), LABEL);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    read = { cases: [], issues: error.issues };
  }
  if (read.issues.length > 0 || cases.length === 0) {
    const issues = read.issues.length > 0 ? read.issues : [{ file: LABEL, line: null, column: null, path: 'cases', message: 'holds no case' }];
    throw new ApiError('VALIDATION_FAILED', `The test suite has ${issues.length === 1 ? '1 problem' : `${issues.length} problems`}; nothing was certified.`, {
      errors: issues.map((issue) => ({ path: `suite.${issue.path || 'cases'}`, message: formatConfigFileIssue(issue) })),
    });
  }
  refuseOtherAgents(read.cases, agentId);
  const failures = read.cases
    .map((testCase) => runPolicyTest(bundle, testCase))
    .filter((result) => !result.passed)
    .map((result) => ({ name: result.case.name, mismatches: result.mismatches }));
  return { cases: read.cases.length, failures };
}

/**
 * Every case must be a call of the agent being certified: a case naming another agent replays
 * that agent's behaviour, so its pass would vouch for the wrong agent. Refused, not rewritten:
 * a suite that names someone else was written for someone else.
 */
function refuseOtherAgents(cases: readonly PolicyTestCase[], agentId: string): void {
  const mismatches = cases.flatMap((testCase, index) => {
    const named = subjectAgent(testCase);
    return named && named.agentId !== agentId ? [{ index, name: testCase.name, ...named }] : [];
  });
  if (mismatches.length === 0) return;
  const names = mismatches.map((mismatch) => `'${mismatch.name}'`).join(', ');
  throw new ApiError('SUITE_AGENT_MISMATCH', `${mismatches.length === 1 ? 'Suite case' : 'Suite cases'} ${names} ${mismatches.length === 1 ? 'names' : 'name'} another agent than ${agentId}, the agent being certified; nothing was certified.`, {
    errors: mismatches.map((mismatch) => ({ path: `suite.cases[${mismatch.index}].${mismatch.path}`, message: `is ${mismatch.agentId}, not ${agentId} (case '${mismatch.name}')` })),
  });
}

/** The agent a case's call is made by, and where the case says so. */
function subjectAgent({ subject }: PolicyTestCase): { agentId: string; path: string } | undefined {
  if (subject.pre_check) return { agentId: subject.pre_check.agent_id, path: 'pre_check.agent_id' };
  if (subject.validate) return { agentId: subject.validate.agent_id, path: 'validate.agent_id' };
  if (subject.post_check) return { agentId: subject.post_check.pre_check.agent_id, path: 'post_check.pre_check.agent_id' };
  return undefined;
}
