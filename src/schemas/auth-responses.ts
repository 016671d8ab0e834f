// The body of GET /v1/auth/check: who the caller is, as the gateway sees it.

import { ROLES } from '../auth/roles.ts';
import { ENTITLEMENTS, TIERS } from '../auth/index.ts';

export const AuthCheck = {
  type: 'object',
  required: ['authenticated', 'auth_enabled', 'kind', 'subject', 'tier', 'team', 'roles', 'agent_scope', 'expires_at', 'features'],
  additionalProperties: false,
  properties: {
    authenticated: { type: 'boolean', description: 'false only while AUTH_ENABLED is false: the caller is then anonymous with the default tier.' },
    auth_enabled: { type: 'boolean' },
    kind: { type: 'string', enum: ['api_key', 'jwt', 'session', 'anonymous'], description: 'session: a person signed in by single sign-on, by the session cookie (docs/sso.md).' },
    subject: { type: 'string', description: 'The API key id (key_…), the JWT sub claim, or "anonymous".' },
    tier: { type: 'string', enum: TIERS },
    team: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string', enum: ROLES }, description: 'What the caller may do inside its tier (docs/entitlements.md#roles).' },
    agent_scope: { type: ['string', 'null'], description: 'An agent credential\'s binding: the agent id or glob its runtime calls must name.' },
    expires_at: { type: ['string', 'null'], format: 'date-time', description: 'The JWT exp; null for API keys (they last until revoked).' },
    features: { type: 'array', items: { type: 'string', enum: Object.keys(ENTITLEMENTS) }, description: 'Every feature this tier may use (docs/entitlements.md).' },
  },
};
