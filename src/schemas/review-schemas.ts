// Bodies of the review lifecycle (/v1/review/queue/{id}/...) and approval grants (/v1/approvals).

import { REVIEW_STATUSES } from '../ledger/types.ts';
import { AGENT_ID_PATTERN, IDENTIFIER_TEXT_PATTERN, NO_CONTROL_CHARACTERS_PATTERN } from './text-patterns.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const note = { type: 'string', minLength: 1, maxLength: 4000, description: 'Why: recorded in the ledger.' };
const reviewerId = { type: 'string', maxLength: 256, pattern: NO_CONTROL_CHARACTERS_PATTERN, description: 'Who acts, when auth is off (with auth on, the caller\'s identity is used).' };
const principal = { type: 'string', minLength: 1, maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN };

export const ReviewActionRequest = {
  type: 'object',
  additionalProperties: false,
  properties: { note, reviewer_id: reviewerId },
};

export const ReviewReassignRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['to'],
  properties: { to: { ...principal, description: 'Who holds the item next (`kind:subject`, e.g. user:alice).' }, note, reviewer_id: reviewerId },
};

export const ReviewCommentRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note, reviewer_id: reviewerId },
};

export const ReviewHistoryEntry = {
  type: 'object',
  required: ['envelope_id', 'kind', 'action', 'by', 'note', 'at'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    kind: { type: 'string' },
    action: { type: 'string', enum: ['claim', 'release', 'reassign', 'comment', 'vote', 'approve', 'reject', 'expire'] },
    by: { type: ['string', 'null'] },
    note: { type: ['string', 'null'] },
    at: { type: 'string', format: 'date-time' },
    assignee: { type: ['string', 'null'] },
  },
};

export const ReviewItemDetail = {
  type: 'object',
  required: ['envelope_id', 'status', 'overdue', 'review_deadline', 'claimed_by', 'approvals', 'required_approvals', 'verdict', 'requested_by', 'revision', 'history', 'call', 'agent_history'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: REVIEW_STATUSES },
    overdue: { type: 'boolean' },
    review_deadline: { type: ['string', 'null'], format: 'date-time' },
    claimed_by: { type: ['string', 'null'] },
    approvals: { type: 'array', items: { type: 'string' }, description: 'Distinct approvers so far.' },
    required_approvals: { type: 'integer', description: 'Distinct approvers the item\'s tier needs (decision.yaml required_approvals).' },
    on_expiry: { type: 'string', enum: ['approve', 'block'] },
    verdict: {
      type: ['object', 'null'],
      properties: {
        envelope_id: { type: 'string' }, outcome: { type: 'string', enum: ['approve', 'block'] }, by: { type: ['string', 'null'] },
        note: { type: 'string' }, approvers: { type: 'array', items: { type: 'string' } }, at: { type: 'string', format: 'date-time' },
      },
    },
    requested_by: { type: ['string', 'null'], description: 'The credential that made the call; it may never resolve it.' },
    revision: { type: 'integer', description: 'Rows linked so far; `?wait=` returns when it moves.' },
    history: { type: 'array', items: ref('ReviewHistoryEntry'), description: 'Every transition and comment, oldest first.' },
    call: {
      type: 'object',
      description: 'The call under review: kind, agent, tool and arguments, scores and failures, risk factors, decision.',
      properties: {
        kind: { type: 'string' }, agent_id: { type: ['string', 'null'] }, tool: { type: ['string', 'null'] },
        arguments: {}, request: {}, validation: {}, risk: {}, decision: {}, created_at: { type: 'string', format: 'date-time' },
      },
    },
    agent_history: { type: 'array', items: ref('AuditRecordSummary'), description: 'The agent\'s most recent records, newest first.' },
    masked_paths: {
      type: 'array', items: { type: 'string' },
      description: 'Present when the caller\'s roles do not include reading personal data (only admin and auditor do): the item\'s payload fields (its pii_paths, e.g. request.params.email) '
        + 'that read "[masked: pii]" in call and tool_change. Personal data in linked rows (a note) is masked the same way.',
    },
    tool_change: {
      type: 'object',
      description: 'Only for a changed MCP tool definition (call.kind tool_change): approving it accepts the new definition for every sidecar of the fleet; rejecting keeps the tool blocked.',
      required: ['type', 'route', 'tool', 'old_hash', 'new_hash', 'old_definition', 'new_definition', 'diff'],
      properties: {
        type: { type: 'string', enum: ['tool_definition_change'] },
        route: { type: 'string' }, upstream: { type: ['string', 'null'] }, tool: { type: 'string' },
        old_hash: { type: 'string' }, new_hash: { type: 'string' },
        old_definition: { type: ['object', 'null'], description: 'The pinned definition (title, description, inputSchema, annotations).' },
        new_definition: { type: 'object' },
        diff: {
          type: 'object',
          required: ['added', 'removed', 'changed', 'unified'],
          properties: {
            added: { type: 'array', items: { type: 'object', properties: { path: { type: 'string', description: 'JSON Pointer' }, after: {} } } },
            removed: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, before: {} } } },
            changed: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, before: {}, after: {} } } },
            unified: { type: 'string', description: 'Unified diff of the canonical JSON (keys sorted, indented) of both definitions.' },
          },
        },
      },
    },
  },
};

export const ApprovalScope = {
  type: 'object',
  additionalProperties: false,
  required: ['scope'],
  properties: {
    scope: {
      type: 'string', enum: ['once', 'session', 'count', 'ttl', 'condition'],
      description: 'once: this exact tool and arguments, one more call; session: calls of this tool in one session; count: the next N calls of the tool; ttl: calls of the tool until it expires; condition: calls whose arguments satisfy a CEL expression over `args`.',
    },
    count: { type: 'integer', minimum: 1, maximum: 10000 },
    session_id: { type: 'string', minLength: 1, maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN },
    ttl_seconds: { type: 'integer', minimum: 1, maximum: 31536000, description: 'Expires after this long (default 24 h).' },
    condition: { type: 'string', minLength: 1, maxLength: 2000, description: 'A CEL expression over `args` (the call\'s arguments), e.g. `args.amount <= 500.0`.' },
  },
};

export const ApprovalGrantRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['agent_id', 'tool', 'grant', 'note'],
  properties: {
    agent_id: { type: 'string', minLength: 1, maxLength: 256, pattern: AGENT_ID_PATTERN },
    tool: { type: 'string', minLength: 1, maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN },
    arguments: { type: 'object', description: 'scope once: the exact arguments approved.' },
    grant: ref('ApprovalScope'),
    note,
    reviewer_id: reviewerId,
  },
};

export const ApprovalGrant = {
  type: 'object',
  required: ['id', 'agent_id', 'tool', 'scope', 'granted_by', 'note', 'created_at', 'expires_at', 'uses', 'max_uses', 'revoked', 'active'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'The grant\'s ledger row.' },
    agent_id: { type: 'string' },
    tool: { type: 'string' },
    scope: { type: 'string' },
    arguments_hash: { type: ['string', 'null'], description: 'scope once: SHA-256 of the canonical JSON of {tool, arguments}.' },
    session_id: { type: ['string', 'null'] },
    condition: { type: ['string', 'null'] },
    granted_by: { type: 'string' },
    note: { type: 'string' },
    from_review: { type: ['string', 'null'], description: 'The review item whose approval gave it.' },
    created_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
    uses: { type: 'integer' },
    max_uses: { type: ['integer', 'null'] },
    revoked: { type: 'boolean' },
    active: { type: 'boolean' },
  },
};

export const ApprovalGrantList = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: ref('ApprovalGrant') } },
};
