// Which feature needs which tier: one table, mirrored in docs/entitlements.md. A capability the
// tier does not allow answers 403; a paid feature the tier does not include answers 402.

import { ApiError } from '../http/index.ts';

export const TIERS = ['developer', 'team', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export interface Entitlement {
  minimumTier: Tier;
  /** 403: the tier does not allow the capability; 402: the tier does not include the feature. */
  denial: 402 | 403;
  description: string;
}

export const ENTITLEMENTS = {
  runtime: { minimumTier: 'developer', denial: 403, description: 'pre-check, post-check, validate, with confidence and risk data' },
  kill_switch_read: { minimumTier: 'developer', denial: 403, description: 'read the global kill switch' },
  // Flipping it stops every agent of the fleet: not something any developer key should do.
  kill_switch_write: { minimumTier: 'team', denial: 403, description: 'set the global kill switch' },
  decision_rerun: { minimumTier: 'team', denial: 403, description: 're-run the decision on a stored envelope' },
  audit_read: { minimumTier: 'team', denial: 403, description: 'central audit: list and read executions' },
  audit_erase: { minimumTier: 'team', denial: 403, description: 'erase PII from an audit record' },
  review_queue: { minimumTier: 'team', denial: 403, description: 'the human review queue' },
  // A dry run reads the active policy and, by envelope id, stored requests: a security team's tool.
  policy_evaluate: { minimumTier: 'team', denial: 403, description: 'policy dry runs (POST /v1/policy/evaluate)' },
  // Deliveries show which events reached which receiver; a retry re-sends a signed event.
  notifications: { minimumTier: 'team', denial: 403, description: 'webhook notification deliveries: list, read, retry' },
  // Fleet figures and alerts are for the SRE on call and the risk officer: team tier and up.
  analytics: { minimumTier: 'team', denial: 403, description: 'fleet analytics (GET /v1/analytics/*)' },
  alerts: { minimumTier: 'team', denial: 403, description: 'alerts: read, acknowledge and silence (/v1/alerts/*)' },
  chain_verify: { minimumTier: 'enterprise', denial: 403, description: 'hash chain verification' },
  llm_judge: { minimumTier: 'enterprise', denial: 402, description: 'the LLM judge' },
  // Reading certificates is audit work; issuing and revoking them is the paid certification feature.
  certify_read: { minimumTier: 'team', denial: 403, description: 'read agent certificates and their history' },
  certify_issue: { minimumTier: 'enterprise', denial: 402, description: 'agent certification: certify and revoke' },
  // People and their powers: who may administer a team is decided by roles (admin) inside it.
  team_management: { minimumTier: 'team', denial: 403, description: 'teams: members, team API keys, team agents and usage' },
  // Reports are auditor work, like reading the audit trail: Team and up. Their figures come from
  // rows a Team key can already list; the PDF and signatures add no data a Team key cannot read.
  reports: { minimumTier: 'team', denial: 403, description: 'compliance reports: request, read and download them' },
  saml_sso: { minimumTier: 'enterprise', denial: 402, description: 'SAML single sign-on' },
  // A sidecar's credential writes ledger entries for its agent: never a developer or team key.
  ledger_internal: { minimumTier: 'enterprise', denial: 403, description: 'the internal ledger API sidecars record through (CENTRAL_GATEWAY_URL)' },
} as const satisfies Record<string, Entitlement>;

export type Feature = keyof typeof ENTITLEMENTS;

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function tierAllows(tier: Tier, feature: Feature): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(ENTITLEMENTS[feature].minimumTier);
}

/** Every feature `tier` may use, in table order. */
export function featuresFor(tier: Tier): Feature[] {
  return (Object.keys(ENTITLEMENTS) as Feature[]).filter((feature) => tierAllows(tier, feature));
}

/** Throws the 402/403 problem when `tier` may not use `feature`; the body names the tier needed. */
export function requireEntitlement(tier: Tier, feature: Feature): void {
  if (tierAllows(tier, feature)) return;
  const entitlement: Entitlement = ENTITLEMENTS[feature];
  const needed = entitlement.minimumTier;
  const detail = `${capitalize(entitlement.description)} needs the ${capitalize(needed)} tier or higher; this caller has ${capitalize(tier)}.`;
  throw new ApiError(entitlement.denial === 402 ? 'ENTITLEMENT_REQUIRED' : 'FORBIDDEN', detail, {
    extensions: { feature, required_tier: needed, current_tier: tier },
  });
}

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
