// /v1/auth: GET /v1/auth/check tells a caller who the gateway thinks they are. It needs no
// feature, only a valid credential (401 otherwise), and is rate limited per client IP.

import type { Route } from '../http/index.ts';
import { featuresFor, type Tier } from '../auth/index.ts';

export function authRoutes(options: { authEnabled: boolean }): Route[] {
  return [
    {
      method: 'GET', path: '/v1/auth/check',
      meta: {
        doc: {
          summary: 'Who is calling: credential kind, subject, tier, team and expiry', tags: ['auth'],
          description: 'Validates the credential (an API key or a JWT in the variant\'s header) and describes it. Limited per client IP (default 20 requests per minute).',
          responses: { 200: { description: 'The caller', schema: 'AuthCheck' } }, errors: [429, 503],
        },
      },
      handler: (ctx) => {
        const principal = ctx.principal!;
        return {
          headers: { 'cache-control': 'no-store' },
          body: {
            authenticated: principal.kind !== 'anonymous',
            auth_enabled: options.authEnabled,
            kind: principal.kind,
            subject: principal.subject,
            tier: principal.tier,
            team: principal.team,
            roles: principal.roles,
            agent_scope: principal.agent_scope,
            expires_at: principal.expires_at,
            features: featuresFor(principal.tier as Tier),
          },
        };
      },
    },
  ];
}
