// The request hook that establishes who is calling and enforces the route's entitlement.
// With AUTH_ENABLED=false every caller is anonymous with the configured default tier.

import type { BeforeHandlerHook, Principal } from '../http/index.ts';
import { requireEntitlement, type Feature, type Tier } from './entitlements.ts';

export interface AuthOptions {
  defaultTier: Tier;
}

export function createAuthHook(options: AuthOptions): BeforeHandlerHook {
  const anonymous: Principal = Object.freeze({
    kind: 'anonymous', subject: 'anonymous', tier: options.defaultTier, team: null, expires_at: null,
  });
  return (ctx) => {
    ctx.principal = anonymous;
    const feature = ctx.meta.feature as Feature | undefined;
    if (feature) requireEntitlement(ctx.principal.tier as Tier, feature);
  };
}
