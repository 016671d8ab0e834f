// config/gateway.yaml in a running gateway: a broken file stops start-up with every problem's
// line and field; a good edit is applied while running; a broken edit is rejected and the last
// good routes stay in force.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError } from '../../src/config/index.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { nextConfigReload } from '../helpers/config-reload.ts';

const nextReload = (file: string) => nextConfigReload({ file: file });

test('a broken gateway.yaml stops start-up, naming each problem with its line and field', async () => {
  const broken = `routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: http://kb.internal
    tool: { name: search_kb }
    fail_mode: sometimes
    retries: 3
  - name: api
    match: { path_prefix: /v1/tools }
    upstream: http://api.internal
    tool: { name: a, path: "/x/{tool}" }
`;
  await assert.rejects(startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: broken }), (error: unknown) => {
    assert.ok(error instanceof ConfigFileError);
    const found = error.issues.map((issue) => `${issue.line} ${issue.path}: ${issue.message}`);
    assert.deepEqual(found, [
      '6 routes[0].fail_mode: must be one of "closed", "open"',
      '7 routes[0].retries: is not a known key',
    ]);
    return true;
  });
  await assert.rejects(startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: broken.replace('    fail_mode: sometimes\n    retries: 3\n', '') }), (error: unknown) => {
    assert.ok(error instanceof ConfigFileError);
    assert.deepEqual(error.issues.map((issue) => `${issue.line} ${issue.path}: ${issue.message}`), [
      '7 routes[1].match.path_prefix: overlaps /v1, which the gateway serves; use another prefix or add match.host',
      '9 routes[1].tool: needs exactly one of name, path, name_field (got name, path)',
    ]);
    return true;
  });
});

test('governed routes need the agent they govern', async () => {
  await assert.rejects(
    startTestGateway(undefined, { agentId: null, gatewayYaml: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb.internal\n    tool: { name: search_kb }\n' }),
    /set AGENT_ID/,
  );
  const fromFile = await startTestGateway(undefined, { agentId: null, gatewayYaml: 'agent_id: support-agent-7\nroutes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb.internal\n    tool: { name: search_kb }\n' });
  await fromFile.close();
});

test('hot reload: a good edit applies while running; a broken one is rejected and the last good routes stay', async (t) => {
  const upstream = await startToolServer(t);
  upstream.on('/', json(200, { results: [] }));
  const route = (name: string) => `  - name: ${name}\n    match: { path_prefix: /${name} }\n    upstream: ${upstream.origin}\n    tool: { name: search_kb }\n`;
  const gw = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: `routes:\n${route('one')}` });
  const file = path.join(gw.configDir, 'gateway.yaml');
  assert.equal((await gw.call('POST', '/one', { query: 'a' })).status, 200);
  assert.equal((await gw.call('POST', '/two', { query: 'a' })).status, 404);

  let reloaded = nextReload('gateway.yaml');
  writeFileSync(file, `routes:\n${route('one')}${route('two')}`);
  assert.equal((await reloaded).result, 'success');
  assert.equal((await gw.call('POST', '/two', { query: 'a' })).status, 200);

  reloaded = nextReload('gateway.yaml');
  writeFileSync(file, `routes:\n${route('one')}  - name: three\n    upstream: 42\n`);
  const rejected = await reloaded;
  assert.equal(rejected.result, 'failure');
  assert.deepEqual(rejected.issues.map((issue) => issue.path).sort(), ['routes[1].match', 'routes[1].upstream']);
  assert.equal((await gw.call('POST', '/two', { query: 'a' })).status, 200, 'the last good routes stay in force');
  const metrics = await gw.call('GET', '/metrics');
  assert.match(metrics.text, /config_reload_total\{file="gateway.yaml",result="failure"\} 1/);
});

test('an AGENT_ID that is not an agent id stops start-up', async () => {
  await assert.rejects(startTestGateway(undefined, { agentId: 'support agent; drop table' }), /AGENT_ID: "support agent; drop table" is not an agent id/);
});
