// The request hook that establishes who is calling and enforces the route's entitlement.
// AUTH_ENABLED=false: every caller is anonymous with the configured default tier, whatever it
// sends. AUTH_ENABLED=true: routes marked public (health, metrics, docs) skip it; every other
// route needs a valid credential in the variant's header (401), then the tier the route's
// feature needs (402/403), then a role the route's row of the role table names (403
// ROLE_REQUIRED). Auth off keeps the behaviour from before roles: the anonymous caller holds
// every role.
// With single sign-on, a request that sends no credential header may be authenticated by its
// session cookie instead (src/sso/session-auth.ts, CSRF-checked). Every non-public answer is
// Cache-Control: no-store.

import type { IncomingMessage } from 'node:http';
import { ApiError, type BeforeHandlerHook, type Principal } from '../http/index.ts';
import { requireEntitlement, type Feature, type Tier } from './entitlements.ts';
import { AuthFailure } from './auth-failure.ts';
import { readCredential, unauthenticated, type Authenticate, type GatewayVariant } from './credentials.ts';
import { ROLES } from './roles.ts';
import { routeAccess } from './route-roles.ts';
import { requireRole } from './role-check.ts';

export interface AuthOptions {
  enabled: boolean;
  variant: GatewayVariant;
  defaultTier: Tier;
  /** Required when enabled. */
  authenticate?: Authenticate;
  /**
   * Single sign-on sessions: the principal of the session cookie (null when none is sent), with
   * CSRF checked for state-changing methods. Asked only when no credential header is sent.
   */
  session?: (req: IncomingMessage) => Promise<Principal | null>;
}

export function createAuthHook(options: AuthOptions): BeforeHandlerHook {
  const anonymous: Principal = Object.freeze({
    kind: 'anonymous', subject: 'anonymous', tier: options.defaultTier, team: null, roles: Object.freeze([...ROLES]), agent_scope: null, expires_at: null,
  });
  const { authenticate, variant } = options;
  if (options.enabled && !authenticate) throw new Error('createAuthHook: authenticate is required when auth is enabled');
  return async (ctx) => {
    // An answer that depends on who asks (payloads, review items, personal data) must not outlive
    // the session in a browser's disk cache or a shared proxy; a route may still say otherwise.
    if (!ctx.meta.public) ctx.res.setHeader('cache-control', 'no-store');
    if (!options.enabled) {
      ctx.principal = anonymous;
    } else if (ctx.meta.public) {
      return;
    } else {
      // A session principal goes through the same tier and role checks below as a key or a JWT.
      const fromSession = options.session && !hasCredentialHeader(ctx.req, variant) ? await options.session(ctx.req) : null;
      if (fromSession) {
        ctx.principal = fromSession;
      } else {
        const token = readCredential(ctx.req.headers, variant);
        try {
          ctx.principal = await authenticate!(token);
        } catch (error) {
          if (!(error instanceof AuthFailure)) throw error;
          if (error.kind === 'unavailable') throw new ApiError('AUTH_UNAVAILABLE', error.message, { headers: { 'retry-after': '5' } });
          throw unauthenticated(variant, error.message, true);
        }
      }
    }
    const feature = ctx.meta.feature as Feature | undefined;
    if (feature) requireEntitlement(ctx.principal.tier as Tier, feature);
    requireRole(routeAccess(ctx.method === 'HEAD' ? 'GET' : ctx.method, ctx.route), ctx.principal, `${ctx.method} ${ctx.route}`);
  };
}

/** Whether the variant's credential header is present: then it alone decides, never a cookie. */
function hasCredentialHeader(req: IncomingMessage, variant: GatewayVariant): boolean {
  return variant === 'edge' ? req.headers['x-service-token'] !== undefined : req.headers.authorization !== undefined;
}
