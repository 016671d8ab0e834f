// An LRU cache bounded by its number of entries, whose storage grows with what it holds.
// lru-cache preallocates every slot of `max` when a cache is made: two arrays and two typed
// arrays of `max` slots each: ~120 KB for 10,000 entries before anything is cached, and 164 MB
// (3 s to build) for the largest RATE_LIMIT_MAX_KEYS. The gateway's caches are bounds against abuse
// (agents, keys, sessions) that a gateway seldom reaches, and several are made at start (one per
// policy bundle load), so they count entries with maxSize instead: the same bound, the same
// eviction order, storage as entries come.

import { LRUCache } from 'lru-cache';

export type EntryBoundedOptions<K extends {}, V extends {}> =
  Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation' | 'maxEntrySize'> & { maxEntries: number };

export function entryBoundedCache<K extends {}, V extends {}>({ maxEntries, ...options }: EntryBoundedOptions<K, V>): LRUCache<K, V> {
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  return new LRUCache<K, V>({ ...options, maxSize: maxEntries, sizeCalculation: () => 1 } as LRUCache.Options<K, V, unknown>);
}
