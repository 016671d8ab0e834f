import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { historicalReliability, historicalReliabilityAt, OUTCOMES, type OutcomeSample } from '../../../src/governance/index.ts';

const DAY = 86400;
const sample = (outcome: OutcomeSample['outcome'], ageSeconds = 0): OutcomeSample => ({ outcome, finalConfidence: 80, ageSeconds });

describe('historicalReliability', () => {
  const cases: Array<{ name: string; samples: OutcomeSample[]; expected: number }> = [
    { name: 'a new agent gets the prior', samples: [], expected: 70 },
    { name: 'one fresh approve: (2*70 + 100) / 3', samples: [sample('approve')], expected: 80 },
    { name: 'one fresh block: (2*70 + 0) / 3', samples: [sample('block')], expected: 46.7 },
    { name: 'one fresh escalate: (2*70 + 50) / 3', samples: [sample('escalate')], expected: 63.3 },
    { name: 'request_evidence counts like escalate', samples: [sample('request_evidence')], expected: 63.3 },
    { name: 'a block 7 days old weighs half: (140 + 0) / 2.5', samples: [sample('block', 7 * DAY)], expected: 56 },
    { name: 'negative ages count as fresh', samples: [sample('block', -50)], expected: 46.7 },
  ];
  for (const { name, samples, expected } of cases) {
    test(name, () => assert.equal(historicalReliability(samples), expected));
  }

  test('recent outcomes count more than old ones', () => {
    const recentBlock = historicalReliability([sample('block', 0), sample('approve', 30 * DAY)]);
    const oldBlock = historicalReliability([sample('approve', 0), sample('block', 30 * DAY)]);
    assert.ok(oldBlock > recentBlock);
  });

  test('many fresh approvals approach 100 and many blocks approach 0', () => {
    assert.ok(historicalReliability(Array.from({ length: 200 }, () => sample('approve'))) > 99);
    assert.ok(historicalReliability(Array.from({ length: 200 }, () => sample('block'))) < 1);
  });

  test('always within 0..100, and one sample never reaches 0 or 100', () => {
    const arbSample = fc.record({
      outcome: fc.constantFrom(...OUTCOMES),
      finalConfidence: fc.double({ min: 0, max: 100, noNaN: true }),
      ageSeconds: fc.oneof(fc.double({ noNaN: true }), fc.constant(Number.POSITIVE_INFINITY)),
    });
    fc.assert(fc.property(fc.array(arbSample, { maxLength: 50 }), (samples) => {
      const value = historicalReliability(samples);
      assert.ok(value >= 0 && value <= 100, `out of range: ${value}`);
      if (samples.length === 1) assert.ok(value > 0 && value < 100);
    }));
  });
});

test('historicalReliabilityAt (recorded times, aged against now) scores as historicalReliability on the samples', () => {
  const recorded = fc.record({ outcome: fc.constantFrom(...OUTCOMES), at: fc.oneof(fc.integer({ min: 0, max: 2e12 }), fc.constant(Number.NaN)) });
  fc.assert(fc.property(fc.array(recorded, { maxLength: 60 }), fc.integer({ min: 0, max: 2e12 }), (records, now) => {
    const samples = records.map((r) => ({ outcome: r.outcome, finalConfidence: 50, ageSeconds: (now - r.at) / 1000 }));
    assert.equal(historicalReliabilityAt(records, now), historicalReliability(samples));
  }));
});
