// Which expired rows a set of signed payload-expiry runs covers: a row is proven when some run
// with through_seq >= its seq has a cut-off later than its created_at (runs may shorten or
// lengthen HOT_PAYLOAD_DAYS, so a later run's cut-off can be earlier than an older run's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { expiryCoverage, expiryProven } from '../../../src/ledger/index.ts';

const at = (day: number) => new Date(Date.UTC(2030, 0, 1) + day * 86_400_000).toISOString();

test('expiry coverage: table of rows against runs', () => {
  const runs = [
    { through_seq: 100, created_before: at(10) },
    { through_seq: 200, created_before: at(30) },
    { through_seq: 300, created_before: at(20) }, // HOT_PAYLOAD_DAYS lengthened: an earlier cut-off
  ];
  const coverage = expiryCoverage(runs);
  const cases: Array<[number, number, boolean, string]> = [
    [50, 5, true, 'old row, first run'],
    [50, 25, true, 'row 50 is also covered by the later runs (cut-off day 30)'],
    [150, 25, true, 'second run'],
    [150, 35, false, 'newer than every cut-off'],
    [250, 25, false, 'only the third run reaches seq 250, and its cut-off is day 20'],
    [250, 15, true, 'third run'],
    [301, 1, false, 'past every run\'s head'],
  ];
  for (const [seq, day, proven, why] of cases) assert.equal(expiryProven(coverage, { seq, created_at: at(day) }), proven, why);
  assert.equal(expiryProven(expiryCoverage([]), { seq: 1, created_at: at(0) }), false, 'no run proves nothing');
});

test('expiry coverage agrees with checking every run one by one', () => {
  const run = fc.record({ through_seq: fc.integer({ min: 1, max: 50 }), day: fc.integer({ min: 0, max: 40 }) });
  fc.assert(fc.property(fc.array(run, { maxLength: 8 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 45 }), (raw, seq, day) => {
    const runs = raw.map((r) => ({ through_seq: r.through_seq, created_before: at(r.day) }));
    const naive = runs.some((r) => r.through_seq >= seq && Date.parse(at(day)) < Date.parse(r.created_before));
    assert.equal(expiryProven(expiryCoverage(runs), { seq, created_at: at(day) }), naive);
  }));
});
