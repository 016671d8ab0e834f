// Identity and entitlements: who is calling, and which tier each feature needs.

export { createAuthHook } from './auth-hook.ts';
export type { AuthOptions } from './auth-hook.ts';
export { ENTITLEMENTS, TIERS, isTier, requireEntitlement, tierAllows } from './entitlements.ts';
export type { Entitlement, Feature, Tier } from './entitlements.ts';
