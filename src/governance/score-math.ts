// The arithmetic every engine shares: scores are finite, within 0..100 and rounded to one
// decimal, so the published numbers are exactly the ones the decision compared.

import { SEVERITY_PENALTY } from './scoring-table.ts';
import type { Failure } from './types.ts';

export function roundOneDecimal(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** Clamps to 0..100 and rounds to one decimal; anything not finite counts as 0. */
export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return roundOneDecimal(Math.min(100, Math.max(0, value)));
}

/** 100 minus the severity penalty of each failure, clamped. */
export function scoreFromFailures(failures: readonly Failure[]): number {
  let score = 100;
  for (const failure of failures) score -= SEVERITY_PENALTY[failure.severity];
  return clampScore(score);
}
