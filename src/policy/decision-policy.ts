// Per-risk-tier decision thresholds: `decision.yaml` when the bundle has one, otherwise the
// defaults below (the same values the sample bundle ships, so deleting the file changes nothing).

import type { DecisionPolicy, TierDecisionRule } from './types.ts';
import type { RiskTier } from '../governance/types.ts';
import { RISK_TIERS } from '../governance/types.ts';
import type { PolicyIssue } from './policy-load-error.ts';
import type { PolicySource } from './yaml-source.ts';
import { parseDurationSeconds } from './review-duration.ts';
import { isRecord } from './plain-object.ts';

const HOUR = 3600;

export const DEFAULT_DECISION_POLICY: DecisionPolicy = Object.freeze({
  tiers: Object.freeze({
    low: Object.freeze<TierDecisionRule>({
      approve_min_confidence: 60, block_below_confidence: 25, request_evidence_below: 30,
      otherwise: 'escalate', reviewer_id: 'oncall-reviewer', review_sla_seconds: 72 * HOUR,
    }),
    medium: Object.freeze<TierDecisionRule>({
      approve_min_confidence: 70, block_below_confidence: 30, request_evidence_below: 40,
      otherwise: 'escalate', reviewer_id: 'oncall-reviewer', review_sla_seconds: 24 * HOUR,
    }),
    high: Object.freeze<TierDecisionRule>({
      approve_min_confidence: 85, block_below_confidence: 35, request_evidence_below: 50,
      otherwise: 'escalate', reviewer_id: 'senior-reviewer', review_sla_seconds: 4 * HOUR,
    }),
    critical: Object.freeze<TierDecisionRule>({
      approve_min_confidence: null, block_below_confidence: 40, request_evidence_below: 60,
      otherwise: 'escalate', reviewer_id: 'security-oncall', review_sla_seconds: 1 * HOUR,
    }),
  }),
});

/** Also runs on a file that failed its shape check; the policy it returns is then discarded. */
export function compileDecisionPolicy(source: PolicySource): { decision: DecisionPolicy; issues: PolicyIssue[] } {
  const entries = isRecord(source.value) && isRecord(source.value.tiers) ? source.value.tiers : {};
  const issues: PolicyIssue[] = [];
  const tiers = {} as Record<RiskTier, TierDecisionRule>;
  for (const tier of RISK_TIERS) {
    const entry = isRecord(entries[tier]) ? entries[tier] : {};
    const { review_sla, ...rule } = entry as Omit<TierDecisionRule, 'review_sla_seconds'> & { review_sla?: unknown };
    const seconds = typeof review_sla === 'string' ? parseDurationSeconds(review_sla) : undefined;
    if (typeof review_sla === 'string' && seconds === undefined) {
      issues.push(source.issue(['tiers', tier, 'review_sla'], `must be a duration like 30m, 4h or 3d (got "${review_sla}")`));
    }
    // Approving below the block line would make the block threshold unreachable for this tier.
    const { approve_min_confidence: approve, block_below_confidence: block } = rule;
    if (typeof approve === 'number' && typeof block === 'number' && approve < block) {
      issues.push(source.issue(['tiers', tier, 'approve_min_confidence'], `(${approve}) must not be below block_below_confidence (${block})`));
    }
    tiers[tier] = { ...rule, review_sla_seconds: seconds ?? 0 };
  }
  return { decision: { tiers }, issues };
}
