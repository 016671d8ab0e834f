// Periods of analytics queries: [from, to) rounded out to the grain of the table that answers
// (a minute for the fleet-wide table, an hour for per-agent and per-tool figures), bounded so
// that no query reads more than the roll-up rows of MAX_PERIOD_DAYS.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** The longest period one query covers. */
export const MAX_PERIOD_DAYS = 92;
/** Up to this span, fleet-wide figures come from the minute table and per-agent ones from the hour table; longer spans from the day table. */
export const MINUTE_TABLE_MAX_MS = 2 * DAY_MS;

export type Grain = 'minute' | 'hour' | 'day';

const STEP_MS: Record<Grain, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };
const TABLES = {
  minute: { figures: 'analytics_minutes', failures: 'analytics_failures' },
  hour: { figures: 'analytics_hours', failures: 'analytics_failures' },
  day: { figures: 'analytics_days', failures: 'analytics_failure_days' },
} as const;

/** The coarsest-needed grain: fine for short periods, per day for long ones (bounded rows per query). */
export function grainFor(period: Period, perAgent: boolean): Grain {
  const span = period.to.getTime() - period.from.getTime();
  if (span > MINUTE_TABLE_MAX_MS) return 'day';
  return perAgent ? 'hour' : 'minute';
}

export interface Period {
  from: Date;
  to: Date;
}

/** A period in table buckets (epoch minutes), rounded out to the grain. */
export interface BucketRange {
  grain: Grain;
  table: (typeof TABLES)[Grain]['figures'];
  failureTable: (typeof TABLES)[Grain]['failures'];
  from: number;
  to: number;
  period: Period;
}

export function bucketRange(period: Period, grain: Grain): BucketRange {
  const step = STEP_MS[grain];
  const from = Math.floor(period.from.getTime() / step) * step;
  const to = Math.ceil(period.to.getTime() / step) * step;
  return {
    grain,
    table: TABLES[grain].figures,
    failureTable: TABLES[grain].failures,
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
