// The ledger's writer thread (a node:worker_threads Worker). It owns the write connection, so
// the fsync of each group commit, the row hashes and, when the detector can be rebuilt here,
// the PII sealing all run off the main thread. One message in per batch; batches that queued up
// while the thread was committing go into one transaction together, answered in one message.

import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { piiDetectorFromSpec } from '../pii-detector.ts';
import { appendTogether, createBatchAppender } from './sqlite-batch-append.ts';
import { openLedgerDatabase } from './sqlite-schema.ts';
import type { WriterThreadData, WriterReply, WriterRequest } from './sqlite-writer-protocol.ts';

const { path, detector } = workerData as WriterThreadData;
const port = parentPort!;
// The main thread migrated the schema before starting this thread; this connection only writes.
const db = openLedgerDatabase(path, { migrate: false });
const appender = createBatchAppender(db, detector ? piiDetectorFromSpec(detector) : undefined);

port.on('message', (first: WriterRequest) => {
  // Everything already waiting in the port, taken now: the main thread keeps several batches in
  // flight, and those that arrived during the last COMMIT share the next one.
  const appends: Array<Extract<WriterRequest, { type: 'append' }>> = [];
  let closing = false;
  for (let request: WriterRequest | undefined = first; request !== undefined; request = receiveMessageOnPort(port)?.message as WriterRequest | undefined) {
    if (request.type === 'append') appends.push(request);
    else closing = true; // 'close' comes last: the main thread has drained its queue
  }
  if (appends.length > 0) {
    const results = appendTogether(appender, appends.map((request) => request.batch));
    const reply: WriterReply = { type: 'appended', results: appends.map((request, i) => ({ id: request.id, result: results[i]! })) };
    port.postMessage(reply);
  }
  if (closing) {
    db.close();
    port.close();
  }
});
