// Fleet analytics and alerts (src/insight): how often the ledger is rolled up and the alert
// rules (config/alerts.yaml) are evaluated (0 turns the periodic job off), and how long each
// roll-up grain is kept (pruned on the retention schedule; never past METADATA_YEARS).

import { integer } from './env-values.ts';

/**
 * Ledger rows per transaction of a gateway's periodic roll-up (ANALYTICS_ROLLUP_BATCH_ROWS), by
 * the ledger's store. On SQLite the roll-up runs on the ledger writer thread (or, for ':memory:',
 * the event loop) and its transaction holds the file's write lock, so while the upserts run no
 * ledger row commits: ~10 us a row, 100 rows ~1.5 ms (500 held every commit for 5 - 13 ms, the
 * p99 of a sidecar at 200 calls/s; docs/performance.md). On PostgreSQL nothing waits for a batch
 * but the roll-up itself, and fewer, larger transactions cost the database less.
 */
export const DEFAULT_ROLLUP_BATCH_ROWS = { sqlite: 100, postgres: 500 } as const;

export interface InsightConfig {
  /** ANALYTICS_ROLLUP_INTERVAL_SECONDS: how often new ledger rows are added to the roll-ups. */
  readonly rollupIntervalSeconds: number;
  /** ANALYTICS_ROLLUP_BATCH_ROWS: ledger rows per roll-up transaction (smaller: shorter pauses of the event loop and the SQLite write lock). */
  readonly rollupBatchRows: number;
  /** ALERTS_EVALUATION_INTERVAL_SECONDS: how often one replica evaluates the alert rules. */
  readonly alertsIntervalSeconds: number;
  /** ANALYTICS_MINUTE_RETENTION_DAYS: minute roll-up rows older than this are pruned. */
  readonly minuteRetentionDays: number;
  /** ANALYTICS_HOUR_RETENTION_DAYS: hour roll-up rows (and hourly failure codes) older than this are pruned. */
  readonly hourRetentionDays: number;
  /** ANALYTICS_DAY_RETENTION_DAYS: day roll-up rows older than this are pruned; null (unset): kept as long as METADATA_YEARS keeps ledger rows. */
  readonly dayRetentionDays: number | null;
}

/** The shortest minute horizon: a 2-day fleet-wide summary and its previous 2 days stay per minute. */
export const MIN_MINUTE_RETENTION_DAYS = 5;

/** `ledger`: the store the roll-up reads (a sidecar recording through a central gateway rolls up nothing; it takes the PostgreSQL figure). */
export function insightConfig(env: Record<string, string | undefined>, ledger: 'sqlite' | 'postgres' | 'central', issues: string[]): InsightConfig {
  const batchRows = DEFAULT_ROLLUP_BATCH_ROWS[ledger === 'sqlite' ? 'sqlite' : 'postgres'];
  return {
    rollupIntervalSeconds: integer(env.ANALYTICS_ROLLUP_INTERVAL_SECONDS, 'ANALYTICS_ROLLUP_INTERVAL_SECONDS', 10, 0, 86_400, issues),
    rollupBatchRows: integer(env.ANALYTICS_ROLLUP_BATCH_ROWS, 'ANALYTICS_ROLLUP_BATCH_ROWS', batchRows, 100, 1_000_000, issues),
    alertsIntervalSeconds: integer(env.ALERTS_EVALUATION_INTERVAL_SECONDS, 'ALERTS_EVALUATION_INTERVAL_SECONDS', 30, 0, 86_400, issues),
    ...rollupRetention(env, issues),
  };
}

function rollupRetention(env: Record<string, string | undefined>, issues: string[]): Pick<InsightConfig, 'minuteRetentionDays' | 'hourRetentionDays' | 'dayRetentionDays'> {
  const minute = integer(env.ANALYTICS_MINUTE_RETENTION_DAYS, 'ANALYTICS_MINUTE_RETENTION_DAYS', 14, MIN_MINUTE_RETENTION_DAYS, 36_500, issues);
  const hour = integer(env.ANALYTICS_HOUR_RETENTION_DAYS, 'ANALYTICS_HOUR_RETENTION_DAYS', 186, MIN_MINUTE_RETENTION_DAYS, 36_500, issues);
  const day = env.ANALYTICS_DAY_RETENTION_DAYS?.trim()
    ? integer(env.ANALYTICS_DAY_RETENTION_DAYS, 'ANALYTICS_DAY_RETENTION_DAYS', 0, MIN_MINUTE_RETENTION_DAYS, 36_500, issues)
    : null;
  // A finer grain kept longer than a coarser one would be pruned by the coarser one's queries anyway.
  if (hour < minute) issues.push(`ANALYTICS_HOUR_RETENTION_DAYS: ${hour} days is shorter than ANALYTICS_MINUTE_RETENTION_DAYS (${minute}); hour rows must be kept at least as long as minute rows`);
  if (day !== null && day < hour) issues.push(`ANALYTICS_DAY_RETENTION_DAYS: ${day} days is shorter than ANALYTICS_HOUR_RETENTION_DAYS (${hour}); day rows must be kept at least as long as hour rows`);
  return { minuteRetentionDays: minute, hourRetentionDays: hour, dayRetentionDays: day };
}
