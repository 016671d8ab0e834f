// The embedded ledger on node:sqlite. Appends are validated and sealed (PII commitments,
// digest) before they queue; the group committer then links a whole batch into the chain
// inside one BEGIN IMMEDIATE ... COMMIT, i.e. one fsync per batch.

import diagnostics_channel from 'node:diagnostics_channel';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { validateEntry } from './entry-validation.ts';
import { createGroupCommitter } from './group-commit.ts';
import { GENESIS_HEAD, linkRow, sealEntry, type SealedEntry } from './hash-chain.ts';
import { LedgerError } from './ledger-errors.ts';
import { defaultPiiDetector, type PiiDetector } from './pii-detector.ts';
import { openLedgerDatabase } from './sqlite-schema.ts';
import { INSERT_SQL, encodeRow } from './sqlite-row-codec.ts';
import { createSqliteReader } from './sqlite-reads.ts';
import { createSqlitePayloadEraser } from './sqlite-payload-erasure.ts';
import { walkSqliteChain } from './sqlite-chain-walk.ts';
import { toLedgerRow, type ChainHead } from './stored-row.ts';
import type { Ledger, LedgerRow } from './types.ts';

export interface OpenLedgerOptions {
  /** A file path (its directory is created when missing) or ':memory:'. */
  path: string;
  piiDetector?: PiiDetector;
  /** The clock for created_at; injectable for tests. */
  now?: () => Date;
  /** Most appends committed in one transaction. Default 256. */
  maxBatch?: number;
}

export const LEDGER_APPEND_CHANNEL = 'gateway:ledger:append';
const appendChannel = diagnostics_channel.channel(LEDGER_APPEND_CHANNEL);

type Settled = { ok: true; row: LedgerRow } | { ok: false; error: LedgerError };

export function openSqliteLedger(opts: OpenLedgerOptions): Ledger {
  if (!opts || typeof opts.path !== 'string' || opts.path === '') throw new LedgerError('LEDGER_INVALID_ARGUMENT', 'path must be a file path or :memory:');
  const maxBatch = opts.maxBatch ?? 256;
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new LedgerError('LEDGER_INVALID_ARGUMENT', `maxBatch must be a positive integer, got ${maxBatch}`);
  const now = opts.now ?? (() => new Date());
  const detectPii = opts.piiDetector ?? defaultPiiDetector;

  const db = openLedgerDatabase(opts.path);
  const insert = db.prepare(INSERT_SQL);
  const selectHead = db.prepare('SELECT seq, hash FROM ledger ORDER BY seq DESC LIMIT 1');
  const reader = createSqliteReader(db);
  const eraser = createSqlitePayloadEraser(db);
  const readHead = (): ChainHead => {
    const row = selectHead.get() as ChainHead | undefined;
    return row ? { seq: row.seq, hash: row.hash } : GENESIS_HEAD;
  };
  let head = readHead();
  let accepting = true;
  let dbOpen = true;
  let closing: Promise<void> | undefined;

  const committer = createGroupCommitter<SealedEntry, Settled>({
    maxBatch,
    flush: (batch) => {
      const started = performance.now();
      let results: { settled: Settled[]; head: ChainHead };
      try {
        results = appendBatch(db, insert, batch, readHead, now);
      } catch (err) {
        // The batch rolled back: trust the database, not memory, for where the chain ends.
        try { head = readHead(); } catch { /* the database is unusable; the next batch will fail too */ }
        throw err;
      }
      head = results.head;
      if (appendChannel.hasSubscribers) {
        appendChannel.publish({ batchSize: batch.length, durationMs: performance.now() - started, store: 'sqlite' });
      }
      return results.settled;
    },
  });

  const ensureOpen = (): void => {
    if (!dbOpen) throw new LedgerError('LEDGER_CLOSED');
  };

  return {
    async append(entry) {
      if (!accepting) throw new LedgerError('LEDGER_CLOSED');
      const valid = validateEntry(entry);
      const sealed = sealEntry(valid, detectPii(valid.payload));
      const settled = await committer.submit(sealed);
      if (!settled.ok) throw settled.error;
      return settled.row;
    },
    async get(envelopeId) { ensureOpen(); return reader.get(envelopeId); },
    async findChild(parent, kind) { ensureOpen(); return reader.findChild(parent, kind); },
    async latest(kind) { ensureOpen(); return reader.latest(kind); },
    async list(query) { ensureOpen(); return reader.list(query); },
    async recentOutcomes(agentId, limit) { ensureOpen(); return reader.recentOutcomes(agentId, limit); },
    async reviewQueue(query) { ensureOpen(); return reader.reviewQueue(query); },
    async verify(range) {
      ensureOpen();
      // The furthest of memory and file: rows another process appended are checked too, and rows
      // missing from the end of the file (truncation while we run) show up as a seq gap.
      const stored = readHead();
      return walkSqliteChain(db, stored.seq > head.seq ? stored : head, range);
    },
    async erasePii(envelopeId) { ensureOpen(); return eraser.erasePii(envelopeId); },
    async expirePayloads(createdBefore) { ensureOpen(); return eraser.expirePayloads(createdBefore); },
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
        dbOpen = false;
        db.close();
      })();
      return closing;
    },
  };
}

/**
 * One transaction for the batch. A constraint violation (duplicate envelope, second post-check)
 * fails only its own entry: SQLite aborts just that statement and the transaction goes on.
 * Anything else rolls the whole batch back and rethrows as LEDGER_WRITE_FAILED.
 */
function appendBatch(
  db: DatabaseSync, insert: StatementSync, batch: SealedEntry[],
  readHead: () => ChainHead, now: () => Date,
): { settled: Settled[]; head: ChainHead } {
  const settled: Settled[] = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    // Re-read inside the write lock: another process may have appended to the same file.
    let next = readHead();
    for (const sealed of batch) {
      const row = linkRow(sealed, next, now().toISOString());
      try {
        insert.run(...encodeRow(row));
      } catch (err) {
        const refused = constraintError(err, sealed);
        if (!refused) throw err;
        settled.push({ ok: false, error: refused });
        continue;
      }
      next = { seq: row.seq, hash: row.hash };
      settled.push({ ok: true, row: toLedgerRow(row) });
    }
    db.exec('COMMIT');
    return { settled, head: next };
  } catch (err) {
    try {
      if (db.isTransaction) db.exec('ROLLBACK');
    } catch { /* keep the original error: it says why the batch failed */ }
    throw new LedgerError('LEDGER_WRITE_FAILED', (err as Error).message, { cause: err });
  }
}

function constraintError(err: unknown, sealed: SealedEntry): LedgerError | undefined {
  const message = (err as Error)?.message ?? '';
  if (!/UNIQUE constraint failed/.test(message)) return undefined;
  if (message.includes('ledger.envelope_id')) return new LedgerError('LEDGER_DUPLICATE_ENVELOPE', sealed.envelope_id, { cause: err });
  if (message.includes('ledger.parent_envelope_id')) {
    return new LedgerError('LEDGER_DUPLICATE_POST_CHECK', `parent ${String(sealed.parent_envelope_id)}`, { cause: err });
  }
  return undefined;
}
