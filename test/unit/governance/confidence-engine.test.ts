import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { computeConfidence, type ConfidenceInput } from '../../../src/governance/confidence-engine.ts';
import { CONFIDENCE_WEIGHTS } from '../../../src/governance/scoring-table.ts';
import type { CheckScores } from '../../../src/governance/index.ts';

const perfect: CheckScores = { schema: 100, evidence: 100, tool_trust: 100, consistency: 100, policy: 100, safety: 100 };
const input = (overrides: Partial<Omit<ConfidenceInput, 'scores'>> & { scores?: Partial<CheckScores> } = {}): ConfidenceInput => ({
  contradiction: 0,
  historicalReliability: 100,
  judgeScore: null,
  isPreCheck: false,
  failures: [],
  ...overrides,
  scores: { ...perfect, ...overrides.scores },
});

describe('confidence engine', () => {
  test('the weights sum to 1', () => {
    const sum = Object.values(CONFIDENCE_WEIGHTS).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9);
  });

  const cases: Array<{ name: string; input: ConfidenceInput; expected: number }> = [
    { name: 'all signals 100', input: input(), expected: 100 },
    { name: 'evidence 0 costs its weight (20)', input: input({ scores: { evidence: 0 } }), expected: 80 },
    { name: 'reliability 70 costs 0.10 x 30', input: input({ historicalReliability: 70 }), expected: 97 },
    { name: 'every signal weighted: schema 50 (.10), tool trust 50 (.20), safety 40 (.15)', input: input({ scores: { schema: 50, tool_trust: 50, safety: 40 } }), expected: 100 - 5 - 10 - 9 },
    { name: 'pre-check ignores evidence', input: input({ isPreCheck: true, scores: { evidence: 0 } }), expected: 100 },
    { name: 'pre-check spreads the weights: tool trust 50 costs .20/.80 x 50', input: input({ isPreCheck: true, scores: { tool_trust: 50 } }), expected: 87.5 },
    { name: 'contradiction 60 costs 30 points', input: input({ contradiction: 60 }), expected: 70 },
    { name: 'never below 0', input: input({ scores: { schema: 0, evidence: 0, tool_trust: 0, consistency: 0, policy: 0, safety: 0 }, historicalReliability: 0, contradiction: 100 }), expected: 0 },
    { name: 'judge blended 80/20', input: input({ judgeScore: 50 }), expected: 90 },
    { name: 'judge blended after the contradiction penalty', input: input({ contradiction: 100, judgeScore: 100 }), expected: 0.8 * 50 + 20 },
    { name: 'judge score out of range is clamped', input: input({ judgeScore: 400 }), expected: 100 },
  ];
  for (const { name, input: given, expected } of cases) {
    test(name, () => assert.equal(computeConfidence(given).finalConfidence, expected));
  }

  test('the rationale names the strongest and weakest signals and why', () => {
    const { rationale } = computeConfidence(input({
      scores: { evidence: 60 },
      failures: [{ code: 'FACTS_UNSUPPORTED', check: 'evidence', severity: 'medium', message: '2 of 5 facts in the output were not found in any tool result.' }],
    }));
    assert.equal(rationale, 'Confidence 92/100: strongest signals schema (100) and tool trust (100); weakest signal evidence (60): 2 of 5 facts in the output were not found in any tool result.');
  });

  test('the rationale says when everything is at 100', () => {
    assert.equal(computeConfidence(input()).rationale, 'Confidence 100/100: every signal is at 100.');
  });

  test('the rationale mentions contradiction, the judge and pre-check', () => {
    const { rationale } = computeConfidence(input({ contradiction: 20, judgeScore: 70, isPreCheck: true }));
    assert.match(rationale, /Contradictions with the tool results cost 10 points/);
    assert.match(rationale, /LLM judge's 70 was blended in at 20%/);
    assert.match(rationale, /evidence does not apply before execution/);
  });
});
