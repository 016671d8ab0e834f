// POST /v1/policy/evaluate: a dry run of the policy on one request, against the active bundle or
// one sent with the request. Nothing is recorded.

import { OUTCOMES, SEVERITIES } from '../governance/types.ts';
import { RULE_EFFECTS, RULE_MODES } from '../policy/index.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const uuid = { type: 'string', format: 'uuid' };

export const PolicyEvaluateRequest = {
  type: 'object',
  additionalProperties: false,
  description: 'Exactly one of pre_check, validate, post_check or envelope_id: the request to evaluate. '
    + 'context replaces live values; bundle evaluates files sent here instead of the active bundle. Nothing is written to the ledger.',
  properties: {
    pre_check: { ...ref('ProposedAction'), description: 'A pre-check body, as POST /v1/runtime/pre-check takes it.' },
    validate: { ...ref('ValidateRequest'), description: 'A validate body, as POST /v1/runtime/validate takes it.' },
    post_check: {
      type: 'object',
      additionalProperties: false,
      required: ['pre_check', 'execution', 'output'],
      description: 'A post-check: the pre-checked action, and what ran and came back.',
      properties: { pre_check: ref('ProposedAction'), execution: ref('Execution'), output: { type: 'object' } },
    },
    envelope_id: { ...uuid, description: 'A pre-check, post-check or validate envelope from the ledger: its stored request, and the session history stored with it.' },
    context: {
      type: 'object',
      additionalProperties: false,
      description: 'Values to use instead of the live ones.',
      properties: {
        historical_reliability: { type: 'number', minimum: 0, maximum: 100, description: 'Default: the agent\'s reliability from its recent decisions.' },
        session: {
          type: 'array',
          maxItems: 1000,
          description: 'The session\'s earlier tool calls, oldest first. Default: what the gateway remembers for the request\'s session id (for an envelope: what was stored with it).',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 256 },
              params: { type: 'object' },
              agent_id: { type: 'string', maxLength: 256, description: 'Default: the request\'s agent.' },
              stage: { type: 'string', enum: ['pre_check', 'post_check', 'validate'], description: 'Default: pre_check.' },
            },
          },
        },
        now: { type: 'string', format: 'date-time', description: 'The clock the rules see (`now`). Default: the gateway\'s clock.' },
        kill_switch_active: { type: 'boolean', description: 'Default: the live kill switch.' },
        agent_certified: { type: 'boolean', description: 'Whether the agent holds a valid certificate for the evaluated bundle\'s version (CEL `agent.certified`). Default: the agent\'s real certification state (POST /v1/certify/agent); false in `govgate policy test`.' },
        approvals: {
          type: 'array',
          maxItems: 1000,
          description: 'The active approval grants rules see as `approvals`; a grant without `tool` covers every tool. '
            + 'Default: the live grants of the agent that cover each call (read, never used).',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              id: { type: 'string', maxLength: 256, description: 'Default: stated-<n>.' },
              scope: { type: 'string', enum: ['once', 'session', 'count', 'ttl', 'condition'], description: 'Default: ttl.' },
              tool: { type: 'string', minLength: 1, maxLength: 256 },
              remaining_uses: { type: ['integer', 'null'], minimum: 0, description: 'Default: null (unbounded).' },
              expires_at: { type: ['string', 'null'], format: 'date-time', description: 'Default: null.' },
              granted_by: { type: 'string', maxLength: 256, description: 'Default: test.' },
            },
          },
        },
      },
    },
    bundle: {
      type: 'object',
      additionalProperties: false,
      required: ['files'],
      description: 'Evaluate against these files instead of the active bundle, e.g. a rule not yet deployed. '
        + 'By default they are laid over the active bundle\'s files (same path replaces, null removes); replace: true uses them alone.',
      properties: {
        files: {
          type: 'object',
          maxProperties: 500,
          propertyNames: { pattern: '^(?!.*\\.\\.)[A-Za-z0-9_][A-Za-z0-9_./-]{0,255}$' },
          additionalProperties: { type: ['string', 'null'], maxLength: 1048576 },
          examples: [{ 'rules/payments.yaml': 'rules:\n  - id: ...\n' }],
        },
        replace: { type: 'boolean', default: false },
      },
    },
  },
};

const RuleMatch = {
  type: 'object',
  required: ['rule_id', 'effect', 'severity', 'message'],
  properties: {
    rule_id: { type: 'string' },
    effect: { type: 'string', enum: RULE_EFFECTS },
    severity: { type: 'string', enum: SEVERITIES },
    message: { type: 'string' },
    path: { type: 'string', description: 'The call it matched, e.g. `action` or `execution.tools_called[1]`.' },
  },
};

export const PolicyEvaluateResponse = {
  type: 'object',
  required: ['stage', 'outcome', 'policy_version', 'bundle_source', 'rules_fired', 'shadow_matches', 'rule_errors', 'decision', 'validation', 'risk', 'recorded'],
  properties: {
    stage: { type: 'string', enum: ['pre_check', 'post_check', 'validate'] },
    outcome: { type: 'string', enum: OUTCOMES },
    policy_version: { type: 'string', description: 'The version of the bundle that decided (the request\'s own bundle gets its own version).' },
    bundle_source: { type: 'string', enum: ['active', 'request'] },
    rules_fired: { type: 'array', items: RuleMatch, description: 'Enforced rules whose condition was true, in bundle order.' },
    shadow_matches: { type: 'array', items: RuleMatch, description: 'Shadow rules whose condition was true: recorded, never changing the outcome.' },
    rule_errors: {
      type: 'array',
      description: 'Rules whose condition could not be evaluated on this request (a missing field, a wrong type); they did not fire.',
      items: {
        type: 'object',
        required: ['rule_id', 'message', 'shadow'],
        properties: { rule_id: { type: 'string' }, message: { type: 'string' }, shadow: { type: 'boolean' } },
      },
    },
    decision: {
      allOf: [ref('Decision')],
      type: 'object',
      properties: { decided_by: { type: 'string', description: 'A hard gate (kill_switch, tool_trust, ...), policy_rule, or weighted.' } },
    },
    validation: ref('Validation'),
    risk: ref('Risk'),
    recorded: { const: false, description: 'Always false: a dry run writes nothing.' },
  },
};

export const PolicyRuleList = {
  type: 'object',
  additionalProperties: false,
  required: ['policy_version', 'rules'],
  properties: {
    policy_version: { type: 'string', description: 'The bundle in force, whose rules these are.' },
    rules: {
      type: 'array',
      description: 'CEL rules from rules/*.yaml, in evaluation order (file name, then position in the file).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'description', 'effect', 'severity', 'message', 'mode', 'stages', 'when', 'source', 'line'],
        properties: {
          id: { type: 'string' },
          description: { type: 'string' },
          effect: { type: 'string', enum: RULE_EFFECTS },
          severity: { type: 'string', enum: SEVERITIES },
          message: { type: 'string' },
          mode: { type: 'string', enum: RULE_MODES, description: 'shadow rules are evaluated and recorded but never change an outcome.' },
          stages: { type: 'array', items: { type: 'string', enum: ['pre_check', 'post_check', 'validate'] } },
          when: { type: 'string', description: 'The CEL condition, as written.' },
          source: { type: 'string', description: 'The file inside the bundle.' },
          line: { type: ['integer', 'null'] },
        },
      },
    },
  },
};
