// One stage, start to finish: validation -> confidence -> risk -> CEL rules -> trust chain ->
// decision -> explanations. Rules see the scores and risk of the checks; enforced rule findings
// then join the policy check, and confidence and risk are computed again with them. Pure: the
// same input and context always give a deep-equal result.

import { computeConfidence } from './confidence-engine.ts';
import { decide } from './decision-engine.ts';
import { governanceDisclosure } from './explanations.ts';
import { assessRisk } from './risk-engine.ts';
import { RELIABILITY_PRIOR, SCORE_VERSION } from './scoring-table.ts';
import { clampScore, scoreFromFailures } from './score-math.ts';
import { buildStageView } from './stage-view.ts';
import { evaluateTrustChain } from './trust-chain.ts';
import { runValidation } from './validation-engine.ts';
import { countsTowardScores, evaluateRules, ruleFailure } from './rule-evaluation.ts';
import { listedFailures } from './failure-listing.ts';
import type { StageView } from './stage-view.ts';
import type {
  ConfidenceResult, Failure, GovernanceContext, GovernanceEvaluation, GovernanceInput, RiskAssessment, RuleFinding, ValidationResult,
} from './types.ts';

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
    message: ctx.preCheck.reason ?? `Pre-check ${ctx.preCheck.envelopeId} blocked this action; it should never have run.`,
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

interface Scored { validation: ValidationResult; confidence: ConfidenceResult; risk: RiskAssessment }

function score(view: StageView, validation: ValidationResult, historicalReliability: number, judgeScore: number | null, reliabilitySamples?: number): Scored {
  const counted = validation.failures.filter(countsTowardScores);
  const confidence = computeConfidence({
    scores: validation.scores,
    contradiction: validation.contradiction,
    historicalReliability,
    reliabilitySamples,
    judgeScore,
    isPreCheck: view.isPreCheck,
    failures: counted,
  });
  const risk = assessRisk({ view, finalConfidence: confidence.finalConfidence, failures: counted });
  return { validation, confidence, risk };
}

/** Rule findings join the policy check's failures; enforced block/escalate/request_evidence ones lower its score. */
function withRuleFindings(validation: ValidationResult, fired: readonly RuleFinding[]): ValidationResult {
  const failures = fired.map(ruleFailure);
  const afterPolicy = validation.failures.findIndex((failure) => ['safety', 'contradiction'].includes(failure.check));
  const at = afterPolicy < 0 ? validation.failures.length : afterPolicy;
  const all = [...validation.failures.slice(0, at), ...failures, ...validation.failures.slice(at)];
  const policy = all.filter((failure) => failure.check === 'policy' && countsTowardScores(failure));
  return { ...validation, scores: { ...validation.scores, policy: scoreFromFailures(policy) }, failures: all };
}

export function evaluate(input: GovernanceInput, ctx: GovernanceContext): GovernanceEvaluation {
  const view = buildStageView(input, ctx);
  const historicalReliability = reliabilityOf(ctx);
  const judgeScore = judgeOf(ctx);
  const checked = score(view, runValidation(view), historicalReliability, judgeScore, ctx.reliabilitySamples);
  const rules = evaluateRules(ctx.bundle.rules, { view, input, ctx, historicalReliability, ...checked });
  const { validation, confidence, risk } = rules.fired.length === 0
    ? checked
    : score(view, withRuleFindings(checked.validation, rules.fired), historicalReliability, judgeScore, ctx.reliabilitySamples);
  const trustChain = ctx.parent && !view.isPreCheck ? evaluateTrustChain(ctx.parent, ctx.agentPolicy) : null;
  const decision = decide(
    { stage: input.stage, validation, finalConfidence: confidence.finalConfidence, tier: risk.tier, trustChain, rules: rules.fired },
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
      failures: listedFailures(failures),
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
    rules,
  };
}
