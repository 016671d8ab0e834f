// What CEL rules do to a decision: findings in the failures, enforced effects on scores and the
// outcome (block gate, escalate / request_evidence floors, allow lifting a review), shadow rules
// changing nothing, and the session history sequence rules read.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { evaluate, type GovernanceContext, type GovernanceInput } from '../../../src/governance/index.ts';
import type { PolicyBundle, PolicyRule, RuleEffect } from '../../../src/policy/types.ts';
import { BUNDLE, bundleWithRules, context, execution, preCheckInput, rule, validateInput } from './fixtures.ts';

const payment = (amount: number) => ({ name: 'payments.create', params: { amount, currency: 'USD' } });
/** Approved without rules (confidence 99, medium risk). */
const APPROVED = validateInput();
/** request_evidence without rules: most output facts are unbacked. */
const REVIEWED = validateInput({ output: { status: 'completed', amount: 120, payment_id: 'pay_zzzzzzz', note: 'REF-99999 ORD-77777 INV-1212' } });
const REVIEWED_CTX = { historicalReliability: 10 };
const always = (id: string, effect: RuleEffect, extra: Partial<PolicyRule> = {}) => rule({ id, effect, matches: () => true, ...extra });

function run(input: GovernanceInput, rules: PolicyRule[], overrides: Partial<GovernanceContext> = {}) {
  return evaluate(input, context({ ...overrides, bundle: bundleWithRules(rules) }));
}

describe('rule effects on the decision', () => {
  const CASES: Array<{ name: string; input: GovernanceInput; ctx?: Partial<GovernanceContext>; rules: PolicyRule[]; outcome: string; decidedBy: string; reason?: RegExp }> = [
    { name: 'no rule: approve', input: APPROVED, rules: [], outcome: 'approve', decidedBy: 'weighted' },
    { name: 'enforced block blocks', input: APPROVED, rules: [always('no-pay', 'block')], outcome: 'block', decidedBy: 'policy_rule', reason: /^Blocked by policy rule no-pay: no-pay fired\.$/ },
    { name: 'shadow block changes nothing', input: APPROVED, rules: [always('no-pay', 'block', { mode: 'shadow' })], outcome: 'approve', decidedBy: 'weighted' },
    { name: 'escalate raises approve', input: APPROVED, rules: [always('look', 'escalate')], outcome: 'escalate', decidedBy: 'policy_rule', reason: /^Escalated for human review by policy rule look/ },
    { name: 'request_evidence raises approve', input: APPROVED, rules: [always('prove', 'request_evidence')], outcome: 'request_evidence', decidedBy: 'policy_rule' },
    { name: 'the strictest raising rule wins', input: APPROVED, rules: [always('prove', 'request_evidence', { severity: 'info' }), always('look', 'escalate', { severity: 'info' })], outcome: 'escalate', decidedBy: 'policy_rule', reason: /look/ },
    { name: 'request_evidence does not lower an escalation', input: REVIEWED, ctx: REVIEWED_CTX, rules: [always('look', 'escalate'), always('prove', 'request_evidence')], outcome: 'escalate', decidedBy: 'policy_rule' },
    { name: 'allow lifts a review to approve', input: REVIEWED, ctx: REVIEWED_CTX, rules: [always('ok', 'allow', { severity: 'info' })], outcome: 'approve', decidedBy: 'policy_rule', reason: /^Approved by policy rule ok: ok fired \(the thresholds alone: Evidence requested/ },
    { name: 'allow yields to an enforced escalate', input: REVIEWED, ctx: REVIEWED_CTX, rules: [always('ok', 'allow'), always('look', 'escalate')], outcome: 'escalate', decidedBy: 'policy_rule' },
    { name: 'allow yields to a block rule', input: APPROVED, rules: [always('ok', 'allow'), always('no', 'block')], outcome: 'block', decidedBy: 'policy_rule' },
    { name: 'a shadow allow lifts nothing', input: REVIEWED, ctx: REVIEWED_CTX, rules: [always('ok', 'allow', { mode: 'shadow' })], outcome: 'request_evidence', decidedBy: 'weighted' },
    { name: 'allow never beats a hard gate', input: preCheckInput({ name: 'shell.exec', params: {} }), rules: [always('ok', 'allow')], outcome: 'block', decidedBy: 'tool_trust' },
    { name: 'a hard gate decides before a block rule', input: APPROVED, ctx: { killSwitchActive: true }, rules: [always('no', 'block')], outcome: 'block', decidedBy: 'kill_switch' },
    {
      name: 'allow never lifts a threshold block', input: APPROVED, rules: [always('ok', 'allow')], outcome: 'block', decidedBy: 'weighted',
      ctx: { bundle: undefined },
    },
  ];
  for (const { name, input, ctx, rules, outcome, decidedBy, reason } of CASES) {
    test(name, () => {
      const bundle: PolicyBundle = ctx && 'bundle' in ctx ? blockEverything(rules) : bundleWithRules(rules);
      const result = evaluate(input, context({ ...ctx, bundle }));
      assert.equal(result.decision.outcome, outcome, result.decision.reason);
      assert.equal(result.decision.decided_by, decidedBy);
      if (reason) assert.match(result.decision.reason, reason);
      const reviewed = outcome === 'escalate' || outcome === 'request_evidence';
      assert.equal(result.decision.reviewer_id !== null, reviewed, 'a review has a reviewer');
    });
  }
});

/** Every tier blocks below 100: the thresholds block whatever the confidence. */
function blockEverything(rules: PolicyRule[]): PolicyBundle {
  const tiers = Object.fromEntries(Object.entries(BUNDLE.decision.tiers).map(([tier, r]) => [tier, { ...r, block_below_confidence: 100, approve_min_confidence: 100 }]));
  return { ...bundleWithRules(rules), decision: { tiers: tiers as PolicyBundle['decision']['tiers'] } };
}

describe('rule findings in validation.failures', () => {
  test('an enforced finding names the rule, lowers the policy score and is placed with the policy failures', () => {
    const plain = evaluate(APPROVED, context());
    const result = run(APPROVED, [always('look', 'escalate', { severity: 'high' })]);
    const finding = result.validation.failures.find((f) => f.rule_id === 'look');
    assert.deepEqual(finding, {
      code: 'POLICY_RULE_ESCALATE', check: 'policy', severity: 'high', message: 'Rule look (escalate): look fired.',
      path: 'execution.tools_called[0]', rule_id: 'look', effect: 'escalate', shadow: false,
    });
    assert.equal(result.validation.policy_score, 65);
    assert.ok(result.validation.final_confidence < plain.validation.final_confidence);
    assert.ok(result.risk.policy_sensitivity > plain.risk.policy_sensitivity);
    assert.deepEqual(result.rules.fired.map((f) => [f.rule_id, f.shadow]), [['look', false]]);
  });

  test('allow findings are listed but not scored', () => {
    const plain = evaluate(APPROVED, context());
    const result = run(APPROVED, [always('ok', 'allow', { severity: 'critical' })]);
    assert.equal(result.validation.failures.find((f) => f.rule_id === 'ok')?.code, 'POLICY_RULE_ALLOW');
    assert.equal(result.validation.policy_score, plain.validation.policy_score);
    assert.deepEqual(result.risk, plain.risk);
  });

  test('a rule that reads a field the call does not have does not fire and is reported', () => {
    const broken = rule({ id: 'broken', effect: 'block', matches: () => true });
    broken.evaluate = () => ({ error: 'field not found: to', missing: true });
    const result = run(APPROVED, [broken]);
    assert.equal(result.decision.outcome, 'approve');
    assert.deepEqual(result.rules.fired, []);
    assert.deepEqual(result.rules.errors, [{ rule_id: 'broken', message: 'field not found: to', shadow: false }]);
  });

  // A value of the wrong type must not walk a call around a rule: each effect fails closed.
  const WRONG_TYPE = "found no matching overload for '_>_' applied to '(string, int)'";
  for (const { effect, outcome } of [
    { effect: 'block', outcome: 'block' },
    { effect: 'escalate', outcome: 'escalate' },
    { effect: 'request_evidence', outcome: 'request_evidence' },
    { effect: 'allow', outcome: 'approve' },
  ] as const) {
    test(`a ${effect} rule that a value of the wrong type keeps from deciding ${effect === 'allow' ? 'does not apply' : 'applies'}, and is reported`, () => {
      const typed = rule({ id: 'typed', effect, matches: () => false });
      typed.evaluate = () => ({ error: WRONG_TYPE, missing: false });
      const result = run(APPROVED, [typed]);
      assert.equal(result.decision.outcome, outcome);
      assert.deepEqual(result.rules.errors, [{ rule_id: 'typed', message: WRONG_TYPE, shadow: false }]);
      if (effect === 'allow') return assert.deepEqual(result.rules.fired, []);
      assert.equal(result.rules.fired.length, 1);
      assert.match(result.rules.fired[0]!.message, /applied because the rule could not be evaluated on this call: found no matching overload/);
      assert.ok(result.validation.failures.some((failure) => failure.rule_id === 'typed' && failure.effect === effect));
    });
  }

  test('a shadow rule that cannot decide is recorded as a shadow match and changes nothing', () => {
    const typed = rule({ id: 'typed', effect: 'block', mode: 'shadow', matches: () => false });
    typed.evaluate = () => ({ error: WRONG_TYPE, missing: false });
    const result = run(APPROVED, [typed]);
    assert.equal(result.decision.outcome, 'approve');
    assert.deepEqual(result.rules.fired.map((finding) => [finding.rule_id, finding.shadow]), [['typed', true]]);
  });

  test('rules run only at their stages', () => {
    const validateOnly = always('v', 'block', { stages: ['validate'] });
    assert.equal(run(preCheckInput(payment(1)), [validateOnly]).decision.outcome, 'approve');
    assert.equal(run(APPROVED, [validateOnly]).decision.outcome, 'block');
  });
});

describe('what rules see', () => {
  const afterA = (id = 'b-after-a') => rule({ id, effect: 'block', matches: (v) => v.tool.name === 'search.web' && v.session.some((c) => c.name === 'payments.create') });

  test('the session history from the context', () => {
    const input = preCheckInput({ name: 'search.web', params: { q: 'x' } });
    assert.equal(run(input, [afterA()]).decision.outcome, 'approve');
    const history = [{ name: 'payments.create', params: { amount: 1 }, agent_id: 'billing-bot', stage: 'pre_check' }];
    assert.equal(run(input, [afterA()], { sessionHistory: history }).decision.outcome, 'block');
  });

  test('earlier calls of the same execution count as session history, later ones do not', () => {
    const ok = { status: 'succeeded' };
    const inOrder = validateInput({ execution: execution([payment(1), { name: 'search.web', params: { q: 'x' } }], [ok, ok]) });
    const reversed = validateInput({ execution: execution([{ name: 'search.web', params: { q: 'x' } }, payment(1)], [ok, ok]) });
    const fired = run(inOrder, [afterA()]).validation.failures.find((f) => f.rule_id === 'b-after-a');
    assert.equal(fired?.path, 'execution.tools_called[1]', 'the path names the call that matched');
    assert.equal(run(reversed, [afterA()]).rules.fired.length, 0);
  });

  test('variables: stage, agent, params, request, output, scores, risk and now', () => {
    let seen: unknown;
    const spy = rule({ id: 'spy', effect: 'allow', matches: (v) => { seen = v; return false; } });
    run(validateInput({ request: { user: 'u-9', input: 'in', sessionId: 's-1' } }), [spy]);
    const v = seen as Record<string, any>;
    assert.equal(v.stage, 'validate');
    assert.deepEqual(v.agent, { id: 'billing-bot', catalog: 'billing-agent', framework: 'REST', certified: false });
    assert.deepEqual(v.params, { amount: 120, currency: 'USD' });
    assert.deepEqual(v.request, { user: 'u-9', input: 'in', session_id: 's-1', metadata: {} });
    assert.equal(v.output.payment_id, 'pay_8f3k2j');
    assert.equal(typeof v.scores.final_confidence, 'number');
    assert.equal(typeof v.risk.tier, 'string');
    assert.equal(v.now, context().now);
    run(preCheckInput(payment(1)), [spy]);
    assert.equal((seen as Record<string, unknown>).output, null, 'no output before execution');
  });
});

test('property: shadow rules never change a score or the outcome', () => {
  const effects = fc.constantFrom<RuleEffect>('allow', 'block', 'escalate', 'request_evidence');
  const inputs = fc.constantFrom(APPROVED, REVIEWED, preCheckInput(payment(50)), preCheckInput(payment(20000)), preCheckInput({ name: 'shell.exec', params: {} }));
  fc.assert(fc.property(inputs, fc.array(fc.tuple(effects, fc.boolean()), { maxLength: 4 }), fc.integer({ min: 0, max: 100 }), (input, specs, reliability) => {
    const rules = specs.map(([effect, fires], i) => rule({ id: `s${i}`, effect, mode: 'shadow', matches: () => fires }));
    const plain = evaluate(input, context({ historicalReliability: reliability }));
    const shadowed = run(input, rules, { historicalReliability: reliability });
    const { failures: _a, ...plainScores } = plain.validation;
    const { failures: _b, ...shadowScores } = shadowed.validation;
    assert.deepEqual(shadowScores, plainScores);
    assert.deepEqual(shadowed.risk, plain.risk);
    assert.deepEqual({ ...shadowed.decision, policy_version: '' }, { ...plain.decision, policy_version: '' });
    assert.equal(shadowed.validation.failures.filter((f) => f.shadow).length, specs.filter(([, fires]) => fires).length);
  }), { numRuns: 200 });
});
