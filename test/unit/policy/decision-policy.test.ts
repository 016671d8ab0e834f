import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DEFAULT_DECISION_POLICY, loadPolicyBundleSync, parseDurationSeconds } from '../../../src/policy/index.ts';
import { SAMPLE_BUNDLE_DIR, copySampleBundle, editFile } from './temp-bundle.ts';

describe('DEFAULT_DECISION_POLICY', () => {
  const TABLE = [
    { tier: 'low', approve: 60, block: 25, evidence: 30, reviewer: 'oncall-reviewer', sla: 72 * 3600 },
    { tier: 'medium', approve: 70, block: 30, evidence: 40, reviewer: 'oncall-reviewer', sla: 24 * 3600 },
    { tier: 'high', approve: 85, block: 35, evidence: 50, reviewer: 'senior-reviewer', sla: 4 * 3600 },
    { tier: 'critical', approve: null, block: 40, evidence: 60, reviewer: 'security-oncall', sla: 3600 },
  ] as const;
  for (const { tier, approve, block, evidence, reviewer, sla } of TABLE) {
    test(`${tier}: approve ${approve ?? 'never'}, block < ${block}, evidence < ${evidence}, ${reviewer} within ${sla}s`, () => {
      assert.deepEqual(DEFAULT_DECISION_POLICY.tiers[tier], {
        approve_min_confidence: approve, block_below_confidence: block, request_evidence_below: evidence,
        otherwise: 'escalate', reviewer_id: reviewer, review_sla_seconds: sla,
      });
    });
  }

  test('is frozen', () => {
    assert.ok(Object.isFrozen(DEFAULT_DECISION_POLICY.tiers.low));
    assert.throws(() => { (DEFAULT_DECISION_POLICY.tiers.low as { approve_min_confidence: number }).approve_min_confidence = 1; }, TypeError);
  });

  test('a bundle without decision.yaml uses the defaults', (t) => {
    const dir = copySampleBundle(t);
    rmSync(join(dir, 'decision.yaml'));
    assert.deepEqual(loadPolicyBundleSync(dir).decision, DEFAULT_DECISION_POLICY);
  });

  test('decision.yaml, when present, decides', (t) => {
    const dir = copySampleBundle(t);
    editFile(dir, 'decision.yaml', 'reviewer_id: senior-reviewer\n    review_sla: 4h', 'reviewer_id: payments-lead\n    review_sla: 1h30m');
    const high = loadPolicyBundleSync(dir).decision.tiers.high;
    assert.equal(high.reviewer_id, 'payments-lead');
    assert.equal(high.review_sla_seconds, 5400);
  });

  test('the sample decision.yaml loads into all four tiers', () => {
    assert.deepEqual(Object.keys(loadPolicyBundleSync(SAMPLE_BUNDLE_DIR).decision.tiers), ['low', 'medium', 'high', 'critical']);
  });
});

describe('parseDurationSeconds', () => {
  const TABLE: Array<[string, number | undefined]> = [
    ['30s', 30], ['30m', 1800], ['4h', 14400], ['72h', 259200], ['3d', 259200], ['1w', 604800],
    ['1h30m', 5400], [' 2h ', 7200],
    ['', undefined], ['4', undefined], ['h', undefined], ['4 hours', undefined], ['4H', undefined], ['-4h', undefined],
    ['1.5h', undefined], ['0m', undefined], ['4h ago', undefined], ['P1D', undefined],
  ];
  for (const [text, seconds] of TABLE) {
    test(`${JSON.stringify(text)} -> ${seconds}`, () => assert.equal(parseDurationSeconds(text), seconds));
  }

  test('property: concatenated parts add up', () => {
    const unit = fc.constantFrom(['s', 1], ['m', 60], ['h', 3600], ['d', 86400], ['w', 604800]) as fc.Arbitrary<[string, number]>;
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 999 }), unit), { minLength: 1, maxLength: 4 }), (parts) => {
      const text = parts.map(([n, [u]]) => `${n}${u}`).join('');
      assert.equal(parseDurationSeconds(text), parts.reduce((sum, [n, [, s]]) => sum + n * s, 0));
    }));
  });
});
