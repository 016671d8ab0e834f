// The confidence engine: seven signals (six check scores and historical reliability), weighted,
// minus a contradiction penalty, blended with the LLM judge when its score is known.

import { describeConfidence } from './explanations.ts';
import { CONFIDENCE_WEIGHTS, CONTRADICTION_PENALTY_FACTOR, JUDGE_WEIGHT, type ConfidenceSignal } from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import type { CheckScores, ConfidenceResult, Failure } from './types.ts';

export interface ConfidenceInput {
  scores: CheckScores;
  contradiction: number;
  historicalReliability: number;
  /** How many past decisions the reliability rests on; undefined when the caller does not know. */
  reliabilitySamples?: number;
  judgeScore: number | null;
  /** Evidence is not applicable before execution: its weight is spread over the others. */
  isPreCheck: boolean;
  failures: readonly Failure[];
}

export type SignalScores = Record<ConfidenceSignal, number>;

export function signalScores(input: ConfidenceInput): SignalScores {
  return { ...input.scores, historical_reliability: input.historicalReliability };
}

export function applicableSignals(isPreCheck: boolean): ConfidenceSignal[] {
  const all = Object.keys(CONFIDENCE_WEIGHTS) as ConfidenceSignal[];
  return isPreCheck ? all.filter((signal) => signal !== 'evidence') : all;
}

/** Sum of weight x score over the applicable signals, divided by their total weight. */
export function weightedSignals(signals: SignalScores, applicable: readonly ConfidenceSignal[]): number {
  let sum = 0;
  let weight = 0;
  for (const signal of applicable) {
    sum += CONFIDENCE_WEIGHTS[signal] * clampScore(signals[signal]);
    weight += CONFIDENCE_WEIGHTS[signal];
  }
  return weight > 0 ? sum / weight : 0;
}

export function computeConfidence(input: ConfidenceInput): ConfidenceResult {
  const signals = signalScores(input);
  const applicable = applicableSignals(input.isPreCheck);
  const contradictionPenalty = CONTRADICTION_PENALTY_FACTOR * clampScore(input.contradiction);
  const beforeJudge = Math.min(100, Math.max(0, weightedSignals(signals, applicable) - contradictionPenalty));
  const judge = typeof input.judgeScore === 'number' && Number.isFinite(input.judgeScore)
    ? clampScore(input.judgeScore)
    : null;
  const finalConfidence = clampScore(judge === null ? beforeJudge : (1 - JUDGE_WEIGHT) * beforeJudge + JUDGE_WEIGHT * judge);
  return {
    finalConfidence,
    rationale: describeConfidence({
      finalConfidence, signals, applicable, contradictionPenalty, judgeScore: judge, failures: input.failures, reliabilitySamples: input.reliabilitySamples,
    }),
  };
}
