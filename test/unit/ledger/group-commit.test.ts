import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGroupCommitter } from '../../../src/ledger/index.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => { release = resolve; });
  return { promise, release };
}

describe('group committer', () => {
  test('items submitted in one turn are flushed together, results in order', async () => {
    const batches: number[][] = [];
    const committer = createGroupCommitter<number, string>({ maxBatch: 100, flush: (items) => { batches.push(items); return items.map((n) => `r${n}`); } });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => committer.submit(n)));
    assert.deepEqual(results, ['r1', 'r2', 'r3', 'r4', 'r5']);
    assert.deepEqual(batches, [[1, 2, 3, 4, 5]]);
  });

  test('batches never exceed maxBatch', async () => {
    const batches: number[][] = [];
    const committer = createGroupCommitter<number, number>({ maxBatch: 2, flush: (items) => { batches.push(items); return items; } });
    await Promise.all([1, 2, 3, 4, 5].map((n) => committer.submit(n)));
    assert.deepEqual(batches, [[1, 2], [3, 4], [5]]);
  });

  test('items arriving during a flush collect into the next batch', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const committer = createGroupCommitter<number, number>({
      maxBatch: 100,
      flush: async (items) => { batches.push(items); if (batches.length === 1) await gate.promise; return items; },
    });
    const first = committer.submit(1);
    await nextTurn();
    assert.deepEqual(batches, [[1]], 'the first flush is running');
    const later = [2, 3, 4].map((n) => committer.submit(n));
    await nextTurn();
    await nextTurn();
    assert.equal(batches.length, 1, 'no second flush while the first runs');
    assert.equal(committer.pending, 3);
    gate.release();
    await Promise.all([first, ...later]);
    assert.deepEqual(batches, [[1], [2, 3, 4]]);
  });

  test('maxInFlight: a second batch is handed over while the first is still being written', async () => {
    const batches: number[][] = [];
    const gates = [deferred(), deferred()];
    let running = 0;
    let mostRunning = 0;
    const committer = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxInFlight: 2,
      flush: async (items) => {
        const gate = gates[batches.length];
        batches.push(items);
        mostRunning = Math.max(mostRunning, ++running);
        if (gate) await gate.promise;
        running--;
        return items;
      },
    });
    const first = committer.submit(1);
    await nextTurn();
    const second = [2, 3].map((n) => committer.submit(n));
    await nextTurn();
    assert.deepEqual(batches, [[1], [2, 3]], 'the second batch went out before the first settled');
    const third = [4, 5].map((n) => committer.submit(n));
    await nextTurn();
    await nextTurn();
    assert.equal(batches.length, 2, 'never more than maxInFlight batches at once');
    assert.equal(committer.pending, 2);
    gates[0]!.release();
    gates[1]!.release();
    assert.deepEqual(await Promise.all([first, ...second, ...third]), [1, 2, 3, 4, 5]);
    assert.deepEqual(batches, [[1], [2, 3], [4, 5]]);
    assert.equal(mostRunning, 2);
    await committer.drain();
  });

  test('maxInFlight must be a positive integer', () => {
    assert.throws(() => createGroupCommitter({ maxBatch: 1, maxInFlight: 0, flush: (items) => items }), /maxInFlight must be a positive integer/);
  });

  test('a failing flush rejects every item of its batch, and only that batch', async () => {
    const boom = new Error('disk full');
    let calls = 0;
    const committer = createGroupCommitter<number, number>({ maxBatch: 2, flush: (items) => { calls += 1; if (calls === 1) throw boom; return items; } });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => committer.submit(n)));
    assert.deepEqual(settled.map((s) => (s.status === 'rejected' ? s.reason : s.value)), [boom, boom, 3]);
  });

  test('a flush returning the wrong number of results rejects the batch', async () => {
    const committer = createGroupCommitter<number, number>({ maxBatch: 10, flush: () => [1] });
    const settled = await Promise.allSettled([committer.submit(1), committer.submit(2)]);
    assert.ok(settled.every((s) => s.status === 'rejected' && /2 items/.test(String(s.reason.message))));
  });

  test('drain resolves when idle and waits for everything submitted', async () => {
    const flushed: number[] = [];
    const committer = createGroupCommitter<number, number>({ maxBatch: 3, flush: async (items) => { await nextTurn(); flushed.push(...items); return items; } });
    await committer.drain();
    for (let n = 1; n <= 7; n += 1) void committer.submit(n);
    await committer.drain();
    assert.deepEqual(flushed, [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(committer.pending, 0);
  });

  test('maxBatch must be a positive integer', () => {
    for (const maxBatch of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => createGroupCommitter({ maxBatch, flush: (items) => items }), RangeError);
    }
  });

  test('property: no item is lost, duplicated or reordered, whatever the turns, batch size and failures', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 8 }),
      fc.integer({ min: 1, max: 7 }),
      fc.array(fc.boolean(), { maxLength: 30 }),
      async (turns, maxBatch, failures) => {
        const flushedOk: number[] = [];
        const seen: number[] = [];
        let call = 0;
        const committer = createGroupCommitter<number, number>({
          maxBatch,
          flush: async (items) => {
            assert.ok(items.length >= 1 && items.length <= maxBatch);
            seen.push(...items);
            if (failures[call++]) throw new Error('fail');
            flushedOk.push(...items);
            return items.map((n) => n * 10);
          },
        });
        const outcomes: Array<Promise<PromiseSettledResult<number>>> = [];
        let id = 0;
        for (const size of turns) {
          for (let i = 0; i < size; i += 1) outcomes.push(committer.submit(id++).then((value) => ({ status: 'fulfilled' as const, value }), (reason) => ({ status: 'rejected' as const, reason })));
          await nextTurn();
        }
        await committer.drain();
        const settled = await Promise.all(outcomes);
        assert.deepEqual(seen, Array.from({ length: id }, (_, i) => i), 'each item flushed exactly once, in order');
        settled.forEach((s, i) => {
          if (s.status === 'fulfilled') assert.equal(s.value, i * 10);
        });
        assert.deepEqual(settled.flatMap((s, i) => (s.status === 'fulfilled' ? [i] : [])), flushedOk);
      },
    ), { numRuns: 60 });
  });
});
