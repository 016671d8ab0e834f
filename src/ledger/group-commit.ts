// Group commit: appends that arrive in the same event-loop turn share one flush (one transaction,
// one fsync). While a flush runs, the next batch collects. Store-independent: SQLite and
// PostgreSQL both wrap their batch insert in it.

export interface GroupCommitterOptions<T, R> {
  /** Largest batch handed to one flush call. */
  maxBatch: number;
  /** Persists a batch; returns one result per item, in order. Throwing rejects the whole batch. */
  flush: (items: T[]) => R[] | Promise<R[]>;
  /**
   * Batches handed to flush before the earlier ones settle (default 1). More than one only
   * where flush queues its batches and writes them strictly in order, as the SQLite writer
   * thread does: the thread then starts the next batch the moment it commits one, instead of
   * idling for the round trip to this thread and back.
   */
  maxInFlight?: number;
}

export interface GroupCommitter<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves once every item submitted before or during the wait has been flushed. */
  drain(): Promise<void>;
  /** Items waiting for a flush (not counting the batch being flushed). */
  readonly pending: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommitter<T, R>(options: GroupCommitterOptions<T, R>): GroupCommitter<T, R> {
  const { maxBatch, flush, maxInFlight = 1 } = options;
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be a positive integer, got ${maxBatch}`);
  if (!Number.isSafeInteger(maxInFlight) || maxInFlight < 1) throw new RangeError(`maxInFlight must be a positive integer, got ${maxInFlight}`);

  let queue: Waiting<T, R>[] = [];
  let scheduled = false;
  let flushing = 0;
  let idleWaiters: Array<() => void> = [];

  const schedule = (): void => {
    if (scheduled || flushing >= maxInFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(runBatch);
  };

  const settleIdle = (): void => {
    if (flushing > 0 || scheduled || queue.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };

  async function runBatch(): Promise<void> {
    scheduled = false;
    flushing++;
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    schedule(); // what is left over, when another batch may be under way
    try {
      const results = await flush(batch.map((waiting) => waiting.item));
      if (!Array.isArray(results) || results.length !== batch.length) {
        throw new Error(`group commit: flush returned ${Array.isArray(results) ? results.length : 'no'} results for ${batch.length} items`);
      }
      batch.forEach((waiting, i) => waiting.resolve(results[i]));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      flushing--;
      schedule();
      settleIdle();
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    get pending() {
      return queue.length;
    },
  };
}
