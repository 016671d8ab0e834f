// The open floors of the review queue and of the executions list: which queries may start at them,
// and how a floor moves (only up, at most every OPEN_FLOOR_REFRESH_MS, past every row when none is open).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPEN_FLOOR_REFRESH_MS, OpenFloor } from '../../../src/ledger/open-floor.ts';
import { onlyOpenItems } from '../../../src/ledger/review-open-floor.ts';
import { onlyOpenCalls } from '../../../src/ledger/execution-queries.ts';
import { EXECUTION_STATUSES, type ExecutionStatus, type ReviewQuery } from '../../../src/ledger/index.ts';

describe('open floors', () => {
  const cases: Array<[Pick<ReviewQuery, 'status' | 'overdue'>, boolean]> = [
    [{ status: 'open' }, true], [{ status: 'pending' }, true], [{ status: 'claimed' }, true], [{ overdue: true }, true],
    [{ status: 'resolved', overdue: true }, true], // overdue means open: nothing resolved can match either way
    [{}, false], [{ status: 'resolved' }, false], [{ status: 'approved' }, false], [{ status: 'rejected' }, false],
    [{ status: 'expired' }, false], [{ overdue: false }, false], [{ status: 'open', overdue: false }, true],
  ];
  for (const [query, expected] of cases) {
    test(`onlyOpenItems(${JSON.stringify(query)}) is ${expected}`, () => assert.equal(onlyOpenItems(query), expected));
  }

  const calls: Array<[ExecutionStatus | undefined, boolean]> = [
    [undefined, false], ['in_flight', true], ['awaiting_review', true], ['completed', false], ['blocked', false], ['outcome_unknown', false],
  ];
  test('every execution status is in the table', () => assert.deepEqual(calls.slice(1).map(([status]) => status).sort(), [...EXECUTION_STATUSES].sort()));
  for (const [status, expected] of calls) {
    test(`onlyOpenCalls({ status: ${status} }) is ${expected}`, () => assert.equal(onlyOpenCalls({ status }), expected));
  }

  test('moves to the first open item, past the last item when none is open, never down; refreshed at most every interval', () => {
    let now = 0;
    const floor = new OpenFloor(onlyOpenItems, () => now);
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
