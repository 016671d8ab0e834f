// /v1/team: members, team keys, team agents and usage (src/api/team-routes.ts).

import { ROLES } from '../auth/roles.ts';
import { MEMBER_ID_PATTERN } from '../auth/team-store.ts';
import { TIERS } from '../auth/entitlements.ts';
import { IDENTIFIER_TEXT_PATTERN } from './text-patterns.ts';

const role = { type: 'string', enum: ROLES };
const roles = { type: 'array', items: role, minItems: 1, maxItems: ROLES.length, uniqueItems: true, description: `Roles: ${ROLES.join(', ')}.` };
const team = { type: 'string', pattern: '^[\\w.-]{1,64}$', description: 'The team; defaults to the caller\'s own (a credential without a team must name one).' };
const nullableString = { type: ['string', 'null'] };
const display_name = { type: 'string', minLength: 1, maxLength: 200, pattern: IDENTIFIER_TEXT_PATTERN };

export const TeamMemberRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'roles'],
  properties: {
    // No control characters: the key store (PostgreSQL) cannot hold a NUL, so it is a 422 here, not a 500 there.
    email: { type: 'string', minLength: 3, maxLength: 256, pattern: '^[^\\s@\\u0000-\\u001f\\u007f]+@[^\\s@\\u0000-\\u001f\\u007f]+$', description: 'The person\'s sign-in email (an SSO member\'s NameID or email).' },
    display_name,
    roles,
    team,
  },
};

export const TeamMemberPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    roles,
    display_name,
    team,
  },
};

export const TeamKeyRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['roles'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' },
    roles,
    agent: { type: 'string', minLength: 1, maxLength: 128, description: 'Required with the agent role: the agent id or glob the key acts for.' },
    member_id: { type: 'string', pattern: MEMBER_ID_PATTERN.source, description: 'The member the key belongs to: it holds at most their current roles, and stops working when they leave the team.' },
    tier: { type: 'string', enum: TIERS, description: 'Default and maximum: the caller\'s tier.' },
    team,
  },
};

export const TeamAgentsRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['agents'],
  properties: {
    agents: { type: 'array', maxItems: 200, uniqueItems: true, items: { type: 'string', pattern: '^[\\w.*-]{1,128}$' }, description: 'Agent ids, `*` as wildcard (`payments-*`).' },
    team,
  },
};

const memberTeam = { type: 'object', required: ['team', 'roles'], properties: { team: { type: 'string' }, roles: { type: 'array', items: role } } };

export const TeamMember = {
  type: 'object',
  required: ['id', 'subject', 'display_name', 'source', 'teams', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string' },
    subject: { type: 'string', description: 'The sign-in name (email, or the IdP NameID for SSO members).' },
    display_name: nullableString,
    source: { type: 'string', enum: ['local', 'sso'] },
    teams: { type: 'array', items: memberTeam },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
};

export const TeamMemberList = {
  type: 'object',
  required: ['items', 'total', 'limit', 'offset'],
  properties: { items: { type: 'array', items: TeamMember }, total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
};

export const TeamKey = {
  type: 'object',
  required: ['id', 'hint', 'tier', 'team', 'roles', 'agent_scope', 'member_id', 'created_at', 'last_used_at', 'revoked_at'],
  properties: {
    id: { type: 'string' }, name: nullableString, hint: { type: 'string' }, tier: { type: 'string', enum: TIERS }, team: nullableString,
    roles: { type: ['array', 'null'], items: role, description: 'null: a key from before roles (every role but admin).' },
    agent_scope: nullableString, member_id: nullableString, created_at: { type: 'string' }, last_used_at: nullableString, revoked_at: nullableString,
  },
};

export const TeamKeyCreated = {
  type: 'object',
  required: ['key', 'id'],
  properties: { key: { type: 'string', description: 'The API key: shown this once, only its hash is kept.' }, ...TeamKey.properties },
};

export const TeamKeyList = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: TeamKey } },
};

export const TeamAgents = {
  type: 'object',
  required: ['team', 'agents'],
  properties: { team: { type: 'string' }, agents: { type: 'array', items: { type: 'string' } }, updated_at: nullableString },
};

export const TeamUsage = {
  type: 'object',
  required: ['team', 'from', 'to', 'agents', 'members'],
  properties: {
    team: nullableString,
    from: { type: 'string' },
    to: { type: 'string' },
    agents: {
      type: 'array',
      items: {
        type: 'object', required: ['agent_id', 'calls', 'decisions', 'reviews'],
        properties: {
          agent_id: { type: 'string' },
          calls: { type: 'integer', description: 'validate, pre-check and post-check rows.' },
          decisions: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Decided rows per outcome.' },
          reviews: { type: 'integer', description: 'Review verdicts on this agent\'s calls.' },
        },
      },
    },
    members: {
      type: 'array',
      items: {
        type: 'object', required: ['member_id', 'subject', 'reviews', 'actions'],
        properties: {
          member_id: { type: 'string' }, subject: { type: 'string' },
          reviews: { type: 'integer', description: 'Verdicts they signed.' },
          actions: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Oversight rows they wrote, per kind (review, review_claim, review_note, approval, approval_revoked).' },
        },
      },
    },
  },
};
