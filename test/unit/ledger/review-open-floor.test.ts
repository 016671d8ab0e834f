// The review queue's open floor: which queries may start at it, and how it moves (only up, at most
// every OPEN_FLOOR_REFRESH_MS, past every item when none is open).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPEN_FLOOR_REFRESH_MS, OpenFloor, onlyOpenItems } from '../../../src/ledger/review-open-floor.ts';
import type { ReviewQuery } from '../../../src/ledger/index.ts';

describe('review queue open floor', () => {
  const cases: Array<[Pick<ReviewQuery, 'status' | 'overdue'>, boolean]> = [
    [{ status: 'open' }, true], [{ status: 'pending' }, true], [{ status: 'claimed' }, true], [{ overdue: true }, true],
    [{ status: 'resolved', overdue: true }, true], // overdue means open: nothing resolved can match either way
    [{}, false], [{ status: 'resolved' }, false], [{ status: 'approved' }, false], [{ status: 'rejected' }, false],
    [{ status: 'expired' }, false], [{ overdue: false }, false], [{ status: 'open', overdue: false }, true],
  ];
  for (const [query, expected] of cases) {
    test(`onlyOpenItems(${JSON.stringify(query)}) is ${expected}`, () => assert.equal(onlyOpenItems(query), expected));
  }

  test('moves to the first open item, past the last item when none is open, never down; refreshed at most every interval', () => {
    let now = 0;
    const floor = new OpenFloor(() => now);
    const open = { status: 'open' as const };
    assert.equal(floor.due(open), true, 'never read yet');
    assert.equal(floor.due({ status: 'resolved' }), false, 'a query that reads everything needs no floor');
    floor.moveTo({ first_open: 7, last: 12 });
    assert.deepEqual([floor.seq, floor.from(open), floor.from({})], [7, 7, 0]);
    assert.equal(floor.due(open), false);
    now = OPEN_FLOOR_REFRESH_MS;
    assert.equal(floor.due(open), true);
    floor.moveTo({ first_open: null, last: 30 });
    assert.equal(floor.seq, 31, 'nothing open: every later item comes after the last one read');
    floor.moveTo({ first_open: null, last: null });
    assert.equal(floor.seq, 31, 'no item at or after it: stays');
    floor.moveTo({ first_open: '4', last: '40' });
    assert.equal(floor.seq, 31, 'never down (PostgreSQL bigints arrive as text)');
    floor.moveTo(undefined);
    assert.equal(floor.seq, 31);
  });
});
