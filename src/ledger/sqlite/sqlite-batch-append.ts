// Writes one batch of appends onto the chain, in whichever thread owns the write connection:
// the writer thread for a file, the main thread for ':memory:'. Requests and results are plain
// data so they can cross a thread boundary as one message per batch.

import type { DatabaseSync } from 'node:sqlite';
import { GENESIS_HEAD, linkRow } from '../chain/hash-chain.ts';
import { refusal, type AppendOutcome, type AppendRequest } from '../append-request.ts';
import { LedgerError } from '../ledger-errors.ts';
import type { JsonObject, SealedPayload } from '../chain/pii-commitments.ts';
import { sealPayloadText } from '../chain/payload-text.ts';
import type { PiiDetector } from '../pii-detector.ts';
import { INSERT_SQL, encodeRow } from './sqlite-row-codec.ts';
import type { ChainHead } from '../stored-row.ts';
import type { EntryMetadata } from '../entry-validation.ts';

export { appendedRow, outcomeError, type AppendOutcome, type AppendRequest } from '../append-request.ts';

/** `head` is where the chain ends afterwards (re-read from the file after a rollback; null if unreadable). */
export type BatchResult =
  | { ok: true; outcomes: AppendOutcome[]; head: ChainHead }
  | { ok: false; detail: string; head: ChainHead | null };

export interface BatchAppender {
  append(batch: readonly AppendRequest[]): BatchResult;
}

// linkRow copies the payload into the row it returns, but the hash never covers it and the
// payload column is written from payloadJson, so a request sealed elsewhere is never parsed.
const UNPARSED: JsonObject = Object.freeze({}) as JsonObject;

/**
 * One BEGIN IMMEDIATE ... COMMIT per batch. A constraint violation (duplicate envelope, second
 * post-check) fails only its own entry: SQLite aborts just that statement and the transaction
 * goes on. Anything else rolls the whole batch back and reports it failed.
 */
export function createBatchAppender(db: DatabaseSync, detectPii?: PiiDetector): BatchAppender {
  const insert = db.prepare(INSERT_SQL);
  const selectHead = db.prepare('SELECT seq, hash FROM ledger ORDER BY seq DESC LIMIT 1');
  const readHead = (): ChainHead => {
    const row = selectHead.get() as ChainHead | undefined;
    return row ? { seq: row.seq, hash: row.hash } : GENESIS_HEAD;
  };

  const seal = (request: AppendRequest): SealedPayload => {
    if (request.sealed) return request.sealed;
    if (!detectPii) throw new LedgerError('LEDGER_WRITE_FAILED', 'the writer has no PII detector and the entry came unsealed');
    // One walk finds the PII and writes the canonical text the digest covers (payload-text.ts);
    // the stored payload stays the JSON the caller sent.
    const { payloadText: _text, pii_spans: _spans, ...sealed } = sealPayloadText(request.payload ?? (JSON.parse(request.payloadJson) as JsonObject), detectPii);
    return sealed;
  };

  return {
    append(batch) {
      // Sealing is CPU work that needs no lock, so it happens before BEGIN IMMEDIATE and a
      // writer in another process waits only for the inserts.
      const sealed = batch.map((request): SealedPayload | AppendOutcome => {
        try {
          return seal(request);
        } catch (err) {
          return refusal(err);
        }
      });
      const outcomes: AppendOutcome[] = [];
      try {
        db.exec('BEGIN IMMEDIATE');
        // Re-read inside the write lock: another process may have appended to the same file.
        let next = readHead();
        batch.forEach((request, i) => {
          const material = sealed[i];
          if ('ok' in material) { outcomes.push(material); return; }
          const row = linkRow({ ...request.meta, payload: request.payload ?? UNPARSED, ...material }, next, request.createdAt);
          try {
            insert.run(...encodeRow(row, request.payloadJson));
          } catch (err) {
            const refused = constraintRefusal(err, request.meta);
            if (!refused) throw err;
            outcomes.push(refused);
            return;
          }
          next = { seq: row.seq, hash: row.hash };
          outcomes.push({ ok: true, seq: row.seq, prev_hash: row.prev_hash, hash: row.hash, pii_paths: row.pii_paths, payload_digest: row.payload_digest });
        });
        db.exec('COMMIT');
        return { ok: true, outcomes, head: next };
      } catch (err) {
        try {
          if (db.isTransaction) db.exec('ROLLBACK');
        } catch { /* keep the original error: it says why the batch failed */ }
        // The batch rolled back: trust the database, not memory, for where the chain ends.
        let head: ChainHead | null = null;
        try { head = readHead(); } catch { /* the database is unusable; the next batch will fail too */ }
        return { ok: false, detail: (err as Error)?.message ?? String(err), head };
      }
    },
  };
}

/**
 * Several batches in one transaction and one COMMIT (one fsync), each answered with its own
 * outcomes: what the writer thread does with the batches that queued up while it was
 * committing, so a burst costs one fsync instead of one per batch. A failure of the whole
 * transaction fails every batch in it, as it would have failed each alone.
 */
export function appendTogether(appender: BatchAppender, batches: readonly (readonly AppendRequest[])[]): BatchResult[] {
  if (batches.length === 1) return [appender.append(batches[0]!)];
  const result = appender.append(batches.flat());
  if (!result.ok) return batches.map(() => result);
  let from = 0;
  return batches.map((batch) => {
    const outcomes = result.outcomes.slice(from, from + batch.length);
    from += batch.length;
    return { ok: true, outcomes, head: result.head };
  });
}

function constraintRefusal(err: unknown, meta: EntryMetadata): AppendOutcome | undefined {
  const message = (err as Error)?.message ?? '';
  if (!/UNIQUE constraint failed/.test(message)) return undefined;
  if (message.includes('ledger.envelope_id')) return refusal(new LedgerError('LEDGER_DUPLICATE_ENVELOPE', meta.envelope_id));
  if (message.includes('ledger.parent_envelope_id')) {
    return refusal(new LedgerError('LEDGER_DUPLICATE_POST_CHECK', `parent ${String(meta.parent_envelope_id)}`));
  }
  return undefined;
}
