// Every GET route takes only the query parameters it documents: any other (a misspelt filter
// such as ?agent= for ?agent_id=) is a 400 naming the known ones, never silently ignored.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';

/** A value for each path parameter, so the route is reached (an unknown id is fine). */
const PATH_VALUES: Record<string, string> = {
  envelope_id: '0190a6a4-1c2b-7d3e-8f40-5a6b7c8d9e0f',
  review_id: '0190a6a4-1c2b-7d3e-8f40-5a6b7c8d9e0f',
  id: '0190a6a4-1c2b-7d3e-8f40-5a6b7c8d9e0f',
  asset: 'swagger-ui.css',
};

interface Operation { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }

test('GET with unknown query parameters: 400 UNKNOWN_QUERY_PARAMETER naming the known ones, on every GET route', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  const openapi = await gw.call('GET', '/openapi.json');
  assert.equal(openapi.status, 200);
  const paths = openapi.body.paths as Record<string, Record<string, Operation>>;
  const routes = Object.entries(paths).filter(([, operations]) => operations.get).map(([template, operations]) => ({
    template,
    known: (operations.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  }));
  // The document says so too: a client generated from it expects the 400 on every GET.
  for (const { template } of routes) assert.ok(paths[template]!.get!.responses['400'], `GET ${template} does not document its 400`);
  // The docs pages are not in the document they serve; they are GET routes all the same.
  for (const template of ['/docs', '/docs/init.js', '/docs/{asset}']) if (!paths[template]) routes.push({ template, known: [] });
  assert.ok(routes.length >= 12, `GET routes found: ${routes.map((r) => r.template).join(', ')}`);
  for (const { template, known } of routes) {
    const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
    const res = await gw.call('GET', `${concrete}?agent=orchestrator-1&result=blocked`);
    assert.equal(res.status, 400, `${template}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.code, 'UNKNOWN_QUERY_PARAMETER', template);
    assert.deepEqual(res.body.unknown_parameters, ['agent', 'result'], template);
    assert.deepEqual(res.body.known_parameters, known, template);
    assert.match(res.body.detail, new RegExp(`does not take the query parameters agent, result; it takes ${known.length ? known.join(', ') : 'none'}`), template);
  }
});

test('known query parameters still work, and a misspelt one next to them is refused', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  assert.equal((await gw.call('GET', '/v1/audit/executions?agent_id=orchestrator-1&limit=5')).status, 200);
  const typo = await gw.call('GET', '/v1/audit/executions?agent_id=orchestrator-1&limt=5');
  assert.equal(typo.status, 400);
  assert.deepEqual(typo.body.unknown_parameters, ['limt']);
  assert.equal((await gw.call('GET', '/health')).status, 200);
});

test('a parameter given twice is 422 naming it; a date that is not on the calendar is 422 (team usage: team-roles.test.ts)', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  const refused: Array<[string, string]> = [
    ['/v1/audit/executions?limit=1&limit=500', 'query.limit'],
    ['/v1/audit/executions?status=blocked&status=completed', 'query.status'],
    ['/v1/review/queue?agent_id=a&agent_id=b', 'query.agent_id'],
    ['/v1/audit/executions?from=2026-02-30', 'query.from'],
    ['/v1/analytics/summary?to=2026-02-30T00:00:00Z', 'query.to'],
    ['/v1/analytics/summary?from=2026-11-01T00:00:00Z&from=2026-11-02T00:00:00Z', 'query.from'],
  ];
  for (const [url, at] of refused) {
    const res = await gw.call('GET', url);
    assert.deepEqual([res.status, res.body.code, res.body.errors?.map((e: { path: string }) => e.path)], [422, 'VALIDATION_FAILED', [at]], `${url}: ${res.text}`);
  }
  for (const url of ['/v1/analytics/summary?from=2026-11-01&to=2026-11-02']) {
    const res = await gw.call('GET', url);
    assert.equal(res.status, 200, `${url}: ${res.text}`);
  }
});
