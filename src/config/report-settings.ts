// Compliance reports' settings (docs/reports.md), from the environment.

import { integer } from './env-values.ts';
import { signingKeysConfig, type SigningKeysConfig } from './judge-settings.ts';

export interface ReportsConfig {
  /** REPORTS_MAX_ROWS: a report whose scope holds more ledger rows fails (narrow the period): the CSV and the job stay bounded. */
  readonly maxRows: number;
  /** REPORTS_POLL_SECONDS: how often a replica looks for queued jobs another replica accepted. */
  readonly pollSeconds: number;
  /** REPORTS_LEASE_SECONDS: a running job untouched this long (its replica died) is taken by another. */
  readonly leaseSeconds: number;
  /**
   * REPORTS_KEY / REPORTS_KEY_FILE / REPORTS_OLD_KEYS_FILE: the key report files are signed with,
   * apart from the certificate key (a report key can be rotated, or handed to an auditor's
   * tooling, without touching certificates). Without one, a key generated into reports-key.jwk.
   */
  readonly signing: SigningKeysConfig;
}

export function reportsConfig(env: NodeJS.ProcessEnv, cwd: string, issues: string[]): ReportsConfig {
  return Object.freeze({
    signing: Object.freeze(signingKeysConfig(env, cwd, 'REPORTS', 'reports-key.jwk', issues)),
    maxRows: integer(env.REPORTS_MAX_ROWS, 'REPORTS_MAX_ROWS', 1_000_000, 1, 50_000_000, issues),
    pollSeconds: integer(env.REPORTS_POLL_SECONDS, 'REPORTS_POLL_SECONDS', 5, 1, 3600, issues),
    leaseSeconds: integer(env.REPORTS_LEASE_SECONDS, 'REPORTS_LEASE_SECONDS', 60, 5, 3600, issues),
  });
}
