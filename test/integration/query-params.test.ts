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

interface Operation { parameters?: Array<{ name: string; in: string }> }

test('GET with unknown query parameters: 400 UNKNOWN_QUERY_PARAMETER naming the known ones, on every GET route', async (t) => {
  const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'enterprise' } });
  const openapi = await gw.call('GET', '/openapi.json');
  assert.equal(openapi.status, 200);
  const paths = openapi.body.paths as Record<string, Record<string, Operation>>;
  const routes = Object.entries(paths).filter(([, operations]) => operations.get).map(([template, operations]) => ({
    template,
    known: (operations.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  }));
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
