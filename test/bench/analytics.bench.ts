// `npm run bench -- analytics`: a ledger of ANALYTICS_BENCH_ROWS rows (default 5,000,000) over 30
// days, generated in SQL (not through the API) in a temp SQLite file and a temp PostgreSQL schema,
// rolled up, then every analytics query timed. The rows are not hash-linked: only the figures are
// measured. Each query should stay under a second.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openLedgerDatabase } from '../../src/ledger/index.ts';
import { reviewColumnsSql, rollupTablesSql } from '../../src/insight/analytics/rollup-columns.ts';
import { migratePostgres } from '../../src/ledger/postgres/postgres-schema.ts';
import { AnalyticsQueries, Rollup } from '../../src/insight/analytics/index.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from '../../src/insight/insight-db.ts';
import { postgresUrl } from '../helpers/postgres.ts';

const ROWS = Number(process.env.ANALYTICS_BENCH_ROWS ?? 5_000_000);
/** Which stores to measure (comma-separated); default both. */
const STORES = (process.env.ANALYTICS_BENCH_STORES ?? 'sqlite,postgres').split(',');
/** A ledger file this bench generated before (kept with ANALYTICS_BENCH_KEEP): generation is skipped, the roll-up redone. */
/** ANALYTICS_BENCH_KEEP=<file>: generate the SQLite ledger into this file and keep it, for ANALYTICS_BENCH_SQLITE_FILE runs. */
const KEEP = process.env.ANALYTICS_BENCH_KEEP;
const REUSE = process.env.ANALYTICS_BENCH_SQLITE_FILE;
const DAYS = 30;
const END = Date.parse('2026-11-01T00:00:00Z');
const START = END - DAYS * 86_400_000;

/** The columns of a generated row, from its seq `s` (SQL shared by both stores but for string ops). */
function rowSql(s: string, dialect: 'sqlite' | 'postgres'): string {
  const cat = (...parts: string[]) => parts.join(' || ');
  const iso = dialect === 'sqlite'
    ? `strftime('%Y-%m-%dT%H:%M:%fZ', (${START} + ${s} * ${(END - START) / ROWS}) / 1000.0, 'unixepoch')`
    : `to_char(to_timestamp((${START} + ${s} * ${(END - START) / ROWS}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const mod = (n: number) => `(${s} % ${n})`;
  // Parenthesized: in SQLite || binds tighter than * and +.
  const text = (v: string) => (dialect === 'sqlite' ? `(${v})` : `(${v})::text`);
  const outcome = `CASE WHEN ${mod(50)} < 2 THEN 'block' WHEN ${mod(50)} < 4 THEN 'escalate' ELSE 'approve' END`;
  const tier = `CASE ${mod(7)} WHEN 0 THEN 'high' WHEN 1 THEN 'medium' ELSE 'low' END`;
  const kind = `CASE WHEN ${mod(2)} = 0 THEN 'pre_check' ELSE 'post_check' END`;
  const payload = cat(`'{"response":{"latency_ms":'`, text(`${mod(40)} * 0.1 + 0.3`), `',"validation":{"failures":'`,
    `CASE WHEN ${mod(50)} < 4 THEN '[{"code":"POLICY_RULE_BLOCK"}]' ELSE '[]' END`, `'}},"sidecar":{"upstream_ms":'`, text(`${mod(300)} + 5`),
    `',"upstream_status":'`, `CASE WHEN ${mod(97)} = 0 THEN '502' ELSE '200' END`, `'}}'`);
  return [
    s, cat(`'bench-'`, text(s)), 'NULL', kind, cat(`'agent-'`, text(mod(40))), cat(`'tool-'`, text(`${mod(40)} * 5 + ${s} / 7 % 5`)),
    outcome, tier, '0.1', '0.9', `'p1'`, `'s1'`, 'NULL', 'NULL', iso, payload, `'present'`, `'[]'`, `'{}'`, 'NULL', `'d'`, `'p'`, `'h'`,
  ].join(', ');
}

const COLUMNS = 'seq, envelope_id, parent_envelope_id, kind, agent_id, action, outcome, risk_tier, risk_score, final_confidence, policy_version, score_version, reviewer_id, review_deadline, created_at, payload, payload_state, pii_paths, pii_commitments, pii_salts, payload_digest, prev_hash, hash';

async function timeQueries(name: string, db: InsightDb): Promise<void> {
  const rollup = new Rollup(db, { batchRows: 200_000 });
  let started = performance.now();
  // ANALYTICS_BENCH_SKIP_ROLLUP=1: only the ledger-reading part (the review backlog) is measured at size.
  const report = process.env.ANALYTICS_BENCH_SKIP_ROLLUP === '1' ? { rows: 0 } : await rollup.run();
  console.log(`${name}: roll-up of ${report.rows} rows: ${((performance.now() - started) / 1000).toFixed(1)} s (load ${os.loadavg()[0].toFixed(1)})`);
  // Fresh tables: give the planners their statistics, as autovacuum / a long-lived database would have.
  await db.all('ANALYZE');
  const q = new AnalyticsQueries(db, rollup);
  const now = new Date(END);
  const last = (days: number) => ({ from: new Date(END - days * 86_400_000), to: now });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['summary 24h (minute grain)', () => q.summary({ period: last(1), now, backlogLookbackMs: 4 * 86_400_000 })],
    ['summary 30d (day grain)', () => q.summary({ period: last(30), now, backlogLookbackMs: 4 * 86_400_000 })],
    ['summary 30d, scope agent-1*', () => q.summary({ period: last(30), scope: { agents: ['agent-1*'] }, now, backlogLookbackMs: 4 * 86_400_000 })],
    ['agents 30d top 20', () => q.agents({ period: last(30), limit: 20 })],
    ['tools 30d top 20', () => q.tools({ period: last(30), limit: 20 })],
    ['decisions 30d by 1d', () => q.decisions({ period: last(30), bucketMinutes: 1440, grain: 'day' })],
    ['agents 24h top 20 (hour grain)', () => q.agents({ period: last(1), limit: 20 })],
    ['decisions 24h by 5m', () => q.decisions({ period: last(1), bucketMinutes: 5, grain: 'minute' })],
    ['failures 30d top 20', () => q.failures({ period: last(30), limit: 20 })],
    ['latency 30d', () => q.latency({ period: last(30) })],
    ['alert window 15m', () => q.figures({ period: { from: new Date(END - 900_000), to: now } }, 'minute')],
    ...(process.env.ANALYTICS_BENCH_SKIP_ROLLUP === '1' ? [] : [['roll-up of 0 new rows', () => rollup.run()] as [string, () => Promise<unknown>]]),
  ];
  for (const [label, run] of cases) {
    await run();
    started = performance.now();
    await run();
    console.log(`${name}: ${label.padEnd(30)} ${(performance.now() - started).toFixed(1).padStart(8)} ms  (load ${os.loadavg()[0].toFixed(1)})`);
  }
}

export const analyticsBench = {
  name: 'analytics',
  async run(): Promise<void> {
    console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
    if (STORES.includes('sqlite')) await benchSqlite();
    if (STORES.includes('postgres')) await benchPostgres();
    console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  },
};

async function benchSqlite(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-analytics-bench-'));
    try {
      if (REUSE) {
        const sqlite = openLedgerDatabase(REUSE);
        sqlite.exec('PRAGMA synchronous = OFF');
        // ANALYTICS_BENCH_KEEP_ROLLUP=1: time the queries on the roll-up a previous run left.
        if (process.env.ANALYTICS_BENCH_KEEP_ROLLUP !== '1') {
          for (const { name } of sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'analytics_%'`).all() as Array<{ name: string }>) sqlite.exec(`DROP TABLE ${name}`);
          sqlite.exec(rollupTablesSql('sqlite') + reviewColumnsSql('sqlite'));
        }
        console.log(`sqlite: reusing ${REUSE} (${(sqlite.prepare('SELECT COUNT(*) AS n FROM ledger').get() as { n: number }).n} rows)`);
        await timeQueries('sqlite', sqliteInsightDb(sqlite));
        return;
      }
      const file = KEEP ?? path.join(dir, 'ledger.db');
      const sqlite = openLedgerDatabase(file);
      const started = performance.now();
      sqlite.exec('PRAGMA synchronous = OFF');
      sqlite.exec(`BEGIN; WITH RECURSIVE n(s) AS (SELECT 1 UNION ALL SELECT s + 1 FROM n WHERE s < ${ROWS})
        INSERT INTO ledger (${COLUMNS}) SELECT ${rowSql('s', 'sqlite')} FROM n; COMMIT;`);
      console.log(`sqlite: generated ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await timeQueries('sqlite', sqliteInsightDb(sqlite));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
}

async function benchPostgres(): Promise<void> {
    const url = postgresUrl();
    const schema = `gg_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA ${schema}`);
      const pool = openInsightPool({ connectionString: url, options: `-c search_path=${schema} -c statement_timeout=0` }, () => {});
      await migratePostgres(pool);
      const started = performance.now();
      await pool.query(`INSERT INTO ledger (${COLUMNS}) SELECT ${rowSql('s', 'postgres')} FROM generate_series(1::bigint, ${ROWS}::bigint) s`);
      await pool.query('ANALYZE ledger');
      console.log(`postgres: generated ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const db = postgresInsightDb(pool, schema);
      await timeQueries('postgres', db);
      await db.close();
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
}
