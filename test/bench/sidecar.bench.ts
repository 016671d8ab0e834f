// The sidecar's cost, all measured in one run against the same upstream (a node:http JSON echo):
// reached directly, through a bare undici pass-through proxy (bare-proxy.ts), and through the
// governed sidecar (pre-check, forward, post-check, two durable SQLite ledger rows per call).
// Targets: governed throughput >= 0.5 x bare proxy; at 1,000 req/s added latency over direct
// p50 <= 1 ms and p99 <= 3 ms; sidecar RSS <= 80 MB at that load; start to ready <= 300 ms.
// A CPU profile of the sidecar under the fixed load says where its time goes.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from './load.ts';
import { runFixedRate, type FixedRateResult } from './fixed-rate.ts';
import { startServer, type ServerProcess } from './processes.ts';
import { summarizeProfile } from './cpu-profile.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const WARMUP_MS = 2000;
const AGENT_ID = 'support-agent-bench';

let session = 0;
const body = () => JSON.stringify({ query: 'how do I reset my password' });
// A fresh session per call keeps search_kb under its max_calls_per_session (and exercises the counter).
const sessionHeaders = () => ({ 'x-session-id': `bench-${session++}` });

export const sidecarBench = {
  name: 'sidecar',
  async run(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-sidecar-bench-'));
    const upstream = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
    const bare = await startServer([path.join(ROOT, 'test/bench/bare-proxy.ts'), upstream.origin]);
    const configDir = path.join(dir, 'config');
    mkdirSync(configDir);
    writeFileSync(path.join(configDir, 'gateway.yaml'), [
      'routes:',
      '  - name: kb',
      '    match: { path_prefix: /kb }',
      `    upstream: ${upstream.origin}`,
      '    strip_prefix: true',
      '    tool: { name: search_kb }',
      '',
    ].join('\n'));
    const sidecarEnv = (ledger: string) => ({
      LEDGER_PATH: path.join(dir, ledger), POLICIES_DIR: path.join(ROOT, 'policies'), CONFIG_DIR: configDir,
      AGENT_ID, LOG_LEVEL: 'info', SERVICE_ENV: 'test', GATEWAY_VARIANT: 'edge',
    });
    try {
      const started = performance.now();
      const sidecar = await startServer([path.join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], sidecarEnv('ledger.db'));
      const listening = performance.now() - started;
      const health = await fetch(`${sidecar.origin}/health`);
      const ready = performance.now() - started;
      await health.text();

      const targets = [
        { name: 'direct', origin: upstream.origin, path: '/' },
        { name: 'bare undici proxy', origin: bare.origin, path: '/' },
        { name: 'governed sidecar', origin: sidecar.origin, path: '/kb' },
      ];
      const throughput: LoadResult[] = [];
      const fixed: FixedRateResult[] = [];
      let rss = { peak: 0, last: 0 };
      for (const target of targets) {
        const headers = target.name === 'governed sidecar' ? sessionHeaders : () => ({});
        await closedLoop(target.origin, target.path, headers, WARMUP_MS);
        throughput.push(await closedLoop(target.origin, target.path, headers, DURATION_MS));
        const sampler = target.name === 'governed sidecar' ? sampleRss(sidecar) : undefined;
        fixed.push(await fixedRate(target.origin, target.path, headers));
        if (sampler) rss = sampler.stop();
      }
      await sidecar.stop();

      const profile = await profileSidecar(sidecarEnv('profiled.db'), dir);
      print(targets.map((t) => t.name), throughput, fixed);
      report({ listening, ready, throughput, fixed, rss, profile });
    } finally {
      await bare.stop();
      await upstream.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

function closedLoop(origin: string, urlPath: string, headers: () => Record<string, string>, durationMs: number): Promise<LoadResult> {
  return runLoad(origin, urlPath, body, { connections: CONNECTIONS, durationMs, headers });
}

function fixedRate(origin: string, urlPath: string, headers: () => Record<string, string>): Promise<FixedRateResult> {
  return runFixedRate(origin, urlPath, body, { rate: RATE, durationMs: DURATION_MS, headers });
}

function sampleRss(server: ServerProcess): { stop(): { peak: number; last: number } } {
  let peak = 0;
  let last = 0;
  const read = () => {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    last = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    peak = Math.max(peak, last);
  };
  const timer = setInterval(read, 200);
  return { stop: () => { clearInterval(timer); read(); return { peak, last }; } };
}

/** A second sidecar, run with --cpu-prof under the same fixed load, so the measured one is not slowed by profiling. */
async function profileSidecar(env: Record<string, string>, dir: string): Promise<string> {
  const profileDir = path.join(dir, 'profile');
  const sidecar = await startServer(['--cpu-prof', `--cpu-prof-dir=${profileDir}`, path.join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], env);
  await closedLoop(sidecar.origin, '/kb', sessionHeaders, WARMUP_MS);
  await fixedRate(sidecar.origin, '/kb', sessionHeaders);
  await sidecar.stop();
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  return file ? summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), ROOT) : '(no profile written)';
}

function print(names: string[], throughput: LoadResult[], fixed: FixedRateResult[]): void {
  console.log(`closed loop, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each:`);
  names.forEach((name, i) => {
    const r = throughput[i];
    console.log(`  ${name.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.requests} ok, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  });
  console.log(`open loop at ${RATE} req/s, ${DURATION_MS / 1000} s each:`);
  names.forEach((name, i) => {
    const r = fixed[i];
    console.log(`  ${name.padEnd(20)} ${r.rate.toFixed(0).padStart(6)} req/s started  p50 ${r.p50.toFixed(3)} ms  p90 ${r.p90.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms  max ${r.max.toFixed(1)} ms  (${r.ok} ok, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  });
}

function report(m: { listening: number; ready: number; throughput: LoadResult[]; fixed: FixedRateResult[]; rss: { peak: number; last: number }; profile: string }): void {
  const [direct, bare, governed] = m.fixed;
  const ratio = m.throughput[2].rps / m.throughput[1].rps;
  const addedP50 = governed.p50 - direct.p50;
  const addedP99 = governed.p99 - direct.p99;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`governed / bare proxy throughput = ${ratio.toFixed(3)} (target >= 0.5: ${verdict(ratio >= 0.5)})`);
  console.log(`added latency at ${RATE} req/s over direct: p50 +${addedP50.toFixed(3)} ms (target <= 1: ${verdict(addedP50 <= 1)}), p99 +${addedP99.toFixed(3)} ms (target <= 3: ${verdict(addedP99 <= 3)}); bare proxy adds p50 +${(bare.p50 - direct.p50).toFixed(3)} ms, p99 +${(bare.p99 - direct.p99).toFixed(3)} ms`);
  console.log(`sidecar RSS at ${RATE} req/s: peak ${m.rss.peak.toFixed(1)} MB, at end ${m.rss.last.toFixed(1)} MB (target <= 80: ${verdict(m.rss.peak <= 80)})`);
  console.log(`start to ready: ${m.listening.toFixed(0)} ms to the listening log line, ${m.ready.toFixed(0)} ms to the first /health answer, from process spawn (target <= 300: ${verdict(m.ready <= 300)})`);
  console.log(`where the sidecar's CPU time goes at ${RATE} req/s (self time, --cpu-prof):\n${m.profile}`);
}
