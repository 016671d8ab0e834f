// Whether a CPU ratio compares like with like. A proxy that fell behind a fixed rate works through
// a queue, each wake-up serving several calls, so its CPU per call is less than at a rate it keeps
// up with; against a baseline that kept up, the ratio then flatters it, and the report says so.

/** A p50 above this at a fixed rate means the proxy did not keep up with it. */
export const KEPT_UP_P50_MS = 10;

/** The words to put beside the ratio: '' when both kept up (or both fell behind). */
export function saturationNote(p50Ms: number, baselineP50Ms: number, rate: number): string {
  const behind = (p50: number) => !(p50 <= KEPT_UP_P50_MS);
  if (!behind(p50Ms) || behind(baselineP50Ms)) return '';
  return `; it did not keep up with ${rate} req/s (p50 ${p50Ms.toFixed(0)} ms) and was measured saturated, which flatters it`;
}
