// One append on its way to a store's writer, and what comes back: the seq and hashes the chain
// assigned, or why that append alone was refused. Shared by the SQLite writer (which receives it
// as plain data across a thread boundary) and the PostgreSQL writer.

import diagnostics_channel from 'node:diagnostics_channel';
import type { EntryMetadata } from './entry-validation.ts';
import { LedgerError, type LedgerErrorCode } from './ledger-errors.ts';
import type { JsonObject, SealedPayload } from './chain/pii-commitments.ts';
import type { Span } from './chain/payload-text.ts';
import type { LedgerRow } from './types.ts';
import { withLazyPayload } from './lazy-payload.ts';

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
  /** PostgreSQL: where each PII leaf sits in payloadJson, which is then canonical (payload-text.ts). */
  piiSpans?: Span[];
}

/** What the chain assigned to one append, or why that append alone was refused. */
export type AppendOutcome =
  | { ok: true; seq: number; prev_hash: string; hash: string; pii_paths: string[]; payload_digest: string }
  | { ok: false; code: LedgerErrorCode; message: string };

/**
 * The public row for an append the writer committed; member order matches linkRow's. Without
 * `payload` (nothing on this thread needed it parsed) the row parses payloadJson on first read.
 */
export function appendedRow(request: AppendRequest, payload: JsonObject | undefined, outcome: Extract<AppendOutcome, { ok: true }>): LedgerRow {
  const { meta } = request;
  const row: LedgerRow = {
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
    payload: payload ?? null,
    payload_state: 'present',
    pii_paths: outcome.pii_paths,
    payload_digest: outcome.payload_digest,
    prev_hash: outcome.prev_hash,
    hash: outcome.hash,
  };
  if (payload !== undefined) return row;
  // The loader keeps the payload's text alone alive, not the whole request (its metadata, sealing).
  const { payloadJson } = request;
  return withLazyPayload(row, () => JSON.parse(payloadJson) as JsonObject);
}

/** Turns a refused append back into the LedgerError its caller sees. */
export function outcomeError(outcome: Extract<AppendOutcome, { ok: false }>): LedgerError {
  // The message already carries the catalogue text; rebuilt as is, not wrapped again.
  return Object.assign(new LedgerError(outcome.code), { message: outcome.message });
}

export function refusal(err: unknown): AppendOutcome {
  const message = (err as Error)?.message ?? String(err);
  return err instanceof LedgerError
    ? { ok: false, code: err.code, message: err.message }
    : { ok: false, code: 'LEDGER_WRITE_FAILED', message: new LedgerError('LEDGER_WRITE_FAILED', message).message };
}

/** Published after every committed batch, by either store; metrics subscribe. */
export const LEDGER_APPEND_CHANNEL = 'gateway:ledger:append';
const appendChannel = diagnostics_channel.channel(LEDGER_APPEND_CHANNEL);

/** What one append of a batch comes to: its row, or why it alone was refused. */
export type Settled = { ok: true; row: LedgerRow } | { ok: false; error: LedgerError };

/**
 * Turns a committed batch's outcomes into each append's answer and publishes the batch on
 * `gateway:ledger:append`. `payloads` are the appended payload objects, where the caller kept them.
 */
export function settleBatch(
  store: 'sqlite' | 'postgres', startedAt: number, requests: readonly AppendRequest[],
  payloads: ReadonlyArray<JsonObject | undefined>, outcomes: readonly AppendOutcome[],
): Settled[] {
  if (appendChannel.hasSubscribers) {
    appendChannel.publish({ batchSize: requests.length, durationMs: performance.now() - startedAt, store });
  }
  return outcomes.map((outcome, i): Settled => (outcome.ok
    ? { ok: true, row: appendedRow(requests[i], payloads[i], outcome) }
    : { ok: false, error: outcomeError(outcome) }));
}

/**
 * Stamps each queued append with its created_at, in seq order, as the batch leaves for the writer.
 * A clock that throws fails the whole batch (LEDGER_WRITE_FAILED), before anything is written.
 */
export function stampBatch(batch: ReadonlyArray<{ request: Omit<AppendRequest, 'createdAt'> }>, now: () => Date): AppendRequest[] {
  try {
    return batch.map(({ request }) => ({ ...request, createdAt: now().toISOString() }));
  } catch (err) {
    throw new LedgerError('LEDGER_WRITE_FAILED', (err as Error).message, { cause: err });
  }
}
