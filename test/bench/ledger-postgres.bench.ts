// The PostgreSQL ledger with many writers on one chain: N gateway processes (child processes,
// default 4) append gateway-shaped entries concurrently to one schema. Measured in the same run:
//   baseline   - one transaction and one head lock per append (maxBatch 1);
//   group      - the store's group commit (one head lock, one INSERT, one COMMIT per batch).
// Then the chain is verified (it must be valid: no fork, no gap, no duplicate seq) and the
// verify walk's rows/s is reported. Needs PostgreSQL (DATABASE_URL or PG*).

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openPostgresLedger } from '../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_MS = 1500;
const APPENDER = path.join(import.meta.dirname, 'ledger-postgres-appender.ts');

interface ChildResult { appends: number; seconds: number; p50: number; p99: number; busy: number; meanBatch: number }
interface RunResult { rate: number; p50: number; p99: number; meanBatch: number; busy: number; rows: number; valid: boolean; verifyRate: number; expiredVerifyRate: number }

export const ledgerPostgresBench = {
  name: 'ledger-postgres',
  async run(): Promise<void> {
    const { skip } = await probePostgres();
    if (skip) { console.log(skip); return; }
    console.log(`${PROCESSES} processes on one chain, ${SECONDS} s each after ${WARMUP_MS} ms warm-up; load average before: ${os.loadavg()[0].toFixed(2)}`);
    for (const [shape, description] of [['gateway', 'gateway-shaped entries (1.9 KB payload, one PII leaf)'], ['compact', 'compact entries (~300 B payload, one PII leaf)']] as const) {
      console.log(description);
      const baseline = await runFleet('  per-row lock (maxBatch 1)', shape, 1, 64);
      const group = await runFleet('  group commit (maxBatch 1000)', shape, 1000, 256);
      console.log(`  group commit / per-row lock = ${(group.rate / baseline.rate).toFixed(1)} x; target >= 20000 appends/s: ${group.rate >= 20_000 ? 'met' : 'NOT met'} (${group.rate.toFixed(0)})`);
      console.log(`  verify, payloads present: ${group.verifyRate.toFixed(0)} rows/s; after payload expiry (metadata only, as most of a 7-year chain): ${group.expiredVerifyRate.toFixed(0)} rows/s, over ${group.rows} rows (target 200000 rows/s)`);
    }
  },
};

async function runFleet(label: string, shape: 'gateway' | 'compact', maxBatch: number, appendersPerProcess: number): Promise<RunResult> {
  const db = await createTestSchema();
  try {
    await (await openPostgresLedger(db.options)).close(); // migrates the fresh schema
    const children = await Promise.all(Array.from({ length: PROCESSES }, () => startAppender(db.url, db.schema, shape, maxBatch, appendersPerProcess)));
    for (const child of children) child.process.stdin!.end('go\n');
    const results = await Promise.all(children.map((child) => child.result));
    const seconds = results.reduce((sum, r) => sum + r.seconds, 0) / results.length;
    const appends = results.reduce((sum, r) => sum + r.appends, 0);
    const rate = appends / seconds;
    const ledger = await openPostgresLedger({ ...db.options, migrate: false, statementTimeoutMs: 0 });
    await ledger.verify(); // warm-up: the first walk pays for JIT compilation
    const report = await ledger.verify();
    await ledger.expirePayloads(new Date(Date.now() + 1000).toISOString());
    const expired = await ledger.verify();
    await ledger.close();
    const result: RunResult = {
      rate,
      p50: Math.max(...results.map((r) => r.p50)),
      p99: Math.max(...results.map((r) => r.p99)),
      meanBatch: results.reduce((sum, r) => sum + r.meanBatch, 0) / results.length,
      busy: results.reduce((sum, r) => sum + r.busy, 0) / results.length,
      rows: report.rows_checked,
      valid: report.valid,
      verifyRate: report.rows_checked / (report.duration_ms / 1000),
      expiredVerifyRate: expired.rows_checked / (expired.duration_ms / 1000),
    };
    console.log([
      `${label.padEnd(32)} ${rate.toFixed(0).padStart(6)} appends/s`,
      `p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms (worst process)`,
      `mean batch ${result.meanBatch.toFixed(1)}  event loop busy ${(result.busy * 100).toFixed(0)}%`,
      `chain ${report.valid ? 'valid' : `INVALID at seq ${report.first_bad_seq} (${report.problem})`}, ${report.rows_checked} rows`,
    ].join('  '));
    return result;
  } finally {
    await db.drop();
  }
}

function startAppender(url: string, schema: string, shape: string, maxBatch: number, appenders: number): Promise<{ process: ChildProcess; result: Promise<ChildResult> }> {
  const child = spawn(process.execPath, [APPENDER], {
    env: {
      ...process.env, BENCH_DATABASE_URL: url, BENCH_PG_SCHEMA: schema, BENCH_ENTRY: shape, BENCH_MAX_BATCH: String(maxBatch),
      BENCH_APPENDERS: String(appenders), BENCH_WARMUP_MS: String(WARMUP_MS), BENCH_MEASURE_MS: String(SECONDS * 1000),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const iterator = lines[Symbol.asyncIterator]();
  return (async () => {
    const first = await iterator.next();
    if (first.done || first.value !== 'ready') throw new Error(`appender did not start: ${String(first.value)}`);
    const result = (async () => {
      const line = await iterator.next();
      await once(child, 'exit');
      if (line.done) throw new Error('appender exited without a result');
      return JSON.parse(line.value) as ChildResult;
    })();
    return { process: child, result };
  })();
}
