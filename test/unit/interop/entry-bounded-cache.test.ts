import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { entryBoundedCache } from '../../../src/interop/entry-bounded-cache.ts';

test('it holds at most maxEntries, evicting the least recently used, like a reference LRU', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 12 }), value: fc.integer() }),
    fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 12 }) }),
    fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 12 }) }),
  );
  fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 80 }), (maxEntries, ops) => {
    const cache = entryBoundedCache<number, number>({ maxEntries });
    // Reference: a Map's insertion order is its recency order (oldest first).
    const model = new Map<number, number>();
    for (const o of ops) {
      if (o.kind === 'set') {
        cache.set(o.key, o.value);
        model.delete(o.key);
        model.set(o.key, o.value);
        if (model.size > maxEntries) model.delete(model.keys().next().value!);
      } else if (o.kind === 'get') {
        const expected = model.get(o.key);
        assert.equal(cache.get(o.key), expected);
        if (expected !== undefined) { model.delete(o.key); model.set(o.key, expected); }
      } else {
        cache.delete(o.key);
        model.delete(o.key);
      }
      assert.ok(cache.size <= maxEntries);
    }
    // Most recently used first, as lru-cache lists them.
    assert.deepEqual([...cache.entries()], [...model.entries()].reverse());
  }));
});

test('ttl and the other lru-cache options still apply', async () => {
  const cache = entryBoundedCache<string, string>({ maxEntries: 10, ttl: 20 });
  cache.set('a', 'x');
  assert.equal(cache.get('a'), 'x');
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(cache.get('a'), undefined);

  // With a ttl and updateAgeOnGet (the sidecar's session counts): the bound and the order hold.
  const sessions = entryBoundedCache<string, string>({ maxEntries: 3, ttl: 60_000, updateAgeOnGet: true });
  for (const key of ['a', 'b', 'c', 'd']) sessions.set(key, key);
  assert.deepEqual([...sessions.keys()], ['d', 'c', 'b']);
  sessions.get('b');
  sessions.set('e', 'e');
  assert.deepEqual([...sessions.keys()], ['e', 'b', 'd']);
  assert.ok(sessions.getRemainingTTL('b') > 59_000);
});

test('maxEntries must be a positive integer', () => {
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => entryBoundedCache({ maxEntries: bad }), RangeError, String(bad));
  }
});
