import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomHex } from '../../../src/proxy/random-hex.ts';

test('randomHex: the length asked for, lowercase hex, never the same bytes twice across pool refills', () => {
  const seen = new Set<string>();
  // 24 bytes x 2,000 draws spans about a dozen 4 KB blocks, with draws that straddle a block's end.
  for (let i = 0; i < 2000; i++) {
    const hex = randomHex(24);
    assert.match(hex, /^[0-9a-f]{48}$/);
    assert.ok(!seen.has(hex), 'a drawn value came back');
    seen.add(hex);
  }
  for (const bytes of [1, 8, 16, 4096]) assert.equal(randomHex(bytes).length, bytes * 2);
});

test('randomHex: a size outside 1..4096 is refused', () => {
  for (const bytes of [0, -1, 4097, 1.5, Number.NaN]) assert.throws(() => randomHex(bytes), RangeError);
});
