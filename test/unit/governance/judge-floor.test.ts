// The synchronous judge only ever makes a decision stricter (docs/scoring.md, "The LLM judge").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, type DecisionInput } from '../../../src/governance/decision-engine.ts';
import type { JudgeContext } from '../../../src/governance/index.ts';
import { context } from './fixtures.ts';

const base: DecisionInput = {
  stage: 'validate',
  validation: { scores: { schema: 100, evidence: 100, tool_trust: 100, consistency: 100, policy: 100, safety: 100 }, contradiction: 0, failures: [] },
  finalConfidence: 95,
  tier: 'high',
  trustChain: null,
};
const scored = (score: number, verdict: 'pass' | 'fail'): JudgeContext => ({ status: 'scored', score, verdict, passScore: 60, latencyMs: 40 });
const failed = (fallback: 'escalate' | 'block' | 'request_evidence' | 'decide'): JudgeContext => ({ status: 'failed', reason: 'no answer within 3000 ms', latencyMs: 3000, fallback });

const CASES: Array<{ name: string; judge: JudgeContext; confidence?: number; outcome: string; decidedBy: string; reason: RegExp }> = [
  { name: 'a pass changes nothing', judge: scored(90, 'pass'), outcome: 'approve', decidedBy: 'weighted', reason: /^Approved/ },
  { name: 'a fail verdict escalates an approval', judge: scored(90, 'fail'), outcome: 'escalate', decidedBy: 'judge', reason: /LLM judge scored the output 90 \(verdict fail; pass score 60\)/ },
  { name: 'a score under pass_score escalates even with verdict pass', judge: scored(59, 'pass'), outcome: 'escalate', decidedBy: 'judge', reason: /scored the output 59/ },
  { name: 'a fail never lifts a threshold block', judge: scored(10, 'fail'), confidence: 20, outcome: 'block', decidedBy: 'weighted', reason: /^Blocked/ },
  { name: 'a failed judgement escalates by default', judge: failed('escalate'), outcome: 'escalate', decidedBy: 'judge_fallback', reason: /could not judge this high-risk output \(no answer within 3000 ms\)/ },
  { name: 'a failed judgement may block', judge: failed('block'), outcome: 'block', decidedBy: 'judge_fallback', reason: /^Blocked: the LLM judge could not judge/ },
  { name: '`decide` keeps the decision and says the judge was not used', judge: failed('decide'), outcome: 'approve', decidedBy: 'weighted', reason: /the LLM judge was not used: no answer within 3000 ms/ },
  { name: 'a fallback never lifts a block', judge: failed('escalate'), confidence: 20, outcome: 'block', decidedBy: 'weighted', reason: /LLM judge was not used/ },
];

for (const { name, judge, confidence, outcome, decidedBy, reason } of CASES) {
  test(name, () => {
    const decision = decide({ ...base, finalConfidence: confidence ?? base.finalConfidence }, context({ judge }));
    assert.equal(decision.outcome, outcome);
    assert.equal(decision.decided_by, decidedBy);
    assert.match(decision.reason, reason);
    assert.equal(decision.judge_latency_ms, judge.latencyMs);
  });
}

test('without a judge, judge_latency_ms stays null', () => {
  assert.equal(decide(base, context()).judge_latency_ms, null);
});
