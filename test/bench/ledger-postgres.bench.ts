// The PostgreSQL ledger with many writers on one chain: N gateway processes (child processes,
// default 4) append gateway-shaped entries concurrently to one schema. Measured in the same run:
//   baseline   - one transaction and one head lock per append (maxBatch 1);
//   group      - the store's group commit (one head lock, one INSERT, one COMMIT per batch).
// Then the chain is verified (it must be valid: no fork, no gap, no duplicate seq) and the
// verify walk's rows/s is reported. Needs PostgreSQL (DATABASE_URL or PG*).

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openPostgresLedger } from '../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_MS = 1500;
const APPENDER = path.join(import.meta.dirname, 'ledger-postgres-appender.ts');

interface ChildResult { appends: number; seconds: number; p50: number; p99: number; busy: number; meanBatch: number; cpuMicros: number }
interface RunResult {
  rate: number; p50: number; p99: number; meanBatch: number; busy: number; rows: number; valid: boolean; verifyRate: number; expiredVerifyRate: number;
  /** CPU per row: appending processes, PostgreSQL server (all its processes; null when not on this machine), verifying process. */
  appendCpu: number; serverAppendCpu: number | null; verifyCpu: number; serverVerifyCpu: number | null; expiredVerifyCpu: number;
}

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
    const serverBefore = postgresCpuMicros();
    const machineBefore = machineTicks();
    for (const child of children) child.process.stdin!.end('go\n');
    const results = await Promise.all(children.map((child) => child.result));
    const serverAppend = postgresCpuMicros() - serverBefore; // warm-up included, as in the row count below
    const machineAfter = machineTicks();
    const idle = (machineAfter.idle - machineBefore.idle) / Math.max(1, machineAfter.total - machineBefore.total);
    const seconds = results.reduce((sum, r) => sum + r.seconds, 0) / results.length;
    const appends = results.reduce((sum, r) => sum + r.appends, 0);
    const rate = appends / seconds;
    const ledger = await openPostgresLedger({ ...db.options, migrate: false, statementTimeoutMs: 0 });
    await ledger.verify(); // warm-up: the first walk pays for JIT compilation
    const measured = async () => {
      const [cpu, server] = [process.cpuUsage(), postgresCpuMicros()];
      const verified = await ledger.verify();
      const used = process.cpuUsage(cpu);
      return { report: verified, cpu: (used.user + used.system) / verified.rows_checked, server: (postgresCpuMicros() - server) / verified.rows_checked };
    };
    const present = await measured();
    const report = present.report;
    await ledger.expirePayloads(new Date(Date.now() + 1000).toISOString());
    await ledger.verify();
    const expiredRun = await measured();
    const expired = expiredRun.report;
    await ledger.close();
    const onServer = serverBefore > 0;
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
      appendCpu: results.reduce((sum, r) => sum + r.cpuMicros, 0) / appends,
      serverAppendCpu: onServer ? serverAppend / report.rows_checked : null,
      verifyCpu: present.cpu,
      serverVerifyCpu: onServer ? present.server : null,
      expiredVerifyCpu: expiredRun.cpu,
    };
    const server = (micros: number | null) => (micros === null ? 'n/a' : `${micros.toFixed(1)} us`);
    console.log([
      `${label.padEnd(32)} ${rate.toFixed(0).padStart(6)} appends/s`,
      `p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms (worst process)`,
      `mean batch ${result.meanBatch.toFixed(1)}  event loop busy ${(result.busy * 100).toFixed(0)}%`,
      `chain ${report.valid ? 'valid' : `INVALID at seq ${report.first_bad_seq} (${report.problem})`}, ${report.rows_checked} rows`,
    ].join('  '));
    console.log(`${''.padEnd(34)}CPU per row: appending processes ${result.appendCpu.toFixed(1)} us, PostgreSQL ${server(result.serverAppendCpu)}; `
      + `verify ${result.verifyCpu.toFixed(1)} us (+ PostgreSQL ${server(result.serverVerifyCpu)}), expired rows ${result.expiredVerifyCpu.toFixed(1)} us; `
      + `machine idle while appending ${(idle * 100).toFixed(0)}%`);
    return result;
  } finally {
    await db.drop();
  }
}

/** CPU time (user + system, µs) of every process named postgres on this machine; 0 when there is none. */
function postgresCpuMicros(): number {
  let ticks = 0;
  let pids: string[];
  try { pids = readdirSync('/proc'); } catch { return 0; }
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime, and cutime, cstime: a backend that has exited counts in the postmaster's.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended, or /proc is not there
    }
  }
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** The machine's idle and total CPU time so far (/proc/stat), in ticks; zeros when unknown. */
function machineTicks(): { idle: number; total: number } {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: cpu[3] + cpu[4], total: cpu.reduce((sum, n) => sum + n, 0) };
  } catch {
    return { idle: 0, total: 0 };
  }
}

/** USER_HZ: 100 on Linux (sysconf(_SC_CLK_TCK)). */
const CLOCK_TICKS = 100;

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
