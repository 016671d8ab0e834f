// The background workers' poll loop: a first poll at once; wakes during a poll coalesce into one
// more poll; a poll that reports more work polls again; stop waits for the poll in progress and
// ends the loop; a failing poll is reported and the loop goes on; the timer wakes it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPollLoop, type PollLoop, type PollLoopOptions } from '../../../src/workers/index.ts';

/** Polls that each wait until the test releases them; `started(n)` resolves when poll n (from 1) began. */
function gatedPolls() {
  const gates: Array<PromiseWithResolvers<boolean | void>> = [];
  const starts: Array<PromiseWithResolvers<void>> = [];
  const startOf = (n: number) => (starts[n - 1] ??= Promise.withResolvers<void>());
  return {
    get count() { return gates.length; },
    poll: (): Promise<boolean | void> => {
      const gate = Promise.withResolvers<boolean | void>();
      gates.push(gate);
      startOf(gates.length).resolve();
      return gate.promise;
    },
    started: (n: number): Promise<void> => startOf(n).promise,
    release: (n: number, result?: boolean | Error): void => {
      if (result instanceof Error) gates[n - 1].reject(result);
      else gates[n - 1].resolve(result);
    },
    /** Lets every poll end, so a failed test still stops its loop. */
    releaseAll: (): void => { for (const gate of gates) gate.resolve(); },
  };
}

const QUIET_TIMER = 3_600_000;
/** A loop that never polls again would leave a test waiting forever: fail it instead. */
const HANG_GUARD = { timeout: 20_000 };

type Options = Partial<PollLoopOptions> & Pick<PollLoopOptions, 'poll'> & { releaseAll?: () => void };

function start(t: { after(fn: () => unknown): void }, { releaseAll, ...options }: Options): PollLoop {
  const loop = startPollLoop({ intervalMs: () => QUIET_TIMER, onError: (error) => { throw error; }, ...options });
  t.after(() => {
    releaseAll?.();
    return loop.stop();
  });
  return loop;
}

/** A loop over gated polls, with a quiet timer. */
function startGated(t: { after(fn: () => unknown): void }, options: Partial<PollLoopOptions> = {}) {
  const polls = gatedPolls();
  const loop = start(t, { ...options, poll: polls.poll, releaseAll: polls.releaseAll });
  /** Wakes the idle loop and lets its poll number `n` run to its end. */
  const wakeAndFinish = async (n: number): Promise<void> => {
    loop.wake();
    await polls.started(n);
    polls.release(n);
    await loop.inProgress;
  };
  return { polls, loop, wakeAndFinish };
}

test('polls once at start; idle between polls', HANG_GUARD, async (t) => {
  const { polls, loop } = startGated(t);
  await polls.started(1);
  assert.ok(loop.inProgress, 'a poll is in progress');
  polls.release(1);
  await loop.inProgress;
  assert.equal(loop.inProgress, undefined);
  assert.equal(polls.count, 1);
});

test('with pollAtStart false, the first poll waits for a wake', HANG_GUARD, async (t) => {
  const { polls, loop, wakeAndFinish } = startGated(t, { pollAtStart: false });
  assert.equal(loop.inProgress, undefined);
  assert.equal(polls.count, 0);
  await wakeAndFinish(1);
  assert.equal(polls.count, 1);
});

test('wakes during a poll run exactly one more poll after it, never two at once', HANG_GUARD, async (t) => {
  const { polls, loop, wakeAndFinish } = startGated(t);
  await polls.started(1);
  loop.wake();
  loop.wake();
  loop.wake();
  assert.equal(polls.count, 1, 'no second poll while the first runs');
  polls.release(1);
  await polls.started(2);
  polls.release(2);
  await loop.inProgress;
  assert.equal(polls.count, 2, 'three wakes during one poll cost one more poll');
  await wakeAndFinish(3);
  assert.equal(polls.count, 3, 'a wake when idle polls at once');
});

test('a poll that reports more work polls again at once; one that does not, does not', HANG_GUARD, async (t) => {
  const { polls, loop } = startGated(t);
  await polls.started(1);
  polls.release(1, true);
  await polls.started(2);
  polls.release(2, false);
  await loop.inProgress;
  assert.equal(polls.count, 2);
});

test('stop waits for the poll in progress, and no poll starts after it', HANG_GUARD, async (t) => {
  const { polls, loop } = startGated(t);
  await polls.started(1);
  loop.wake();
  let stopped = false;
  const stopping = loop.stop().then(() => { stopped = true; });
  await Promise.resolve();
  assert.equal(stopped, false, 'stop has not returned while the poll runs');
  polls.release(1, true);
  await stopping;
  assert.equal(stopped, true);
  loop.wake();
  assert.equal(loop.inProgress, undefined);
  assert.equal(polls.count, 1, 'neither the earlier wake, the "more" answer nor a later wake polled again');
});

test('a failing poll is reported, and the loop goes on', HANG_GUARD, async (t) => {
  const reported: Error[] = [];
  const { polls, loop, wakeAndFinish } = startGated(t, { onError: (error) => { reported.push(error); } });
  await polls.started(1);
  loop.wake();
  polls.release(1, new Error('store unreachable'));
  await polls.started(2);
  assert.deepEqual(reported.map((e) => e.message), ['store unreachable']);
  polls.release(2);
  await loop.inProgress;
  await wakeAndFinish(3);
  assert.equal(polls.count, 3);
});

test('a poll that throws before its first await, or throws a non-Error, is reported too; a failing reporter does not stop the loop', HANG_GUARD, async (t) => {
  const reported: Error[] = [];
  let calls = 0;
  const loop = start(t, {
    poll: () => {
      calls += 1;
      if (calls === 1) throw new Error('synchronous');
      if (calls === 2) return Promise.reject('a string');
      return Promise.resolve();
    },
    onError: (error) => { reported.push(error); throw new Error('the reporter failed'); },
  });
  await loop.inProgress;
  loop.wake();
  await loop.inProgress;
  loop.wake();
  await loop.inProgress;
  assert.equal(calls, 3);
  assert.deepEqual(reported.map((e) => [e instanceof Error, e.message]), [[true, 'synchronous'], [true, 'a string']]);
});

test('the timer wakes the loop, reading the interval again for each wait', HANG_GUARD, async (t) => {
  const intervals: number[] = [];
  const third = Promise.withResolvers<void>();
  let calls = 0;
  start(t, {
    intervalMs: () => { intervals.push(intervals.length); return 1; },
    poll: async () => { calls += 1; if (calls === 3) third.resolve(); },
  });
  await third.promise;
  assert.ok(intervals.length >= 3, 'the interval is read for each wait');
});
