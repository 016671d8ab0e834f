// One "gateway process" of the PostgreSQL ledger bench: opens the shared ledger, waits for "go"
// on stdin, runs closed-loop appenders (each appends again once its previous append is
// durable), and prints one JSON line with what it measured.

import diagnostics_channel from 'node:diagnostics_channel';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { LEDGER_APPEND_CHANNEL, openPostgresLedger } from '../../src/ledger/index.ts';
import { compactEntry, entry } from './ledger-append.bench.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const appenders = Number(env('BENCH_APPENDERS'));
const warmupMs = Number(env('BENCH_WARMUP_MS'));
const measureMs = Number(env('BENCH_MEASURE_MS'));
const makeEntry = env('BENCH_ENTRY') === 'compact' ? compactEntry : entry;

const ledger = await openPostgresLedger({
  url: env('BENCH_DATABASE_URL'), schema: env('BENCH_PG_SCHEMA'), maxBatch: Number(env('BENCH_MAX_BATCH')), migrate: false, poolSize: 2,
});
let batches = 0;
let batched = 0;
diagnostics_channel.subscribe(LEDGER_APPEND_CHANNEL, (message) => {
  batches += 1;
  batched += (message as { batchSize: number }).batchSize;
});
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.destroy();

const loop = async (durationMs: number, latencies?: number[]): Promise<void> => {
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const t0 = performance.now();
    await ledger.append(makeEntry());
    latencies?.push(performance.now() - t0);
  }
};
await Promise.all(Array.from({ length: appenders }, () => loop(warmupMs)));
batches = 0;
batched = 0;
const latencies: number[] = [];
const elu = performance.eventLoopUtilization();
const cpu = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: appenders }, () => loop(measureMs, latencies)));
const seconds = (performance.now() - started) / 1000;
const busy = performance.eventLoopUtilization(elu).utilization;
const { user, system } = process.cpuUsage(cpu);
await ledger.close();
latencies.sort((a, b) => a - b);
const pct = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
process.stdout.write(`${JSON.stringify({ appends: latencies.length, seconds, p50: pct(0.5), p99: pct(0.99), busy, meanBatch: batched / Math.max(1, batches), cpuMicros: user + system })}\n`);
