// Turning summed roll-up rows into the figures people read: rates, means and percentiles. Pure
// functions: the database sums, these divide.

import { isDecidedKind } from '../../ledger/index.ts';
import { gatewayBucketColumns, LATENCY_BOUNDS_MS, REVIEW_BOUNDS_MS, reviewBucketColumns, upstreamBucketColumns } from './rollup-columns.ts';
import type { SqlRow } from '../insight-db.ts';

export const OUTCOMES = ['approve', 'block', 'escalate', 'request_evidence'] as const;
export const TIERS = ['low', 'medium', 'high', 'critical'] as const;

export interface Percentiles {
  /** Observations the histogram holds. */
  count: number;
  mean_ms: number | null;
  /** Upper bound of the histogram bucket holding the percentile; null above the top bound (2500 ms) or with no data. */
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

/** Time to decision, from the review-time histogram: upper bounds of the buckets holding each percentile. */
export interface DecisionTimes {
  /** Verdicts and expiries the histogram holds (those rolled up since it exists, whose queued row is still in the ledger). */
  count: number;
  /** null with no data, or above the top bound (72 h). */
  p50_ms: number | null;
  p90_ms: number | null;
  p99_ms: number | null;
}

export interface Figures {
  /** Governed calls: pre-checks plus validations (each call starts with one). */
  calls: number;
  decisions: { total: number; by_outcome: Record<string, number>; by_tier: Record<string, number> };
  /** Shares of decisions (0..1); null with no decisions. */
  block_rate: number | null;
  escalation_rate: number | null;
  review: { queued: number; decided: number; expired: number; mean_time_to_decision_ms: number | null; time_to_decision: DecisionTimes };
  judge: { judged: number; failed: number; failure_rate: number | null };
  upstream: { calls: number; errors: number; error_rate: number | null };
  /** Calls whose result is unknown (the upstream's answer was lost): rows of kind or outcome outcome_unknown. */
  outcome_unknown: number;
  latency: { gateway: Percentiles; upstream: Percentiles };
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? round(part / whole, 4) : null);
const round = (value: number, digits: number): number => Number(value.toFixed(digits));
const num = (value: unknown): number => Number(value ?? 0);

/** The SUM(...) select list of every measure, for a GROUP BY over roll-up rows. */
export function summedMeasures(measures: readonly string[]): string {
  return measures.map((m) => `SUM(${m}) AS ${m}`).join(', ');
}

/** Figures from rows summed per (kind, outcome, risk_tier). */
export function figuresOf(rows: SqlRow[]): Figures {
  const byOutcome: Record<string, number> = Object.fromEntries(OUTCOMES.map((o) => [o, 0]));
  const byTier: Record<string, number> = Object.fromEntries(TIERS.map((t) => [t, 0]));
  let calls = 0; let decisions = 0; let queued = 0; let decidedReviews = 0; let expired = 0; let reviewMs = 0;
  let judged = 0; let judgeFailed = 0; let upstreamCalls = 0; let upstreamErrors = 0; let unknown = 0;
  const gateway = histogram(); const upstream = histogram();
  const reviewTimes = histogram(REVIEW_BOUNDS_MS);
  for (const row of rows) {
    const kind = String(row.kind); const outcome = String(row.outcome); const n = num(row.calls);
    if (kind === 'pre_check' || kind === 'validate') calls += n;
    if (kind === 'outcome_unknown' || outcome === 'outcome_unknown') unknown += n;
    if (isDecidedKind(kind) && outcome !== '') {
      decisions += n;
      byOutcome[outcome] = (byOutcome[outcome] ?? 0) + n;
      if (row.risk_tier !== '') byTier[String(row.risk_tier)] = (byTier[String(row.risk_tier)] ?? 0) + n;
      if (outcome === 'escalate' || outcome === 'request_evidence') queued += n;
    }
    decidedReviews += num(row.reviews_decided); expired += num(row.reviews_expired); reviewMs += num(row.review_ms_sum);
    judged += num(row.judged); judgeFailed += num(row.judge_failed);
    upstreamCalls += num(row.upstream_calls); upstreamErrors += num(row.upstream_errors);
    gateway.add(row, gatewayBucketColumns, num(row.gateway_ms_sum));
    upstream.add(row, upstreamBucketColumns, num(row.upstream_ms_sum));
    reviewTimes.add(row, reviewBucketColumns, 0);
  }
  const times = reviewTimes.quantiles([0.5, 0.9, 0.99]);
  return {
    calls,
    decisions: { total: decisions, by_outcome: byOutcome, by_tier: byTier },
    block_rate: ratio(byOutcome.block, decisions),
    escalation_rate: ratio(byOutcome.escalate + byOutcome.request_evidence, decisions),
    review: {
      queued, decided: decidedReviews, expired, mean_time_to_decision_ms: decidedReviews > 0 ? Math.round(reviewMs / decidedReviews) : null,
      time_to_decision: { count: times.count, p50_ms: times.at[0], p90_ms: times.at[1], p99_ms: times.at[2] },
    },
    judge: { judged, failed: judgeFailed, failure_rate: ratio(judgeFailed, judged) },
    upstream: { calls: upstreamCalls, errors: upstreamErrors, error_rate: ratio(upstreamErrors, upstreamCalls) },
    outcome_unknown: unknown,
    latency: { gateway: gateway.percentiles(), upstream: upstream.percentiles() },
  };
}

/**
 * The bucket upper bound holding quantile `q` of a histogram (the observation of rank ceil(q * n));
 * null with no data or in the bucket above the top bound.
 */
export function quantileBound(counts: readonly number[], bounds: readonly number[], q: number): number | null {
  const count = counts.reduce((a, b) => a + b, 0);
  if (count === 0) return null;
  const rank = Math.ceil(q * count);
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= rank) return i < bounds.length ? bounds[i] : null;
  }
  return null;
}

/** A histogram (latency by default) summed over rows, and its percentiles. */
export function histogram(bounds: readonly number[] = LATENCY_BOUNDS_MS) {
  const counts = new Array<number>(bounds.length + 1).fill(0);
  let sum = 0;
  return {
    add(row: SqlRow, columns: readonly string[], rowSum: number) {
      columns.forEach((column, i) => { counts[i] += num(row[column]); });
      sum += rowSum;
    },
    percentiles(): Percentiles {
      const count = counts.reduce((a, b) => a + b, 0);
      const at = (q: number): number | null => quantileBound(counts, bounds, q);
      return { count, mean_ms: count > 0 ? round(sum / count, 3) : null, p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99) };
    },
    /** The observations and the bound of each quantile of `quantiles`. */
    quantiles(quantiles: readonly number[]): { count: number; at: Array<number | null> } {
      return { count: counts.reduce((a, b) => a + b, 0), at: quantiles.map((q) => quantileBound(counts, bounds, q)) };
    },
  };
}

/** The change from `previous` to `current` of each top-level figure people compare. */
export function comparison(current: Figures, previous: Figures) {
  const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : round(a - b, 4));
  return {
    calls: current.calls - previous.calls,
    decisions: current.decisions.total - previous.decisions.total,
    block_rate: delta(current.block_rate, previous.block_rate),
    escalation_rate: delta(current.escalation_rate, previous.escalation_rate),
    upstream_error_rate: delta(current.upstream.error_rate, previous.upstream.error_rate),
    judge_failure_rate: delta(current.judge.failure_rate, previous.judge.failure_rate),
  };
}
