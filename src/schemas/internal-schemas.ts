// Bodies of the internal API that sidecars record through (/v1/internal/*, served by the central
// gateway only). Strict on purpose: a sidecar sends entries, never seq, prev_hash, hash or
// created_at, which the central gateway computes itself, so no caller can rewrite the chain.

import { OUTCOMES, RISK_TIERS } from '../governance/types.ts';
import { AGENT_ID_PATTERN } from './runtime-requests.ts';

/** The kinds a sidecar may append (tool_change: a changed MCP tool definition it saw). kill_switch, review and outcome_unknown rows are made by the central gateway only. */
export const SIDECAR_ENTRY_KINDS = ['validate', 'pre_check', 'post_check', 'decision', 'tool_pin', 'tool_change', 'tunnel', 'idempotency_conflict', 'approval_use'] as const;
export const INTERNAL_APPEND_MAX_ENTRIES = 500;

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const score = { type: 'number', minimum: 0, maximum: 100 };
const uuid = { type: 'string', format: 'uuid' };
const version = { type: 'string', minLength: 1, maxLength: 128 };

export const InternalLedgerEntry = {
  type: 'object',
  description: 'One ledger entry as the sidecar made it. The central gateway assigns seq, created_at, digests and hashes, and records the calling credential in payload.recorded_by.',
  additionalProperties: false,
  required: [
    'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier', 'risk_score',
    'final_confidence', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline', 'payload',
  ],
  properties: {
    envelope_id: uuid,
    parent_envelope_id: nullable(uuid),
    kind: { type: 'string', enum: SIDECAR_ENTRY_KINDS },
    agent_id: nullable({ type: 'string', pattern: AGENT_ID_PATTERN, minLength: 1, maxLength: 256 }),
    action: nullable({ type: 'string', minLength: 1, maxLength: 512 }),
    outcome: nullable({ type: 'string', enum: OUTCOMES }),
    risk_tier: nullable({ type: 'string', enum: RISK_TIERS }),
    risk_score: nullable(score),
    final_confidence: nullable(score),
    policy_version: version,
    score_version: version,
    reviewer_id: nullable({ type: 'string', minLength: 1, maxLength: 256 }),
    review_deadline: nullable({ type: 'string', format: 'date-time' }),
    payload: { type: 'object' },
  },
};

export const InternalAppendRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['entries'],
  properties: {
    entries: { type: 'array', minItems: 1, maxItems: INTERNAL_APPEND_MAX_ENTRIES, items: { $ref: '#/components/schemas/InternalLedgerEntry' } },
  },
};

export const InternalAppendResponse = {
  type: 'object',
  description: 'One result per entry, in order: the stored row, or why that entry alone was refused (a duplicate post-check, say).',
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['row'], properties: { row: { type: 'object', description: 'The stored row (an AuditRecord with seq, prev_hash and hash); without `payload` when the request had `Prefer: return=minimal`.' } } },
          { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['code', 'detail'], properties: { code: { type: 'string' }, detail: { type: 'string' } } } } },
        ],
      },
    },
    recorded_by: {
      type: 'object',
      required: ['principal', 'tier'],
      properties: { principal: { type: 'string' }, tier: { type: 'string' } },
      description: 'With `Prefer: return=minimal` only: what this gateway added to each payload as `recorded_by` (the credential that sent the entries).',
    },
  },
};

export const InternalRow = {
  type: 'object',
  required: ['row'],
  properties: { row: { type: ['object', 'null'], description: 'The full row (with payload), or null when there is none.' } },
};

export const InternalChildren = {
  type: 'object',
  required: ['rows'],
  properties: { rows: { type: 'array', items: { type: 'object' }, description: 'Every row linked to the parent, oldest first (with payloads).' } },
};

export const InternalRowList = {
  type: 'object',
  required: ['rows', 'total'],
  properties: { rows: { type: 'array', items: { type: 'object' } }, total: { type: 'integer' } },
};

export const InternalRecentOutcomes = {
  type: 'object',
  required: ['outcomes'],
  properties: {
    outcomes: {
      type: 'array',
      items: {
        type: 'object', required: ['outcome', 'final_confidence', 'created_at'],
        properties: { outcome: { type: 'string', enum: OUTCOMES }, final_confidence: { type: ['number', 'null'] }, created_at: { type: 'string' } },
      },
    },
  },
};

export const InternalLedgerHead = {
  type: 'object',
  required: ['seq', 'hash'],
  properties: { seq: { type: 'integer' }, hash: { type: 'string' }, reachable: { type: 'boolean' } },
};

export const FleetState = {
  type: 'object',
  description: 'What every sidecar must follow: the kill switch and the central gateway\'s policy version. The ETag names this state; send it back in If-None-Match with ?wait= to long-poll.',
  required: ['kill_switch', 'policy_version', 'etag'],
  properties: {
    kill_switch: {
      type: 'object', required: ['active', 'envelope_id'],
      properties: {
        active: { type: 'boolean' }, reason: { type: ['string', 'null'] }, updated_by: { type: ['string', 'null'] },
        updated_at: { type: ['string', 'null'] }, envelope_id: { type: ['string', 'null'] },
      },
    },
    policy_version: { type: 'string' },
    etag: { type: 'string' },
  },
};
