// docs/entitlements.md is what customers read to pick a tier and give people roles: these tests
// keep it in step with the tables in code and with the routes the gateway serves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ENTITLEMENTS, ROLES, ROUTE_ROLES } from '../../../src/auth/index.ts';
import { docsRoutes, systemRoutes } from '../../../src/api/index.ts';
import { renderRoleMatrix, v1RouteShapes } from '../../../src/api/role-matrix.ts';
import { approvalRoutes, auditRoutes, authRoutes, certifyRoutes, internalRoutes, judgeRoutes, policyRoutes, reviewRoutes, runtimeRoutes, teamRoutes, alertRoutes, analyticsRoutes, reportRoutes, toolProxyRoutes, notificationRoutes, ssoRoutes } from '../../../src/api/index.ts';
import { consoleRoutes } from '../../../src/console/index.ts';

const doc = readFileSync(new URL('../../../docs/entitlements.md', import.meta.url), 'utf8');
const rows = (first: RegExp) => doc.split('\n').filter((line) => first.test(line)).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);
const none = {} as never;
/** Every route any gateway registers, /v1 or not. */
const everyRoute = () => [
  ...runtimeRoutes(none), ...auditRoutes(none), ...reviewRoutes(none, none), ...approvalRoutes(none), ...authRoutes({ authEnabled: true }), ...toolProxyRoutes(),
  ...policyRoutes(none), ...internalRoutes(none), ...judgeRoutes(none), ...certifyRoutes(none), ...teamRoutes(none), ...systemRoutes(none), ...docsRoutes(() => ({})),
  ...notificationRoutes(none), ...ssoRoutes(none), ...consoleRoutes('/nonexistent'), ...analyticsRoutes(none), ...alertRoutes(none), ...reportRoutes(none),
];

test('the feature table matches ENTITLEMENTS: minimum tier and denial status', () => {
  const documented = rows(/^\| `[a-z_]+` \| [^`✓]/).filter(([feature]) => feature.slice(1, -1) in ENTITLEMENTS || !ROLES.includes(feature.slice(1, -1) as never));
  assert.deepEqual(documented.map(([feature]) => feature), Object.keys(ENTITLEMENTS).map((f) => `\`${f}\``));
  for (const [feature, , tier, denial] of documented) {
    const entitlement = ENTITLEMENTS[feature.slice(1, -1) as keyof typeof ENTITLEMENTS];
    assert.equal(tier, capitalize(entitlement.minimumTier), feature);
    assert.equal(denial, String(entitlement.denial), feature);
  }
});

test('the route table lists every /v1 route with the feature it needs', () => {
  const routes = everyRoute().filter((route) => route.path.startsWith('/v1/'));
  const documented = new Map(rows(/^\| `(GET|POST|PUT|PATCH|DELETE) \/v1\//).map(([route, feature]) => [route.slice(1, -1), feature]));
  assert.equal(documented.size, routes.length);
  for (const route of routes) {
    const feature = route.meta?.feature;
    const expected = feature ? `\`${feature}\`` : route.meta?.public ? 'none: public' : 'none: any valid credential';
    assert.equal(documented.get(`${route.method} ${route.path}`), expected, `${route.method} ${route.path}`);
  }
});

test('every registered route is in the role table, and the table names no route that does not exist', () => {
  const registered = new Set(everyRoute().map((route) => `${route.method} ${route.path}`));
  for (const route of registered) assert.ok(ROUTE_ROLES[route] !== undefined, `${route} is missing from ROUTE_ROLES (src/auth/route-roles.ts)`);
  assert.deepEqual(Object.keys(ROUTE_ROLES).filter((route) => !registered.has(route)), []);
});

test('admin is in every row, public routes are public in the table too, and agent keys reach no people routes', () => {
  for (const route of everyRoute()) {
    const access = ROUTE_ROLES[`${route.method} ${route.path}`];
    if (route.meta?.public) assert.equal(access, 'public', route.path);
    else if (access !== 'any') {
      assert.ok(Array.isArray(access) && access.includes('admin'), `${route.method} ${route.path}`);
      if (route.path.startsWith('/v1/team/') || route.path.startsWith('/v1/review/') || route.path.startsWith('/v1/audit/')) assert.ok(!access.includes('agent'), route.path);
    }
  }
});

test('the role matrix in the page is the one the table generates (npm run docs:entitlements)', () => {
  assert.ok(doc.includes(renderRoleMatrix(v1RouteShapes())), 'docs/entitlements.md is stale: run npm run docs:entitlements');
});

test('the routes the page calls public are public in code', () => {
  for (const route of systemRoutes(none)) assert.equal(route.meta?.public, true, route.path);
  assert.match(doc, /`GET \/health` \| load balancers/);
  assert.match(doc, /`GET \/metrics` \| Prometheus/);
});
