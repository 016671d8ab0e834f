// How long each roll-up grain is kept (roll-up pruning): minute rows a few weeks, hour rows half a
// year, day rows as long as metadata retention keeps the ledger rows they count, and no grain
// longer than that. Pure: the pruning job deletes what lies before these instants, and the
// queries pick a coarser grain for a period that reaches before them.

import { DAY_MS, HOUR_MS, MINUTE_MS, type Grain } from './period.ts';

export interface RollupHorizons {
  /** ANALYTICS_MINUTE_RETENTION_DAYS. */
  readonly minuteDays: number;
  /** ANALYTICS_HOUR_RETENTION_DAYS. */
  readonly hourDays: number;
  /** ANALYTICS_DAY_RETENTION_DAYS; null: as long as METADATA_YEARS. */
  readonly dayDays: number | null;
  /** METADATA_YEARS: no roll-up row outlives the ledger rows retention keeps. */
  readonly metadataYears: number;
}

/** For each grain, the first instant whose rows are kept (bucket-aligned to the grain). */
export type KeptFrom = Readonly<Record<Grain, Date>>;

const STEP_MS: Record<Grain, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };

/** The metadata retention cut-off, computed as runRetention does (whole calendar years back). */
export function metadataCutoff(now: Date, metadataYears: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - metadataYears);
  return cutoff;
}

export function keptFrom(horizons: RollupHorizons, now: Date): KeptFrom {
  const metadata = metadataCutoff(now, horizons.metadataYears).getTime();
  const cut = (grain: Grain, days: number | null): Date => {
    const ms = Math.max(metadata, days === null ? metadata : now.getTime() - days * DAY_MS);
    // Rounded down to the grain: a bucket that straddles the cut-off is kept whole.
    return new Date(Math.floor(ms / STEP_MS[grain]) * STEP_MS[grain]);
  };
  return { minute: cut('minute', horizons.minuteDays), hour: cut('hour', horizons.hourDays), day: cut('day', horizons.dayDays) };
}

const COARSER: Record<Grain, Grain | null> = { minute: 'hour', hour: 'day', day: null };

/**
 * `grain`, or the first coarser one whose rows from `fromMs` (rounded down to that grain) are
 * all still kept. The day grain is the last resort: what it no longer holds, no grain holds.
 */
export function keptGrain(grain: Grain, fromMs: number, kept: KeptFrom | null): Grain {
  if (kept === null) return grain;
  let current = grain;
  for (;;) {
    const next = COARSER[current];
    if (next === null) return current;
    const start = Math.floor(fromMs / STEP_MS[current]) * STEP_MS[current];
    if (start >= kept[current].getTime()) return current;
    current = next;
  }
}
