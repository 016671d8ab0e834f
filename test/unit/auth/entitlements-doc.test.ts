// docs/entitlements.md is what customers read to pick a tier: these tests keep it in step with
// the table in code and with the routes the gateway serves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ENTITLEMENTS } from '../../../src/auth/index.ts';
import { approvalRoutes, auditRoutes, authRoutes, certifyRoutes, internalRoutes, judgeRoutes, policyRoutes, reportRoutes, reviewRoutes, runtimeRoutes, systemRoutes, toolProxyRoutes } from '../../../src/api/index.ts';

const doc = readFileSync(new URL('../../../docs/entitlements.md', import.meta.url), 'utf8');
const rows = (first: RegExp) => doc.split('\n').filter((line) => first.test(line)).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

test('the feature table matches ENTITLEMENTS: minimum tier and denial status', () => {
  const documented = rows(/^\| `[a-z_]+` \|/);
  assert.deepEqual(documented.map(([feature]) => feature), Object.keys(ENTITLEMENTS).map((f) => `\`${f}\``));
  for (const [feature, , tier, denial] of documented) {
    const entitlement = ENTITLEMENTS[feature.slice(1, -1) as keyof typeof ENTITLEMENTS];
    assert.equal(tier, capitalize(entitlement.minimumTier), feature);
    assert.equal(denial, String(entitlement.denial), feature);
  }
});

test('the route table lists every /v1 route with the feature it needs', () => {
  const none = {} as never;
  const routes = [
    ...runtimeRoutes(none), ...auditRoutes(none), ...reviewRoutes(none, none), ...approvalRoutes(none), ...authRoutes({ authEnabled: true }), ...toolProxyRoutes(), ...policyRoutes(none), ...internalRoutes(none),
    ...judgeRoutes(none), ...certifyRoutes(none), ...reportRoutes(none),
  ].filter((route) => route.path.startsWith('/v1/'));
  const documented = new Map(rows(/^\| `(GET|POST|DELETE) \/v1\//).map(([route, feature]) => [route.slice(1, -1), feature]));
  assert.equal(documented.size, routes.length);
  for (const route of routes) {
    const feature = route.meta?.feature;
    const expected = feature ? `\`${feature}\`` : route.meta?.public ? 'none: public' : 'none: any valid credential';
    assert.equal(documented.get(`${route.method} ${route.path}`), expected, `${route.method} ${route.path}`);
  }
});

test('the routes the page calls public are public in code', () => {
  const none = {} as never;
  for (const route of systemRoutes(none)) assert.equal(route.meta?.public, true, route.path);
  assert.match(doc, /`GET \/health` \| load balancers/);
  assert.match(doc, /`GET \/metrics` \| Prometheus/);
});
