// An exact sliding-window log: a request is admitted when fewer than `threshold` admitted
// requests fall in the last `windowMs`. Unlike the two-bucket approximation it never admits
// more than the threshold in any window (a property test checks it). A rejected request is not
// recorded, so a caller that keeps retrying is not locked out for longer.
// Memory: each bucket holds at most `threshold` timestamps, and an LRU caps the bucket count.

import type { LRUCache } from 'lru-cache';
import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';

export interface Admission {
  allowed: boolean;
  threshold: number;
  /** Slots left after this request. */
  remaining: number;
  /** Milliseconds until the oldest counted request leaves the window (a slot frees). */
  resetMs: number;
}

/** One key's admitted timestamps, oldest first (a queue with a moving head). */
export class SlidingWindowLog {
  #times: number[] = [];
  #head = 0;

  admit(now: number, windowMs: number, threshold: number): Admission {
    const times = this.#times;
    while (this.#head < times.length && times[this.#head] <= now - windowMs) this.#head++;
    if (this.#head > 64 && this.#head * 2 > times.length) {
      this.#times = times.slice(this.#head);
      this.#head = 0;
    }
    const counted = this.#times.length - this.#head;
    if (counted < threshold) {
      this.#times.push(now);
      const oldest = this.#times[this.#head];
      return { allowed: true, threshold, remaining: threshold - counted - 1, resetMs: oldest + windowMs - now };
    }
    // The threshold may have dropped (a reload) below what is counted: wait for enough to expire.
    // A threshold of 0 blocks the key outright; one window is as good a Retry-After as any.
    const freesAt = threshold <= 0 ? now + windowMs : this.#times[this.#head + counted - threshold] + windowMs;
    return { allowed: false, threshold, remaining: 0, resetMs: Math.max(freesAt - now, 1) };
  }

  /** Timestamps still held (for tests of the memory bound). */
  get size(): number {
    return this.#times.length - this.#head;
  }
}

/** Sliding-window logs per key, at most `maxKeys` of them (least recently used dropped first). */
export class SlidingWindowLimiter {
  readonly #logs: LRUCache<string, SlidingWindowLog>;

  constructor(maxKeys: number) {
    this.#logs = entryBoundedCache({ maxEntries: maxKeys });
  }

  admit(key: string, now: number, windowMs: number, threshold: number): Admission {
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = new SlidingWindowLog();
      this.#logs.set(key, log);
    }
    return log.admit(now, windowMs, threshold);
  }

  get keyCount(): number {
    return this.#logs.size;
  }
}
