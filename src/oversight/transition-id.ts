// Deterministic envelope ids for review transitions and grant uses. The ledger is append-only
// and envelope_id is unique in both stores, so "the n-th transition of item X" can be written
// once only: two reviewers (or gateway processes) acting on the same state compute the same id
// and the store refuses the second (LEDGER_DUPLICATE_ENVELOPE). That is compare-and-set on an
// append-only log, with no lock and no update. The ids are UUIDv8 (RFC 9562 "custom").

import { createHash } from 'node:crypto';

export function derivedEnvelopeId(...parts: Array<string | number>): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const reviewTransitionId = (itemId: string, n: number): string => derivedEnvelopeId('review', itemId, n);
export const reviewVoteId = (itemId: string, principal: string): string => derivedEnvelopeId('vote', itemId, principal);
export const grantUseId = (grantId: string, n: number): string => derivedEnvelopeId('grant-use', grantId, n);

/** True when a ledger append failed because the id was already written (someone acted first). */
export function isDuplicateEnvelope(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'LEDGER_DUPLICATE_ENVELOPE';
}
