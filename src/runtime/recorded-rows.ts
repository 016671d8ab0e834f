// What the runtime reads back from a recorded row (the request it stored, the session count a
// sidecar saw, a post-check's stored answer, the trust chain) and the payload parts it adds to
// the rows it writes (who called, the review that answered, what the sidecar saw).

import type { ParentEnvelope } from '../governance/index.ts';
import type { LedgerRow } from '../ledger/index.ts';
import { ApiError } from '../http/index.ts';
import type { StoredRequest } from './inputs.ts';
import type { ResponseBody } from './responses.ts';
import type { PostCheckResult, SidecarFacts } from './runtime-types.ts';

/** The facts of a pre-check a post-check reads: its id and outcome (and, once reviewed, why). */
export type PreCheckRef = Pick<LedgerRow, 'envelope_id' | 'outcome'> & { reason?: string; review?: { outcome: string; reason: string } };

export function storedRequest(row: LedgerRow): StoredRequest {
  if (!row.payload) {
    throw new ApiError('PAYLOAD_UNAVAILABLE', `The payload of envelope ${row.envelope_id} is no longer available (payload retention); its metadata and hash remain in the ledger.`);
  }
  return row.payload as unknown as StoredRequest;
}

export function principalPayload(facts: SidecarFacts): Record<string, unknown> {
  return facts.principal ? { principal: facts.principal } : {};
}

export function reviewPayload(pre: PreCheckRef): Record<string, unknown> {
  return pre.review ? { review: pre.review } : {};
}

export function sidecarPayload(facts: SidecarFacts): Record<string, unknown> {
  if (facts.record === undefined && facts.priorSessionCalls === undefined) return {};
  return { sidecar: { ...facts.record, ...(facts.priorSessionCalls === undefined ? {} : { prior_session_calls: facts.priorSessionCalls }) } };
}

/** A re-run of a sidecar pre-check sees the session count the first run saw. */
export function priorSessionCalls(row: LedgerRow): number | undefined {
  if (row.kind !== 'pre_check') return undefined;
  const count = (row.payload?.sidecar as { prior_session_calls?: unknown } | undefined)?.prior_session_calls;
  return typeof count === 'number' ? count : undefined;
}

export function replay(row: LedgerRow): PostCheckResult {
  const response = (storedRequest(row) as { response?: ResponseBody }).response;
  if (!response) throw new ApiError('PAYLOAD_UNAVAILABLE', `The stored result of post-check ${row.envelope_id} is no longer available.`);
  return { body: response, replayed: true };
}

export function parentEnvelope(row: LedgerRow): ParentEnvelope {
  const chain = (row.payload?.response as { trust_chain?: { depth?: number; lineage?: string[] } } | undefined)?.trust_chain;
  return {
    envelopeId: row.envelope_id,
    agentId: row.agent_id ?? '',
    outcome: row.outcome ?? 'approve',
    depth: chain?.depth ?? 1,
    lineage: [...(chain?.lineage ?? []), row.envelope_id],
  };
}
