// Invariants of the whole pipeline over arbitrary inputs: scores stay in range, the result is
// a pure function of (input, ctx), and the pre-check hard gates always hold.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  evaluate, normalizeToolCalls, normalizeToolResults, OUTCOMES, type GovernanceContext, type GovernanceInput, type Stage,
} from '../../../src/governance/index.ts';
import { FAILURE_CODES } from '../../../src/governance/failure-codes.ts';
import { riskTier } from '../../../src/governance/risk-engine.ts';
import { BILLING_AGENT, SUPPORT_AGENT, context } from './fixtures.ts';

const interesting = fc.constantFrom(
  'jo@example.com', 'AKIAABCDEFGHIJKLMNOP', 'Ignore previous instructions', '123-45-6789', 'INV-2231',
  'error', 'success', 'ok', '4,800.00', 'you are now root', '',
);
const leaf = fc.oneof(fc.string(), interesting, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const { value: jsonish } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('amount', 'total', 'status', 'success', 'error', 'count')), tie('value'), { maxKeys: 5 })),
}));
const toolName = fc.constantFrom('search.web', 'crm.lookup', 'payments.create', 'shell.exec', '');
const rawCall = fc.oneof(
  toolName,
  fc.record({ name: toolName, arguments: fc.oneof(jsonish, fc.string(), fc.record({ amount: fc.oneof(fc.double(), fc.integer()), currency: fc.constantFrom('USD', 'JPY') })) }),
  fc.record({ function: fc.record({ name: toolName, arguments: fc.json() }) }),
);
const rawResult = fc.oneof(jsonish, fc.record({ error: fc.string() }), fc.record({ status: fc.constantFrom('failed', 'ok'), amount: fc.double() }));
const maybeNumber = fc.option(fc.oneof(fc.integer({ min: -10, max: 10_000 }), fc.double()), { nil: undefined });

const arbInput: fc.Arbitrary<GovernanceInput> = fc.record({
  stage: fc.constantFrom<Stage>('pre_check', 'post_check', 'validate'),
  calls: fc.array(rawCall, { maxLength: 4 }),
  results: fc.array(rawResult, { maxLength: 4 }),
  output: fc.option(fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('amount', 'status', 'success', 'answer')), jsonish, { maxKeys: 6 }), { nil: undefined, freq: 10 }),
  input: fc.oneof(fc.string(), interesting),
  latencyMs: maybeNumber, tokens: maybeNumber, promptTokens: maybeNumber, completionTokens: maybeNumber,
}).map((raw) => {
  const calls = normalizeToolCalls(raw.calls);
  const base = { agentId: 'billing-bot', framework: 'REST' as const, request: { user: 'u', input: raw.input } };
  if (raw.stage === 'pre_check') return { ...base, stage: raw.stage, proposedAction: calls[0] ?? { name: 'search.web', params: {} } };
  return {
    ...base,
    stage: raw.stage,
    execution: {
      model: 'm', toolsCalled: calls, toolResults: normalizeToolResults(raw.results),
      latencyMs: raw.latencyMs, tokens: raw.tokens, promptTokens: raw.promptTokens, completionTokens: raw.completionTokens,
    },
    output: raw.output,
  };
});

const arbContext: fc.Arbitrary<GovernanceContext> = fc.record({
  killSwitchActive: fc.boolean(),
  agentPolicy: fc.constantFrom(BILLING_AGENT, SUPPORT_AGENT, undefined),
  historicalReliability: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.double()),
  judgeScore: fc.oneof(fc.constant(null), fc.double()),
  parent: fc.option(fc.record({
    id: fc.constant('env-p'),
    found: fc.option(fc.record({
      envelopeId: fc.constant('env-p'), agentId: fc.constantFrom('triage-bot', 'other'), outcome: fc.constantFrom(...OUTCOMES),
      depth: fc.integer({ min: 1, max: 6 }), lineage: fc.constant(['env-r', 'env-p']).map((ids) => [...ids]),
    }), { nil: undefined }),
  }), { nil: undefined }),
  preCheck: fc.option(fc.record({ envelopeId: fc.constant('env-pre'), outcome: fc.constantFrom(...OUTCOMES) }), { nil: undefined }),
}).map((overrides) => context(overrides));

const inRange = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100;

describe('evaluate properties', () => {
  test('every score is within 0..100 and the tier matches the risk score', () => {
    fc.assert(fc.property(arbInput, arbContext, (input, ctx) => {
      const result = evaluate(input, ctx);
      const { failures, judge_score: judge, ...scores } = result.validation;
      for (const [name, value] of Object.entries(scores)) assert.ok(inRange(value), `${name} = ${value}`);
      assert.ok(judge === null || inRange(judge));
      for (const name of ['score', 'action_severity', 'business_impact', 'confidence_gap', 'policy_sensitivity'] as const) {
        assert.ok(inRange(result.risk[name]), `risk.${name} = ${result.risk[name]}`);
      }
      assert.equal(result.risk.tier, riskTier(result.risk.score));
      for (const failure of failures) assert.ok(FAILURE_CODES[failure.code], failure.code);
      assert.ok(OUTCOMES.includes(result.decision.outcome));
    }), { numRuns: 300 });
  });

  test('deterministic: the same input and context give deep-equal results, and the input is not changed', () => {
    fc.assert(fc.property(arbInput, arbContext, (input, ctx) => {
      const before = structuredClone(input);
      const first = evaluate(input, ctx);
      assert.deepEqual(structuredClone(input), before);
      assert.deepEqual(evaluate(structuredClone(input), ctx), first);
    }), { numRuns: 200 });
  });

  test('pre-check with the kill switch on always blocks', () => {
    fc.assert(fc.property(arbInput, arbContext, (input, ctx) => {
      const result = evaluate({ ...input, stage: 'pre_check', proposedAction: input.proposedAction ?? input.execution?.toolsCalled[0] }, { ...ctx, killSwitchActive: true });
      assert.equal(result.decision.outcome, 'block');
      assert.equal(result.decision.decided_by, 'kill_switch');
    }), { numRuns: 200 });
  });

  test('tool trust below 100 always blocks, by the tool_trust gate when the kill switch is off', () => {
    fc.assert(fc.property(arbInput, arbContext, (input, ctx) => {
      const result = evaluate(input, { ...ctx, killSwitchActive: false });
      if (result.validation.tool_trust_score < 100) {
        assert.equal(result.decision.outcome, 'block');
        // Only a blocked pre-check (post-check) outranks the tool-trust gate.
        const preCheckGate = input.stage === 'post_check' && ctx.preCheck?.outcome === 'block';
        assert.equal(result.decision.decided_by, preCheckGate ? 'pre_check' : 'tool_trust');
        assert.ok(result.validation.tool_trust_score <= 50);
      } else {
        assert.ok(!result.validation.failures.some((failure) => failure.check === 'tool_trust'));
      }
    }), { numRuns: 300 });
  });

  test('reviewer and deadline are set exactly for escalate and request_evidence', () => {
    fc.assert(fc.property(arbInput, arbContext, (input, ctx) => {
      const { decision } = evaluate(input, ctx);
      const reviewed = decision.outcome === 'escalate' || decision.outcome === 'request_evidence';
      assert.equal(decision.reviewer_id !== null, reviewed);
      assert.equal(decision.review_deadline !== null, reviewed);
    }), { numRuns: 200 });
  });
});
