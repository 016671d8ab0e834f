// The one error a bad bundle produces: every problem in every file, each with file:line:column and
// the field path, so a security team can fix them all in one pass instead of one per restart.

import { formatConfigFileIssue, type ConfigFileIssue } from '../config/index.ts';

/**
 * A bundle problem has the same shape, and prints the same way, as any config file's problem:
 * `policies/catalog/payments-agent.yaml:14:7 tools.invoicepay.create_payment.action_severity: must be <= 100`.
 */
export type PolicyIssue = ConfigFileIssue;
export const formatPolicyIssue = formatConfigFileIssue;

export class PolicyLoadError extends Error {
  readonly code = 'POLICY_INVALID' as const;
  readonly issues: PolicyIssue[];

  constructor(issues: PolicyIssue[], what = 'policy bundle') {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`${what} is invalid (${count}):\n${issues.map((issue) => `  ${formatPolicyIssue(issue)}`).join('\n')}`);
    this.name = 'PolicyLoadError';
    this.issues = issues;
  }
}

/** Files in name order, then by position, so the report reads top to bottom. */
export function sortIssues(issues: readonly PolicyIssue[]): PolicyIssue[] {
  return [...issues].sort((a, b) =>
    compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
