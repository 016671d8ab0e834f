// What each of the six checks returns: its score and the failures that explain it.

import type { Failure } from './types.ts';

export interface CheckOutcome {
  /** 0..100, 100 = nothing wrong found. */
  score: number;
  failures: Failure[];
}
