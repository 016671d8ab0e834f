// The variables a rule sees, filled with plausible values; tests override what they are about.

import type { RuleVariables } from '../../../src/policy/index.ts';

export function ruleVariables(overrides: Partial<RuleVariables> = {}): RuleVariables {
  return {
    stage: 'pre_check',
    agent: { id: 'demo-1', catalog: 'demo', framework: 'REST', certified: false },
    tool: { name: 'ping', params: { to: 'a@b.example', amount: 7500 } },
    params: { to: 'a@b.example', amount: 7500 },
    calls: [{ name: 'ping', params: {} }],
    request: { user: 'u', input: 'hi', session_id: 's-1', metadata: {} },
    output: null,
    scores: { schema: 100, evidence: 100, tool_trust: 100, consistency: 100, policy: 100, safety: 100, contradiction: 0, historical_reliability: 70, final_confidence: 97 },
    risk: { tier: 'low', score: 10, action_severity: 5, business_impact: 5, confidence_gap: 3, policy_sensitivity: 0 },
    session: [{ name: 'read_inbox', params: { folder: 'inbox' }, agent_id: 'demo-1', stage: 'pre_check' }],
    approvals: [],
    now: Date.UTC(2026, 2, 2, 10, 30),
    ...overrides,
  };
}
