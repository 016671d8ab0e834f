// Start-up and idle memory of the sidecar and of the bare proxy, as medians of interleaved cold
// starts (one start each varied by 10 - 20 % between runs on this machine, enough to flip a
// target that sits at its bound). Cold: no NODE_COMPILE_CACHE for either; the sidecar is the
// bundle as built, with the code cache the build writes beside it (scripts/bundle-entry.mjs), and
// its start without that cache is measured too. With what a start breaks down into: Node's own
// boot (`node -e ''`), loading the bundle (`govgate --version`: reading, compiling and running
// its modules' top levels), the gateway's start up to listening, and its first answer.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startServer, type ServerProcess } from './processes.ts';
import { rssMb } from './process-stats.ts';
import { median } from './latency-rounds.ts';

export interface StartUpFigures {
  bare: { ready: number; idleRss: number };
  sidecar: { listening: number; ready: number; idleRss: number };
  /** The same start with GOVGATE_CODE_CACHE=off: compiling the script as if there were no cache. */
  withoutCodeCache: { ready: number };
  nodeBoot: number;
  bundleLoad: number;
  samples: number;
}

/** How long idle RSS is left to settle after the first answer (the same for both). */
const SETTLE_MS = 1500;


/** Spawn to the listening log line, and to the first /health answer, of `govgate serve` from `entry`. */
export async function timedStart(env: Record<string, string>, entry: string): Promise<{ server: ServerProcess; listening: number; ready: number }> {
  const started = performance.now();
  const server = await startServer([entry, 'serve', '--port', '0'], env);
  const listening = performance.now() - started;
  await (await fetch(`${server.origin}/health`)).text();
  return { server, listening, ready: performance.now() - started };
}

function timedRun(args: string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  return performance.now() - started;
}

export async function measureStartUp(options: {
  samples: number; bareScript: string; upstream: string; entry: string; env: (ledgerName: string) => Record<string, string>;
}): Promise<StartUpFigures> {
  const bare = { ready: [] as number[], idleRss: [] as number[] };
  const sidecar = { listening: [] as number[], ready: [] as number[], idleRss: [] as number[] };
  const withoutCodeCache: number[] = [];
  const nodeBoot: number[] = [];
  const bundleLoad: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    const started = performance.now();
    const proxy = await startServer([options.bareScript, options.upstream]);
    await (await fetch(proxy.origin, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).text();
    bare.ready.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    bare.idleRss.push(rssMb(proxy));
    await proxy.stop();

    const gateway = await timedStart(options.env(`start-up-${i}.db`), options.entry);
    sidecar.listening.push(gateway.listening);
    sidecar.ready.push(gateway.ready);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    sidecar.idleRss.push(rssMb(gateway.server));
    await gateway.server.stop();

    const uncached = await timedStart({ ...options.env(`start-up-uncached-${i}.db`), GOVGATE_CODE_CACHE: 'off' }, options.entry);
    withoutCodeCache.push(uncached.ready);
    await uncached.server.stop();

    nodeBoot.push(timedRun(['-e', '']));
    bundleLoad.push(timedRun([options.entry, '--version']));
  }
  return {
    bare: { ready: median(bare.ready), idleRss: median(bare.idleRss) },
    sidecar: { listening: median(sidecar.listening), ready: median(sidecar.ready), idleRss: median(sidecar.idleRss) },
    withoutCodeCache: { ready: median(withoutCodeCache) },
    nodeBoot: median(nodeBoot),
    bundleLoad: median(bundleLoad),
    samples: options.samples,
  };
}

export function describeStartUp(f: StartUpFigures): string {
  const load = f.bundleLoad - f.nodeBoot;
  const start = f.sidecar.listening - f.bundleLoad;
  const firstAnswer = f.sidecar.ready - f.sidecar.listening;
  return [
    `start-up, median of ${f.samples} cold starts each, interleaved: sidecar ready in ${f.sidecar.ready.toFixed(0)} ms (Node boot ${f.nodeBoot.toFixed(0)},`,
    `loading the bundle ${load.toFixed(0)} (govgate --version ${f.bundleLoad.toFixed(0)} ms), the gateway's start to listening ${start.toFixed(0)},`,
    `first answer ${firstAnswer.toFixed(0)}); without its code cache (GOVGATE_CODE_CACHE=off) ready in ${f.withoutCodeCache.ready.toFixed(0)} ms;`,
    `bare proxy ready in ${f.bare.ready.toFixed(0)} ms (Node boot, its script type-stripped, undici).`,
    `idle RSS ${SETTLE_MS / 1000} s after the first answer: sidecar ${f.sidecar.idleRss.toFixed(1)} MB, bare proxy ${f.bare.idleRss.toFixed(1)} MB`,
  ].join(' ');
}

export const BARE_PROXY_SCRIPT = path.resolve(import.meta.dirname, 'bare-proxy.ts');
