// The role table: for every route the gateway serves, which roles may call it. One table, layered
// on the tier entitlements (the tier is checked first: 402/403 as the spec says; then the role:
// 403 ROLE_REQUIRED). docs/entitlements.md is generated from it (npm run docs:entitlements) and
// a test fails when a registered route is missing here. admin is in every non-public row: the
// bootstrap key is an admin and must be able to do whatever the gateway does.

import type { Role } from './roles.ts';

/** `public`: no credential when auth is on; `any`: any valid credential, whatever its roles. */
export type RouteAccess = 'public' | 'any' | readonly Role[];

const RUNTIME: readonly Role[] = ['admin', 'agent'];
const EVERYONE: readonly Role[] = ['admin', 'operator', 'reviewer', 'auditor', 'viewer', 'agent'];
const PEOPLE_READ: readonly Role[] = ['admin', 'operator', 'reviewer', 'auditor', 'viewer'];
const AUDIT_READ: readonly Role[] = ['admin', 'operator', 'auditor', 'viewer'];
const REVIEW_READ: readonly Role[] = ['admin', 'reviewer', 'auditor', 'viewer'];
const REVIEW_WRITE: readonly Role[] = ['admin', 'reviewer'];
const OPERATE: readonly Role[] = ['admin', 'operator'];
const AUDIT: readonly Role[] = ['admin', 'auditor'];
const ADMIN: readonly Role[] = ['admin'];

export const ROUTE_ROLES: Readonly<Record<string, RouteAccess>> = {
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /metrics': 'public',
  'GET /docs': 'public',
  'GET /docs/init.js': 'public',
  'GET /docs/{asset}': 'public',
  'GET /openapi.json': 'public',
  'GET /.well-known/jwks.json': 'public',
  'GET /v1/certify/certificates/{envelope_id}/status': 'public',
  'GET /v1/certify/jwks': 'public',
  'GET /v1/auth/check': 'any',
  // The console's page and assets: its data comes from the /v1 routes below, with their roles.
  'GET /console': 'public',
  'GET /console/': 'public',
  'GET /console/assets/{file}': 'public',
  // Nobody has a credential before signing in; each SSO route checks the saml_sso entitlement itself.
  'GET /v1/sso/metadata': 'public',
  'GET /v1/sso/login': 'public',
  'POST /v1/sso/acs': 'public',
  'GET /v1/sso/session': 'public',
  'GET /v1/sso/logout': 'public',
  'POST /v1/sso/logout': 'public',

  'POST /v1/runtime/validate': RUNTIME,
  'POST /v1/runtime/pre-check': RUNTIME,
  'POST /v1/runtime/post-check': RUNTIME,
  'POST /v1/invoicepay/payments': RUNTIME,
  'GET /v1/runtime/kill-switch': EVERYONE,
  'POST /v1/runtime/kill-switch': OPERATE,
  'POST /v1/runtime/decision/{envelope_id}': ['admin', 'operator', 'auditor'],

  'GET /v1/audit/executions': AUDIT_READ,
  'GET /v1/audit/executions/{envelope_id}': AUDIT_READ,
  'DELETE /v1/audit/executions/{envelope_id}/pii': AUDIT,
  'GET /v1/audit/chain/verify': AUDIT,
  'GET /v1/audit/chain/checkpoints': AUDIT,

  'GET /v1/review/queue': REVIEW_READ,
  'GET /v1/review/queue/{envelope_id}': REVIEW_READ,
  'POST /v1/review/queue/{envelope_id}/claim': REVIEW_WRITE,
  'POST /v1/review/queue/{envelope_id}/release': REVIEW_WRITE,
  'POST /v1/review/queue/{envelope_id}/reassign': REVIEW_WRITE,
  'POST /v1/review/queue/{envelope_id}/comment': REVIEW_WRITE,
  'POST /v1/review/queue/{envelope_id}/resolution': REVIEW_WRITE,
  'GET /v1/approvals': REVIEW_READ,
  'POST /v1/approvals': REVIEW_WRITE,
  'DELETE /v1/approvals/{id}': REVIEW_WRITE,

  'GET /v1/policy/rules': ['admin', 'operator', 'auditor'],
  'POST /v1/policy/evaluate': ['admin', 'operator', 'auditor'],
  'GET /v1/analytics/summary': PEOPLE_READ,
  'GET /v1/analytics/agents': PEOPLE_READ,
  'GET /v1/analytics/tools': PEOPLE_READ,
  'GET /v1/analytics/decisions': PEOPLE_READ,
  'GET /v1/analytics/failures': PEOPLE_READ,
  'GET /v1/analytics/latency': PEOPLE_READ,
  'GET /v1/alerts/active': PEOPLE_READ,
  'GET /v1/alerts/history': PEOPLE_READ,
  'GET /v1/alerts/rules': PEOPLE_READ,
  // Acknowledging or silencing an alert is the on-call operator's (or an auditor's) act, recorded.
  'POST /v1/alerts/{id}/ack': ['admin', 'operator', 'auditor'],
  // Compliance reports are auditor work; their public keys are for anyone who receives a report.
  'POST /v1/reports': AUDIT,
  'GET /v1/reports/jwks': 'public',
  'GET /v1/reports/{id}': AUDIT,
  'GET /v1/reports/{id}/file': AUDIT,
  'GET /v1/reports/{id}/signature': AUDIT,
  'GET /v1/notifications/deliveries': ['admin', 'operator', 'auditor'],
  'GET /v1/notifications/deliveries/{id}': ['admin', 'operator', 'auditor'],
  'POST /v1/notifications/deliveries/{id}/retry': OPERATE,
  'GET /v1/judge/status': PEOPLE_READ,
  'POST /v1/certify/agent': OPERATE,
  'GET /v1/certify/agents/{agent_id}': PEOPLE_READ,
  'POST /v1/certify/agents/{agent_id}/revocation': OPERATE,

  // A sidecar records its agent's entries through these with its own credential.
  'POST /v1/internal/ledger/append': RUNTIME,
  'GET /v1/internal/ledger/rows': RUNTIME,
  'GET /v1/internal/ledger/rows/{envelope_id}': RUNTIME,
  'GET /v1/internal/ledger/rows/{envelope_id}/child': RUNTIME,
  'GET /v1/internal/ledger/rows/{envelope_id}/children': RUNTIME,
  'GET /v1/internal/ledger/latest': RUNTIME,
  'GET /v1/internal/ledger/recent-outcomes': RUNTIME,
  'GET /v1/internal/ledger/head': RUNTIME,
  'GET /v1/internal/fleet/state': RUNTIME,

  'GET /v1/team/members': ADMIN,
  'POST /v1/team/members': ADMIN,
  'PATCH /v1/team/members/{id}': ADMIN,
  'DELETE /v1/team/members/{id}': ADMIN,
  'GET /v1/team/keys': ADMIN,
  'POST /v1/team/keys': ADMIN,
  'DELETE /v1/team/keys/{id}': ADMIN,
  'GET /v1/team/agents': ['admin', 'auditor', 'viewer'],
  'PUT /v1/team/agents': ADMIN,
  'GET /v1/team/usage': ['admin', 'auditor', 'viewer'],
};

/**
 * The roles a route needs, by `METHOD template`. A route missing from the table is admin-only:
 * failing closed, and the route test makes it a build failure rather than a surprise.
 */
export function routeAccess(method: string, template: string): RouteAccess {
  return ROUTE_ROLES[`${method} ${template}`] ?? ADMIN;
}
