// The JSON Schemas of the four policy file kinds. They check shape only (types, ranges, unknown
// keys); what a schema cannot say (regexes compile, globs parse, ids are unique) is checked after.

import { RISK_TIERS, SEVERITIES } from '../governance/types.ts';
import { RULE_EFFECTS, RULE_MODES } from './types.ts';

const ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*$';
const TOOL_NAME_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_.:/-]*$';
// No g or y: the scanner calls .test/.exec, and a global regex would carry lastIndex between calls.
const REGEX_FLAGS_PATTERN = '^[imsu]*$';

/** Readable wording for pattern failures: a regex is no help to the person fixing the file. */
export const PATTERN_HINTS: Readonly<Record<string, string>> = {
  [ID_PATTERN]: 'must start with a letter or digit and use only letters, digits, _ . -',
  [TOOL_NAME_PATTERN]: 'must be a tool name of letters, digits and _ . : / - (no spaces)',
  [REGEX_FLAGS_PATTERN]: 'may hold only the regex flags i, m, s and u (g and y are not allowed)',
};

// `x-` keys are free for the file's own use, e.g. YAML anchors shared by several tool scopes.
const extensionKeys = { '^x-': {} };
const score = { type: 'number', minimum: 0, maximum: 100 };
const count = { type: 'integer', minimum: 0 };
const text = { type: 'string' };
const globList = { type: 'array', items: { type: 'string', minLength: 1 } };
// Only "is it an object" here: the content is JSON Schema, checked against the meta-schema later.
const jsonSchema = { type: 'object' };

const tool = {
  type: 'object',
  additionalProperties: false,
  properties: {
    description: text,
    action_severity: score,
    business_impact: score,
    scope: jsonSchema,
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        max_calls_per_execution: count,
        max_calls_per_session: count,
        caps: { type: 'object', additionalProperties: { type: 'number' } },
      },
    },
    output_schema: jsonSchema,
    allows_pii: { type: 'boolean' },
  },
};

export const CATALOG_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  patternProperties: extensionKeys,
  required: ['id', 'agents', 'defaults', 'tools'],
  properties: {
    id: { type: 'string', pattern: ID_PATTERN },
    description: text,
    agents: { ...globList, minItems: 1 },
    defaults: {
      type: 'object',
      additionalProperties: false,
      required: ['action_severity', 'business_impact'],
      properties: { action_severity: score, business_impact: score },
    },
    accepts_handoff_from: globList,
    max_chain_depth: { type: 'integer', minimum: 1, maximum: 100 },
    output_schema: jsonSchema,
    tools: {
      type: 'object',
      propertyNames: { pattern: TOOL_NAME_PATTERN },
      additionalProperties: tool,
    },
  },
};

export const SENSITIVE_DATA_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  patternProperties: extensionKeys,
  required: ['patterns'],
  properties: {
    description: text,
    patterns: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'pattern', 'severity'],
        properties: {
          id: { type: 'string', pattern: ID_PATTERN },
          kind: { enum: ['pii', 'secret'] },
          pattern: { type: 'string', minLength: 1 },
          flags: { type: 'string', pattern: REGEX_FLAGS_PATTERN },
          severity: { enum: [...SEVERITIES] },
          description: text,
        },
      },
    },
  },
};

const tierRule = {
  type: 'object',
  additionalProperties: false,
  required: ['approve_min_confidence', 'block_below_confidence', 'request_evidence_below', 'otherwise', 'reviewer_id', 'review_sla'],
  properties: {
    approve_min_confidence: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    block_below_confidence: score,
    request_evidence_below: score,
    otherwise: { enum: ['escalate', 'request_evidence', 'block'] },
    reviewer_id: { type: 'string', minLength: 1 },
    review_sla: { type: 'string' },
    required_approvals: { type: 'integer', minimum: 1, maximum: 10 },
    on_expiry: { enum: ['approve', 'block'] },
    hold_seconds: { type: 'integer', minimum: 1, maximum: 3600 },
  },
};

export const DECISION_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  patternProperties: extensionKeys,
  required: ['tiers'],
  properties: {
    description: text,
    tiers: {
      type: 'object',
      additionalProperties: false,
      required: [...RISK_TIERS],
      properties: Object.fromEntries(RISK_TIERS.map((tier) => [tier, tierRule])),
    },
  },
};

export const RULE_STAGES = ['pre_check', 'post_check', 'validate'] as const;

export const RULES_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  patternProperties: extensionKeys,
  required: ['rules'],
  properties: {
    description: text,
    rules: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'description', 'when', 'effect', 'severity', 'message', 'mode'],
        properties: {
          id: { type: 'string', pattern: ID_PATTERN },
          description: text,
          when: { type: 'string', minLength: 1 },
          effect: { enum: [...RULE_EFFECTS] },
          severity: { enum: [...SEVERITIES] },
          message: { type: 'string', minLength: 1 },
          mode: { enum: [...RULE_MODES] },
          stages: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...RULE_STAGES] } },
        },
      },
    },
  },
};
