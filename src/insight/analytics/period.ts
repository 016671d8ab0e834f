// Periods of analytics queries: [from, to) rounded out to the grain of the table that answers
// (a minute for the fleet-wide table, an hour for per-agent and per-tool figures), bounded so
// that no query reads more than the roll-up rows of MAX_PERIOD_DAYS.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** The longest period one query covers. */
export const MAX_PERIOD_DAYS = 92;
/** Up to this span, fleet-wide figures come from the minute table (finer bounds). */
export const MINUTE_TABLE_MAX_MS = 2 * DAY_MS;

export type Grain = 'minute' | 'hour';

export interface Period {
  from: Date;
  to: Date;
}

/** A period in table buckets (epoch minutes), rounded out to the grain. */
export interface BucketRange {
  grain: Grain;
  table: 'analytics_minutes' | 'analytics_hours';
  from: number;
  to: number;
  period: Period;
}

export function bucketRange(period: Period, grain: Grain): BucketRange {
  const step = grain === 'minute' ? MINUTE_MS : HOUR_MS;
  const from = Math.floor(period.from.getTime() / step) * step;
  const to = Math.ceil(period.to.getTime() / step) * step;
  return {
    grain,
    table: grain === 'minute' ? 'analytics_minutes' : 'analytics_hours',
    from: from / MINUTE_MS,
    to: to / MINUTE_MS,
    period: { from: new Date(from), to: new Date(to) },
  };
}

/** The period of the same length just before `period`. */
export function previousPeriod(period: Period): Period {
  const span = period.to.getTime() - period.from.getTime();
  return { from: new Date(period.from.getTime() - span), to: new Date(period.from.getTime()) };
}
