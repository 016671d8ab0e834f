// The one error a bad bundle produces: every problem in every file, each with file:line:column and
// the field path, so a security team can fix them all in one pass instead of one per restart.

export interface PolicyIssue {
  /** The file as the operator would type it (relative to the working directory when inside it). */
  file: string;
  /** 1-based; null when the problem is not inside a file (missing directory, missing file). */
  line: number | null;
  column: number | null;
  /** Dotted field path inside the file, e.g. `tools.invoicepay.create_payment.action_severity`; '' for the file itself. */
  path: string;
  message: string;
}

/** `policies/catalog/payments-agent.yaml:14:7 tools.invoicepay.create_payment.action_severity: must be <= 100` */
export function formatPolicyIssue(issue: PolicyIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}:${issue.column ?? 1}`;
  return issue.path === '' ? `${where}: ${issue.message}` : `${where} ${issue.path}: ${issue.message}`;
}

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
