// Checks an entry against the LedgerEntry contract before it joins a batch, so one bad entry is
// refused on its own instead of failing the transaction its neighbours share.

import { OUTCOMES, RISK_TIERS } from '../governance/types.ts';
import { LedgerError } from './ledger-errors.ts';
import { ENTRY_KINDS, type LedgerEntry } from './types.ts';

const NULLABLE_STRINGS = ['parent_envelope_id', 'agent_id', 'action', 'reviewer_id'] as const;
const NULLABLE_NUMBERS = ['risk_score', 'final_confidence'] as const;
const TEXT_FIELDS = ['envelope_id', 'policy_version', 'score_version'] as const;

/** An entry's fields without its payload: what crosses to the writer beside the payload's text. */
export type EntryMetadata = Omit<LedgerEntry, 'payload'>;

/**
 * Returns a normalized copy: missing nullable fields become null, the payload becomes plain JSON
 * (what the store will read back), review_deadline becomes ISO-8601 UTC so it compares as text.
 */
export function validateEntry(input: LedgerEntry): LedgerEntry {
  const { meta, payloadJson } = checkEntry(input);
  return { ...input, ...meta, payload: JSON.parse(payloadJson) };
}

/**
 * validateEntry without the copy of the payload: its normalized fields, and the payload as the
 * JSON text the store writes. The store parses that text only where it needs the object.
 */
export function checkEntry(input: LedgerEntry): { meta: EntryMetadata; payloadJson: string } {
  const fail = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ENTRY', why); };
  const { meta, payload } = checkEntryMetadata(input);
  let payloadJson: string | undefined;
  try {
    payloadJson = JSON.stringify(payload);
  } catch (err) {
    fail(`payload is not JSON-serializable (${(err as Error).message})`);
  }
  // JSON.stringify writes an object as '{...}' and nothing else that way (toJSON may return anything).
  if (typeof payloadJson !== 'string' || payloadJson[0] !== '{') fail('payload must serialize to a JSON object');
  return { meta, payloadJson: payloadJson as string };
}

/**
 * checkEntry without serializing the payload: the normalized fields, and the payload object once
 * it is known to be a non-array object. Whoever serializes it must still refuse what does not
 * serialize to a JSON object (the PostgreSQL store does so while sealing: payload-text.ts).
 */
export function checkEntryMetadata(input: LedgerEntry): { meta: EntryMetadata; payload: object } {
  const fail = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ENTRY', why); };
  if (input === null || typeof input !== 'object') fail('entry must be an object');
  const entry = { ...input };
  if (typeof entry.envelope_id !== 'string' || entry.envelope_id === '') fail('envelope_id must be a non-empty string');
  if (!(ENTRY_KINDS as readonly string[]).includes(entry.kind)) fail(`kind must be one of ${ENTRY_KINDS.join(', ')}`);
  for (const field of ['policy_version', 'score_version'] as const) {
    if (typeof entry[field] !== 'string') fail(`${field} must be a string`);
  }
  for (const field of NULLABLE_STRINGS) {
    entry[field] ??= null;
    if (entry[field] !== null && typeof entry[field] !== 'string') fail(`${field} must be a string or null`);
  }
  for (const field of NULLABLE_NUMBERS) {
    entry[field] ??= null;
    // SQLite stores NaN as NULL, which would silently break the row hash.
    if (entry[field] !== null && !Number.isFinite(entry[field])) fail(`${field} must be a finite number or null`);
  }
  entry.outcome ??= null;
  if (entry.outcome !== null && !OUTCOMES.includes(entry.outcome)) fail(`outcome must be one of ${OUTCOMES.join(', ')} or null`);
  entry.risk_tier ??= null;
  if (entry.risk_tier !== null && !RISK_TIERS.includes(entry.risk_tier)) fail(`risk_tier must be one of ${RISK_TIERS.join(', ')} or null`);
  entry.review_deadline ??= null;
  if (entry.review_deadline !== null) {
    const at = typeof entry.review_deadline === 'string' ? Date.parse(entry.review_deadline) : Number.NaN;
    if (Number.isNaN(at)) fail('review_deadline must be an ISO-8601 timestamp or null');
    entry.review_deadline = new Date(at).toISOString();
  }
  // Both stores keep text as UTF-8: a lone surrogate would be stored as U+FFFD and no longer match
  // the hash, and PostgreSQL refuses NUL in text (failing the whole batch).
  for (const field of [...TEXT_FIELDS, ...NULLABLE_STRINGS, 'review_deadline'] as const) {
    const value = entry[field];
    if (typeof value === 'string' && (!value.isWellFormed() || value.includes('\u0000'))) fail(`${field} must be well-formed Unicode without NUL characters`);
  }
  if (entry.payload === null || typeof entry.payload !== 'object' || Array.isArray(entry.payload)) fail('payload must be a JSON object');
  const meta: EntryMetadata = {
    envelope_id: entry.envelope_id,
    parent_envelope_id: entry.parent_envelope_id,
    kind: entry.kind,
    agent_id: entry.agent_id,
    action: entry.action,
    outcome: entry.outcome,
    risk_tier: entry.risk_tier,
    risk_score: entry.risk_score,
    final_confidence: entry.final_confidence,
    policy_version: entry.policy_version,
    score_version: entry.score_version,
    reviewer_id: entry.reviewer_id,
    review_deadline: entry.review_deadline,
  };
  return { meta, payload: entry.payload };
}
