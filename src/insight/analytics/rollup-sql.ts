// The roll-up step in SQL: the ledger rows lo < seq <= hi are read once per table, their facts
// (latency, upstream errors, judge use, review times, failure codes) taken from the payload, and
// added to the roll-up rows with an upsert. The two dialects differ only in how they read JSON
// and time; the SELECT lists and upserts are generated from rollup-columns.ts.

import { DECIDED_KINDS, kindsSql } from '../../ledger/types.ts';
import { bucketIndexSql, FAILURE_DIMENSIONS, gatewayBucketColumns, HOUR_DIMENSIONS, MEASURES, MINUTE_DIMENSIONS, REVIEW_BOUNDS_MS, reviewBucketColumns, upstreamBucketColumns } from './rollup-columns.ts';

export type Dialect = 'sqlite' | 'postgres';

interface JsonReaders {
  /** The payload as a JSON value, or NULL when it is absent or not JSON. */
  json: string;
  /** A numeric leaf of `j` (NULL unless it is a number). */
  number(path: string[]): string;
  /** A text leaf of `j` (NULL unless it is a string). */
  text(path: string[]): string;
  /** Epoch milliseconds of an ISO-8601 text column. */
  epochMs(column: string): string;
}

const SQLITE: JsonReaders = {
  json: `CASE WHEN json_valid(l.payload) THEN l.payload END`,
  number: (path) => `(CASE WHEN json_type(j, '$.${path.join('.')}') IN ('integer', 'real') THEN json_extract(j, '$.${path.join('.')}') END)`,
  text: (path) => `(CASE WHEN json_type(j, '$.${path.join('.')}') = 'text' THEN json_extract(j, '$.${path.join('.')}') END)`,
  epochMs: (column) => `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`,
};

const POSTGRES: JsonReaders = {
  // A payload that is not JSON (tampering, which verify reports) makes the cast fail: the caller
  // then rolls the batch up again with ledger_payload_json(), which maps it to NULL.
  json: `l.payload::jsonb`,
  number: (path) => `(CASE WHEN jsonb_typeof(j #> '{${path.join(',')}}') = 'number' THEN (j #>> '{${path.join(',')}}')::double precision END)`,
  text: (path) => `(CASE WHEN jsonb_typeof(j #> '{${path.join(',')}}') = 'string' THEN j #>> '{${path.join(',')}}' END)`,
  epochMs: (column) => `(extract(epoch FROM ${column}::timestamptz) * 1000)::bigint`,
};

const DECIDED = kindsSql(DECIDED_KINDS);

/**
 * `WITH x, g, f`: one row per ledger row in the seq range, with the facts the measures sum. g and
 * f are MATERIALIZED: inlined, every reference to a fact would read the payload again (the
 * histogram CASEs reference each latency a dozen times). x is materialized on PostgreSQL only.
 */
function factsSql(dialect: Dialect, tolerant: boolean): string {
  const r = dialect === 'sqlite' ? SQLITE : POSTGRES;
  const json = dialect === 'postgres' && tolerant ? 'ledger_payload_json(l.payload)' : r.json;
  const gatewayMs = `CASE WHEN kind IN ${DECIDED} THEN ${r.number(['response', 'latency_ms'])} END`;
  const upstreamMs = `CASE WHEN kind = 'post_check' THEN ${r.number(['sidecar', 'upstream_ms'])} END`;
  const judgeStatus = `CASE WHEN kind = 'judge' THEN ${r.text(['status'])} ELSE ${r.text(['judge', 'status'])} END`;
  // Only the failures array goes on past g, not the payload: the batch table would otherwise
  // hold a copy of every payload (most of a row's bytes), written out and read back again.
  const failuresArray = dialect === 'sqlite'
    ? `CASE WHEN kind IN ${DECIDED} AND json_type(j, '$.response.validation.failures') = 'array' THEN json_extract(j, '$.response.validation.failures') END`
    : `CASE WHEN kind IN ${DECIDED} AND jsonb_typeof(j #> '{response,validation,failures}') = 'array' THEN j #> '{response,validation,failures}' END`;
  // SQLite reads x inline: its JSON functions keep the last few parses of a statement, so the
  // references to j in g parse each payload once, and the payloads are never copied to a
  // temporary b-tree (measured: 15 -> 10 us per ledger row). PostgreSQL casts to jsonb once in x.
  const xMaterialized = dialect === 'sqlite' ? 'NOT MATERIALIZED' : 'MATERIALIZED';
  return `WITH x AS ${xMaterialized} (
      SELECT l.seq, l.created_at, l.envelope_id, l.parent_envelope_id, l.agent_id, l.action, l.kind, l.outcome, l.risk_tier, l.reviewer_id, ${json} AS j
        FROM ledger l WHERE l.seq > :lo AND l.seq <= :hi
    ), g AS MATERIALIZED (
    SELECT seq, created_at, envelope_id, agent_id, action, kind, outcome, risk_tier, reviewer_id,
           ${failuresArray} AS failures,
           ${gatewayMs} AS gateway_ms,
           ${upstreamMs} AS upstream_ms,
           CASE WHEN kind = 'post_check' AND (${r.text(['sidecar', 'upstream_error'])} IS NOT NULL
                OR ${r.number(['sidecar', 'upstream_status'])} >= 500) THEN 1 ELSE 0 END AS upstream_error,
           ${judgeStatus} AS judge_status,
           CASE WHEN kind = 'review' THEN ${r.epochMs('created_at')} - (SELECT ${r.epochMs('p.created_at')} FROM ledger p WHERE p.envelope_id = x.parent_envelope_id) END AS review_ms
      FROM x
    ), f AS MATERIALIZED (
      SELECT g.*, ${bucketIndexSql('gateway_ms')} AS gidx, ${bucketIndexSql('upstream_ms')} AS uidx, ${bucketIndexSql('review_ms', REVIEW_BOUNDS_MS)} AS ridx FROM g
    )`;
}

function measuresSql(): string[] {
  const sumIf = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
  const gi = 'gidx';
  const ui = 'uidx';
  const select: Record<string, string> = {
    calls: 'COUNT(*)',
    judged: sumIf(`judge_status IN ('scored', 'failed')`),
    judge_failed: sumIf(`judge_status = 'failed'`),
    upstream_calls: sumIf('upstream_ms IS NOT NULL OR upstream_error = 1'),
    upstream_errors: 'SUM(upstream_error)',
    reviews_decided: sumIf(`kind = 'review'`),
    // An expiry's verdict row has no reviewer (review-desk.ts): the deadline passed unanswered.
    reviews_expired: sumIf(`kind = 'review' AND reviewer_id IS NULL`),
    review_ms_sum: 'COALESCE(SUM(review_ms), 0)',
    gateway_ms_sum: 'COALESCE(SUM(gateway_ms), 0)',
    gateway_ms_count: sumIf('gateway_ms IS NOT NULL'),
    upstream_ms_sum: 'COALESCE(SUM(upstream_ms), 0)',
  };
  gatewayBucketColumns.forEach((column, i) => { select[column] = sumIf(`${gi} = ${i}`); });
  upstreamBucketColumns.forEach((column, i) => { select[column] = sumIf(`${ui} = ${i}`); });
  return MEASURES.map((name) => select[name]);
}

function upsert(table: string, dimensions: readonly string[], columns: readonly string[]): string {
  return `ON CONFLICT (${dimensions.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

function dimensionSql(dialect: Dialect, name: string, minutes: number): string {
  if (name === 'bucket') {
    const ms = (dialect === 'sqlite' ? SQLITE : POSTGRES).epochMs('created_at');
    return `(${ms} / ${minutes * 60_000}) * ${minutes}`;
  }
  return `COALESCE(${name}, '')`;
}

/**
 * One roll-up step: the batch's facts computed once into a temporary table (reading the payloads
 * once), the upserts of every roll-up table from it, and the temporary table emptied.
 */
export interface RollupStatements {
  /** Makes the temporary table if this connection has none (SQLite keeps one per connection). */
  setup: string;
  /**
   * Adds the facts of the ledger rows with :lo < seq <= :hi. On SQLite it may run several times
   * for consecutive ranges of one batch (`appendsFacts`); on PostgreSQL it makes the table, once.
   */
  prepare: string;
  /** Whether `prepare` adds to the table (SQLite), so a batch's facts can be computed in slices. */
  appendsFacts: boolean;
  upserts: string[];
  cleanup: string;
}

/** The upserts of one roll-up step; parameters :lo and :hi bound the ledger seq range. */
export function rollupStatements(dialect: Dialect, tolerant = false): RollupStatements {
  const facts = factsSql(dialect, tolerant);
  const measures = measuresSql();
  const grouped = (table: string, dimensions: readonly string[], minutes: number) => {
    const dims = dimensions.map((d) => dimensionSql(dialect, d, minutes));
    // `WHERE true`: SQLite needs it to tell the upsert's ON CONFLICT from a join's ON.
    return `INSERT INTO ${table} (${[...dimensions, ...MEASURES].join(', ')})
      SELECT ${[...dims, ...measures].join(', ')} FROM analytics_batch f WHERE true
      GROUP BY ${dims.join(', ')}
      ${upsert(table, dimensions, MEASURES)}`;
  };
  // The time-to-decision histogram from the batch's review rows alone (few beside the calls),
  // added to the rows the grouped upserts above just wrote for them.
  const reviewTimes = (table: string, dimensions: readonly string[], minutes: number) => {
    const dims = dimensions.map((d) => dimensionSql(dialect, d, minutes));
    return `INSERT INTO ${table} (${[...dimensions, ...reviewBucketColumns].join(', ')})
      SELECT ${[...dims, ...reviewBucketColumns.map((_, i) => `SUM(CASE WHEN ridx = ${i} THEN 1 ELSE 0 END)`)].join(', ')}
        FROM analytics_batch f WHERE f.kind = 'review' AND f.ridx IS NOT NULL
      GROUP BY ${dims.join(', ')}
      ${upsert(table, dimensions, reviewBucketColumns)}`;
  };
  const code = dialect === 'sqlite'
    ? `json_extract(e.value, '$.code')`
    : `e.value ->> 'code'`;
  // f.failures: the decided rows' failures array (NULL when absent or not an array).
  const elements = dialect === 'sqlite'
    ? `json_each(COALESCE(f.failures, '[]')) e`
    : `LATERAL jsonb_array_elements(COALESCE(f.failures, '[]'::jsonb)) e(value)`;
  const objectOnly = dialect === 'sqlite' ? `e.type = 'object'` : `jsonb_typeof(e.value) = 'object'`;
  const failures = (table: string, minutes: number) => {
    const dims = FAILURE_DIMENSIONS.map((d) => (d === 'code' ? code : dimensionSql(dialect, d, minutes)));
    return `INSERT INTO ${table} (${FAILURE_DIMENSIONS.join(', ')}, failures, example_seq)
      SELECT ${dims.join(', ')}, COUNT(*), MAX(f.seq)
        FROM analytics_batch f CROSS JOIN ${elements}
       WHERE f.kind IN ${DECIDED} AND ${objectOnly} AND ${code} IS NOT NULL
       GROUP BY ${dims.join(', ')}
      ON CONFLICT (${FAILURE_DIMENSIONS.join(', ')}) DO UPDATE SET failures = ${table}.failures + excluded.failures,
        example_seq = ${dialect === 'sqlite' ? 'max' : 'greatest'}(${table}.example_seq, excluded.example_seq)`;
  };
  // SQLite: the table is made once per connection and emptied after each batch. Dropping it
  // changed the schema, so SQLite prepared every statement that reads it (the eight upserts) anew
  // in every batch: 1 - 2.6 ms of a batch's 3 - 15 ms, measured on a sidecar's ledger.
  return {
    setup: dialect === 'sqlite' ? `CREATE TEMP TABLE IF NOT EXISTS analytics_batch AS ${facts} SELECT * FROM f` : 'SELECT 1',
    prepare: dialect === 'sqlite'
      ? `INSERT INTO temp.analytics_batch ${facts} SELECT * FROM f`
      : `CREATE TEMP TABLE analytics_batch ON COMMIT DROP AS ${facts} SELECT * FROM f`,
    appendsFacts: dialect === 'sqlite',
    upserts: [
      grouped('analytics_minutes', MINUTE_DIMENSIONS, 1),
      grouped('analytics_hours', HOUR_DIMENSIONS, 60),
      grouped('analytics_days', HOUR_DIMENSIONS, 1440),
      reviewTimes('analytics_minutes', MINUTE_DIMENSIONS, 1),
      reviewTimes('analytics_hours', HOUR_DIMENSIONS, 60),
      reviewTimes('analytics_days', HOUR_DIMENSIONS, 1440),
      failures('analytics_failures', 60),
      failures('analytics_failure_days', 1440),
    ],
    // PostgreSQL drops it at commit; SQLite keeps it for the connection, empty between batches.
    cleanup: dialect === 'sqlite' ? 'DELETE FROM temp.analytics_batch' : 'SELECT 1',
  };
}

/** PostgreSQL: the tolerant JSON reader used when a batch holds a payload that is not JSON. */
export const POSTGRES_TOLERANT_JSON_FUNCTION = `
  CREATE OR REPLACE FUNCTION ledger_payload_json(payload text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
  BEGIN
    RETURN payload::jsonb;
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END $$;`;
