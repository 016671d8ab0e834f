// The ledger's writer thread (a node:worker_threads Worker). It owns the write connection, so
// the fsync of each group commit, the row hashes and, when the detector can be rebuilt here,
// the PII sealing all run off the main thread. One message in per batch; batches that queued up
// while the thread was committing go into one transaction together, answered in one message.
// The analytics roll-up runs here too, between commits: on the main thread each of its batches
// blocked the event loop for milliseconds, and on another connection it held the file's write
// lock while this thread slept in SQLite's busy handler.

import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { piiDetectorFromSpec } from '../pii-detector.ts';
import { appendTogether, createBatchAppender } from './sqlite-batch-append.ts';
import { openLedgerDatabase } from './sqlite-schema.ts';
import { throughWriteGate } from './sqlite-write-gate.ts';
import type { WriterRollupOptions } from '../types.ts';
import type { Rollup } from '../../insight/analytics/rollup.ts';
import type { WriterThreadData, WriterReply, WriterRequest } from './sqlite-writer-protocol.ts';

const { path, detector } = workerData as WriterThreadData;
const port = parentPort!;
// The main thread migrated the schema before starting this thread; this connection only writes.
const db = openLedgerDatabase(path, { migrate: false });
const appender = createBatchAppender(db, detector ? piiDetectorFromSpec(detector) : undefined);
// Loaded with the first round (seconds after start): a call's first commit waits for this thread
// to boot, and the roll-up's modules would add to that.
let rollups: Promise<{ rollup: (options: WriterRollupOptions) => Rollup }> | undefined;
const loadRollups = async () => {
  const [{ Rollup }, { sqliteInsightDb }] = await Promise.all([import('../../insight/analytics/rollup.ts'), import('../../insight/sqlite-insight-db.ts')]);
  const insight = sqliteInsightDb(db, path);
  return { rollup: (options: WriterRollupOptions) => new Rollup(insight, { batchRows: options.batchRows, pauseRatio: options.pauseRatio }) };
};

// Appends and roll-up transactions share this connection: both go through the file's write gate,
// so a batch of appends never lands inside a roll-up transaction (BEGIN would fail, and the
// ROLLBACK after it would undo the roll-up's batch). The roll-up releases the gate between its
// batches, and the appends that queued meanwhile go first.
function rollUp(id: number, options: WriterRollupOptions): void {
  const reply = (result: Extract<WriterReply, { type: 'rolled_up' }>['result']) => port.postMessage({ type: 'rolled_up', id, result } satisfies WriterReply);
  (rollups ??= loadRollups()).then(({ rollup }) => rollup(options).run(options.maxRows)).then(
    (report) => reply({ ok: true, report }),
    (error: unknown) => reply({ ok: false, detail: (error as Error)?.message ?? String(error) }),
  );
}

port.on('message', (first: WriterRequest) => {
  // Everything already waiting in the port, taken now: the main thread keeps several batches in
  // flight, and those that arrived during the last COMMIT share the next one.
  const appends: Array<Extract<WriterRequest, { type: 'append' }>> = [];
  let closing = false;
  for (let request: WriterRequest | undefined = first; request !== undefined; request = receiveMessageOnPort(port)?.message as WriterRequest | undefined) {
    if (request.type === 'append') appends.push(request);
    else if (request.type === 'rollup') rollUp(request.id, request.options);
    else closing = true; // 'close' comes last: the main thread has drained its queue
  }
  if (appends.length > 0) {
    void throughWriteGate(path, () => {
      const results = appendTogether(appender, appends.map((request) => request.batch));
      const reply: WriterReply = { type: 'appended', results: appends.map((request, i) => ({ id: request.id, result: results[i]! })) };
      port.postMessage(reply);
    });
  }
  if (closing) {
    // After the appends above and the roll-up batch in progress, if any; a roll-up round's next
    // batch then fails (the database is closed) and the main thread has stopped waiting for it.
    void throughWriteGate(path, () => {
      db.close();
      port.close();
    });
  }
});
