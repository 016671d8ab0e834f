// The decision engine: hard gates first (each blocks on its own, whatever the scores), then an
// enforced `block` rule, then the tier's thresholds from the policy bundle, which enforced rules
// may only make stricter (escalate, request_evidence) or, with `allow`, lift from a review to
// approve. A post-check whose pre-check was blocked is blocked too: that action should never have run.

import { SCORE_VERSION } from './scoring-table.ts';
import type { TierDecisionRule } from '../policy/types.ts';
import type {
  DecisionResult, Failure, GovernanceContext, Outcome, RiskTier, RuleFinding, Stage, TrustChainResult, ValidationResult,
} from './types.ts';

export interface DecisionInput {
  stage: Stage;
  validation: ValidationResult;
  finalConfidence: number;
  tier: RiskTier;
  trustChain: TrustChainResult | null;
  /** Rules that fired; shadow ones are ignored here. */
  rules?: readonly RuleFinding[];
}

interface Verdict { outcome: Outcome; reason: string; decidedBy: string; rule?: TierDecisionRule }

function firstMessage(failures: readonly Failure[]): string {
  return failures[0]?.message ?? 'no detail recorded.';
}

/** The hard gates in order; the first that fires decides. */
function hardGate(input: DecisionInput, ctx: GovernanceContext): Verdict | undefined {
  if (ctx.killSwitchActive) {
    return { outcome: 'block', decidedBy: 'kill_switch', reason: 'Kill switch is active: all agent actions are blocked.' };
  }
  if (input.stage === 'post_check' && ctx.preCheck?.outcome === 'block') {
    return {
      outcome: 'block',
      decidedBy: 'pre_check',
      // A human review of the pre-check (src/oversight) supplies its own reason: rejected, still pending, expired.
      reason: ctx.preCheck.reason ?? `Blocked: pre-check ${ctx.preCheck.envelopeId} blocked this action, so it should never have run.`,
    };
  }
  if (input.validation.scores.tool_trust < 100) {
    const failures = input.validation.failures.filter((failure) => failure.check === 'tool_trust');
    return { outcome: 'block', decidedBy: 'tool_trust', reason: `Blocked by tool trust: ${firstMessage(failures)}` };
  }
  if (input.stage === 'pre_check') return undefined;
  if (input.trustChain && !input.trustChain.trusted) {
    return { outcome: 'block', decidedBy: 'trust_chain', reason: `Blocked by the trust chain: ${firstMessage(input.trustChain.failures)}` };
  }
  const critical = input.validation.failures.filter((failure) => failure.check === 'safety' && failure.severity === 'critical');
  if (critical.length > 0) {
    return { outcome: 'block', decidedBy: 'safety', reason: `Blocked for safety: ${firstMessage(critical)}` };
  }
  return undefined;
}

const OTHERWISE_LABEL: Readonly<Record<TierDecisionRule['otherwise'], string>> = {
  escalate: 'Escalated for human review',
  request_evidence: 'Evidence requested',
  block: 'Blocked',
};

/** The tier's thresholds, first match wins: block, request evidence, contradiction (never approve), approve, otherwise. */
function weighted(input: DecisionInput, ctx: GovernanceContext): Verdict {
  const rule = ctx.bundle.decision.tiers[input.tier];
  const confidence = input.finalConfidence;
  const evidence = input.validation.scores.evidence;
  const tier = `${input.tier}-risk`;
  const verdict = (outcome: Outcome, reason: string): Verdict => ({ outcome, reason, decidedBy: 'weighted', rule });
  if (confidence < rule.block_below_confidence) {
    return verdict('block', `Blocked: final confidence ${confidence} is below the ${tier} block threshold of ${rule.block_below_confidence}.`);
  }
  if (evidence < rule.request_evidence_below) {
    return verdict('request_evidence', `Evidence requested: evidence score ${evidence} is below the ${tier} threshold of ${rule.request_evidence_below}.`);
  }
  // An output the tool record contradicts is never approved on confidence alone: a person looks.
  const contradicted = input.validation.failures.filter((f) => f.check === 'contradiction' && (f.severity === 'high' || f.severity === 'critical'));
  if (contradicted.length > 0) {
    return verdict(rule.otherwise, `${OTHERWISE_LABEL[rule.otherwise]}: the output contradicts the tool results: ${firstMessage(contradicted)}`);
  }
  const approveAt = rule.approve_min_confidence;
  if (approveAt !== null && confidence >= approveAt) {
    return verdict('approve', `Approved: final confidence ${confidence} meets the ${tier} approval threshold of ${approveAt}.`);
  }
  const why = approveAt === null
    ? `${tier} actions are never approved automatically`
    : `final confidence ${confidence} is below the ${tier} approval threshold of ${approveAt}`;
  return verdict(rule.otherwise, `${OTHERWISE_LABEL[rule.otherwise]}: ${why}.`);
}

/** How far an outcome is from approve: a rule may move the thresholds' outcome only up this scale. */
const STRICTNESS: Readonly<Record<Outcome, number>> = { approve: 0, request_evidence: 1, escalate: 2, block: 3 };

const RULE_LABEL: Readonly<Record<Outcome, string>> = {
  approve: 'Approved', request_evidence: 'Evidence requested', escalate: 'Escalated for human review', block: 'Blocked',
};

function ruleText(finding: RuleFinding): string {
  return `policy rule ${finding.rule_id}: ${finding.message.replace(/\.$/, '')}`;
}

/** An enforced `block` rule decides like a gate, after the hard gates. */
function ruleBlock(enforced: readonly RuleFinding[]): Verdict | undefined {
  const block = enforced.find((finding) => finding.effect === 'block');
  return block && { outcome: 'block', decidedBy: 'policy_rule', reason: `Blocked by ${ruleText(block)}.` };
}

/**
 * Enforced escalate / request_evidence rules raise the thresholds' outcome to the strictest of
 * them; otherwise an enforced allow (and no other enforced rule) turns a review into approve.
 * A threshold block is never lifted.
 */
function ruleFloor(verdict: Verdict, enforced: readonly RuleFinding[], ctx: GovernanceContext, tier: RiskTier): Verdict {
  const raising = enforced.filter((finding) => finding.effect !== 'allow');
  const strictest = raising.reduce<RuleFinding | undefined>(
    (best, finding) => (best === undefined || STRICTNESS[finding.effect as Outcome] > STRICTNESS[best.effect as Outcome] ? finding : best),
    undefined,
  );
  const rule = verdict.rule ?? ctx.bundle.decision.tiers[tier];
  if (strictest !== undefined) {
    const outcome = strictest.effect as Outcome;
    if (STRICTNESS[outcome] <= STRICTNESS[verdict.outcome]) return verdict;
    return { outcome, decidedBy: 'policy_rule', rule, reason: `${RULE_LABEL[outcome]} by ${ruleText(strictest)}.` };
  }
  const allow = enforced.find((finding) => finding.effect === 'allow');
  if (allow === undefined || (verdict.outcome !== 'escalate' && verdict.outcome !== 'request_evidence')) return verdict;
  return {
    outcome: 'approve', decidedBy: 'policy_rule', rule,
    reason: `Approved by ${ruleText(allow)} (the thresholds alone: ${verdict.reason.replace(/\.$/, '')}).`,
  };
}

/**
 * The synchronous LLM judge may only make the outcome stricter: a failing answer escalates, and a
 * judgement that could not be had (timeout, error, malformed answer) takes the policy's fallback.
 */
function judgeFloor(verdict: Verdict, ctx: GovernanceContext, tier: RiskTier): Verdict {
  const judge = ctx.judge;
  if (judge === undefined) return verdict;
  const rule = verdict.rule ?? ctx.bundle.decision.tiers[tier];
  if (judge.status === 'failed') {
    if (judge.fallback === 'decide' || STRICTNESS[judge.fallback] <= STRICTNESS[verdict.outcome]) {
      return { ...verdict, reason: `${verdict.reason.replace(/\.$/, '')} (the LLM judge was not used: ${judge.reason}).` };
    }
    return {
      outcome: judge.fallback, decidedBy: 'judge_fallback', rule,
      reason: `${RULE_LABEL[judge.fallback]}: the LLM judge could not judge this ${tier}-risk output (${judge.reason}), so the judge fallback applies.`,
    };
  }
  const failed = judge.verdict === 'fail' || judge.score < judge.passScore;
  if (!failed || STRICTNESS.escalate <= STRICTNESS[verdict.outcome]) return verdict;
  return {
    outcome: 'escalate', decidedBy: 'judge', rule,
    reason: `Escalated for human review: the LLM judge scored the output ${judge.score} (verdict ${judge.verdict}; pass score ${judge.passScore}).`,
  };
}

export function decide(input: DecisionInput, ctx: GovernanceContext): DecisionResult {
  const enforced = (input.rules ?? []).filter((finding) => !finding.shadow);
  const verdict = hardGate(input, ctx) ?? ruleBlock(enforced) ?? judgeFloor(ruleFloor(weighted(input, ctx), enforced, ctx, input.tier), ctx, input.tier);
  const reviewed = verdict.outcome === 'escalate' || verdict.outcome === 'request_evidence';
  const rule = reviewed ? (verdict.rule ?? ctx.bundle.decision.tiers[input.tier]) : undefined;
  return {
    outcome: verdict.outcome,
    reason: verdict.reason,
    policy_version: ctx.bundle.version,
    score_version: SCORE_VERSION,
    reviewer_id: rule ? rule.reviewer_id : null,
    review_deadline: rule ? new Date(ctx.now + rule.review_sla_seconds * 1000).toISOString() : null,
    judge_latency_ms: ctx.judge?.latencyMs ?? null,
    decided_by: verdict.decidedBy,
  };
}
