// How an agent's past decisions vouch for it: recent outcomes count more, and a prior keeps a
// new agent at 70 and stops one sample from swinging it to 0 or 100.

import {
  OUTCOME_RELIABILITY_VALUE, RELIABILITY_HALF_LIFE_SECONDS, RELIABILITY_PRIOR, RELIABILITY_PRIOR_WEIGHT,
} from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import type { Outcome, OutcomeSample } from './types.ts';

/**
 * Deciders that speak for the operator, not the agent: a block by the kill switch says nothing
 * about how the agent behaves, so it never counts toward its reliability. The ledger's reads of
 * recent outcomes leave these rows out too (they match payload.decided_by).
 */
export const OPERATOR_DECIDERS: readonly string[] = Object.freeze(['kill_switch']);

export function countsTowardReliability(decidedBy: string): boolean {
  return !OPERATOR_DECIDERS.includes(decidedBy);
}

/** (prior_weight * 70 + sum w_i * v_i) / (prior_weight + sum w_i), with w_i = 0.5^(age_i / half-life). */
export function historicalReliability(samples: OutcomeSample[]): number {
  return weigh(samples, (sample) => sample.ageSeconds);
}

/**
 * The same score from outcomes recorded at `at` (epoch ms), aged against `now`: what the runtime
 * asks on every call, without building a sample per past outcome first.
 */
export function historicalReliabilityAt(recorded: readonly { outcome: Outcome; at: number }[], now: number): number {
  return weigh(recorded, (record) => (now - record.at) / 1000);
}

function weigh<T extends { outcome: Outcome }>(items: readonly T[], ageSecondsOf: (item: T) => number): number {
  let weighted = RELIABILITY_PRIOR_WEIGHT * RELIABILITY_PRIOR;
  let totalWeight = RELIABILITY_PRIOR_WEIGHT;
  for (const item of items) {
    const value = OUTCOME_RELIABILITY_VALUE[item.outcome];
    const ageSeconds = ageSecondsOf(item);
    if (value === undefined || Number.isNaN(ageSeconds)) continue;
    const weight = Math.pow(0.5, Math.max(0, ageSeconds) / RELIABILITY_HALF_LIFE_SECONDS);
    weighted += weight * value;
    totalWeight += weight;
  }
  return clampScore(weighted / totalWeight);
}
