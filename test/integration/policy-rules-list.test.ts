// GET /v1/policy/rules: the CEL rules of the bundle in force, as the console's operations view
// lists them: every rule of the sample bundle with its condition and where it is written, the
// policy_version it belongs to, Team tier or higher, no query parameters.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';

test('lists every rule of the bundle in force, with its condition, source and line', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('GET', '/v1/policy/rules');
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(responseErrors('PolicyRuleList', res.body), []);
  assert.equal(res.body.policy_version, (await gw.call('GET', '/health')).body.policy_version);
  const written = ['data-exfiltration.yaml', 'orchestration.yaml', 'payments.yaml']
    .flatMap((file) => (parse(readFileSync(path.join(REPO_ROOT, 'policies/rules', file), 'utf8')) as { rules: { id: string; when: string }[] }).rules);
  assert.deepEqual(res.body.rules.map((r: { id: string }) => r.id), written.map((r) => r.id), 'every rule, in evaluation order');
  const first = res.body.rules[0];
  assert.equal(first.when.trim(), written[0].when.trim());
  assert.match(first.source, /^rules\/data-exfiltration\.yaml$/);
  assert.equal(typeof first.line, 'number');
});

test('needs the Team tier (403 FORBIDDEN for a developer key) and takes no query parameters', async (t) => {
  const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
  const developer = (await issueKey(gw.config.keysPath, 'developer')).key;
  const team = (await issueKey(gw.config.keysPath, 'team')).key;
  const denied = await gw.call('GET', '/v1/policy/rules', undefined, { authorization: `Bearer ${developer}` });
  assert.deepEqual([denied.status, denied.body.code, denied.body.feature], [403, 'FORBIDDEN', 'policy_evaluate']);
  assert.equal((await gw.call('GET', '/v1/policy/rules')).status, 401);
  const unknown = await gw.call('GET', '/v1/policy/rules?mode=shadow', undefined, { authorization: `Bearer ${team}` });
  assert.deepEqual([unknown.status, unknown.body.code], [400, 'UNKNOWN_QUERY_PARAMETER']);
  assert.equal((await gw.call('GET', '/v1/policy/rules', undefined, { authorization: `Bearer ${team}` })).status, 200);
});
