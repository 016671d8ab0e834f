// Shapes of the single sign-on routes (/v1/sso/*). The SAML messages themselves are XML and
// form posts, described in the operations; these are the JSON answers and the ACS form.

import { TIERS } from '../auth/entitlements.ts';
import { ROLES } from '../auth/roles.ts';

export const SsoSession = {
  type: 'object',
  required: ['subject', 'name_id', 'tier', 'team', 'teams', 'roles', 'csrf_token', 'csrf_header', 'created_at', 'expires_at'],
  additionalProperties: false,
  properties: {
    subject: { type: 'string', description: 'Who the person is to the gateway: the NameID, or the attribute mapping.subject_attribute names.' },
    name_id: { type: 'string', description: 'The NameID the identity provider asserted.' },
    tier: { type: 'string', enum: TIERS, description: 'session.tier of config/sso.yaml (at most DEFAULT_TIER).' },
    team: { type: ['string', 'null'], description: 'The first of teams, or null.' },
    teams: { type: 'array', items: { type: 'string' } },
    roles: { type: 'array', items: { type: 'string', enum: ROLES } },
    csrf_token: { type: 'string', description: 'Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie.' },
    csrf_header: { type: 'string', const: 'X-CSRF-Token' },
    created_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time', description: 'The session ends then (session.ttl_seconds), or at logout.' },
  },
};

export const SsoLogout = {
  type: 'object',
  required: ['ended', 'logout_url'],
  additionalProperties: false,
  properties: {
    ended: { type: 'boolean', description: 'true when a live session was ended; false when there was none.' },
    logout_url: { type: ['string', 'null'], description: 'The identity provider\'s single logout URL to send the browser to (SP-initiated SLO), or null when it offers none.' },
  },
};

export const SsoAcsForm = {
  type: 'object',
  required: ['SAMLResponse'],
  properties: {
    SAMLResponse: { type: 'string', description: 'The base64 samlp:Response, with a signed assertion.' },
    RelayState: { type: 'string', description: 'Read only for IdP-initiated sign-in (security.allow_unsolicited); a solicited sign-in returns to the path stored with its request.' },
  },
};
