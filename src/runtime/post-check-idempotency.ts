// A post-check is idempotent per pre-check, like an idempotency key: the same request again gets
// the first answer; a different request (another output, which may carry what the first did not)
// is refused with 409 IDEMPOTENCY_CONFLICT and recorded, never answered with the first decision.
// "The same request" is the same canonical digest of the post-check body, stored with the first
// post-check row, so it holds across gateway processes sharing the ledger.

import { ApiError } from '../http/index.ts';
import { canonicalJson, eventEntry, sha256Hex, type LedgerEntry, type LedgerRow } from '../ledger/index.ts';

export const CONFLICT_REASON = 'post_check_body_differs';

/** The canonical digest of a post-check request body (key order and spacing do not matter). */
export function postCheckDigest(body: object): string {
  return sha256Hex(canonicalJson(body));
}

/**
 * The digest the first post-check was recorded with: stored in its payload, or (rows written before
 * it was stored) recomputed from the stored request; null once the payload expired.
 */
export function recordedDigest(row: LedgerRow): string | null {
  const payload = row.payload as { request_digest?: unknown; request?: object } | null;
  if (typeof payload?.request_digest === 'string') return payload.request_digest;
  return payload?.request ? postCheckDigest(payload.request) : null;
}

/** The ledger row of a refused attempt: linked to the pre-check, with digests only (the body may hold secrets). */
export function conflictEntry(first: LedgerRow, rejectedDigest: string, versions: { policy_version: string; score_version: string }): LedgerEntry {
  return eventEntry({
    kind: 'idempotency_conflict', parentEnvelopeId: first.parent_envelope_id, agentId: first.agent_id, action: first.action, versions,
    payload: {
      reason: CONFLICT_REASON,
      pre_check_envelope_id: first.parent_envelope_id,
      post_check_envelope_id: first.envelope_id,
      rejected_request_digest: rejectedDigest,
      recorded_request_digest: recordedDigest(first),
    },
  });
}

export function conflictError(first: LedgerRow): ApiError {
  return new ApiError('IDEMPOTENCY_CONFLICT',
    `Pre-check ${first.parent_envelope_id} already has a post-check (${first.envelope_id}) for a different request body. `
    + 'A post-check is answered once per pre-check: send the same body to read that result, or make a new pre-check for a new execution.',
    { extensions: { pre_check_envelope_id: first.parent_envelope_id, post_check_envelope_id: first.envelope_id } });
}
