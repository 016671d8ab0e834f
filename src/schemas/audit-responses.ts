// Shapes of the audit, review, health and error bodies: the parts the spec leaves "not shown".

import { OUTCOMES, RISK_TIERS } from '../governance/types.ts';
import { ENTRY_KINDS, EXECUTION_STATUSES, REVIEW_STATUSES } from '../ledger/types.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const hex = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const nullable = (schema: Record<string, unknown>) => ({ ...schema, type: [schema.type as string, 'null'] });

const summaryProperties = {
  seq: { type: 'integer', minimum: 1 },
  envelope_id: { type: 'string', format: 'uuid' },
  parent_envelope_id: { type: ['string', 'null'], format: 'uuid' },
  kind: { type: 'string', enum: ENTRY_KINDS },
  agent_id: { type: ['string', 'null'] },
  action: { type: ['string', 'null'] },
  outcome: { type: ['string', 'null'], enum: [...OUTCOMES, null] },
  risk_tier: { type: ['string', 'null'], enum: [...RISK_TIERS, null] },
  risk_score: nullable({ type: 'number' }),
  final_confidence: nullable({ type: 'number' }),
  policy_version: { type: 'string' },
  score_version: { type: 'string' },
  reviewer_id: { type: ['string', 'null'] },
  review_deadline: { type: ['string', 'null'], format: 'date-time' },
  created_at: { type: 'string', format: 'date-time' },
  payload_state: { type: 'string', enum: ['present', 'erased', 'expired'], description: 'expired: past the 90-day payload retention; erased: PII masked on request.' },
  pii_paths: { type: 'array', items: { type: 'string' }, description: 'Payload fields that held personal data.' },
  payload_digest: hex,
  prev_hash: hex,
  hash: hex,
};

export const AuditRecordSummary = {
  type: 'object',
  required: Object.keys(summaryProperties),
  properties: {
    ...summaryProperties,
    execution_status: { type: 'string', enum: EXECUTION_STATUSES, description: 'With ?status= only: where the pre-check\'s call stands.' },
    outcome_envelope_id: { type: ['string', 'null'], format: 'uuid', description: 'With ?status= only: the post_check or outcome_unknown row that settled the call.' },
  },
};

export const AuditRecord = {
  type: 'object',
  required: [...Object.keys(summaryProperties), 'payload'],
  properties: {
    ...summaryProperties,
    payload: {
      type: ['object', 'null'],
      description: 'The full record (request, scores, decision). null once the payload retention has expired it.',
    },
    payload_note: { type: 'string', description: 'Present when the payload is erased or no longer available.' },
    masked_paths: {
      type: 'array', items: { type: 'string' },
      description: 'Present when the caller\'s roles do not include reading personal data (only admin and auditor do): the payload fields of pii_paths that read "[masked: pii]" in this answer. '
        + 'A field already erased reads "[erased]" and is not listed.',
    },
  },
};

export const AuditList = {
  type: 'object',
  required: ['items', 'total', 'limit', 'offset'],
  properties: {
    items: { type: 'array', items: ref('AuditRecordSummary') },
    total: { type: 'integer', minimum: 0, description: 'Rows matching the filter, ignoring limit and offset.' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
};

export const ChainVerifyReport = {
  type: 'object',
  required: [
    'valid', 'rows_checked', 'from_seq', 'to_seq', 'head_hash', 'erased_rows', 'expired_rows', 'first_bad_seq', 'problem', 'detail', 'duration_ms',
    'signatures_checked', 'trusted_key_ids', 'checkpoints', 'anchor', 'retention_records',
  ],
  properties: {
    valid: { type: 'boolean', description: 'The chain links up and, when signatures_checked, agrees with every signed checkpoint, retention run and anchor.' },
    rows_checked: { type: 'integer', minimum: 0 },
    from_seq: { type: ['integer', 'null'] },
    to_seq: { type: ['integer', 'null'] },
    head_hash: { type: ['string', 'null'] },
    erased_rows: { type: 'integer', minimum: 0, description: 'Rows whose PII was erased by request: still valid.' },
    expired_rows: { type: 'integer', minimum: 0, description: 'Rows whose payload expired by retention: still valid.' },
    first_bad_seq: {
      type: ['integer', 'null'],
      description: 'The first row that fails verification. For checkpoint_mismatch: the first row after the last one a signature proves (the rewrite lies between it and the checkpoint); '
        + 'for truncated: the first missing row; for anchor_unsigned: the anchor\'s seq. null with valid false: a stored signed statement itself is invalid.',
    },
    problem: {
      type: ['string', 'null'],
      enum: ['hash_mismatch', 'prev_hash_mismatch', 'payload_tampered', 'seq_gap', 'checkpoint_mismatch', 'truncated', 'expiry_unproven', 'anchor_unsigned', 'signature_invalid', null],
      description: 'What failed first (docs/ledger.md, "Verify against signatures").',
    },
    detail: { type: ['string', 'null'] },
    duration_ms: { type: 'number' },
    anchored_at_seq: { type: ['integer', 'null'], description: 'Metadata retention deleted rows 1..anchored_at_seq; the chain was verified from the stored anchor (that row\'s hash). null: no row was ever deleted.' },
    rows_deleted_before: { type: 'integer', minimum: 0, description: 'Rows at the start of the chain deleted by metadata retention (METADATA_YEARS).' },
    signatures_checked: { type: 'boolean', description: 'false when no checkpoint key is configured (CHECKPOINT_INTERVAL_SECONDS=0): only the walk ran, which a database writer can fool.' },
    trusted_key_ids: { type: 'array', items: { type: 'string' }, description: 'RFC 7638 thumbprints of the public keys signatures were checked against.' },
    checkpoints: {
      type: 'object',
      required: ['checked', 'verified', 'unknown_key', 'newest_verified_seq', 'unprotected_rows', 'newest'],
      properties: {
        checked: { type: 'integer', minimum: 0, description: 'Stored checkpoints read.' },
        verified: { type: 'integer', minimum: 0, description: 'Signed by a trusted key; the walk compared each with the row at its seq.' },
        unknown_key: { type: 'integer', minimum: 0, description: 'Signed by another key (a gateway with its own key): not counted as proof.' },
        newest_verified_seq: { type: ['integer', 'null'] },
        unprotected_rows: { type: 'integer', minimum: 0, description: 'Rows after the newest verified checkpoint: no signature covers them yet, so deleting them is not detectable.' },
        newest: {
          type: 'array', description: 'The newest checkpoints (up to 10), newest first.',
          items: {
            type: 'object',
            required: ['seq', 'key_id', 'created_at', 'signature', 'confirmed'],
            properties: {
              seq: { type: 'integer' },
              key_id: { type: 'string' },
              created_at: { type: 'string' },
              signature: { type: 'string', enum: ['valid', 'invalid', 'unknown_key'] },
              confirmed: { type: 'boolean', description: 'The walk reached this seq and found the signed hash.' },
            },
          },
        },
      },
    },
    anchor: {
      type: ['object', 'null'],
      description: 'Where metadata retention cut the chain (null: never). signed: a retirement statement signed by a trusted key states this seq and hash.',
      required: ['seq', 'hash', 'retired_at', 'signed', 'key_id'],
      properties: {
        seq: { type: 'integer' }, hash: hex, retired_at: { type: 'string' }, signed: { type: 'boolean' }, key_id: { type: ['string', 'null'] },
      },
    },
    retention_records: {
      type: 'object',
      required: ['checked', 'payload_expiry', 'metadata_retirement', 'unknown_key'],
      description: 'Signed statements of retention runs: an expired payload or an anchor is accepted only when one covers it.',
      properties: {
        checked: { type: 'integer', minimum: 0 },
        payload_expiry: { type: 'integer', minimum: 0 },
        metadata_retirement: { type: 'integer', minimum: 0 },
        unknown_key: { type: 'integer', minimum: 0 },
      },
    },
  },
};

export const ChainCheckpoint = {
  type: 'object',
  required: ['seq', 'head_hash', 'key_id', 'jws', 'created_at'],
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'The chain head this checkpoint signs.' },
    head_hash: hex,
    key_id: { type: 'string', description: 'RFC 7638 thumbprint of the signing key (the JWS `kid`).' },
    jws: { type: 'string', description: 'Compact JWS over {"v":1,"seq":...,"head_hash":"...","created_at":"..."} (canonical JSON). Trust what it signs, not the other fields.' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

export const ChainCheckpointList = {
  type: 'object',
  required: ['items', 'limit', 'offset', 'signing_key'],
  properties: {
    items: { type: 'array', items: ref('ChainCheckpoint'), description: 'Newest first.' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    signing_key: {
      type: ['object', 'null'],
      description: 'The public JWK this gateway signs with (null when scheduled checkpoints are off). An auditor takes it once through a channel they trust, not from the system being audited.',
    },
  },
};

export const PiiErasure = {
  type: 'object',
  required: ['envelope_id', 'seq', 'erased_paths', 'already_erased', 'chain_intact'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    seq: { type: 'integer' },
    erased_paths: { type: 'array', items: { type: 'string' } },
    already_erased: { type: 'boolean' },
    chain_intact: { type: 'boolean', description: 'Always true: erasure keeps the hash chain metadata, and verify passes.' },
  },
};

export const ReviewItem = {
  type: 'object',
  required: ['envelope_id', 'seq', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier', 'reviewer_id', 'review_deadline', 'status', 'overdue', 'claimed_by', 'created_at', 'resolution_envelope_id'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    seq: { type: 'integer' },
    kind: { type: 'string', enum: ENTRY_KINDS },
    agent_id: { type: ['string', 'null'] },
    action: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: ['escalate', 'request_evidence'] },
    risk_tier: { type: ['string', 'null'], enum: [...RISK_TIERS, null] },
    reviewer_id: { type: ['string', 'null'] },
    review_deadline: { type: ['string', 'null'], format: 'date-time' },
    status: { type: 'string', enum: REVIEW_STATUSES, description: 'pending -> claimed -> approved | rejected; pending | claimed -> expired at the deadline.' },
    overdue: { type: 'boolean', description: 'Open (pending or claimed) past review_deadline; the expiry job will record it expired.' },
    claimed_by: { type: ['string', 'null'], description: 'Who holds the item while it is claimed.' },
    created_at: { type: 'string', format: 'date-time' },
    resolution_envelope_id: { type: ['string', 'null'] },
  },
};

export const ReviewQueue = {
  type: 'object',
  required: ['items', 'total', 'limit', 'offset'],
  properties: {
    items: { type: 'array', items: ref('ReviewItem') },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
};

export const Health = {
  type: 'object',
  required: ['status', 'version', 'variant', 'ledger', 'policy_version', 'kill_switch_active'],
  properties: {
    status: { type: 'string', enum: ['ok', 'not_ready', 'shutting_down'] },
    version: { type: 'string' },
    variant: { type: 'string', enum: ['embedded', 'edge'] },
    ledger: {
      type: 'object',
      required: ['kind', 'reachable'],
      properties: {
        kind: { type: 'string', enum: ['sqlite', 'postgres', 'central'], description: 'central: a sidecar that records through the central gateway (CENTRAL_GATEWAY_URL).' },
        reachable: { type: 'boolean' },
      },
    },
    policy_version: { type: 'string' },
    score_version: { type: 'string' },
    kill_switch_active: { type: 'boolean' },
    uptime_seconds: { type: 'number' },
    rate_limit: {
      type: 'object',
      description: 'Present when REDIS_URL is set: the shared rate limiter. While redis_reachable is false, decisions use the fallback (local: a per-process share of the threshold; fail_closed: 503).',
      required: ['store', 'redis_reachable', 'fallback', 'fleet_replicas', 'fallback_decisions', 'last_error'],
      properties: {
        store: { type: 'string', enum: ['redis'] },
        redis_reachable: { type: 'boolean' },
        fallback: { type: 'string', enum: ['local', 'fail_closed'] },
        fleet_replicas: { type: 'integer', minimum: 1 },
        fallback_decisions: { type: 'integer', minimum: 0, description: 'Decisions taken without Redis since start.' },
        last_error: { type: ['string', 'null'] },
      },
    },
    policy_reload: {
      type: 'object',
      description: 'The newest hot reload of the policy bundle. `failure`: the edit was rejected and the last good bundle (policy_version) stays in force.',
      required: ['last_result', 'last_attempt_at', 'last_success_at', 'issues'],
      properties: {
        last_result: { type: ['string', 'null'], enum: ['success', 'failure', null], description: 'null until policies/ changed after start-up.' },
        last_attempt_at: { type: ['string', 'null'], format: 'date-time' },
        last_success_at: { type: ['string', 'null'], format: 'date-time' },
        issues: { type: 'array', items: { type: 'string' }, description: 'Why the newest edit was rejected, one `file:line:column field: message` each.', examples: [['policies/rules/payments.yaml:9:24 rules[0].when: CEL type error: tool call has no field \'nme\'']] },
        version_in_force: { type: 'string', description: 'The digest (policy_version) of the bundle in force.' },
        version_on_disk: { type: ['string', 'null'], description: 'The digest the files on disk would load as, read now; null when they cannot be read.' },
        differs_since: { type: ['string', 'null'], format: 'date-time', description: 'Since when disk and memory differ; null while they agree.' },
        differs_seconds: { type: 'integer', minimum: 0 },
        stale: { type: 'boolean', description: 'True once disk and memory have differed for longer than 10 s: a change was neither applied nor rejected (metric policy_bundle_diverged_seconds).' },
      },
    },
  },
};

export const Problem = {
  type: 'object',
  description: 'RFC 9457 problem details. `code` is stable: match on it, not on the text.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', examples: ['VALIDATION_FAILED'] },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      description: 'For 422: every failing field, at most 100 (then `errors_omitted`).',
      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    errors_omitted: { type: 'integer', minimum: 1, description: 'How many failing fields are not listed in `errors`, when there were more than 100.' },
  },
};

export const ReviewResolution = {
  type: 'object',
  required: ['envelope_id', 'resolved_envelope_id', 'outcome', 'reviewer_id', 'note', 'created_at', 'status', 'decided', 'approvals', 'required_approvals'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid', description: 'The ledger row that records the verdict (or, when more approvers are needed, this approval).' },
    resolved_envelope_id: { type: 'string', format: 'uuid' },
    outcome: { type: 'string', enum: ['approve', 'block'] },
    reviewer_id: { type: 'string' },
    note: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: REVIEW_STATUSES, description: 'The item\'s status after this verdict.' },
    decided: { type: 'boolean', description: 'false: an approval recorded, but the tier needs more distinct approvers (202).' },
    approvals: { type: 'array', items: { type: 'string' } },
    required_approvals: { type: 'integer' },
    grant: { description: 'The approval grant given with this verdict, if any.', oneOf: [{ $ref: '#/components/schemas/ApprovalGrant' }, { type: 'null' }] },
  },
};
