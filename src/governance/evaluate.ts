// One stage, start to finish: validation -> confidence -> risk -> trust chain -> decision ->
// explanations. Pure: the same input and context always give a deep-equal result.

import { computeConfidence } from './confidence-engine.ts';
import { decide } from './decision-engine.ts';
import { governanceDisclosure } from './explanations.ts';
import { assessRisk } from './risk-engine.ts';
import { RELIABILITY_PRIOR, SCORE_VERSION } from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import { buildStageView } from './stage-view.ts';
import { evaluateTrustChain } from './trust-chain.ts';
import { runValidation } from './validation-engine.ts';
import type { Failure, GovernanceContext, GovernanceEvaluation, GovernanceInput } from './types.ts';

const KILL_SWITCH_FAILURE: Failure = {
  code: 'KILL_SWITCH_ACTIVE',
  check: 'kill_switch',
  severity: 'critical',
  message: 'The global kill switch is active.',
};

/** A post-check completing a blocked pre-check: listed with the chain, since the pre-check is its parent. */
function preCheckFailures(input: GovernanceInput, ctx: GovernanceContext): Failure[] {
  if (input.stage !== 'post_check' || ctx.preCheck?.outcome !== 'block') return [];
  return [{
    code: 'PRE_CHECK_BLOCKED',
    check: 'trust_chain',
    severity: 'critical',
    message: `Pre-check ${ctx.preCheck.envelopeId} blocked this action; it should never have run.`,
    path: 'pre_check_envelope_id',
  }];
}

/** A reliability the caller could not compute (not a finite number) falls back to the prior. */
function reliabilityOf(ctx: GovernanceContext): number {
  return Number.isFinite(ctx.historicalReliability) ? clampScore(ctx.historicalReliability) : RELIABILITY_PRIOR;
}

function judgeOf(ctx: GovernanceContext): number | null {
  return typeof ctx.judgeScore === 'number' && Number.isFinite(ctx.judgeScore) ? clampScore(ctx.judgeScore) : null;
}

export function evaluate(input: GovernanceInput, ctx: GovernanceContext): GovernanceEvaluation {
  const view = buildStageView(input, ctx);
  const validation = runValidation(view);
  const historicalReliability = reliabilityOf(ctx);
  const judgeScore = judgeOf(ctx);
  const confidence = computeConfidence({
    scores: validation.scores,
    contradiction: validation.contradiction,
    historicalReliability,
    judgeScore,
    isPreCheck: view.isPreCheck,
    failures: validation.failures,
  });
  const risk = assessRisk({ view, finalConfidence: confidence.finalConfidence, failures: validation.failures });
  const trustChain = ctx.parent && !view.isPreCheck ? evaluateTrustChain(ctx.parent, ctx.agentPolicy) : null;
  const decision = decide(
    { stage: input.stage, validation, finalConfidence: confidence.finalConfidence, tier: risk.tier, trustChain },
    ctx,
  );
  const failures = [
    ...validation.failures,
    ...(trustChain?.failures ?? []),
    ...preCheckFailures(input, ctx),
    ...(ctx.killSwitchActive ? [{ ...KILL_SWITCH_FAILURE }] : []),
  ];
  return {
    validation: {
      schema_score: validation.scores.schema,
      evidence_score: validation.scores.evidence,
      tool_trust_score: validation.scores.tool_trust,
      consistency_score: validation.scores.consistency,
      policy_score: validation.scores.policy,
      judge_score: judgeScore,
      historical_reliability: historicalReliability,
      safety_score: validation.scores.safety,
      contradiction_score: validation.contradiction,
      final_confidence: confidence.finalConfidence,
      failures,
    },
    risk,
    decision,
    trust_chain: trustChain,
    governance_disclosure: governanceDisclosure({
      input,
      policyVersion: ctx.bundle.version,
      scoreVersion: SCORE_VERSION,
      callCount: view.calls.length,
      risk,
      decision,
      trustChain,
      judgeScore,
      killSwitchActive: ctx.killSwitchActive,
    }),
    confidence_rationale: confidence.rationale,
  };
}
