// Latency at a fixed low rate, measured so that one noisy stretch of a shared VM cannot decide a
// target: the targets run in turn, round after round (interleaved, so a neighbour's burst falls on
// each of them alike), and each target's p50 and p99 are the medians of its rounds. One 8 s window
// per target, taken minutes apart, moved a sidecar's p99 added over the bare proxy by 5 - 10 ms
// between runs of the same build (docs/performance.md).

import { runFixedRate, type FixedRateResult } from './fixed-rate.ts';

export interface LatencyTarget {
  name: string;
  origin: string;
  path: string;
  headers: () => Record<string, string>;
}

export interface LatencyFigures {
  /** Medians of the rounds. */
  p50: number;
  p99: number;
  rounds: FixedRateResult[];
}

export interface LatencyRoundOptions {
  rate: number;
  durationMs: number;
  rounds: number;
  /** Before each measured window, at the same rate (the first round's also warms the target up). */
  warmupMs: number;
}

export async function measureLatencyRounds(
  targets: readonly LatencyTarget[], body: () => string, options: LatencyRoundOptions,
): Promise<Map<string, LatencyFigures>> {
  if (!Number.isSafeInteger(options.rounds) || options.rounds < 1) throw new RangeError(`rounds must be a positive integer, got ${options.rounds}`);
  const results = new Map<string, FixedRateResult[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      const run = { rate: options.rate, headers: target.headers };
      await runFixedRate(target.origin, target.path, body, { ...run, durationMs: options.warmupMs });
      results.get(target.name)!.push(await runFixedRate(target.origin, target.path, body, { ...run, durationMs: options.durationMs }));
    }
  }
  return new Map([...results].map(([name, rounds]) => [name, {
    p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)), rounds,
  }]));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function describeLatencyRounds(figures: Map<string, LatencyFigures>, rate: number): string {
  const lines = [`latency at ${rate} req/s, medians of interleaved rounds (each round's p50/p99 in brackets):`];
  for (const [name, f] of figures) {
    const rounds = f.rounds.map((r) => `${r.p50.toFixed(2)}/${r.p99.toFixed(1)}`).join(' ');
    const failures = f.rounds.reduce((n, r) => n + r.non2xx + r.errors, 0);
    lines.push(`  ${name.padEnd(24)} p50 ${f.p50.toFixed(3)} ms  p99 ${f.p99.toFixed(3)} ms  [${rounds}]${failures ? `  (${failures} not 2xx or failed)` : ''}`);
  }
  return lines.join('\n');
}
