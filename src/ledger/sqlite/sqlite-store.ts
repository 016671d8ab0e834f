// The embedded ledger on node:sqlite. append() validates an entry and queues it; the group
// committer hands each batch to the writer (a worker thread that owns the write connection, or
// this thread for ':memory:'), which links the batch into the chain inside one
// BEGIN IMMEDIATE ... COMMIT, i.e. one fsync per batch. Reads use this thread's own connection:
// WAL lets them run while the writer commits.

import { resolve } from 'node:path';
import { checkCheckpoint, checkRetentionRecord } from '../chain/checkpoint-record.ts';
import { checkEntry } from '../entry-validation.ts';
import { openReads } from '../ledger-reads.ts';
import { checkPaging } from '../query-validation.ts';
import { createGroupCommitter } from '../group-commit.ts';
import { GENESIS_HEAD } from '../chain/hash-chain.ts';
import { LedgerError } from '../ledger-errors.ts';
import type { JsonObject } from '../chain/pii-commitments.ts';
import { sealPayloadText } from '../chain/payload-text.ts';
import { defaultPiiDetector, piiDetectorSpec, type PiiDetector } from '../pii-detector.ts';
import { openLedgerDatabase } from './sqlite-schema.ts';
import { settleBatch, stampBatch, type AppendRequest, type Settled } from '../append-request.ts';
import { createSameThreadWriter, startWriterThread, type LedgerWriter } from './sqlite-ledger-writer.ts';
import { createSqliteReader } from './sqlite-reads.ts';
import { createSqlitePayloadEraser } from './sqlite-payload-erasure.ts';
import { walkSqliteChain } from './sqlite-chain-walk.ts';
import { createSqliteMetadataRetention } from './sqlite-metadata-retention.ts';
import { verifyRetained } from '../chain/retained-chain.ts';
import type { ChainHead } from '../stored-row.ts';
import type { Ledger, LedgerCheckpoint, LedgerRow, RetentionRecord, WriterRollupOptions } from '../types.ts';

export interface OpenLedgerOptions {
  /** A file path (its directory is created when missing) or ':memory:'. */
  path: string;
  piiDetector?: PiiDetector;
  /** The clock for created_at; injectable for tests. Always called on this thread. */
  now?: () => Date;
  /** Most appends committed in one transaction. Default 256. */
  maxBatch?: number;
  /**
   * Where the write connection lives: 'thread' (a worker thread, the default for a file) or
   * 'main' (this thread; the only choice for an in-memory database).
   */
  writer?: 'thread' | 'main';
}


/**
 * A validated append waiting for its batch; created_at is taken when the batch is sent.
 * `payload` is the parsed copy, when this thread needed one (it then becomes the row's payload).
 */
type Queued = { request: Omit<AppendRequest, 'createdAt'>; payload: JsonObject | undefined };

export function openSqliteLedger(opts: OpenLedgerOptions): Ledger {
  if (!opts || typeof opts.path !== 'string' || opts.path === '') throw new LedgerError('LEDGER_INVALID_ARGUMENT', 'path must be a file path or :memory:');
  const maxBatch = opts.maxBatch ?? 256;
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new LedgerError('LEDGER_INVALID_ARGUMENT', `maxBatch must be a positive integer, got ${maxBatch}`);
  const inMemory = isInMemoryPath(opts.path);
  const writerKind = opts.writer ?? (inMemory ? 'main' : 'thread');
  if (writerKind !== 'thread' && writerKind !== 'main') throw new LedgerError('LEDGER_INVALID_ARGUMENT', `writer must be 'thread' or 'main', got ${String(writerKind)}`);
  if (inMemory && writerKind === 'thread') throw new LedgerError('LEDGER_INVALID_ARGUMENT', "an in-memory database cannot be shared with a writer thread; use writer: 'main'");
  const now = opts.now ?? (() => new Date());
  const detectPii = opts.piiDetector ?? defaultPiiDetector;

  // This connection migrates the schema, then serves reads, erasure and expiry.
  const db = openLedgerDatabase(opts.path);
  const selectHead = db.prepare('SELECT seq, hash FROM ledger ORDER BY seq DESC LIMIT 1');
  const reader = createSqliteReader(db);
  const eraser = createSqlitePayloadEraser(db);
  const retention = createSqliteMetadataRetention(db);
  const insertCheckpoint = db.prepare('INSERT OR IGNORE INTO ledger_checkpoints (seq, head_hash, key_id, jws, created_at) VALUES (?, ?, ?, ?, ?)');
  const selectCheckpoints = db.prepare('SELECT seq, head_hash, key_id, jws, created_at FROM ledger_checkpoints ORDER BY seq DESC LIMIT ? OFFSET ?');
  const insertRetentionRecord = db.prepare('INSERT INTO ledger_retention_records (kind, key_id, jws, created_at) VALUES (?, ?, ?, ?)');
  const selectRetentionRecords = db.prepare('SELECT kind, key_id, jws, created_at FROM ledger_retention_records ORDER BY id LIMIT ? OFFSET ?');
  const readHead = (): ChainHead => {
    const row = selectHead.get() as ChainHead | undefined;
    return row ? { seq: row.seq, hash: row.hash } : GENESIS_HEAD;
  };
  let head = readHead();
  let accepting = true;
  let dbOpen = true;
  let closing: Promise<void> | undefined;

  // A detector built by createPiiDetector can be rebuilt in the writer thread, which then seals
  // too; a hand-written detector function cannot cross threads, so sealing stays here.
  let writer: LedgerWriter;
  try {
    // An absolute path, so the thread opens the same file even if the process changes directory.
    writer = writerKind === 'thread'
      ? startWriterThread(opts.path.startsWith('file:') ? opts.path : resolve(opts.path), piiDetectorSpec(detectPii))
      : createSameThreadWriter(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const sameThread = writerKind === 'main';
  const rollUp = writer.rollUp;

  const committer = createGroupCommitter<Queued, Settled>({
    maxBatch,
    // The writer thread takes batches in order from its message queue.
    maxInFlight: sameThread ? 1 : 4,
    flush: async (batch) => {
      const started = performance.now();
      const requests = stampBatch(batch, now);
      const result = await writer.write(requests);
      if (!result.ok) {
        try { head = result.head ?? readHead(); } catch { /* unreadable: the next batch will say so */ }
        throw new LedgerError('LEDGER_WRITE_FAILED', result.detail);
      }
      head = result.head;
      return settleBatch('sqlite', started, requests, batch.map((queued) => queued.payload), result.outcomes);
    },
  });

  const ensureOpen = (): void => {
    if (!dbOpen) throw new LedgerError('LEDGER_CLOSED');
  };

  return {
    async append(entry) {
      if (!accepting) throw new LedgerError('LEDGER_CLOSED');
      const { meta, payloadJson } = checkEntry(entry);
      let request: Queued['request'] = { meta, payloadJson };
      let payload: JsonObject | undefined;
      if (!writer.seals) {
        // Sealing here keeps the detector's own errors thrown from append(), as they always were.
        payload = JSON.parse(payloadJson) as JsonObject;
        const { payloadText: _text, pii_spans: _spans, ...sealed } = sealPayloadText(payload, detectPii);
        request = { meta, payloadJson, sealed };
        if (sameThread) request.payload = payload;
      }
      const settled = await committer.submit({ request, payload });
      if (!settled.ok) throw settled.error;
      return settled.row;
    },
    ...openReads(reader, ensureOpen),
    async verify(range) {
      ensureOpen();
      // The furthest of memory and file: rows another process appended are checked too, and rows
      // missing from the end of the file (truncation while we run) show up as a seq gap.
      // The anchor is read from the file for every walk (another process may have moved it), and
      // the head after it.
      return verifyRetained(async () => retention.anchor(), async (anchor) => {
        const stored = readHead();
        return walkSqliteChain(db, stored.seq > head.seq ? stored : head, range, anchor);
      });
    },
    async erasePii(envelopeId) { ensureOpen(); return eraser.erasePii(envelopeId); },
    async expirePayloads(createdBefore) { ensureOpen(); return eraser.expirePayloads(createdBefore); },
    async retirablePrefix(createdBefore) { ensureOpen(); return retention.retirablePrefix(createdBefore); },
    async retirePrefix(through, retiredAt) { ensureOpen(); return retention.retirePrefix(through, retiredAt); },
    async anchor() { ensureOpen(); return retention.anchor(); },
    async head() { ensureOpen(); return readHead(); },
    async addCheckpoint(checkpoint) {
      ensureOpen();
      checkCheckpoint(checkpoint);
      const { changes } = insertCheckpoint.run(checkpoint.seq, checkpoint.head_hash, checkpoint.key_id, checkpoint.jws, checkpoint.created_at);
      return Number(changes) === 1;
    },
    async checkpoints(query) {
      ensureOpen();
      checkPaging(query.limit, query.offset);
      return selectCheckpoints.all(query.limit, query.offset).map((row) => ({ ...row }) as unknown as LedgerCheckpoint);
    },
    async addRetentionRecord(record) {
      ensureOpen();
      checkRetentionRecord(record);
      insertRetentionRecord.run(record.kind, record.key_id, record.jws, record.created_at);
    },
    async retentionRecords(query) {
      ensureOpen();
      checkPaging(query.limit, query.offset);
      return selectRetentionRecords.all(query.limit, query.offset).map((row) => ({ ...row }) as unknown as RetentionRecord);
    },
    // One file has one gateway (several processes on one file are for tests), so the job runs.
    async runExclusive(_job, task) { ensureOpen(); return { ran: true, value: await task() }; },
    ...(rollUp && {
      runRollup: (options: WriterRollupOptions) => accepting ? rollUp(options) : Promise.reject(new LedgerError('LEDGER_CLOSED')),
    }),
    async ping() {
      if (!dbOpen) return false;
      try {
        db.prepare('SELECT 1').get();
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= (async () => {
        accepting = false;
        await committer.drain();
        await writer.close();
        dbOpen = false;
        db.close();
      })();
      return closing;
    },
  };
}

/** ':memory:' and SQLite memory URIs (file::memory:, file:x?mode=memory) name no file a thread can share. */
function isInMemoryPath(path: string): boolean {
  if (path === ':memory:') return true;
  return path.startsWith('file:') && (path.startsWith('file::memory:') || /[?&]mode=memory(&|$)/.test(path));
}
