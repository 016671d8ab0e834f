// The highest open-loop rate a target sustains with its p99 within a bound: steps the rate up
// until the p99 passes the bound or the target stops keeping up (twice in a row at one rate), and
// returns the last rate that held. A ratio of two such ceilings measured in one run says how much of the machine a proxy
// leaves for traffic, independently of how fast the machine is.

import { runFixedRate, type FixedRateResult } from './fixed-rate.ts';

export interface RateCeiling {
  /** The highest rate tried whose p99 stayed within the bound (0 when even the first did not). */
  rate: number;
  /** The run at that rate. */
  held?: FixedRateResult;
  /** Every step tried, in order. */
  steps: Array<{ rate: number; p99: number; ok: boolean }>;
}

export async function findRateCeiling(
  origin: string, path: string, body: () => string,
  options: { p99Ms: number; rates: readonly number[]; stepMs: number; headers?: () => Record<string, string>; onStep?: (result: FixedRateResult) => void },
): Promise<RateCeiling> {
  const ceiling: RateCeiling = { rate: 0, steps: [] };
  for (const rate of options.rates) {
    // A step holds when one of two tries holds: one stall of the shared machine (another
    // process's burst, a major GC of the load generator) is not the target's ceiling.
    let result!: FixedRateResult;
    let held = false;
    for (let attempt = 0; attempt < 2 && !held; attempt++) {
      result = await runFixedRate(origin, path, body, { rate, durationMs: options.stepMs, headers: options.headers });
      options.onStep?.(result);
      // A target that drops requests or falls behind the schedule did not hold the rate either.
      held = result.p99 <= options.p99Ms && result.errors === 0 && result.non2xx === 0 && result.rate >= rate * 0.95;
    }
    ceiling.steps.push({ rate, p99: result.p99, ok: held });
    if (!held) break;
    ceiling.rate = rate;
    ceiling.held = result;
  }
  return ceiling;
}

/** 100, 200, ... doubling to 800, then +400 steps to `max`. */
export function rateSteps(max: number): number[] {
  const steps = [100, 200, 400, 800];
  for (let rate = 1200; rate <= max; rate += 400) steps.push(rate);
  return steps.filter((rate) => rate <= max);
}
