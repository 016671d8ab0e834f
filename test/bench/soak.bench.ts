// A sidecar over time: the bundle with the chart's memory budget, at a fixed rate, with sessions
// of several calls (as agents make them), window after window on one growing ledger. The sidecar
// bench measures a fresh sidecar with a session per call; this one catches what grows with the
// ledger or a session: per-call CPU that climbs, periodic jobs that block the event loop longer
// each run, ledger appends that stall. Each window prints CPU per call by thread, latency, the
// event loop's longest delay and the appends over 100 ms (both from /metrics), RSS and ledger
// size; the end compares the last window with the first after warm-up, and the p99 with the bare
// proxy's at the same rate in the same run.
//
//   npm run bench soak    (BENCH_SOAK_RATE, BENCH_SOAK_WINDOWS, BENCH_SOAK_WINDOW_SECONDS, BENCH_SOAK_SESSION_CALLS;
//                          BENCH_SOAK_ENTRY: another build's govgate.mjs, to compare it with this one)

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixedRate } from './fixed-rate.ts';
import { startServer } from './processes.ts';
import { rssMb, threadCpuMs, threadCpuPerCall } from './process-stats.ts';
import { BARE_PROXY_SCRIPT } from './start-up.ts';
import { buildBundle, kbRouteConfig, sidecarMemoryEnv } from './sidecar-setup.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 300);
const WINDOWS = Number(process.env.BENCH_SOAK_WINDOWS ?? 7);
const WINDOW_MS = Number(process.env.BENCH_SOAK_WINDOW_SECONDS ?? 10) * 1000;
// search_kb allows 200 calls a session (policies/catalog/support-agent.yaml).
const SESSION_CALLS = Number(process.env.BENCH_SOAK_SESSION_CALLS ?? 20);
const MEMORY_MB = 448;

interface Window { cpu: number; threads: Array<[string, number]>; p50: number; p99: number; lagMaxMs: number; slowAppends: number; rss: number; ledgerMb: number }

/** A counter or gauge from a Prometheus text exposition (the first sample matching). */
function metric(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

export const soakBench = {
  name: 'soak',
  async run(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-soak-bench-'));
    const upstream = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
    try {
      const configDir = kbRouteConfig(dir, upstream.origin);
      const built = process.env.BENCH_SOAK_ENTRY ? undefined : buildBundle();
      const entry = process.env.BENCH_SOAK_ENTRY ?? built!;
      const body = () => JSON.stringify({ query: 'how do I reset my password' });

      // The baseline: the bare proxy at the same rate, one window after a warm-up.
      const bare = await startServer([BARE_PROXY_SCRIPT, upstream.origin]);
      await runFixedRate(bare.origin, '/', body, { rate: RATE, durationMs: 2000 });
      const bareRun = await runFixedRate(bare.origin, '/', body, { rate: RATE, durationMs: WINDOW_MS });
      await bare.stop();

      const ledger = path.join(dir, 'ledger.db');
      const sidecar = await startServer([entry, 'serve', '--port', '0'], {
        LEDGER_PATH: ledger, POLICIES_DIR: path.join(ROOT, 'policies'), CONFIG_DIR: configDir,
        AGENT_ID: 'support-agent-soak', LOG_LEVEL: 'info', SERVICE_ENV: 'test', GATEWAY_VARIANT: 'edge', ...sidecarMemoryEnv(MEMORY_MB),
      });
      let call = 0;
      const headers = () => ({ 'x-session-id': `soak-${Math.floor(call++ / SESSION_CALLS)}` });
      console.log(`sidecar at ${RATE} calls/s, sessions of ${SESSION_CALLS} calls, ${WINDOWS} windows of ${WINDOW_MS / 1000} s on one ledger (the first is the warm-up):`);
      const windows: Window[] = [];
      let appendsBefore = { all: 0, fast: 0 };
      try {
        for (let i = 0; i < WINDOWS; i++) {
          const before = threadCpuMs(sidecar);
          const run = await runFixedRate(sidecar.origin, '/kb', body, { rate: RATE, durationMs: WINDOW_MS, headers });
          const threads = threadCpuPerCall(before, threadCpuMs(sidecar), run.sent);
          // prom-client resets the event-loop delay histogram at each scrape: the max is this window's.
          const text = await (await fetch(`${sidecar.origin}/metrics`)).text();
          const appends = {
            all: metric(text, /^ledger_append_duration_seconds_bucket\{le="\+Inf",store="sqlite"\} (\d+)/m),
            fast: metric(text, /^ledger_append_duration_seconds_bucket\{le="0\.1",store="sqlite"\} (\d+)/m),
          };
          const window: Window = {
            cpu: threads.reduce((sum, [, ms]) => sum + ms, 0), threads, p50: run.p50, p99: run.p99,
            lagMaxMs: metric(text, /^nodejs_eventloop_lag_max_seconds (\S+)/m) * 1000,
            slowAppends: (appends.all - appends.fast) - (appendsBefore.all - appendsBefore.fast),
            rss: rssMb(sidecar), ledgerMb: statSync(ledger).size / 1e6,
          };
          appendsBefore = appends;
          windows.push(window);
          const failed = run.non2xx + run.errors > 0 ? ` (${run.non2xx} non-2xx, ${run.errors} errors: ${run.firstFailure ?? ''})` : '';
          console.log(`  ${String(i + 1).padStart(2)}  CPU ${window.cpu.toFixed(3)} ms/call (${threads.slice(0, 3).map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ')})`
            + `  p50 ${run.p50.toFixed(2)} p99 ${run.p99.toFixed(2)} ms  loop delay max ${window.lagMaxMs.toFixed(0)} ms  appends > 100 ms: ${window.slowAppends}`
            + `  RSS ${window.rss.toFixed(0)} MB  ledger ${window.ledgerMb.toFixed(0)} MB${failed}`);
        }
      } finally {
        await sidecar.stop();
        if (built) rmSync(path.dirname(built), { recursive: true, force: true });
      }
      const first = windows[1] ?? windows[0]!;
      const last = windows[windows.length - 1]!;
      const steady = windows.length > 1 ? windows.slice(1) : windows;
      const worstP99 = Math.max(...steady.map((w) => w.p99));
      console.log(`last window / first after warm-up: CPU per call ${(last.cpu / first.cpu).toFixed(2)}, p99 ${(last.p99 / first.p99).toFixed(2)}, ledger ${(last.ledgerMb / first.ledgerMb).toFixed(1)}x larger`);
      console.log(`worst p99 after warm-up ${worstP99.toFixed(1)} ms / bare proxy's p99 at ${RATE} req/s ${bareRun.p99.toFixed(1)} ms = ${(worstP99 / bareRun.p99).toFixed(2)}; appends over 100 ms after warm-up: ${steady.reduce((sum, w) => sum + w.slowAppends, 0)}`);
    } finally {
      await upstream.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
