// Session call counts for max_calls_per_session: reserved before the pre-check, released when
// the call is not forwarded, per session and per tool.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NO_SESSION, SessionCounter } from '../../../src/proxy/session-counter.ts';

describe('SessionCounter', () => {
  test('each reservation sees the calls before it; sessions and tools are separate', () => {
    const counter = new SessionCounter({ idleSeconds: 60, maxSessions: 10 });
    assert.deepEqual([0, 1, 2].map(() => counter.reserve('s1', 'pay').prior), [0, 1, 2]);
    assert.equal(counter.reserve('s1', 'read').prior, 0);
    assert.equal(counter.reserve('s2', 'pay').prior, 0);
    assert.equal(counter.count('s1', 'pay'), 3);
  });

  test('a released slot is given back once, however often release is called', () => {
    const counter = new SessionCounter({ idleSeconds: 60, maxSessions: 10 });
    const slot = counter.reserve('s', 'pay');
    counter.reserve('s', 'pay');
    slot.release();
    slot.release();
    assert.equal(counter.count('s', 'pay'), 1);
  });

  test('calls without a session id share one session (omitting it escapes no limit)', () => {
    const counter = new SessionCounter({ idleSeconds: 60, maxSessions: 10 });
    counter.reserve(null, 'pay');
    assert.equal(counter.reserve(null, 'pay').prior, 1);
    assert.equal(counter.count(NO_SESSION, 'pay'), 2);
  });

  test('property: the count is reservations minus releases, never negative', () => {
    fc.assert(fc.property(fc.array(fc.record({ session: fc.constantFrom('a', 'b'), release: fc.boolean() }), { maxLength: 60 }), (ops) => {
      const counter = new SessionCounter({ idleSeconds: 60, maxSessions: 10 });
      const expected = new Map<string, number>();
      for (const op of ops) {
        const slot = counter.reserve(op.session, 'tool');
        assert.equal(slot.prior, expected.get(op.session) ?? 0);
        expected.set(op.session, (expected.get(op.session) ?? 0) + 1);
        if (op.release) {
          slot.release();
          expected.set(op.session, expected.get(op.session)! - 1);
        }
      }
      return ['a', 'b'].every((s) => counter.count(s, 'tool') === (expected.get(s) ?? 0));
    }));
  });
});
