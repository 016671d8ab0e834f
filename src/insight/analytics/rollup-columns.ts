// The measures every roll-up row carries, shared by the schema, the roll-up and the queries so
// that the three cannot drift apart. Latency is kept as a fixed histogram (upper bounds in ms):
// sums of histograms merge across rows, so percentiles come out of plain SUMs.

/** Upper bounds (ms) of the latency histogram buckets; the last bucket is everything above. */
export const LATENCY_BOUNDS_MS = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500] as const;
export const HISTOGRAM_SIZE = LATENCY_BOUNDS_MS.length + 1;

/**
 * Upper bounds (ms) of the time-to-decision histogram (a review verdict or expiry minus the
 * queued decision): 1 s, 5 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 8 h, 24 h, 72 h.
 */
export const REVIEW_BOUNDS_MS = [1_000, 5_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 86_400_000, 259_200_000] as const;

export const gatewayBucketColumns = Array.from({ length: HISTOGRAM_SIZE }, (_, i) => `g${i}`);
export const upstreamBucketColumns = Array.from({ length: HISTOGRAM_SIZE }, (_, i) => `u${i}`);

/**
 * The time-to-decision histogram: columns added by a later migration (reviewColumnsSql), filled by
 * an upsert of the batch's review rows only, so the many call rows pay nothing for them.
 */
export const reviewBucketColumns = Array.from({ length: REVIEW_BOUNDS_MS.length + 1 }, (_, i) => `r${i}`);

/** Tables whose rows carry the time-to-decision histogram. */
export const REVIEW_HISTOGRAM_TABLES = ['analytics_minutes', 'analytics_hours', 'analytics_days'] as const;

/** The migration adding the time-to-decision histogram to the roll-up tables (SQLite 12, PostgreSQL 14). */
export function reviewColumnsSql(dialect: 'sqlite' | 'postgres'): string {
  const int = dialect === 'sqlite' ? 'INTEGER' : 'bigint';
  return `
    -- Time-to-decision histograms (bounds in rollup-columns.ts REVIEW_BOUNDS_MS). Rows rolled up
    -- before this migration hold zeros: their verdicts count in the mean, not in the percentiles
    -- (time_to_decision.count says how many do).
    ${REVIEW_HISTOGRAM_TABLES.flatMap((table) => reviewBucketColumns.map((column) => `ALTER TABLE ${table} ADD COLUMN ${column} ${int} NOT NULL DEFAULT 0;`)).join('\n    ')}`;
}

/** Counters and sums of the tables' first version, in the order the roll-up's SELECT produces them. */
export const MEASURES = [
  'calls', 'judged', 'judge_failed', 'upstream_calls', 'upstream_errors',
  'reviews_decided', 'reviews_expired', 'review_ms_sum', 'gateway_ms_sum', 'gateway_ms_count', 'upstream_ms_sum',
  ...gatewayBucketColumns, ...upstreamBucketColumns,
] as const;

/** Dimensions of the fleet-wide minute table and of the per-agent, per-tool hour table. */
export const MINUTE_DIMENSIONS = ['bucket', 'kind', 'outcome', 'risk_tier'] as const;
export const HOUR_DIMENSIONS = ['bucket', 'agent_id', 'action', 'kind', 'outcome', 'risk_tier'] as const;
export const FAILURE_DIMENSIONS = ['bucket', 'agent_id', 'action', 'code'] as const;

/** A CASE expression giving the histogram bucket index of `value` (NULL stays NULL). */
export function bucketIndexSql(value: string, bounds: readonly number[] = LATENCY_BOUNDS_MS): string {
  const arms = bounds.map((bound, i) => `WHEN ${value} <= ${bound} THEN ${i}`).join(' ');
  return `CASE WHEN ${value} IS NULL THEN NULL ${arms} ELSE ${bounds.length} END`;
}

/** The table DDL, portable between SQLite (STRICT, WITHOUT ROWID) and PostgreSQL. */
/**
 * The roll-up tables as their first migration created them; with `reviewColumns`, as they are
 * after reviewColumnsSql too (the time-to-decision columns after the other measures, where
 * ALTER TABLE ADD COLUMN puts them), for a database that takes both migrations at once.
 */
export function rollupTablesSql(dialect: 'sqlite' | 'postgres', options: { reviewColumns?: boolean } = {}): string {
  const int = dialect === 'sqlite' ? 'INTEGER' : 'bigint';
  const real = dialect === 'sqlite' ? 'REAL' : 'double precision';
  const text = dialect === 'sqlite' ? 'TEXT' : 'text';
  const suffix = dialect === 'sqlite' ? ' STRICT, WITHOUT ROWID' : '';
  const measure = (name: string) => `${name} ${name.endsWith('_sum') ? real : int} NOT NULL DEFAULT 0`;
  // Absent dimensions are '' rather than NULL: a primary key treats NULLs as distinct, and the
  // upsert must find the row again.
  const dims = (names: readonly string[]) => names.map((name) => (name === 'bucket' ? `bucket ${int} NOT NULL` : `${name} ${text} NOT NULL`));
  const histogramMeasures = [...MEASURES.map(measure), ...(options.reviewColumns ? reviewBucketColumns.map((column) => `${column} ${int} NOT NULL DEFAULT 0`) : [])];
  const table = (name: string, dimensions: readonly string[], measures: string[]) => `
    CREATE TABLE ${name} (
      ${[...dims(dimensions), ...measures].join(',\n      ')},
      PRIMARY KEY (${dimensions.join(', ')})
    )${suffix};`;
  return `
    -- Roll-ups of the ledger (src/insight/analytics): counts and latency histograms per minute
    -- (fleet-wide) and per hour and day (per agent and tool), and failure codes per hour and
    -- day. Each query reads the coarsest table its period allows. Rows up to
    -- analytics_rollup.through_seq are counted; the ledger itself is never changed.
    CREATE TABLE analytics_rollup (
      id ${int} PRIMARY KEY CHECK (id = 1),
      through_seq ${int} NOT NULL,
      updated_at ${text}
    )${dialect === 'sqlite' ? ' STRICT' : ''};
    INSERT INTO analytics_rollup (id, through_seq, updated_at) VALUES (1, 0, NULL);
    ${table('analytics_minutes', MINUTE_DIMENSIONS, histogramMeasures)}
    ${table('analytics_hours', HOUR_DIMENSIONS, histogramMeasures)}
    ${table('analytics_days', HOUR_DIMENSIONS, histogramMeasures)}
    ${table('analytics_failures', FAILURE_DIMENSIONS, [`failures ${int} NOT NULL DEFAULT 0`, `example_seq ${int} NOT NULL DEFAULT 0`])}
    ${table('analytics_failure_days', FAILURE_DIMENSIONS, [`failures ${int} NOT NULL DEFAULT 0`, `example_seq ${int} NOT NULL DEFAULT 0`])}
    -- Scoped reads (an agent or a team's agents) walk these instead of every bucket's rows.
    CREATE INDEX analytics_hours_agent ON analytics_hours (agent_id, bucket);
    CREATE INDEX analytics_days_agent ON analytics_days (agent_id, bucket);
  `;
}

/** Alert state shared by the replicas (src/insight/alerts): one row per firing, kept after it resolves. */
export function alertTablesSql(dialect: 'sqlite' | 'postgres'): string {
  const int = dialect === 'sqlite' ? 'INTEGER' : 'bigint';
  const real = dialect === 'sqlite' ? 'REAL' : 'double precision';
  const text = dialect === 'sqlite' ? 'TEXT' : 'text COLLATE "C"';
  return `
    CREATE TABLE alerts (
      id              ${text} PRIMARY KEY,
      rule            ${text} NOT NULL,
      severity        ${text} NOT NULL,
      status          ${text} NOT NULL CHECK (status IN ('firing', 'resolved')),
      summary         ${text} NOT NULL,
      value           ${real},
      threshold       ${real},
      started_at      ${text} NOT NULL,
      last_seen_at    ${text} NOT NULL,
      resolved_at     ${text},
      acked_by        ${text},
      acked_at        ${text},
      silenced_until  ${text},
      ack_envelope_id ${text}
    )${dialect === 'sqlite' ? ' STRICT' : ''};
    -- De-duplication: at most one firing alert per rule, whichever replica evaluates.
    CREATE UNIQUE INDEX alerts_one_firing ON alerts (rule) WHERE status = 'firing';
    CREATE INDEX alerts_started ON alerts (started_at);
  `;
}
