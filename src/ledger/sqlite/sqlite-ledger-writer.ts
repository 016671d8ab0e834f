// Who owns the SQLite write connection. For a file it is a writer thread, so INSERTs, row
// hashes and the fsync of each COMMIT never block the main thread's event loop. For ':memory:'
// it is the main thread itself: an in-memory database cannot be shared between threads. Both
// run the same batch appender behind the same small interface.

import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import type { PiiDetectorSpec } from '../pii-detector.ts';
import type { WriterRollupOptions } from '../types.ts';
import type { RollupReport } from '../../insight/analytics/rollup.ts';
import { createBatchAppender, type AppendRequest, type BatchResult } from './sqlite-batch-append.ts';
import type { WriterReply, WriterRequest, WriterThreadData } from './sqlite-writer-protocol.ts';

export interface LedgerWriter {
  /** True when the writer seals payloads itself, so requests go to it unsealed. */
  readonly seals: boolean;
  /** Never rejects: a batch that could not be written resolves as { ok: false }. */
  write(batch: AppendRequest[]): Promise<BatchResult>;
  /** A roll-up round on the writer's connection (the writer thread only); rejects when it fails. */
  rollUp?(options: WriterRollupOptions): Promise<RollupReport>;
  /** Ends the writer. Call only once every write has settled. */
  close(): Promise<void>;
}

/** The write path on the calling thread, sharing its connection (':memory:'). */
export function createSameThreadWriter(db: DatabaseSync): LedgerWriter {
  const appender = createBatchAppender(db);
  return {
    seals: false,
    write: async (batch) => appender.append(batch),
    close: async () => {},
  };
}

// From the sources, the thread runs sqlite-writer.ts beside this file; from the bundle
// (dist/govgate.cjs, see scripts/build.ts) it runs the writer's own bundle beside it.
const WRITER_MODULE = import.meta.url.endsWith('.ts')
  ? new URL('./sqlite-writer.ts', import.meta.url)
  : new URL('./ledger-writer.mjs', import.meta.url);

/**
 * Starts the writer thread at once and returns without waiting: the thread boots (tens of ms)
 * while the caller carries on, and a batch sent before it is up waits in its queue. A thread
 * that dies fails its pending batch and the next batch starts a new one. The thread keeps the
 * process alive only while a batch or close() is pending.
 */
export function startWriterThread(path: string, detector: PiiDetectorSpec | undefined): LedgerWriter {
  const data: WriterThreadData = { path, detector: detector ?? null };
  const pending = new Map<number, (result: BatchResult) => void>();
  const rollups = new Map<number, { resolve: (report: RollupReport) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let worker: Worker | undefined;

  const abandon = (thread: Worker, why: string): void => {
    if (worker !== thread) return;
    worker = undefined;
    const waiting = [...pending.values()];
    const rounds = [...rollups.values()];
    pending.clear();
    rollups.clear();
    for (const settle of waiting) settle({ ok: false, detail: `the ledger writer thread stopped: ${why}`, head: null });
    for (const round of rounds) round.reject(new Error(`the ledger writer thread stopped: ${why}`));
  };

  /** Sends `request`: the error when it could not be cloned (nothing was sent). */
  const send = (thread: Worker, request: WriterRequest): Error | undefined => {
    try {
      thread.postMessage(request);
    } catch (err) {
      return err as Error;
    }
    // Referenced while anything is pending: once, not per batch (ref() crosses into C++).
    if (pending.size + rollups.size === 0) thread.ref();
    return undefined;
  };

  const spawn = (): Worker => {
    const thread = new Worker(WRITER_MODULE, { workerData: data, name: 'ledger-writer' });
    thread.unref();
    thread.on('message', (reply: WriterReply) => {
      if (reply.type === 'rolled_up') {
        const round = rollups.get(reply.id);
        rollups.delete(reply.id);
        if (reply.result.ok) round?.resolve(reply.result.report);
        else round?.reject(new Error(reply.result.detail));
      } else {
        for (const { id, result } of reply.results) {
          const settle = pending.get(id);
          if (!settle) continue;
          pending.delete(id);
          settle(result);
        }
      }
      if (pending.size + rollups.size === 0) thread.unref();
    });
    thread.on('error', (err: unknown) => abandon(thread, (err as Error)?.message ?? String(err)));
    thread.on('exit', (code) => abandon(thread, `exit code ${code}`));
    return thread;
  };

  worker = spawn();

  return {
    seals: detector !== undefined,
    write(batch) {
      const thread = (worker ??= spawn());
      const id = nextId++;
      return new Promise<BatchResult>((resolve) => {
        const failed = send(thread, { type: 'append', id, batch });
        // Not cloneable: nothing was sent, so the batch fails here and the thread carries on.
        if (failed) resolve({ ok: false, detail: `the batch could not be sent to the writer thread: ${failed.message}`, head: null });
        else pending.set(id, resolve);
      });
    },
    rollUp(options) {
      const thread = (worker ??= spawn());
      const id = nextId++;
      return new Promise<RollupReport>((resolve, reject) => {
        const failed = send(thread, { type: 'rollup', id, options });
        if (failed) reject(failed);
        else rollups.set(id, { resolve, reject });
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.ref();
      const request: WriterRequest = { type: 'close' };
      thread.postMessage(request);
      await exited;
    },
  };
}
