// What recording through the central gateway costs a sidecar, against recording straight into
// PostgreSQL, in one run on the same machine and upstream (a node:http JSON echo): governed calls
// per second with 32 connections (each call appends two rows: pre-check and post-check, so rows/s
// is twice that), latency at a fixed rate the sidecar sustains (added latency = governed p50/p99
// minus the upstream reached directly), and how many rows each PostgreSQL commit carried. Needs
// PostgreSQL (DATABASE_URL or PG*); skipped with a line saying so otherwise.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from './load.ts';
import { runFixedRate, type FixedRateResult } from './fixed-rate.ts';
import { startServer, type ServerProcess } from './processes.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { kbRouteConfig } from './sidecar-setup.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
// Below what both modes sustain on a shared machine, so latency is the call's and not a queue's.
const LOW_RATE = Number(process.env.BENCH_CENTRAL_RATE ?? 20);
const WARMUP_MS = 2000;

let session = 0;
const body = () => JSON.stringify({ query: 'how do I reset my password' });
const sessionHeaders = () => ({ 'x-session-id': `central-bench-${session++}` });

interface Row { name: string; throughput: LoadResult; low: FixedRateResult; rowsPerCommit: number | null }

export const sidecarCentralBench = {
  name: 'sidecar-central',
  async run(): Promise<void> {
    const probe = await probePostgres();
    if (probe.skip) {
      console.log(`skipped: ${probe.skip}`);
      return;
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-central-bench-'));
    const db = await createTestSchema();
    const started: ServerProcess[] = [];
    const start = async (args: string[], env: Record<string, string> = {}) => {
      const server = await startServer(args, env);
      started.push(server);
      return server;
    };
    try {
      const upstream = await start([path.join(ROOT, 'test/bench/echo-server.ts')]);
      const configDir = kbRouteConfig(dir, upstream.origin);
      const main = path.join(ROOT, 'src/main.ts');
      const base = (ledger: string) => ({
        LEDGER_PATH: path.join(dir, ledger), POLICIES_DIR: path.join(ROOT, 'policies'), LOG_LEVEL: 'info', SERVICE_ENV: 'test', GATEWAY_VARIANT: 'edge',
      });
      // The central gateway: no routes of its own (the repository's config/), auth off in the
      // test environment, so every caller has the Enterprise tier the internal API needs.
      const central = await start([main, 'serve', '--port', '0'], { ...base('central.db'), ...db.env, CONFIG_DIR: path.join(ROOT, 'config') });
      const sidecar = { ...base('sidecar.db'), CONFIG_DIR: configDir, AGENT_ID: 'support-agent-bench' };
      const direct = await start([main, 'serve', '--port', '0'], { ...sidecar, ...db.env });
      const viaCentral = await start([main, 'serve', '--port', '0'], { ...sidecar, CENTRAL_GATEWAY_URL: central.origin, CENTRAL_GATEWAY_TOKEN: 'unused-with-auth-off' });

      const targets = [
        { name: 'upstream directly', origin: upstream.origin, path: '/', commitsAt: null },
        { name: 'sidecar -> PostgreSQL', origin: direct.origin, path: '/kb', commitsAt: direct.origin },
        { name: 'sidecar -> central -> PG', origin: viaCentral.origin, path: '/kb', commitsAt: central.origin },
      ];
      const rows: Row[] = [];
      for (const target of targets) {
        await expectOk(target.origin, target.path);
        await runLoad(target.origin, target.path, body, { connections: CONNECTIONS, durationMs: WARMUP_MS, headers: sessionHeaders });
        const before = target.commitsAt ? await commitTotals(target.commitsAt) : null;
        const throughput = await runLoad(target.origin, target.path, body, { connections: CONNECTIONS, durationMs: DURATION_MS, headers: sessionHeaders });
        const after = target.commitsAt ? await commitTotals(target.commitsAt) : null;
        const low = await runFixedRate(target.origin, target.path, body, { rate: LOW_RATE, durationMs: DURATION_MS, headers: sessionHeaders });
        const rowsPerCommit = before && after ? (after.rows - before.rows) / (after.commits - before.commits) : null;
        await expectOk(target.origin, target.path);
        rows.push({ name: target.name, throughput, low, rowsPerCommit });
      }
      print(rows);
    } finally {
      for (const server of started.reverse()) await server.stop();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** A figure measured on errors is no figure: one governed call must succeed before and after each run. */
async function expectOk(origin: string, urlPath: string): Promise<void> {
  const res = await fetch(origin + urlPath, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders() }, body: body() });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${origin}${urlPath} answered ${res.status}: ${text.slice(0, 400)}`);
}

/** Commits and rows so far, from a gateway's /metrics (ledger_append_* of its PostgreSQL store). */
async function commitTotals(origin: string): Promise<{ commits: number; rows: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { commits: value('ledger_append_duration_seconds_count'), rows: value('ledger_append_batch_size_sum') };
}

function print(rows: Row[]): void {
  const [baseline, direct, central] = rows;
  console.log(`closed loop, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each (ledger rows/s = 2 x governed calls/s):`);
  for (const row of rows) {
    const r = row.throughput;
    const appends = row === baseline ? '' : `  ${(2 * r.rps).toFixed(0).padStart(6)} rows/s  ${row.rowsPerCommit?.toFixed(1) ?? '?'} rows/commit`;
    console.log(`  ${row.name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} calls/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${appends}  (${r.non2xx} non-2xx, ${r.errors} errors)`);
  }
  console.log(`open loop at ${LOW_RATE} calls/s, ${DURATION_MS / 1000} s each; added = governed minus upstream directly:`);
  for (const row of rows) {
    const r = row.low;
    const added = row === baseline ? '' : `  added p50 ${(r.p50 - baseline.low.p50).toFixed(3)} ms  p99 ${(r.p99 - baseline.low.p99).toFixed(3)} ms`;
    console.log(`  ${row.name.padEnd(26)} p50 ${r.p50.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms${added}  (${r.non2xx} non-2xx, ${r.errors} errors)`);
  }
  console.log(`via central / direct: ${(central.throughput.rps / direct.throughput.rps).toFixed(2)} x the throughput; `
    + `central minus direct at ${LOW_RATE} calls/s: p50 ${(central.low.p50 - direct.low.p50).toFixed(3)} ms, p99 ${(central.low.p99 - direct.low.p99).toFixed(3)} ms`);
}
