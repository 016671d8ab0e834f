// How an agent's past decisions vouch for it: recent outcomes count more, and a prior keeps a
// new agent at 70 and stops one sample from swinging it to 0 or 100.

import {
  OUTCOME_RELIABILITY_VALUE, RELIABILITY_HALF_LIFE_SECONDS, RELIABILITY_PRIOR, RELIABILITY_PRIOR_WEIGHT,
} from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import type { OutcomeSample } from './types.ts';

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
  let weighted = RELIABILITY_PRIOR_WEIGHT * RELIABILITY_PRIOR;
  let totalWeight = RELIABILITY_PRIOR_WEIGHT;
  for (const sample of samples) {
    const value = OUTCOME_RELIABILITY_VALUE[sample.outcome];
    if (value === undefined || Number.isNaN(sample.ageSeconds)) continue;
    const age = Math.max(0, sample.ageSeconds);
    const weight = Math.pow(0.5, age / RELIABILITY_HALF_LIFE_SECONDS);
    weighted += weight * value;
    totalWeight += weight;
  }
  return clampScore(weighted / totalWeight);
}
