// The sliding-window log: exact admission, the numbers behind RateLimit-* and Retry-After, and
// the property the spec's limits rest on: never more than the threshold in any window.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { SlidingWindowLimiter, SlidingWindowLog } from '../../../src/ratelimit/index.ts';

describe('SlidingWindowLog', () => {
  // [time ms, allowed, remaining, resetMs] for threshold 3, window 1000 ms.
  const steps: Array<[number, boolean, number, number]> = [
    [0, true, 2, 1000],
    [100, true, 1, 900],
    [200, true, 0, 800],
    [300, false, 0, 700], // full: the request at 0 frees a slot at 1000
    [999, false, 0, 1],
    [1000, true, 0, 100], // 0 has left the window (t - 1000 <= 0): one slot, taken; 100 leaves next
    [1050, false, 0, 50],
    [1100, true, 0, 100],
    [5000, true, 2, 1000], // everything old is gone
  ];
  test('admits up to the threshold per window and says when a slot frees', () => {
    const log = new SlidingWindowLog();
    for (const [time, allowed, remaining, resetMs] of steps) {
      assert.deepEqual(log.admit(time, 1000, 3), { allowed, threshold: 3, remaining, resetMs }, `at t=${time}`);
    }
  });

  test('a rejected request is not recorded: retrying does not extend the wait', () => {
    const log = new SlidingWindowLog();
    log.admit(0, 1000, 1);
    for (let t = 1; t < 1000; t += 100) assert.equal(log.admit(t, 1000, 1).allowed, false);
    assert.equal(log.admit(1000, 1000, 1).allowed, true);
  });

  test('a lowered threshold (reload) waits until enough old requests expire', () => {
    const log = new SlidingWindowLog();
    for (const t of [0, 10, 20, 30, 40]) assert.equal(log.admit(t, 1000, 5).allowed, true);
    // Now the limit is 2: 5 are counted, so 4 must expire; the 4th (t=30) leaves at 1030.
    assert.deepEqual(log.admit(100, 1000, 2), { allowed: false, threshold: 2, remaining: 0, resetMs: 930 });
    assert.equal(log.admit(1029, 1000, 2).allowed, false);
    assert.equal(log.admit(1030, 1000, 2).allowed, true);
  });

  test('a threshold of 0 blocks every request and suggests one window', () => {
    const log = new SlidingWindowLog();
    assert.deepEqual(log.admit(0, 60_000, 0), { allowed: false, threshold: 0, remaining: 0, resetMs: 60_000 });
  });

  test('property: never more than the threshold in any window, and never stricter than that', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 500 }),
      fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 200 }),
      (threshold, windowMs, gaps) => {
        const log = new SlidingWindowLog();
        const admitted: number[] = [];
        let now = 0;
        for (const gap of gaps) {
          now += gap;
          const inWindow = admitted.filter((t) => t > now - windowMs).length;
          const { allowed, remaining } = log.admit(now, windowMs, threshold);
          // Reference model: admit exactly when fewer than `threshold` were admitted in (now - W, now].
          assert.equal(allowed, inWindow < threshold);
          if (allowed) {
            admitted.push(now);
            assert.equal(remaining, threshold - inWindow - 1);
          }
          assert.ok(log.size <= threshold, 'memory per key stays within the threshold');
        }
        // Every window (a - W, a] holds at most `threshold`; the fullest ends on an admitted request.
        for (const end of admitted) {
          assert.ok(admitted.filter((t) => t > end - windowMs && t <= end).length <= threshold);
        }
      },
    ), { numRuns: 300 });
  });
});

describe('SlidingWindowLimiter', () => {
  test('keys are independent', () => {
    const limiter = new SlidingWindowLimiter(100);
    assert.equal(limiter.admit('a', 0, 1000, 1).allowed, true);
    assert.equal(limiter.admit('a', 1, 1000, 1).allowed, false);
    assert.equal(limiter.admit('b', 1, 1000, 1).allowed, true);
  });

  test('memory stays bounded however many distinct keys arrive', () => {
    const limiter = new SlidingWindowLimiter(100);
    for (let i = 0; i < 20_000; i++) limiter.admit(`agent-${i}`, i, 60_000, 70);
    assert.equal(limiter.keyCount, 100);
  });

  test('the largest RATE_LIMIT_MAX_KEYS costs nothing until keys arrive (a sidecar-sized heap holds it)', () => {
    // Storage for 10,000,000 keys made up front was 164 MB of heap and 3 s: a 64 MB heap ran out.
    const script = `
      const { SlidingWindowLimiter } = await import(${JSON.stringify(new URL('../../../src/ratelimit/index.ts', import.meta.url).href)});
      const limiter = new SlidingWindowLimiter(10_000_000);
      for (let i = 0; i < 1000; i++) limiter.admit('agent-' + i, i, 60_000, 70);
      console.log(limiter.keyCount);`;
    const out = execFileSync(process.execPath, ['--max-old-space-size=64', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(out.trim(), '1000');
  });
});
