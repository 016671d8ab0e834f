import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decide, type DecisionInput } from '../../../src/governance/decision-engine.ts';
import { SCORE_VERSION, type CheckScores, type Failure, type RiskTier, type TrustChainResult } from '../../../src/governance/index.ts';
import { NOW, context } from './fixtures.ts';

const perfect: CheckScores = { schema: 100, evidence: 100, tool_trust: 100, consistency: 100, policy: 100, safety: 100 };
const untrusted: TrustChainResult = {
  parent_envelope_id: 'p', parent_agent_id: null, depth: 2, lineage: ['p'], trusted: false,
  failures: [{ code: 'PARENT_NOT_FOUND', check: 'trust_chain', severity: 'critical', message: 'Parent envelope p is not in the audit ledger.' }],
};
const toolFailure: Failure = { code: 'TOOL_UNDECLARED', check: 'tool_trust', severity: 'critical', message: 'shell.exec is not declared for agent catalog billing-agent.' };
const secret: Failure = { code: 'SECRET_IN_OUTPUT', check: 'safety', severity: 'critical', message: 'output.key holds a secret (aws-access-key); it must never be released.' };

function input(overrides: {
  stage?: DecisionInput['stage']; scores?: Partial<CheckScores>; failures?: Failure[];
  finalConfidence?: number; tier?: RiskTier; trustChain?: TrustChainResult | null;
} = {}): DecisionInput {
  return {
    stage: overrides.stage ?? 'validate',
    validation: { scores: { ...perfect, ...overrides.scores }, contradiction: 0, failures: overrides.failures ?? [] },
    finalConfidence: overrides.finalConfidence ?? 95,
    tier: overrides.tier ?? 'low',
    trustChain: overrides.trustChain ?? null,
  };
}

describe('hard gates', () => {
  const cases: Array<{ name: string; input: DecisionInput; killSwitch?: boolean; decidedBy: string; reason: string }> = [
    { name: 'kill switch beats everything', input: input({ scores: { tool_trust: 40 }, failures: [toolFailure], trustChain: untrusted }), killSwitch: true, decidedBy: 'kill_switch', reason: 'Kill switch is active: all agent actions are blocked.' },
    { name: 'tool trust below 100', input: input({ scores: { tool_trust: 40 }, failures: [toolFailure] }), decidedBy: 'tool_trust', reason: `Blocked by tool trust: ${toolFailure.message}` },
    { name: 'tool trust at 99.9 still blocks', input: input({ scores: { tool_trust: 99.9 } }), decidedBy: 'tool_trust', reason: 'Blocked by tool trust: no detail recorded.' },
    { name: 'untrusted chain', input: input({ trustChain: untrusted, failures: [secret] }), decidedBy: 'trust_chain', reason: `Blocked by the trust chain: ${untrusted.failures[0].message}` },
    { name: 'critical safety failure', input: input({ failures: [secret], scores: { safety: 40 } }), decidedBy: 'safety', reason: `Blocked for safety: ${secret.message}` },
    { name: 'pre-check: kill switch', input: input({ stage: 'pre_check' }), killSwitch: true, decidedBy: 'kill_switch', reason: 'Kill switch is active: all agent actions are blocked.' },
    { name: 'pre-check: tool trust', input: input({ stage: 'pre_check', scores: { tool_trust: 50 }, failures: [toolFailure] }), decidedBy: 'tool_trust', reason: `Blocked by tool trust: ${toolFailure.message}` },
  ];
  for (const { name, input: given, killSwitch, decidedBy, reason } of cases) {
    test(name, () => {
      const decision = decide(given, context({ killSwitchActive: killSwitch ?? false }));
      assert.equal(decision.outcome, 'block');
      assert.equal(decision.decided_by, decidedBy);
      assert.equal(decision.reason, reason);
      assert.equal(decision.reviewer_id, null);
      assert.equal(decision.review_deadline, null);
    });
  }

  test('post-check of a blocked pre-check is blocked by the pre_check gate, before tool trust', () => {
    const ctx = context({ preCheck: { envelopeId: 'env-pre', outcome: 'block' } });
    const decision = decide(input({ stage: 'post_check', scores: { tool_trust: 50 }, failures: [toolFailure] }), ctx);
    assert.equal(decision.outcome, 'block');
    assert.equal(decision.decided_by, 'pre_check');
    assert.equal(decision.reason, 'Blocked: pre-check env-pre blocked this action, so it should never have run.');
    assert.equal(decide(input({ stage: 'post_check' }), { ...ctx, killSwitchActive: true }).decided_by, 'kill_switch');
  });

  test('the pre_check gate needs a post-check and a blocked pre-check', () => {
    assert.equal(decide(input({ stage: 'post_check' }), context({ preCheck: { envelopeId: 'e', outcome: 'escalate' } })).decided_by, 'weighted');
    assert.equal(decide(input({ stage: 'validate' }), context({ preCheck: { envelopeId: 'e', outcome: 'block' } })).decided_by, 'weighted');
  });

  test('pre-check has no safety or trust-chain gate: those go to the weighted thresholds', () => {
    const decision = decide(input({ stage: 'pre_check', failures: [secret], trustChain: untrusted, finalConfidence: 95 }), context());
    assert.equal(decision.decided_by, 'weighted');
    assert.equal(decision.outcome, 'approve');
  });

  test('a high (not critical) safety failure is not a gate', () => {
    const decision = decide(input({ failures: [{ ...secret, severity: 'high' }] }), context());
    assert.equal(decision.decided_by, 'weighted');
  });
});

describe('weighted thresholds', () => {
  // Fixture tiers: low approve 70 / block 30 / evidence 40; high approve 90 / block 50 / evidence 60; critical never approves.
  const cases: Array<{ name: string; tier: RiskTier; confidence: number; evidence?: number; outcome: string; reviewer: string | null; sla?: number }> = [
    { name: 'low: just below the block threshold', tier: 'low', confidence: 29.9, outcome: 'block', reviewer: null },
    { name: 'low: at the block threshold, not blocked', tier: 'low', confidence: 30, outcome: 'escalate', reviewer: 'rev-low', sla: 86400 },
    { name: 'low: at the approval threshold', tier: 'low', confidence: 70, outcome: 'approve', reviewer: null },
    { name: 'low: just below approval', tier: 'low', confidence: 69.9, outcome: 'escalate', reviewer: 'rev-low', sla: 86400 },
    { name: 'low: low evidence asks for evidence', tier: 'low', confidence: 90, evidence: 39.9, outcome: 'request_evidence', reviewer: 'rev-low', sla: 86400 },
    { name: 'low: evidence at the threshold is enough', tier: 'low', confidence: 90, evidence: 40, outcome: 'approve', reviewer: null },
    { name: 'low: block wins over request_evidence', tier: 'low', confidence: 10, evidence: 0, outcome: 'block', reviewer: null },
    { name: 'medium: 79.9 escalates', tier: 'medium', confidence: 79.9, outcome: 'escalate', reviewer: 'rev-medium', sla: 14400 },
    { name: 'high: 89.9 escalates', tier: 'high', confidence: 89.9, outcome: 'escalate', reviewer: 'rev-high', sla: 3600 },
    { name: 'high: 90 approves', tier: 'high', confidence: 90, outcome: 'approve', reviewer: null },
    { name: 'critical: never approved automatically', tier: 'critical', confidence: 100, outcome: 'escalate', reviewer: 'rev-critical', sla: 900 },
    { name: 'critical: below 60 blocks', tier: 'critical', confidence: 59.9, outcome: 'block', reviewer: null },
  ];
  for (const { name, tier, confidence, evidence, outcome, reviewer, sla } of cases) {
    test(name, () => {
      const decision = decide(input({ tier, finalConfidence: confidence, scores: { evidence: evidence ?? 100 } }), context());
      assert.equal(decision.outcome, outcome);
      assert.equal(decision.decided_by, 'weighted');
      assert.equal(decision.reviewer_id, reviewer);
      assert.equal(decision.review_deadline, sla === undefined ? null : new Date(NOW + sla * 1000).toISOString());
      assert.equal(typeof decision.reason, 'string');
    });
  }

  test('the otherwise outcome comes from the tier rule', () => {
    const ctx = context();
    const bundle = { ...ctx.bundle, decision: { tiers: { ...ctx.bundle.decision.tiers, low: { ...ctx.bundle.decision.tiers.low, otherwise: 'block' as const } } } };
    const decision = decide(input({ tier: 'low', finalConfidence: 50 }), { ...ctx, bundle });
    assert.equal(decision.outcome, 'block');
    assert.equal(decision.reviewer_id, null);
    assert.equal(decision.reason, 'Blocked: final confidence 50 is below the low-risk approval threshold of 70.');
  });

  test('reasons read as one sentence naming the numbers', () => {
    assert.equal(decide(input({ tier: 'high', finalConfidence: 40 }), context()).reason, 'Blocked: final confidence 40 is below the high-risk block threshold of 50.');
    assert.equal(decide(input({ tier: 'critical', finalConfidence: 99 }), context()).reason, 'Escalated for human review: critical-risk actions are never approved automatically.');
    assert.equal(decide(input({ tier: 'low', finalConfidence: 99, scores: { evidence: 10 } }), context()).reason, 'Evidence requested: evidence score 10 is below the low-risk threshold of 40.');
  });

  test('versions and judge latency', () => {
    const decision = decide(input(), context());
    assert.equal(decision.policy_version, 'policy-test-1');
    assert.equal(decision.score_version, SCORE_VERSION);
    assert.equal(decision.judge_latency_ms, null);
  });
});

describe('contradictions', () => {
  const contradiction = (severity: Failure['severity']): Failure => ({
    code: 'OUTPUT_STATE_MISMATCH', check: 'contradiction', severity, message: 'output.status is "closed", but the tool calls and results say "open".',
  });
  for (const severity of ['high', 'critical'] as const) {
    test(`a ${severity} contradiction is never approved on confidence alone: the tier's otherwise applies`, () => {
      const decision = decide(input({ finalConfidence: 99, failures: [contradiction(severity)] }), context());
      assert.equal(decision.outcome, 'escalate');
      assert.match(decision.reason, /contradicts the tool results: output\.status/);
      assert.equal(decision.reviewer_id, 'rev-low');
    });
  }
  test('a low contradiction finding does not stop approval', () => {
    assert.equal(decide(input({ finalConfidence: 99, failures: [contradiction('low')] }), context()).outcome, 'approve');
  });
  test('block and request_evidence still come first', () => {
    assert.equal(decide(input({ finalConfidence: 10, failures: [contradiction('high')] }), context()).outcome, 'block');
    assert.equal(decide(input({ finalConfidence: 99, scores: { evidence: 0 }, failures: [contradiction('high')] }), context()).outcome, 'request_evidence');
  });
});
