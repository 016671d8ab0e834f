// Response bodies of the runtime API. Tests validate real responses against these, so the
// OpenAPI document cannot drift from what the gateway sends.

import { CHECKS, OUTCOMES, RISK_TIERS, SEVERITIES } from '../governance/types.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const score = { type: 'number', minimum: 0, maximum: 100 };
const nullableScore = { type: ['number', 'null'], minimum: 0, maximum: 100 };
const uuid = { type: 'string', format: 'uuid' };

export const Failure = {
  type: 'object',
  required: ['code', 'check', 'message', 'severity'],
  properties: {
    code: { type: 'string', description: 'Stable code, listed in docs/scoring.md.', examples: ['TOOL_UNDECLARED'] },
    check: { type: 'string', enum: CHECKS },
    message: { type: 'string' },
    severity: { type: 'string', enum: SEVERITIES },
    path: { type: 'string', description: 'Where in the request, when one applies.', examples: ['execution.tools_called[1]'] },
  },
};

export const Validation = {
  type: 'object',
  required: ['schema_score', 'evidence_score', 'tool_trust_score', 'consistency_score', 'policy_score', 'judge_score',
    'historical_reliability', 'safety_score', 'contradiction_score', 'final_confidence', 'failures'],
  properties: {
    schema_score: score,
    evidence_score: score,
    tool_trust_score: { ...score, description: '100 = every tool declared, in scope and within limits. Below 100 blocks a pre-check.' },
    consistency_score: score,
    policy_score: score,
    judge_score: { ...nullableScore, description: 'null until the LLM judge has run.' },
    historical_reliability: score,
    safety_score: score,
    contradiction_score: { ...score, description: '0 = nothing in the output contradicts the tool results.' },
    final_confidence: score,
    failures: { type: 'array', items: ref('Failure') },
  },
};

export const Risk = {
  type: 'object',
  required: ['tier', 'score', 'reason', 'action_severity', 'business_impact', 'confidence_gap', 'policy_sensitivity'],
  properties: {
    tier: { type: 'string', enum: RISK_TIERS },
    score,
    reason: { type: 'string' },
    action_severity: score,
    business_impact: score,
    confidence_gap: score,
    policy_sensitivity: score,
  },
};

export const Decision = {
  type: 'object',
  required: ['outcome', 'reason', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline', 'judge_latency_ms'],
  properties: {
    outcome: { type: 'string', enum: OUTCOMES },
    reason: { type: 'string', description: 'A single string, not a list.' },
    policy_version: { type: 'string' },
    score_version: { type: 'string' },
    reviewer_id: { type: ['string', 'null'] },
    review_deadline: { type: ['string', 'null'], format: 'date-time' },
    judge_latency_ms: { type: ['number', 'null'] },
  },
};

export const TrustChain = {
  type: 'object',
  required: ['parent_envelope_id', 'parent_agent_id', 'depth', 'lineage', 'trusted', 'failures'],
  properties: {
    parent_envelope_id: uuid,
    parent_agent_id: { type: ['string', 'null'] },
    depth: { type: 'integer', minimum: 1, description: 'This execution\'s depth: 2 for the child of a root.' },
    lineage: { type: 'array', items: uuid, description: 'Envelope ids from the root to the parent.' },
    trusted: { type: 'boolean' },
    failures: { type: 'array', items: ref('Failure') },
  },
};

const common = {
  envelope_id: { ...uuid, description: 'The ledger record of this decision: a UUIDv7, so ids sort by the time they were made.' },
  validation: ref('Validation'),
  risk: ref('Risk'),
  decision: ref('Decision'),
  latency_ms: { type: 'number', minimum: 0, description: 'Gateway processing time.' },
  governance_disclosure: { type: 'string' },
};

export const ValidateResponse = {
  type: 'object',
  required: [...Object.keys(common), 'trust_chain', 'confidence_rationale'],
  properties: {
    ...common,
    trust_chain: { oneOf: [ref('TrustChain'), { type: 'null' }] },
    confidence_rationale: { type: 'string' },
  },
};

export const PreCheckResponse = {
  type: 'object',
  description: 'The validate response without trust_chain and confidence_rationale. Do not parse it as a validate response.',
  required: Object.keys(common),
  not: { anyOf: [{ required: ['trust_chain'] }, { required: ['confidence_rationale'] }] },
  properties: common,
};

export const PostCheckResponse = {
  type: 'object',
  description: 'The validate response shape for the executed action, plus the pre-check it completes. A repeated post-check returns the first result unchanged.',
  required: [...ValidateResponse.required, 'pre_check_envelope_id'],
  properties: { ...ValidateResponse.properties, pre_check_envelope_id: uuid },
};

export const KillSwitchState = {
  type: 'object',
  required: ['active', 'reason', 'updated_by', 'updated_at', 'envelope_id'],
  properties: {
    active: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
    updated_by: { type: ['string', 'null'] },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
    envelope_id: { type: ['string', 'null'], format: 'uuid', description: 'The ledger row that recorded the last change.' },
  },
};

export const DecisionRerunResponse = {
  type: 'object',
  required: ['envelope_id', 'source_envelope_id', 'previous', 'changed', 'validation', 'risk', 'decision', 'latency_ms'],
  properties: {
    envelope_id: { ...uuid, description: 'The new ledger row recording this re-run.' },
    source_envelope_id: uuid,
    previous: {
      type: 'object',
      required: ['outcome', 'policy_version', 'score_version'],
      properties: { outcome: { type: ['string', 'null'], enum: [...OUTCOMES, null] }, policy_version: { type: 'string' }, score_version: { type: 'string' } },
    },
    changed: { type: 'boolean', description: 'Whether the outcome differs from the stored one.' },
    validation: ref('Validation'),
    risk: ref('Risk'),
    decision: ref('Decision'),
    latency_ms: { type: 'number', minimum: 0 },
  },
};
