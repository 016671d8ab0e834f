import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assessRisk, riskTier } from '../../../src/governance/risk-engine.ts';
import { buildStageView } from '../../../src/governance/stage-view.ts';
import { RISK_WEIGHTS } from '../../../src/governance/scoring-table.ts';
import type { Failure, GovernanceInput, RiskTier } from '../../../src/governance/index.ts';
import { context, execution, preCheckInput, validateInput } from './fixtures.ts';

const risk = (input: GovernanceInput, finalConfidence = 100, failures: Failure[] = [], ctx = context()) =>
  assessRisk({ view: buildStageView(input, ctx), finalConfidence, failures });
const failure = (check: Failure['check'], severity: Failure['severity']): Failure => ({ code: 'X', check, severity, message: 'x.' });

describe('risk tiers', () => {
  const cases: Array<[number, RiskTier]> = [[0, 'low'], [24.9, 'low'], [25, 'medium'], [49.9, 'medium'], [50, 'high'], [74.9, 'high'], [75, 'critical'], [100, 'critical']];
  for (const [score, tier] of cases) test(`${score} is ${tier}`, () => assert.equal(riskTier(score), tier));
});

describe('risk factors', () => {
  test('the weights sum to 1', () => {
    assert.ok(Math.abs(Object.values(RISK_WEIGHTS).reduce((a, b) => a + b, 0) - 1) < 1e-9);
  });

  const cases: Array<{ name: string; run: () => ReturnType<typeof risk>; expect: Partial<ReturnType<typeof risk>> }> = [
    { name: 'action severity is the max over called tools', run: () => risk(validateInput({ execution: execution([{ name: 'search.web', params: {} }, { name: 'crm.lookup', params: {} }], [{}, {}]) })), expect: { action_severity: 20, business_impact: 30 } },
    { name: 'an unknown tool is assumed severe', run: () => risk(validateInput({ execution: execution([{ name: 'shell.exec', params: {} }], [{}]) })), expect: { action_severity: 90, business_impact: 90 } },
    { name: 'no tools: the agent defaults', run: () => risk(validateInput({ execution: execution([], []) })), expect: { action_severity: 20, business_impact: 20 } },
    { name: 'no tools and no catalog: 50', run: () => risk(validateInput({ execution: execution([], []) }), 100, [], context({ agentPolicy: undefined })), expect: { action_severity: 50, business_impact: 50 } },
    { name: 'a capped param raises impact: 60 + 40 x 0.48 x 0.5', run: () => risk(preCheckInput({ name: 'payments.create', params: { amount: 4800, currency: 'USD' } })), expect: { business_impact: 69.6 } },
    { name: 'impact from caps stops at the cap: 60 + 40 x 1 x 0.5', run: () => risk(preCheckInput({ name: 'payments.create', params: { amount: 99999, currency: 'USD' } })), expect: { business_impact: 80 } },
    { name: 'confidence gap is 100 - final confidence', run: () => risk(validateInput(), 62.5), expect: { confidence_gap: 37.5 } },
    { name: 'sensitivity: the worst policy/safety failure', run: () => risk(validateInput(), 100, [failure('policy', 'medium'), failure('safety', 'high'), failure('schema', 'critical')]), expect: { policy_sensitivity: 70 } },
    { name: 'sensitivity: personal data present adds 15 even when allowed', run: () => risk(validateInput({ output: { email: 'jo@example.com' } })), expect: { policy_sensitivity: 15 } },
    { name: 'sensitivity: critical plus PII stays at 100', run: () => risk(validateInput({ output: { email: 'jo@example.com' } }), 100, [failure('safety', 'critical')]), expect: { policy_sensitivity: 100 } },
  ];
  for (const { name, run, expect } of cases) {
    test(name, () => {
      const result = run();
      for (const [key, value] of Object.entries(expect)) assert.equal(result[key as keyof typeof result], value, key);
    });
  }

  test('score = .30 severity + .25 impact + .25 gap + .20 sensitivity', () => {
    const result = risk(preCheckInput({ name: 'payments.create', params: { amount: 4800, currency: 'USD' } }), 60, [failure('policy', 'high')]);
    assert.equal(result.score, Math.round((0.3 * 80 + 0.25 * 69.6 + 0.25 * 40 + 0.2 * 70) * 10) / 10);
    assert.equal(result.tier, 'high');
  });

  test('the reason names the dominant factor and the cap in play', () => {
    const result = risk(preCheckInput({ name: 'payments.create', params: { amount: 4800, currency: 'USD' } }));
    assert.equal(result.reason, 'medium (risk 41.4): tool payments.create (action severity 80) moving 4,800 of a 10,000 amount cap.');
  });

  test('the reason names the confidence gap when it dominates', () => {
    assert.match(risk(validateInput({ execution: execution([], []) }), 0).reason, /confidence gap 100 \(final confidence 0\)/);
  });

  test('the reason names the failure behind policy sensitivity', () => {
    const result = risk(validateInput({ execution: execution([], []) }), 100, [{ code: 'SECRET_IN_OUTPUT', check: 'safety', severity: 'critical', message: 'x.', path: 'output.key' }]);
    assert.match(result.reason, /policy sensitivity 100 from SECRET_IN_OUTPUT \(output\.key\)/);
  });

  test('the reason names an unknown tool', () => {
    assert.match(risk(validateInput({ execution: execution([{ name: 'shell.exec', params: {} }], [{}]) })).reason, /shell\.exec is not in the catalog/);
  });
});
