// The review settings of a risk tier, from the policy bundle's decision.yaml, with defaults.

import type { PolicyBundle } from '../policy/index.ts';
import type { RiskTier } from '../governance/index.ts';

export const DEFAULT_HOLD_SECONDS = 300;
export const MAX_HOLD_SECONDS = 3600;

export interface TierReviewPolicy {
  requiredApprovals: number;
  onExpiry: 'approve' | 'block';
  holdSeconds: number;
}

export function tierReviewPolicy(bundle: PolicyBundle, tier: string | null): TierReviewPolicy {
  const rule = tier ? bundle.decision.tiers[tier as RiskTier] : undefined;
  return {
    requiredApprovals: rule?.required_approvals ?? 1,
    onExpiry: rule?.on_expiry ?? 'block',
    holdSeconds: Math.min(rule?.hold_seconds ?? DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS),
  };
}
