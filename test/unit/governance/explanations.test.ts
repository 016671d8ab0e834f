import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, SCORE_VERSION } from '../../../src/governance/index.ts';
import { context, preCheckInput, validateInput } from './fixtures.ts';

describe('governance disclosure', () => {
  test('after execution it names the versions, the checks, the outcome and the judge', () => {
    const { governance_disclosure: text } = evaluate(validateInput(), context());
    assert.ok(text.startsWith(`Checked by governance-gateway under policy policy-test-1 and scoring ${SCORE_VERSION}: `));
    assert.match(text, /schema, evidence, tool trust, consistency, policy and safety checks on the output and 1 tool call/);
    assert.match(text, /outcome approve, decided by the weighted thresholds\./);
    assert.ok(text.endsWith('The LLM judge did not run.'));
  });

  test('at pre-check it says what was checked before execution', () => {
    const { governance_disclosure: text } = evaluate(preCheckInput({ name: 'payments.create', params: { amount: 1, currency: 'USD' } }), context());
    assert.match(text, /before execution, the proposed call to payments\.create was checked for tool trust/);
    assert.match(text, /do not apply yet/);
    assert.doesNotMatch(text, /on the output and/);
  });

  test('it mentions the trust chain, the kill switch and a judge score when they apply', () => {
    const { governance_disclosure: text } = evaluate(validateInput(), context({
      killSwitchActive: true, judgeScore: 75, parent: { id: 'env-p', found: undefined },
    }));
    assert.match(text, /the trust chain from parent envelope env-p/);
    assert.match(text, /decided by the kill_switch gate\./);
    assert.match(text, /The global kill switch was active\./);
    assert.match(text, /An LLM judge score of 75 was blended into the confidence\./);
  });
});

describe('confidence rationale through evaluate', () => {
  test('historical reliability is described by what is true of it', () => {
    const cases: Array<[Partial<Parameters<typeof context>[0]>, RegExp]> = [
      [{ historicalReliability: 70, reliabilitySamples: 0 }, /historical reliability \(70\): the agent has no decision history yet, so it starts at the default of 70/],
      [{ historicalReliability: 40, reliabilitySamples: 3 }, /historical reliability \(40\): the agent's recent decisions were not all approvals/],
      [{ historicalReliability: 80, reliabilitySamples: 1 }, /historical reliability \(80\): it blends the default of 70 with the agent's recent decisions/],
      [{ historicalReliability: 80 }, /historical reliability \(80\): it blends the default of 70/],
    ];
    for (const [ctx, expected] of cases) {
      assert.match(evaluate(validateInput(), context(ctx)).confidence_rationale, expected, JSON.stringify(ctx));
    }
  });

  test('names the weakest check and its first failure', () => {
    const result = evaluate(validateInput({ output: { status: 'completed', amount: 120, key: 'AKIAABCDEFGHIJKLMNOP' } }), context());
    assert.match(result.confidence_rationale, /weakest signal safety \(40\): output\.key holds a secret \(aws-access-key\)/);
  });
});
