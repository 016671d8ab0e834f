// Checks an entry against the LedgerEntry contract before it joins a batch, so one bad entry is
// refused on its own instead of failing the transaction its neighbours share.

import { OUTCOMES, RISK_TIERS } from '../governance/types.ts';
import { LedgerError } from './ledger-errors.ts';
import { ENTRY_KINDS, type LedgerEntry } from './types.ts';

const NULLABLE_STRINGS = ['parent_envelope_id', 'agent_id', 'action', 'reviewer_id'] as const;
const NULLABLE_NUMBERS = ['risk_score', 'final_confidence'] as const;

/**
 * Returns a normalized copy: missing nullable fields become null, the payload becomes plain JSON
 * (what the store will read back), review_deadline becomes ISO-8601 UTC so it compares as text.
 */
export function validateEntry(input: LedgerEntry): LedgerEntry {
  return checkEntry(input).entry;
}

/**
 * validateEntry, plus the payload's JSON text: the copy is made by parsing that text, and the
 * text is exactly what the store writes, so the payload is serialized once per append.
 */
export function checkEntry(input: LedgerEntry): { entry: LedgerEntry; payloadJson: string } {
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
  if (entry.payload === null || typeof entry.payload !== 'object' || Array.isArray(entry.payload)) fail('payload must be a JSON object');
  let payloadJson = '';
  try {
    payloadJson = JSON.stringify(entry.payload);
    entry.payload = JSON.parse(payloadJson);
  } catch (err) {
    fail(`payload is not JSON-serializable (${(err as Error).message})`);
  }
  if (entry.payload === null || typeof entry.payload !== 'object' || Array.isArray(entry.payload)) fail('payload must serialize to a JSON object');
  return { entry, payloadJson };
}
