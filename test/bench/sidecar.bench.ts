// The sidecar's cost, all measured in one run against the same upstream (a node:http JSON echo):
// reached directly, through a bare undici pass-through proxy (bare-proxy.ts), and through the
// governed sidecar (pre-check, forward, post-check, two durable SQLite ledger rows per call).
// Issue 20's targets are ratios against the bare proxy measured in the same run (CPU per call,
// added latency, the highest rate with p99 <= 10 ms, RSS, start-up); the table at the end says
// which are met. Also a sidecar with `audit: intent` and one recording through a central gateway.
// Also measured, to say where the cost is: CPU per call of each process, latency at a rate the
// sidecar sustains, a CPU profile of the sidecar under the fixed load (start-up excluded), and
// the floors under the CPU targets: the sidecar's own durable rows committed with nothing else
// (ledger-floor.ts), and a bare proxy that has each call checked elsewhere before and after.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from './load.ts';
import { runFixedRate, type FixedRateResult } from './fixed-rate.ts';
import { startServer, type ServerProcess } from './processes.ts';
import { summarizeProfile } from './cpu-profile.ts';
import { cpuMs, idleCpuPerSecond, rssMb, sampleRss, threadCpuMs, threadCpuPerCall } from './process-stats.ts';
import { findRateCeiling, rateSteps, type RateCeiling } from './rate-ceiling.ts';
import { BARE_PROXY_SCRIPT, describeStartUp, measureStartUp, timedStart, type StartUpFigures } from './start-up.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../helpers/postgres.ts';
import { buildBundle, kbRouteConfig, sidecarMemoryEnv } from './sidecar-setup.ts';
import { describeLatencyRounds, measureLatencyRounds, type LatencyFigures } from './latency-rounds.ts';
import { rawInsert, storedRow, type RawInsertResult } from './ledger-floor.ts';
import { saturationNote } from './saturation.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const LOW_RATE = Number(process.env.BENCH_LOW_RATE ?? 200);
const WARMUP_MS = 2000;
// The rate-ceiling search: p99 bound, highest rate tried, seconds per step.
const CEILING_P99_MS = 10;
const CEILING_MAX_RATE = Number(process.env.BENCH_MAX_RATE ?? 4000);
const CEILING_STEP_MS = Number(process.env.BENCH_STEP_SECONDS ?? 4) * 1000;
// Cold starts of each (sidecar, bare proxy) for the start-up and idle-RSS medians.
const START_SAMPLES = Number(process.env.BENCH_START_SAMPLES ?? 5);
// Interleaved rounds of the bare proxy and both sidecars for the latency targets' medians.
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 3);
// An idle sidecar's CPU: measured this long, after the start-up's own jobs have run.
const IDLE_REST_MS = 15_000;
const IDLE_CPU_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 15) * 1000;

const BARE_TARGET = 'bare undici proxy';
const GOVERNED_TARGET = 'governed sidecar';
const INTENT_TARGET = 'sidecar, audit: intent';
const POSTGRES_TARGET = 'sidecar, PostgreSQL';
const CENTRAL_TARGET = 'sidecar -> central gateway';
const CHECKING_TARGET = 'bare proxy + 2 checks';
// The sidecars run with the memory budget the Helm chart gives them (memoryBudgetMb, NODE_OPTIONS).
const MEMORY_MB = Number(process.env.BENCH_SIDECAR_MEMORY_MB ?? 448);
const MEMORY_ENV = sidecarMemoryEnv(MEMORY_MB);
let session = 0;
const body = () => JSON.stringify({ query: 'how do I reset my password' });
// A fresh session per call keeps search_kb under its max_calls_per_session (and exercises the counter).
const sessionHeaders = () => ({ 'x-session-id': `bench-${session++}` });
const noHeaders = () => ({});

interface Target {
  name: string;
  origin: string;
  path: string;
  headers: () => Record<string, string>;
  /** The processes serving this target (their CPU is counted); the first is the proxy. */
  processes: ServerProcess[];
  /** What each process is, when not proxy then upstream. */
  roles?: string[];
  /** Stopped once measured, so its background jobs (roll-ups of what it recorded) do not load the next targets' runs. */
  stopAfter?: ServerProcess[];
}

interface Measured {
  throughput: LoadResult;
  fixed: FixedRateResult;
  low: FixedRateResult;
  /** CPU ms per call of each serving process during the fixed-rate run. */
  cpuPerCall: number[];
  /** The serving proxy's CPU ms per call by thread during the fixed-rate run (main thread, ledger writer, GC helpers...). */
  threadsPerCall: Array<[string, number]>;
  /** Sidecars: the ledger's mean commit time and batch size during the low-rate run, */
  commits?: CommitStats;
  /** and during the fixed-rate run. */
  fixedCommits?: CommitStats;
}

/** What no implementation of the design costs less than, measured in this run (CPU ms a call). */
interface Floors {
  /**
   * The governed sidecar's own pre-check and post-check rows, committed by node:sqlite alone, as
   * many a commit as its commits carried at RATE: back to back, and as often a second as it
   * committed (the thread sleeping in between, as its writer thread does).
   */
  rows: { msPerCall: number; pacedMsPerCall: number; rowsPerCommit: number; commitsPerSecond: number };
  /** The bare proxy reading each call whole and having it checked by an echo before and after (the central gateway path's HTTP). */
  checking: number;
}

/** What the sidecar is compared with: start-up and idle RSS (both, medians), latency at the low rate (medians of interleaved rounds), and both rate ceilings with their RSS peaks. */
interface Baselines {
  startUp: StartUpFigures;
  /** By target name (bare proxy, governed sidecar, intent), and the governed sidecar's commits during its rounds. */
  latency: { figures: Map<string, LatencyFigures>; commits: CommitStats };
  ceilings: { bare: RateCeiling & { peakRss: number }; governed: RateCeiling & { peakRss: number } };
}

export const sidecarBench = {
  name: 'sidecar',
  async run(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-sidecar-bench-'));
    const upstream = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
    const bare = await startServer([BARE_PROXY_SCRIPT, upstream.origin]);
    // What the checks of the central gateway path cost a proxy when nothing is decided: an echo answers them.
    const checker = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
    const checking = await startServer([BARE_PROXY_SCRIPT, upstream.origin, '--check', checker.origin]);
    const configDir = kbRouteConfig(dir, upstream.origin);
    // The same route with `audit: intent` (the post-check row is committed just after release).
    const intentConfigDir = path.join(dir, 'config-intent');
    mkdirSync(intentConfigDir);
    writeFileSync(path.join(intentConfigDir, 'gateway.yaml'), `audit: intent\n${readFileSync(path.join(configDir, 'gateway.yaml'), 'utf8')}`);
    const env = (ledger: string, extra: Record<string, string> = {}) => ({
      LEDGER_PATH: path.join(dir, ledger), POLICIES_DIR: path.join(ROOT, 'policies'), CONFIG_DIR: configDir,
      AGENT_ID: 'support-agent-bench', LOG_LEVEL: 'info', SERVICE_ENV: 'test', GATEWAY_VARIANT: 'edge', ...MEMORY_ENV, ...extra,
    });
    // What the container image runs; the sources' start-up is reported beside it.
    const entry = buildBundle();
    let pg: TestSchema | undefined;
    let centralPg: TestSchema | undefined;
    try {
      // Start-up and idle RSS first, on a machine with nothing else of ours under load.
      const startUp = await measureStartUp({ samples: START_SAMPLES, bareScript: BARE_PROXY_SCRIPT, upstream: upstream.origin, entry, env });
      const cold = await timedStart(env('ledger.db'), entry);
      const sidecar = cold.server;
      const idleRss = rssMb(sidecar);
      // What every pod pays while its agent makes no call (docs/performance.md, "An idle sidecar's CPU").
      await new Promise((resolve) => setTimeout(resolve, IDLE_REST_MS));
      const [sidecarIdleCpu, bareIdleCpu] = await idleCpuPerSecond([sidecar, bare], IDLE_CPU_MS);
      // The same sidecar with an in-memory ledger (not durable): shows what durability costs.
      const volatile = await startServer([entry, 'serve', '--port', '0'], env('unused.db', { LEDGER_PATH: ':memory:' }));
      // And on the PostgreSQL ledger, when a server answers (DATABASE_URL or PG*); its own CPU is not counted.
      pg = (await probePostgres()).skip ? undefined : await createTestSchema();
      const onPostgres = pg && await startServer([entry, 'serve', '--port', '0'], env('unused-pg.db', pg.env));
      const intent = await startServer([entry, 'serve', '--port', '0'], env('intent.db', { CONFIG_DIR: intentConfigDir }));
      // The fleet's path: a sidecar with no ledger of its own, recording through a central gateway
      // (on PostgreSQL when a server answers, else on SQLite). The target counts the sidecar's CPU;
      // the central gateway's is printed beside it (it serves the whole fleet).
      centralPg = pg && await createTestSchema();
      const { AGENT_ID: _agent, ...centralEnv } = env('central.db', { ...(centralPg?.env ?? {}), CONFIG_DIR: path.join(ROOT, 'config') });
      const central = await startServer([entry, 'serve', '--port', '0'], centralEnv);
      const viaCentral = await startServer([entry, 'serve', '--port', '0'], env('unused-central.db', {
        CENTRAL_GATEWAY_URL: central.origin, CENTRAL_GATEWAY_TOKEN: 'unused-with-auth-off',
      }));
      const targets: Target[] = [
        { name: 'direct', origin: upstream.origin, path: '/', headers: noHeaders, processes: [upstream] },
        { name: BARE_TARGET, origin: bare.origin, path: '/', headers: noHeaders, processes: [bare, upstream] },
        { name: GOVERNED_TARGET, origin: sidecar.origin, path: '/kb', headers: sessionHeaders, processes: [sidecar, upstream] },
        { name: 'sidecar, :memory: ledger', origin: volatile.origin, path: '/kb', headers: sessionHeaders, processes: [volatile, upstream], stopAfter: [volatile] },
        ...(onPostgres ? [{ name: POSTGRES_TARGET, origin: onPostgres.origin, path: '/kb', headers: sessionHeaders, processes: [onPostgres, upstream], stopAfter: [onPostgres] }] : []),
        { name: INTENT_TARGET, origin: intent.origin, path: '/kb', headers: sessionHeaders, processes: [intent, upstream], stopAfter: [intent] },
        { name: CENTRAL_TARGET, origin: viaCentral.origin, path: '/kb', headers: sessionHeaders, processes: [viaCentral, upstream, central], roles: ['sidecar', 'upstream', 'central gateway'], stopAfter: [viaCentral, central] },
        { name: CHECKING_TARGET, origin: checking.origin, path: '/', headers: noHeaders, processes: [checking, upstream, checker], roles: ['proxy', 'upstream', 'checker'], stopAfter: [checking, checker] },
      ];
      // The latency targets first, while every server is fresh: the bare proxy and both sidecars in
      // turn, round after round, each figure a median of its rounds (latency-rounds.ts).
      const intentTarget = targets.find((target) => target.name === INTENT_TARGET)!;
      const commitsBeforeRounds = await commitTotals(sidecar.origin);
      const latencyFigures = await measureLatencyRounds([targets[1]!, targets[2]!, intentTarget], body, {
        rate: LOW_RATE, durationMs: DURATION_MS, rounds: LATENCY_ROUNDS, warmupMs: WARMUP_MS,
      });
      const latency = { figures: latencyFigures, commits: commitStats(commitsBeforeRounds, await commitTotals(sidecar.origin)) };
      const measured: Measured[] = [];
      const rss = { low: 0, fixed: 0, end: 0 };
      for (const target of targets) {
        const isSidecar = target === targets[2];
        const isGoverned = target.path === '/kb';
        // The low rate first, after a warm-up at that rate: a sidecar's steady state. Measured after
        // the closed loop, it would also carry the roll-up of the tens of thousands of rows the
        // closed loop left (a backlog no sidecar at 200 calls/s has).
        await runFixedRate(target.origin, target.path, body, { rate: LOW_RATE, durationMs: WARMUP_MS, headers: target.headers });
        const lowSampler = isSidecar ? sampleRss(sidecar) : undefined;
        // Commit figures are the difference across the low-rate run alone: /metrics counts from start-up.
        const commitsBefore = isGoverned ? await commitTotals(target.origin) : undefined;
        const low = await runFixedRate(target.origin, target.path, body, { rate: LOW_RATE, durationMs: DURATION_MS, headers: target.headers });
        if (lowSampler) rss.low = lowSampler.stop().peak;
        const commits = commitsBefore ? commitStats(commitsBefore, await commitTotals(target.origin)) : undefined;
        await runLoad(target.origin, target.path, body, { connections: CONNECTIONS, durationMs: WARMUP_MS, headers: target.headers });
        const throughput = await runLoad(target.origin, target.path, body, { connections: CONNECTIONS, durationMs: DURATION_MS, headers: target.headers });
        const cpuBefore = target.processes.map(cpuMs);
        const threadsBefore = threadCpuMs(target.processes[0]!);
        const sampler = isSidecar ? sampleRss(sidecar) : undefined;
        const fixedCommitsBefore = isGoverned ? await commitTotals(target.origin) : undefined;
        const fixed = await runFixedRate(target.origin, target.path, body, { rate: RATE, durationMs: DURATION_MS, headers: target.headers });
        const cpuPerCall = target.processes.map((p, i) => (cpuMs(p) - cpuBefore[i]) / fixed.sent);
        const threadsPerCall = threadCpuPerCall(threadsBefore, threadCpuMs(target.processes[0]!), fixed.sent);
        if (sampler) ({ peak: rss.fixed, last: rss.end } = sampler.stop());
        const fixedCommits = fixedCommitsBefore ? commitStats(fixedCommitsBefore, await commitTotals(target.origin)) : undefined;
        measured.push({ throughput, fixed, low, cpuPerCall, threadsPerCall, commits, fixedCommits });
        for (const server of target.stopAfter ?? []) await server.stop();
      }
      // The highest rate each sustains with p99 <= 10 ms, and the RSS peak on the way there.
      const ceiling = async (origin: string, pathName: string, headers: () => Record<string, string>, server: ServerProcess) => {
        const sampler = sampleRss(server);
        const found = await findRateCeiling(origin, pathName, body, { p99Ms: CEILING_P99_MS, rates: rateSteps(CEILING_MAX_RATE), stepMs: CEILING_STEP_MS, headers });
        return { ...found, peakRss: sampler.stop().peak };
      };
      // The governed ceiling on a fresh sidecar: the measured one still rolls up what the runs above recorded.
      await sidecar.stop();
      const floors: Floors = {
        rows: await ledgerRowsFloor(path.join(dir, 'ledger.db'), dir, measured[2]!.fixedCommits!),
        checking: measured[targets.findIndex((target) => target.name === CHECKING_TARGET)]!.cpuPerCall[0]!,
      };
      const fresh = await startServer([entry, 'serve', '--port', '0'], env('ceiling.db'));
      await runFixedRate(fresh.origin, '/kb', body, { rate: LOW_RATE, durationMs: WARMUP_MS, headers: sessionHeaders });
      const baselines: Baselines = {
        startUp,
        latency,
        ceilings: {
          bare: await ceiling(bare.origin, '/', noHeaders, bare),
          governed: await ceiling(fresh.origin, '/kb', sessionHeaders, fresh),
        },
      };
      await fresh.stop();

      const cache = path.join(dir, 'compile-cache');
      await (await timedStart(env('cache-1.db', { NODE_COMPILE_CACHE: cache }), entry)).server.stop();
      const warm = await timedStart(env('cache-2.db', { NODE_COMPILE_CACHE: cache }), entry);
      await warm.server.stop();
      const sourcesCache = path.join(dir, 'compile-cache-sources');
      const sources = path.join(ROOT, 'src/main.ts');
      const sourcesCold = await timedStart(env('sources-1.db'), sources);
      await sourcesCold.server.stop();
      await (await timedStart(env('sources-2.db', { NODE_COMPILE_CACHE: sourcesCache }), sources)).server.stop();
      const sourcesWarm = await timedStart(env('sources-3.db', { NODE_COMPILE_CACHE: sourcesCache }), sources);
      await sourcesWarm.server.stop();

      const profile = await profileSidecar(env('profiled.db'), dir, entry);
      print(targets, measured);
      const named = (name: string) => measured[targets.findIndex((target) => target.name === name)];
      report({
        cold, warm, sources: { cold: sourcesCold, warm: sourcesWarm }, idleRss, idleCpu: { sidecar: sidecarIdleCpu!, bare: bareIdleCpu! },
        rss, measured, profile, postgres: onPostgres ? named(POSTGRES_TARGET) : undefined,
      });
      console.log(describeStartUp(startUp));
      console.log(describeLatencyRounds(latency.figures, LOW_RATE));
      reportTargets({ measured, baselines, central: named(CENTRAL_TARGET), floors });
    } finally {
      await pg?.drop();
      await centralPg?.drop();
      await bare.stop();
      await upstream.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(path.dirname(entry), { recursive: true, force: true });
    }
  },
};

/** `at`: when they were read (performance.now()). */
interface CommitTotals { seconds: number; commits: number; rows: number; at: number }

/** Mean commit time, rows per commit and commits a second between two readings. */
interface CommitStats { ms: number; batch: number; perSecond: number }

/** The ledger's commit counters so far, from the sidecar's /metrics. */
async function commitTotals(origin: string): Promise<CommitTotals> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  // A fresh sidecar's histogram has no series before its first commit: none yet, not unknown.
  if (!text.includes('# TYPE ledger_append_duration_seconds histogram')) throw new Error(`${origin}/metrics has no ledger_append_duration_seconds`);
  const value = (name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    at: performance.now(),
    seconds: value('ledger_append_duration_seconds_sum'),
    commits: value('ledger_append_duration_seconds_count'),
    rows: value('ledger_append_batch_size_sum'),
  };
}

function commitStats(before: CommitTotals, after: CommitTotals): CommitStats {
  const commits = after.commits - before.commits;
  return {
    ms: ((after.seconds - before.seconds) / commits) * 1000,
    batch: (after.rows - before.rows) / commits,
    perSecond: commits / ((after.at - before.at) / 1000),
  };
}

/**
 * The CPU floor of a durable call: the governed sidecar's own newest pre-check and post-check rows
 * (read from its ledger file), inserted in turn by node:sqlite alone into a new ledger with the
 * same schema and pragmas, as many a commit as its commits carried at RATE: back to back (caches
 * warm, no thread woken), and paced at its commits a second, the thread sleeping between them as
 * its writer thread does (on a VM each wake-up costs CPU of its own). CPU ms per two rows.
 */
async function ledgerRowsFloor(sidecarLedger: string, dir: string, commits: CommitStats): Promise<Floors['rows']> {
  const rows = [storedRow(sidecarLedger, { kind: 'pre_check' }), storedRow(sidecarLedger, { kind: 'post_check' })];
  // No commit counted (it cannot happen at RATE, but a NaN must not end the run): one row a
  // commit, two rows a call at RATE.
  const perCommit = Number.isFinite(commits.batch) ? Math.max(1, commits.batch) : 1;
  const perSecond = Number.isFinite(commits.perSecond) && commits.perSecond > 0 ? commits.perSecond : (2 * RATE) / perCommit;
  const msPerCall = (result: RawInsertResult) => (2 * (result.userMicros + result.systemMicros)) / 1000;
  const options = { seconds: DURATION_MS / 1000, warmupMs: WARMUP_MS };
  const backToBack = await rawInsert(path.join(dir, 'floor.db'), rows, perCommit, options);
  const paced = await rawInsert(path.join(dir, 'floor-paced.db'), rows, perCommit, { ...options, commitsPerSecond: perSecond });
  return { msPerCall: msPerCall(backToBack), pacedMsPerCall: msPerCall(paced), rowsPerCommit: perCommit, commitsPerSecond: perSecond };
}

/** A second sidecar under --cpu-prof and the same fixed load, so profiling does not slow the measured one. */
async function profileSidecar(env: Record<string, string>, dir: string, entry: string): Promise<string> {
  const profileDir = path.join(dir, 'profile');
  const spawned = performance.now();
  const sidecar = await startServer(['--cpu-prof', `--cpu-prof-dir=${profileDir}`, entry, 'serve', '--port', '0'], env);
  await runLoad(sidecar.origin, '/kb', body, { connections: CONNECTIONS, durationMs: WARMUP_MS, headers: sessionHeaders });
  const loadStartedMs = performance.now() - spawned;
  await runFixedRate(sidecar.origin, '/kb', body, { rate: RATE, durationMs: DURATION_MS, headers: sessionHeaders });
  await sidecar.stop();
  // The main thread's profile is the first file; the ledger writer thread writes its own.
  const file = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')).sort()[0];
  return file ? summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), ROOT, { skipMs: loadStartedMs }) : '(no profile written)';
}

function print(targets: Target[], measured: Measured[]): void {
  console.log(`closed loop, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each:`);
  targets.forEach((target, i) => {
    const r = measured[i].throughput;
    console.log(`  ${target.name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.requests} ok, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  });
  targets.forEach((target, i) => {
    const failure = measured[i].low.firstFailure ?? measured[i].fixed.firstFailure;
    if (failure) console.log(`  ${target.name}: NOT 2xx, first: ${failure}`);
  });
  for (const [rate, pick] of [[RATE, (m: Measured) => m.fixed], [LOW_RATE, (m: Measured) => m.low]] as const) {
    console.log(`open loop at ${rate} req/s, ${DURATION_MS / 1000} s each:`);
    targets.forEach((target, i) => {
      const r = pick(measured[i]);
      console.log(`  ${target.name.padEnd(24)} ${r.rate.toFixed(0).padStart(6)} req/s started  p50 ${r.p50.toFixed(3)} ms  p90 ${r.p90.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms  max ${r.max.toFixed(1)} ms  (${r.ok} ok, ${r.non2xx} non-2xx, ${r.errors} errors)`);
    });
  }
  console.log(`CPU per call at ${RATE} req/s (user + system, all threads):`);
  targets.forEach((target, i) => {
    const parts = measured[i].cpuPerCall.map((ms, j) => `${target.roles?.[j] ?? (j === 0 ? 'proxy' : 'upstream')} ${ms.toFixed(3)} ms`);
    console.log(`  ${target.name.padEnd(24)} ${target.processes.length === 1 ? `upstream ${measured[i].cpuPerCall[0].toFixed(3)} ms` : parts.join(', ')}`);
  });
  console.log(`the proxies' CPU per call at ${RATE} req/s by thread:`);
  targets.forEach((target, i) => {
    if (target.processes.length === 1) return;
    const threads = measured[i].threadsPerCall.map(([name, ms]) => `${name} ${ms.toFixed(3)} ms`).join(', ');
    console.log(`  ${target.name.padEnd(24)} ${threads}`);
  });
  targets.forEach((target, i) => {
    const c = measured[i].commits;
    if (c && Number.isFinite(c.ms)) console.log(`  ${target.name}: ledger commits at ${LOW_RATE} req/s took ${c.ms.toFixed(3)} ms on average, ${c.batch.toFixed(1)} rows each: ${(2 / c.batch).toFixed(2)} commits a call (two rows)`);
    const f = measured[i].fixedCommits;
    if (f && Number.isFinite(f.ms)) console.log(`  ${target.name}: ledger commits at ${RATE} req/s took ${f.ms.toFixed(3)} ms on average, ${f.batch.toFixed(1)} rows each: ${(2 / f.batch).toFixed(2)} commits a call`);
  });
}

function report(m: {
  cold: { listening: number; ready: number }; warm: { listening: number; ready: number };
  sources: { cold: { ready: number }; warm: { ready: number } }; idleRss: number; idleCpu: { sidecar: number; bare: number };
  rss: { low: number; fixed: number; end: number }; measured: Measured[]; profile: string; postgres?: Measured;
}): void {
  const [direct, bare, governed, volatile] = m.measured;
  const ratio = governed.throughput.rps / bare.throughput.rps;
  const added = (pick: (x: Measured) => FixedRateResult, key: 'p50' | 'p99', of: Measured) => pick(of)[key] - pick(direct)[key];
  const fixed = (x: Measured) => x.fixed;
  const low = (x: Measured) => x.low;
  console.log(`governed / bare proxy throughput = ${ratio.toFixed(3)}`);
  console.log(`added latency over direct at ${RATE} req/s: p50 +${added(fixed, 'p50', governed).toFixed(3)} ms, p99 +${added(fixed, 'p99', governed).toFixed(3)} ms; bare proxy: p50 +${added(fixed, 'p50', bare).toFixed(3)} ms, p99 +${added(fixed, 'p99', bare).toFixed(3)} ms`);
  console.log(`added latency over direct at ${LOW_RATE} req/s: governed p50 +${added(low, 'p50', governed).toFixed(3)} ms, p99 +${added(low, 'p99', governed).toFixed(3)} ms; with a :memory: ledger p50 +${added(low, 'p50', volatile).toFixed(3)} ms, p99 +${added(low, 'p99', volatile).toFixed(3)} ms; bare proxy p50 +${added(low, 'p50', bare).toFixed(3)} ms, p99 +${added(low, 'p99', bare).toFixed(3)} ms`);
  console.log(`throughput with a :memory: ledger / bare proxy = ${(volatile.throughput.rps / bare.throughput.rps).toFixed(3)}`);
  const postgres = m.postgres;
  if (postgres) {
    console.log(`on PostgreSQL: throughput / bare proxy = ${(postgres.throughput.rps / bare.throughput.rps).toFixed(3)}; added latency at ${RATE} req/s p50 +${added(fixed, 'p50', postgres).toFixed(3)} ms, p99 +${added(fixed, 'p99', postgres).toFixed(3)} ms; at ${LOW_RATE} req/s p50 +${added(low, 'p50', postgres).toFixed(3)} ms, p99 +${added(low, 'p99', postgres).toFixed(3)} ms`);
  }
  console.log(`sidecar RSS (memory budget SIDECAR_MEMORY_MB=${MEMORY_MB}, ${MEMORY_ENV.NODE_OPTIONS}): ${m.idleRss.toFixed(1)} MB idle after start, peak ${m.rss.low.toFixed(1)} MB at ${LOW_RATE} req/s, peak ${m.rss.fixed.toFixed(1)} MB at ${RATE} req/s, ${m.rss.end.toFixed(1)} MB at the end`);
  console.log(`idle CPU (no calls, ${IDLE_CPU_MS / 1000} s from ${IDLE_REST_MS / 1000} s after start): sidecar ${m.idleCpu.sidecar.toFixed(2)} ms a second, bare proxy ${m.idleCpu.bare.toFixed(2)} ms a second`);
  console.log(`start to ready (process spawn to first /health answer), bundle: ${m.cold.ready.toFixed(0)} ms cold (${m.cold.listening.toFixed(0)} ms to the listening line), ${m.warm.ready.toFixed(0)} ms with a warm NODE_COMPILE_CACHE as the image ships it; from the TypeScript sources: ${m.sources.cold.ready.toFixed(0)} ms cold, ${m.sources.warm.ready.toFixed(0)} ms warm`);
  console.log(`where the sidecar's main-thread CPU time goes at ${RATE} req/s (self time, --cpu-prof, start-up and warm-up excluded):\n${m.profile}`);
}

/** Issue 20's targets: each figure as a ratio (or a difference) against a baseline from this run. */
function reportTargets(m: { measured: Measured[]; baselines: Baselines; central: Measured; floors: Floors }): void {
  const [, bare, governed] = m.measured;
  const { ceilings, startUp, latency } = m.baselines;
  const commit = latency.commits.ms;
  const low = (name: string) => latency.figures.get(name)!;
  const [bareLow, governedLow, intentLow] = [low(BARE_TARGET), low(GOVERNED_TARGET), low(INTENT_TARGET)];
  const rounds = `medians of ${LATENCY_ROUNDS} interleaved rounds`;
  const rows: Array<[string, string, string, boolean]> = [];
  const row = (figure: string, value: number, target: number, detail: string, unit = '') =>
    rows.push([figure, `${value.toFixed(unit ? 2 : 3)}${unit}`, `<= ${target.toFixed(unit ? 2 : 1)}${unit} (${detail})`, value <= target]);
  row('CPU per governed call / bare proxy (upstream excluded)', governed.cpuPerCall[0] / bare.cpuPerCall[0], 2,
    `${governed.cpuPerCall[0].toFixed(3)} / ${bare.cpuPerCall[0].toFixed(3)} ms at ${RATE} req/s${saturationNote(governed.fixed.p50, bare.fixed.p50, RATE)}`);
  row('same, ledger behind the central gateway (sidecar process)', m.central.cpuPerCall[0] / bare.cpuPerCall[0], 2,
    `${m.central.cpuPerCall[0].toFixed(3)} / ${bare.cpuPerCall[0].toFixed(3)} ms; central gateway ${m.central.cpuPerCall[2].toFixed(3)} ms more${saturationNote(m.central.fixed.p50, bare.fixed.p50, RATE)}`);
  row(`p99 added over bare proxy at ${LOW_RATE} req/s`, governedLow.p99 - bareLow.p99, 5,
    `${governedLow.p99.toFixed(2)} - ${bareLow.p99.toFixed(2)} ms, ${rounds}`, ' ms');
  const p50Budget = 2 * commit + 0.5;
  row(`p50 added over bare proxy at ${LOW_RATE} req/s, strict`, governedLow.p50 - bareLow.p50, p50Budget,
    `2 x mean commit ${commit.toFixed(2)} ms + 0.5; ${rounds}`, ' ms');
  // audit: intent waits for one commit per call (the pre-check's), not two.
  row(`p50 added over bare proxy at ${LOW_RATE} req/s, intent`, intentLow.p50 - bareLow.p50, commit + 0.5,
    `1 x mean commit ${commit.toFixed(2)} ms + 0.5; ${rounds}`, ' ms');
  const rateRatio = ceilings.governed.rate / Math.max(1, ceilings.bare.rate);
  rows.push([`highest rate with p99 <= ${CEILING_P99_MS} ms, governed / bare`, rateRatio.toFixed(3),
    `>= 0.5 (${ceilings.governed.rate} / ${ceilings.bare.rate} req/s)`, rateRatio >= 0.5]);
  row('RSS idle / bare proxy idle', startUp.sidecar.idleRss / startUp.bare.idleRss, 1.5,
    `${startUp.sidecar.idleRss.toFixed(1)} / ${startUp.bare.idleRss.toFixed(1)} MB, medians of ${startUp.samples}`);
  row('RSS peak at the highest sustained rate / bare proxy peak', ceilings.governed.peakRss / ceilings.bare.peakRss, 2,
    `${ceilings.governed.peakRss.toFixed(1)} / ${ceilings.bare.peakRss.toFixed(1)} MB`);
  row('start to ready / bare proxy script', startUp.sidecar.ready / startUp.bare.ready, 2,
    `${startUp.sidecar.ready.toFixed(0)} / ${startUp.bare.ready.toFixed(0)} ms, cold, with the build's code cache (${startUp.withoutCodeCache.ready.toFixed(0)} ms without), medians of ${startUp.samples}`);
  console.log('issue 20 targets, each against a baseline measured in this run:');
  for (const [figure, value, target, met] of rows) console.log(`  ${figure.padEnd(58)} ${value.padStart(9)}  ${met ? 'met    ' : 'NOT met'}  target ${target}`);
  const steps = (c: RateCeiling) => c.steps.map((s) => `${s.rate}:${s.p99.toFixed(1)}${s.ok ? '' : '!'}`).join(' ');
  console.log(`  rate steps (rate:p99 ms, ! = did not hold): bare ${steps(ceilings.bare)}; governed ${steps(ceilings.governed)}`);
  // A governed call does at least what the bare proxy does, and makes its two rows durable: its
  // CPU ratio cannot be under 1 + (the rows alone / the bare proxy's call).
  const bareCall = bare.cpuPerCall[0]!;
  const { rows: durable, checking } = m.floors;
  console.log(`the floors under the CPU targets, measured in this run (docs/performance.md, "The floor, measured in the run"):`);
  const rowsAlone = `its own pre-check and post-check rows, node:sqlite with the ledger's schema and pragmas, ${durable.rowsPerCommit.toFixed(1)} rows a commit as at ${RATE} req/s, nothing else`;
  console.log(`  the sidecar's two durable rows alone (${rowsAlone}), back to back: ${durable.msPerCall.toFixed(3)} ms a call = ${(durable.msPerCall / bareCall).toFixed(2)} x the bare proxy's call, so CPU per governed call / bare proxy >= ${(1 + durable.msPerCall / bareCall).toFixed(2)}`);
  console.log(`  the same rows at the sidecar's ${durable.commitsPerSecond.toFixed(0)} commits a second, the thread sleeping between commits as its writer does: ${durable.pacedMsPerCall.toFixed(3)} ms a call = ${(durable.pacedMsPerCall / bareCall).toFixed(2)} x, so >= ${(1 + durable.pacedMsPerCall / bareCall).toFixed(2)}`);
  console.log(`  a proxy that has each call checked elsewhere before and after (the bare proxy, bodies read whole, two POSTs to an echo, nothing decided): ${checking.toFixed(3)} ms a call = ${(checking / bareCall).toFixed(2)} x the bare proxy's call; the sidecar through the central gateway: ${m.central.cpuPerCall[0]!.toFixed(3)} ms`);
}
