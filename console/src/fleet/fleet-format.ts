// Pure helpers of the fleet view: the periods it offers, and how its figures read as text (the
// same text goes in the tables, the charts' labels and the figures' summaries).

export interface PeriodChoice {
  period: string; label: string; bucket: string; bucketLabel: string;
  /** Bumped to read the figures again for the same period. */
  reads?: number;
}

/**
 * The periods the selector offers and the bucket of each chart: the API answers periods over two
 * days per day, so a sub-day bucket is only possible up to two days (docs/analytics.md).
 */
export const PERIODS: PeriodChoice[] = [
  { period: '1h', label: '1 h', bucket: '5m', bucketLabel: '5 minutes' },
  { period: '24h', label: '24 h', bucket: '1h', bucketLabel: 'hour' },
  { period: '7d', label: '7 d', bucket: '1d', bucketLabel: 'day' },
  { period: '30d', label: '30 d', bucket: '1d', bucketLabel: 'day' },
];

/** The outcomes in the order the charts stack them, with colours of at least 3:1 against white. */
export const OUTCOME_COLOURS: Record<string, string> = {
  approve: '#1a7f37', escalate: '#8a5a00', request_evidence: '#1f4e8c', block: '#b42318',
};
export const OTHER_COLOUR = '#6e7781';

export function outcomesOf(series: { by_outcome: Record<string, number> }[]): string[] {
  const seen = new Set<string>();
  for (const point of series) for (const [outcome, n] of Object.entries(point.by_outcome)) if (n > 0) seen.add(outcome);
  const known = Object.keys(OUTCOME_COLOURS).filter((o) => seen.has(o));
  return [...known, ...[...seen].filter((o) => !(o in OUTCOME_COLOURS)).sort()];
}

/** 0.25 -> "25.0%"; null (nothing to divide by) -> "—". */
export function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)}%`;
}

export function milliseconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms >= 60_000) return `${(ms / 60_000).toFixed(1)} min`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms} ms`;
}

/** A percentile is the upper bound of a histogram bucket; null means above the top bound (2500 ms). */
export function percentile(ms: number | null, count: number): string {
  if (count === 0) return '—';
  return ms === null ? '> 2500 ms' : `≤ ${ms} ms`;
}

/** The change from the previous period, as a signed figure: "+3", "−2.5 pp", "no change". */
export function change(now: number | null, before: number | null, kind: 'count' | 'share' | 'ms'): string {
  if (now === null || before === null) return 'no comparison';
  const delta = now - before;
  if (delta === 0) return 'no change';
  const sign = delta > 0 ? '+' : '−';
  const size = Math.abs(delta);
  if (kind === 'share') return `${sign}${(size * 100).toFixed(1)} pp`;
  if (kind === 'ms') return `${sign}${milliseconds(size)}`;
  return `${sign}${size}`;
}

/** A bucket's start as the chart's axis shows it: the time of day for sub-day buckets, else the date. */
export function bucketLabel(iso: string, bucketMinutes: number): string {
  return bucketMinutes >= 1440 ? iso.slice(0, 10) : `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}
