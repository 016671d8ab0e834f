// A small hand-made policy bundle and input builders for the governance engine tests. Scopes
// are compiled with ajv here (pointer paths, as ajv reports them) so these tests do not depend
// on the policy loader.

import { Ajv } from 'ajv';
import { compileLinearPattern } from '../../../src/linear-regex/index.ts';
import type { AgentPolicy, PolicyBundle, PolicyRule, RuleVariables, SchemaCheck, SensitivePattern, ToolPolicy } from '../../../src/policy/types.ts';
import { DEFAULT_CERTIFICATION_CRITERIA, DEFAULT_JUDGE_POLICY } from '../../../src/policy/judge-certification-policy.ts';
import type {
  GovernanceContext, GovernanceInput, NormalizedExecution, ToolCall, ToolResult,
} from '../../../src/governance/index.ts';

const ajv = new Ajv({ allErrors: true, strict: false });

export function schemaCheck(schema: object): SchemaCheck {
  const validate = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      return {
        path: missing === undefined ? error.instancePath : `${error.instancePath}/${missing}`,
        message: error.message ?? error.keyword,
      };
    });
  };
}

function tool(partial: Partial<ToolPolicy> & Pick<ToolPolicy, 'name'>): ToolPolicy {
  return { action_severity: 10, business_impact: 10, limits: {}, allows_pii: false, ...partial };
}

export const TOOLS = {
  search: tool({ name: 'search.web', action_severity: 10, business_impact: 10 }),
  crm: tool({
    name: 'crm.lookup',
    action_severity: 20,
    business_impact: 30,
    allows_pii: true,
    output_schema: schemaCheck({ type: 'object', required: ['customer_id'], properties: { customer_id: { type: 'string' } } }),
  }),
  payments: tool({
    name: 'payments.create',
    action_severity: 80,
    business_impact: 60,
    limits: { max_calls_per_execution: 1, max_calls_per_session: 3, caps: { amount: 10000 } },
    scope: schemaCheck({
      type: 'object',
      required: ['amount', 'currency'],
      properties: { amount: { type: 'number', minimum: 0 }, currency: { enum: ['USD', 'EUR'] }, customer: { type: 'string' } },
      additionalProperties: false,
    }),
  }),
} as const;

export const BILLING_AGENT: AgentPolicy = {
  id: 'billing-agent',
  agents: ['billing-*'],
  tools: new Map(Object.values(TOOLS).map((entry) => [entry.name, entry])),
  default_action_severity: 20,
  default_business_impact: 20,
  accepts_handoff_from: ['triage-*'],
  max_chain_depth: 3,
  source: 'test/billing.yaml',
};

export const SUPPORT_AGENT: AgentPolicy = {
  id: 'support-agent',
  agents: ['support-*'],
  tools: new Map([[TOOLS.search.name, TOOLS.search]]),
  output_schema: schemaCheck({ type: 'object', required: ['answer'], properties: { answer: { type: 'string' } } }),
  default_action_severity: 10,
  default_business_impact: 10,
  accepts_handoff_from: [],
  max_chain_depth: 2,
  source: 'test/support.yaml',
};

export const PATTERNS: SensitivePattern[] = [
  { id: 'email', kind: 'pii', pattern: compileLinearPattern('(?<![\\w.+-])[\\w.+-]{1,64}@[\\w-]+\\.[\\w.]+'), severity: 'medium' },
  { id: 'us-ssn', kind: 'pii', pattern: compileLinearPattern('\\b\\d{3}-\\d{2}-\\d{4}\\b'), severity: 'high' },
  { id: 'aws-access-key', kind: 'secret', pattern: compileLinearPattern('AKIA[0-9A-Z]{16}'), severity: 'critical' },
  { id: 'api-token', kind: 'secret', pattern: compileLinearPattern('\\bsk-[A-Za-z0-9]{20,}'), severity: 'critical' },
];

export const BUNDLE: PolicyBundle = {
  version: 'policy-test-1',
  agents: [BILLING_AGENT, SUPPORT_AGENT],
  sensitive_data: PATTERNS,
  decision: {
    tiers: {
      low: { approve_min_confidence: 70, block_below_confidence: 30, request_evidence_below: 40, otherwise: 'escalate', reviewer_id: 'rev-low', review_sla_seconds: 86400 },
      medium: { approve_min_confidence: 80, block_below_confidence: 40, request_evidence_below: 50, otherwise: 'escalate', reviewer_id: 'rev-medium', review_sla_seconds: 14400 },
      high: { approve_min_confidence: 90, block_below_confidence: 50, request_evidence_below: 60, otherwise: 'escalate', reviewer_id: 'rev-high', review_sla_seconds: 3600 },
      critical: { approve_min_confidence: null, block_below_confidence: 60, request_evidence_below: 70, otherwise: 'escalate', reviewer_id: 'rev-critical', review_sla_seconds: 900 },
    },
  },
  rules: [],
  judge: DEFAULT_JUDGE_POLICY,
  certification: DEFAULT_CERTIFICATION_CRITERIA,
  sources: {},
  resolveAgent(agentId) {
    if (agentId.startsWith('billing-')) return BILLING_AGENT;
    if (agentId.startsWith('support-')) return SUPPORT_AGENT;
    return undefined;
  },
};

export const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

export function context(overrides: Partial<GovernanceContext> = {}): GovernanceContext {
  return {
    bundle: BUNDLE,
    agentPolicy: BILLING_AGENT,
    killSwitchActive: false,
    historicalReliability: 90,
    judgeScore: null,
    now: NOW,
    ...overrides,
  };
}

export function execution(calls: ToolCall[], results: unknown[], extra: Partial<NormalizedExecution> = {}): NormalizedExecution {
  const toolResults: ToolResult[] = results.map((value) => ({
    value,
    isError: typeof value === 'object' && value !== null && 'error' in value,
  }));
  return { model: 'gpt-test', toolsCalled: calls, toolResults, latencyMs: 120, tokens: 30, promptTokens: 20, completionTokens: 10, ...extra };
}

export function validateInput(overrides: Partial<GovernanceInput> = {}): GovernanceInput {
  return {
    stage: 'validate',
    agentId: 'billing-bot',
    framework: 'REST',
    request: { user: 'u-1', input: 'Refund order ORD-1001 for customer C-77' },
    execution: execution(
      [{ name: 'payments.create', params: { amount: 120, currency: 'USD' } }],
      [{ status: 'succeeded', payment_id: 'pay_8f3k2j', amount: 120 }],
    ),
    output: { status: 'completed', payment_id: 'pay_8f3k2j', amount: 120, summary: 'Refunded 120 USD for ORD-1001.' },
    ...overrides,
  };
}

export function preCheckInput(action: ToolCall, overrides: Partial<GovernanceInput> = {}): GovernanceInput {
  return {
    stage: 'pre_check',
    agentId: 'billing-bot',
    framework: 'REST',
    request: { user: 'u-1', input: 'Refund order ORD-1001' },
    proposedAction: action,
    ...overrides,
  };
}

/** A rule whose condition is a plain function: these tests are about what effects do, not about CEL. */
export function rule(partial: Partial<PolicyRule> & Pick<PolicyRule, 'id' | 'effect'> & { matches: (v: RuleVariables) => boolean }): PolicyRule {
  const { matches, ...rest } = partial;
  return {
    description: '', severity: 'high', message: `${partial.id} fired.`, mode: 'enforce', stages: ['pre_check', 'post_check', 'validate'],
    when: '(test)', reads: ['tool', 'session'], source: 'rules/test.yaml', line: 1,
    evaluate: (variables) => ({ matched: matches(variables) }),
    ...rest,
  };
}

/** BUNDLE with these rules. */
export function bundleWithRules(rules: PolicyRule[]): PolicyBundle {
  return { ...BUNDLE, version: 'policy-test-rules', rules };
}
