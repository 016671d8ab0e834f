// A certification's test suite: cases in the policy bundle's test format (docs/policies.md,
// "Policy tests"), sent as JSON, replayed as dry runs against the policy in force.

import { ApiError } from '../http/index.ts';
import { ConfigFileError, formatConfigFileIssue } from '../config/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import { readCaseFile } from '../cli/policy-test-cases.ts';
import { runPolicyTest } from '../cli/policy-test-runner.ts';
import type { SuiteFailure } from './criteria.ts';

export type SuiteCaseInput = Record<string, unknown>;

const LABEL = 'request.suite';

export function replaySuite(bundle: PolicyBundle, cases: readonly SuiteCaseInput[]): { cases: number; failures: SuiteFailure[] } {
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
  const failures = read.cases
    .map((testCase) => runPolicyTest(bundle, testCase))
    .filter((result) => !result.passed)
    .map((result) => ({ name: result.case.name, mismatches: result.mismatches }));
  return { cases: read.cases.length, failures };
}
