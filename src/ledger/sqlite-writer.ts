// The ledger's writer thread (a node:worker_threads Worker). It owns the write connection, so
// the fsync of each group commit, the row hashes and, when the detector can be rebuilt here,
// the PII sealing all run off the main thread. One message in and one out per batch.

import { parentPort, workerData } from 'node:worker_threads';
import { piiDetectorFromSpec } from './pii-detector.ts';
import { createBatchAppender } from './sqlite-batch-append.ts';
import { openLedgerDatabase } from './sqlite-schema.ts';
import type { WriterThreadData, WriterReply, WriterRequest } from './sqlite-writer-protocol.ts';

const { path, detector } = workerData as WriterThreadData;
const port = parentPort!;
// The main thread migrated the schema before starting this thread; this connection only writes.
const db = openLedgerDatabase(path, { migrate: false });
const appender = createBatchAppender(db, detector ? piiDetectorFromSpec(detector) : undefined);

port.on('message', (request: WriterRequest) => {
  if (request.type === 'append') {
    const reply: WriterReply = { type: 'appended', id: request.id, result: appender.append(request.batch) };
    port.postMessage(reply);
    return;
  }
  // 'close': the main thread has drained its queue, so no batch is pending.
  db.close();
  port.close();
});
