// Writes one batch of appends onto the chain, in whichever thread owns the write connection:
// the writer thread for a file, the main thread for ':memory:'. Requests and results are plain
// data so they can cross a thread boundary as one message per batch.

import type { DatabaseSync } from 'node:sqlite';
import { GENESIS_HEAD, linkRow } from './hash-chain.ts';
import { LedgerError, type LedgerErrorCode } from './ledger-errors.ts';
import { sealPayload, type JsonObject, type SealedPayload } from './pii-commitments.ts';
import type { PiiDetector } from './pii-detector.ts';
import { INSERT_SQL, encodeRow } from './sqlite-row-codec.ts';
import type { ChainHead } from './stored-row.ts';
import type { EntryMetadata } from './entry-validation.ts';
import type { LedgerRow } from './types.ts';

/** One validated append, ready for the writer. */
export interface AppendRequest {
  meta: EntryMetadata;
  /** The payload as stored: JSON text of a JSON object. */
  payloadJson: string;
  /** The parsed payload, when the writer runs in the same thread (saves a parse). */
  payload?: JsonObject;
  /** From the store's clock, taken on the thread that owns the clock. */
  createdAt: string;
  /** Present when the caller sealed the payload itself (its detector cannot cross threads). */
  sealed?: SealedPayload;
}

/** What the chain assigned to one append, or why that append alone was refused. */
export type AppendOutcome =
  | { ok: true; seq: number; prev_hash: string; hash: string; pii_paths: string[]; payload_digest: string }
  | { ok: false; code: LedgerErrorCode; message: string };

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
    const payload = request.payload ?? (JSON.parse(request.payloadJson) as JsonObject);
    return sealPayload(payload, detectPii(payload));
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
 * The public row for an append the writer committed; member order matches linkRow's. Without
 * `payload` (nothing on this thread needed it parsed) the row parses payloadJson on first read.
 */
export function appendedRow(request: AppendRequest, payload: JsonObject | undefined, outcome: Extract<AppendOutcome, { ok: true }>): LedgerRow {
  const { meta } = request;
  let parsed: JsonObject | null | undefined = payload;
  return {
    seq: outcome.seq,
    envelope_id: meta.envelope_id,
    parent_envelope_id: meta.parent_envelope_id,
    kind: meta.kind,
    agent_id: meta.agent_id,
    action: meta.action,
    outcome: meta.outcome,
    risk_tier: meta.risk_tier,
    risk_score: meta.risk_score,
    final_confidence: meta.final_confidence,
    policy_version: meta.policy_version,
    score_version: meta.score_version,
    reviewer_id: meta.reviewer_id,
    review_deadline: meta.review_deadline,
    created_at: request.createdAt,
    get payload(): JsonObject | null {
      if (parsed === undefined) parsed = JSON.parse(request.payloadJson) as JsonObject;
      return parsed;
    },
    set payload(value: JsonObject | null) {
      parsed = value;
    },
    payload_state: 'present',
    pii_paths: outcome.pii_paths,
    payload_digest: outcome.payload_digest,
    prev_hash: outcome.prev_hash,
    hash: outcome.hash,
  };
}

/** Turns a refused append back into the LedgerError its caller sees. */
export function outcomeError(outcome: Extract<AppendOutcome, { ok: false }>): LedgerError {
  // The message already carries the catalogue text; rebuilt as is, not wrapped again.
  return Object.assign(new LedgerError(outcome.code), { message: outcome.message });
}

function refusal(err: unknown): AppendOutcome {
  const message = (err as Error)?.message ?? String(err);
  return err instanceof LedgerError
    ? { ok: false, code: err.code, message: err.message }
    : { ok: false, code: 'LEDGER_WRITE_FAILED', message: new LedgerError('LEDGER_WRITE_FAILED', message).message };
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
