// The sidecar bench's note beside a CPU ratio measured with the proxy behind its fixed rate.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEPT_UP_P50_MS, saturationNote } from '../../bench/saturation.ts';

test('a ratio is flagged only when the proxy fell behind and its baseline kept up', () => {
  const cases: Array<[proxyP50: number, baselineP50: number, flagged: boolean]> = [
    [4.2, 0.3, false], // both kept up
    [KEPT_UP_P50_MS, 0.3, false], // at the bound: kept up
    [KEPT_UP_P50_MS + 0.01, 0.3, true],
    [36, 0.34, true],
    [2309, 0.34, true],
    [36, 40, false], // both behind: alike, nothing to say
    [Number.NaN, 0.3, true], // no figure is not a kept-up figure
  ];
  for (const [proxy, baseline, flagged] of cases) {
    const note = saturationNote(proxy, baseline, 1000);
    assert.equal(note !== '', flagged, `${proxy} against ${baseline}: ${note}`);
  }
});

test('the note names the rate and the p50 that fell behind', () => {
  assert.equal(saturationNote(35.893, 0.336, 1000), '; it did not keep up with 1000 req/s (p50 36 ms) and was measured saturated, which flatters it');
});
