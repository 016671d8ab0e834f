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

interface Operation { parameters?: Array<{ name: string; in: string; schema?: { type?: string; enum?: string[] } }>; responses: Record<string, unknown> }

test('GET with unknown query parameters: 400 UNKNOWN_QUERY_PARAMETER naming the known ones, on every GET route', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  const openapi = await gw.call('GET', '/openapi.json');
  assert.equal(openapi.status, 200);
  const paths = openapi.body.paths as Record<string, Record<string, Operation>>;
  // The console's page is a page, not an API: a link's own query (?utm_source=) opens it (console-routes.test.ts).
  const routes = Object.entries(paths).filter(([template, operations]) => operations.get && template !== '/console').map(([template, operations]) => ({
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
    if (paths[template]) assert.ok(paths[template].get!.responses['400'], `${template}: answers 400 but /openapi.json does not say so`);
  }
});

test('every route that takes query parameters documents the 422 it answers for one given twice; a bad path agent id is a documented 422', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  const paths = (await gw.call('GET', '/openapi.json')).body.paths as Record<string, Record<string, Operation>>;
  let checked = 0;
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
        const value = parameter.schema?.enum?.[0] ?? (parameter.schema?.type === 'integer' ? '1' : 'orchestrator-1');
        const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
        const url = `${concrete}?${parameter.name}=${value}&${parameter.name}=${value}`;
        const res = await gw.call(method.toUpperCase(), url);
        const where = `${method.toUpperCase()} ${url}: ${res.status} ${res.body?.code}`;
        assert.ok(operation.responses[String(res.status)], `${where}, which /openapi.json does not document`);
        // Here (no SSO config, auth off) the single sign-on routes answer 404 SSO_NOT_CONFIGURED and the
        // team routes 409 AUTH_DISABLED before reading anything: documented, and checked above.
        if (!template.startsWith('/v1/sso/') && !template.startsWith('/v1/team/')) {
          assert.equal(res.status, 422, where);
          checked += 1;
        }
      }
    }
  }
  assert.ok(checked >= 30, `query parameters checked: ${checked}`);
  const agent = await gw.call('GET', '/v1/certify/agents/not%20an%20agent');
  assert.deepEqual([agent.status, agent.body.code], [422, 'VALIDATION_FAILED']);
  assert.ok(paths['/v1/certify/agents/{agent_id}'].get.responses['422']);
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
