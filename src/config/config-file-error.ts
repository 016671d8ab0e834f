// The error a bad config file produces (rate_limits.yaml now, policies later): every problem
// with file:line:column and the field path, so one edit can fix them all.

export interface ConfigFileIssue {
  file: string;
  /** 1-based; null when the problem is the file as a whole (unreadable, not UTF-8). */
  line: number | null;
  column: number | null;
  /** Dotted field path, e.g. `agent_overrides.payments-*.burst`; '' for the file itself. */
  path: string;
  message: string;
}

/** `config/rate_limits.yaml:7:12 default.burst: must be an integer from 0 to 1000000` */
export function formatConfigFileIssue(issue: ConfigFileIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}:${issue.column ?? 1}`;
  return issue.path === '' ? `${where}: ${issue.message}` : `${where} ${issue.path}: ${issue.message}`;
}

export class ConfigFileError extends Error {
  readonly code = 'CONFIG_FILE_INVALID';
  readonly issues: ConfigFileIssue[];

  constructor(issues: ConfigFileIssue[]) {
    super(`${issues[0]?.file ?? 'config file'} is invalid:\n${issues.map((issue) => `  ${formatConfigFileIssue(issue)}`).join('\n')}`);
    this.name = 'ConfigFileError';
    this.issues = issues;
  }
}
