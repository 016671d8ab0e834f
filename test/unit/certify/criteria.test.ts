// Each criterion fails on its own, with its figures; property: a pass means every criterion passed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { evaluateCriteria, type DecidedCall } from '../../../src/certify/index.ts';
import { DEFAULT_CERTIFICATION_CRITERIA } from '../../../src/policy/index.ts';

const NOW = Date.UTC(2026, 10, 25);
const DAY = 86_400_000;
const criteria = { ...DEFAULT_CERTIFICATION_CRITERIA, min_calls: 10, max_block_rate: 0.1, max_escalation_rate: 0.2, min_reliability: 70 };
const approved = (n: number, at = NOW - DAY): DecidedCall[] => Array.from({ length: n }, () => ({ outcome: 'approve', risk_tier: 'low', at }));

const CASES: Array<{ failing: string; calls: DecidedCall[]; reliability?: number; suite?: { cases: number; failures: Array<{ name: string; mismatches: string[] }> }; actual: number | null }> = [
  { failing: 'min_calls', calls: approved(9), actual: 9 },
  { failing: 'block_rate', calls: [...approved(8), { outcome: 'block', risk_tier: 'low', at: NOW }, { outcome: 'block', risk_tier: 'medium', at: NOW }], actual: 0.2 },
  { failing: 'escalation_rate', calls: [...approved(7), ...Array.from({ length: 3 }, (): DecidedCall => ({ outcome: 'request_evidence', risk_tier: 'low', at: NOW }))], actual: 0.3 },
  { failing: 'no_critical_failures', calls: [...approved(19), { outcome: 'block', risk_tier: 'critical', at: NOW - DAY }], actual: 1 },
  { failing: 'reliability', calls: approved(10), reliability: 69.9, actual: 69.9 },
  { failing: 'suite', calls: approved(10), suite: { cases: 3, failures: [{ name: 'x', mismatches: ['outcome'] }] }, actual: 2 },
];

for (const { failing, calls, reliability = 90, suite = null, actual } of CASES) {
  test(`only ${failing} fails, and says by how much`, () => {
    const result = evaluateCriteria({ criteria, calls, reliability, suite, now: NOW });
    assert.equal(result.passed, false);
    assert.deepEqual(result.criteria.filter((c) => !c.passed).map((c) => c.name), [failing]);
    assert.equal(result.criteria.find((c) => c.name === failing)!.actual, actual);
  });
}

test('a critical block older than the window does not count', () => {
  const calls = [...approved(19), { outcome: 'block' as const, risk_tier: 'critical' as const, at: NOW - 8 * DAY }];
  assert.equal(evaluateCriteria({ criteria, calls, reliability: 90, suite: null, now: NOW }).passed, true);
});

test('property: passed is exactly "every criterion passed", rates stay within 0..1, and a rate passes exactly when actual <= threshold', () => {
  const call = fc.record({
    outcome: fc.constantFrom('approve', 'block', 'escalate', 'request_evidence' as const),
    risk_tier: fc.constantFrom('low', 'medium', 'high', 'critical', null),
    at: fc.integer({ min: NOW - 30 * DAY, max: NOW }),
  }) as fc.Arbitrary<DecidedCall>;
  fc.assert(fc.property(fc.array(call, { maxLength: 60 }), fc.double({ min: 0, max: 100, noNaN: true }), (calls, reliability) => {
    const result = evaluateCriteria({ criteria, calls, reliability, suite: null, now: NOW });
    assert.equal(result.passed, result.criteria.every((c) => c.passed));
    for (const name of ['block_rate', 'escalation_rate']) {
      const criterion = result.criteria.find((c) => c.name === name)!;
      assert.ok(criterion.actual! >= 0 && criterion.actual! <= 1);
      assert.equal(criterion.passed, criterion.actual! <= criterion.threshold!, 'passed is what the published figures say');
    }
  }));
});

test('a rate just above an uneven limit fails: rates are compared unrounded (1 in 30 is 0.0333...; the limit 0.0333)', () => {
  const uneven = { ...criteria, max_block_rate: 0.0333, max_escalation_rate: 0.0333 };
  const blocked = evaluateCriteria({ criteria: uneven, calls: [...approved(29), { outcome: 'block', risk_tier: 'low', at: NOW }], reliability: 90, suite: null, now: NOW });
  const blockRate = blocked.criteria.find((c) => c.name === 'block_rate')!;
  assert.equal(blockRate.passed, false);
  assert.equal(blockRate.actual, 1 / 30, 'the figure the comparison used, so that passed is actual <= threshold');
  const escalated = evaluateCriteria({ criteria: uneven, calls: [...approved(29), { outcome: 'escalate', risk_tier: 'low', at: NOW }], reliability: 90, suite: null, now: NOW });
  assert.equal(escalated.criteria.find((c) => c.name === 'escalation_rate')!.passed, false);
});

test('details round for reading: 1 of 30 is 3.33%, a limit of 0.0333 is 3.33% (not 3.3300000000000005%)', () => {
  const uneven = { ...criteria, max_block_rate: 0.0333 };
  const result = evaluateCriteria({ criteria: uneven, calls: [...approved(29), { outcome: 'block', risk_tier: 'low', at: NOW }], reliability: 90, suite: null, now: NOW });
  assert.equal(result.criteria.find((c) => c.name === 'block_rate')!.detail, '1 of 30 calls blocked (3.33%); at most 3.33% allowed');
});
