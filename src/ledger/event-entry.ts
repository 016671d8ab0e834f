// A ledger entry that records something that happened rather than a decision (a kill switch
// change, a tool pin, a tunnel, a certificate, a judge's answer, an idempotency conflict): it
// carries no scores and is never queued for review, so those fields are null in one place.

import { newEnvelopeId } from './envelope-id.ts';
import type { EntryKind, LedgerEntry } from './types.ts';

export interface EventEntryFields {
  kind: EntryKind;
  agentId: string | null;
  action: string | null;
  versions: { policy_version: string; score_version: string };
  payload: Record<string, unknown>;
  parentEnvelopeId?: string | null;
  /** A new UUIDv7 unless the caller needs the id before the entry is built. */
  envelopeId?: string;
  /** Events that stop something (a changed tool pin) say so; most have none. */
  outcome?: LedgerEntry['outcome'];
  riskTier?: LedgerEntry['risk_tier'];
}

export function eventEntry(fields: EventEntryFields): LedgerEntry {
  return {
    envelope_id: fields.envelopeId ?? newEnvelopeId(),
    parent_envelope_id: fields.parentEnvelopeId ?? null,
    kind: fields.kind,
    agent_id: fields.agentId,
    action: fields.action,
    outcome: fields.outcome ?? null,
    risk_tier: fields.riskTier ?? null,
    risk_score: null,
    final_confidence: null,
    ...fields.versions,
    reviewer_id: null,
    review_deadline: null,
    payload: fields.payload,
  };
}
