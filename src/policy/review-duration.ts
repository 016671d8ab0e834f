// Review SLAs are written as durations people read at a glance (`30m`, `4h`, `3d`, `1h30m`).

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** Seconds in a duration like `4h`, `30m`, `3d` or `1h30m`; undefined when the text is not one (or is zero). */
export function parseDurationSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+[smhdw])+$/.test(trimmed)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhdw])/g)) seconds += Number(amount) * UNIT_SECONDS[unit];
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
}
