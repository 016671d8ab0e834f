// GovernanceEvaluation -> the response bodies the spec defines, and the ledger entries that record
// them. The pre-check body deliberately lacks trust_chain and confidence_rationale.

import type { GovernanceEvaluation } from '../governance/index.ts';
import type { EntryKind, LedgerEntry } from '../ledger/index.ts';

export type ResponseBody = Record<string, unknown> & { envelope_id: string };

function decisionBody(evaluation: GovernanceEvaluation): Record<string, unknown> {
  const { decided_by: _decidedBy, ...decision } = evaluation.decision;
  return decision;
}

export function preCheckResponse(envelopeId: string, evaluation: GovernanceEvaluation, latencyMs: number): ResponseBody {
  return {
    envelope_id: envelopeId,
    validation: evaluation.validation,
    risk: evaluation.risk,
    decision: decisionBody(evaluation),
    latency_ms: latencyMs,
    governance_disclosure: evaluation.governance_disclosure,
  };
}

export function validateResponse(envelopeId: string, evaluation: GovernanceEvaluation, latencyMs: number): ResponseBody {
  return {
    ...preCheckResponse(envelopeId, evaluation, latencyMs),
    trust_chain: evaluation.trust_chain,
    confidence_rationale: evaluation.confidence_rationale,
  };
}

export function postCheckResponse(envelopeId: string, preCheckId: string, evaluation: GovernanceEvaluation, latencyMs: number): ResponseBody {
  return { ...validateResponse(envelopeId, evaluation, latencyMs), pre_check_envelope_id: preCheckId };
}

export interface EntryFacts {
  kind: EntryKind;
  envelopeId: string;
  parentEnvelopeId: string | null;
  agentId: string;
  action: string | null;
  evaluation: GovernanceEvaluation;
  payload: Record<string, unknown>;
}

export function ledgerEntry(facts: EntryFacts): LedgerEntry {
  const { evaluation } = facts;
  return {
    envelope_id: facts.envelopeId,
    parent_envelope_id: facts.parentEnvelopeId,
    kind: facts.kind,
    agent_id: facts.agentId,
    action: facts.action,
    outcome: evaluation.decision.outcome,
    risk_tier: evaluation.risk.tier,
    risk_score: evaluation.risk.score,
    final_confidence: evaluation.validation.final_confidence,
    policy_version: evaluation.decision.policy_version,
    score_version: evaluation.decision.score_version,
    reviewer_id: evaluation.decision.reviewer_id,
    review_deadline: evaluation.decision.review_deadline,
    payload: { ...facts.payload, decided_by: evaluation.decision.decided_by },
  };
}
