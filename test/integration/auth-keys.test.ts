// API keys end to end: `govgate keys create|list|revoke` as a real child process against the
// key store of a running gateway (another process), the tier each key carries at each
// boundary, and the version guard behind authentication.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { issueKey } from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';

interface Run { code: number | null; stdout: string; stderr: string }

function govgate(args: string[], keysPath: string): Promise<Run> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), ...args], {
      cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test', KEYS_PATH: keysPath }, timeout: 90_000,
    }, (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('govgate keys', () => {
  test('create prints the key once; the running gateway accepts it; revoke refuses it on the next request', async (t) => {
    const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
    const created = await govgate(['keys', 'create', '--tier', 'team', '--team', 'payments', '--name', 'ci pipeline', '--json'], gw.config.keysPath);
    assert.equal(created.code, 0, created.stderr);
    const { key, id, tier, team, name, hint } = JSON.parse(created.stdout);
    assert.match(key, /^ggk_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual([tier, team, name, hint], ['team', 'payments', 'ci pipeline', `ggk_…${key.slice(-4)}`]);

    const accepted = await gw.call('GET', '/v1/audit/executions', undefined, bearer(key));
    assert.equal(accepted.status, 200, accepted.text);

    const listed = await govgate(['keys', 'list'], gw.config.keysPath);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`^${id}\\s+ggk_…${key.slice(-4).replace(/[-_]/g, '\\$&')}\\s+team\\s+viewer\\s+-\\s+payments\\s+ci pipeline\\s+\\S+\\s+\\d{4}-\\S+\\s+active$`, 'm'), listed.stdout);
    assert.ok(!listed.stdout.includes(key), 'list never shows a key');
    const listedJson = JSON.parse((await govgate(['keys', 'list', '--json'], gw.config.keysPath)).stdout);
    assert.notEqual(listedJson[0].last_used_at, null, 'last_used_at was recorded');
    assert.equal('key_hash' in listedJson[0], false);

    const revoked = await govgate(['keys', 'revoke', id], gw.config.keysPath);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, /revoked/);
    const refused = await gw.call('GET', '/v1/audit/executions', undefined, bearer(key));
    assert.equal(refused.status, 401);
    assert.match(refused.body.detail, new RegExp(`${id} was revoked`));

    const again = await govgate(['keys', 'revoke', id], gw.config.keysPath);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /already revoked/);
  });

  test('text output shows the key once with how to send it; usage errors exit 2, an unknown id exits 1', async (t) => {
    const gw = await startTestGateway(t);
    const created = await govgate(['keys', 'create', '--tier', 'developer'], gw.config.keysPath);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.stdout.match(/ggk_[A-Za-z0-9_-]{43}/g)?.length, 1);
    assert.match(created.stdout, /shown only this once/);
    for (const args of [['keys', 'create'], ['keys', 'create', '--tier', 'gold'], ['keys', 'create', '--tier', 'team', '--team', 'has space'], ['keys', 'revoke'], ['keys', 'rotate']]) {
      const run = await govgate(args, gw.config.keysPath);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /^govgate: /);
    }
    const unknown = await govgate(['keys', 'revoke', 'key_0000000000000000'], gw.config.keysPath);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no API key with id key_0000000000000000/);
  });
});

describe('tiers carried by keys, at each boundary', () => {
  async function statusFor(gw: TestGateway, key: string, method: string, urlPath: string, body?: unknown) {
    const res = await gw.call(method, urlPath, body, bearer(key));
    return res.status === 403 || res.status === 402 ? `${res.status} needs ${res.body.required_tier}` : String(res.status);
  }

  test('developer: runtime yes, audit 403 (needs team); team: audit yes, chain verify 403 (needs enterprise); enterprise: all', async (t) => {
    const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
    const developer = (await issueKey(gw.config.keysPath, 'developer')).key;
    const team = (await issueKey(gw.config.keysPath, 'team')).key;
    const enterprise = (await issueKey(gw.config.keysPath, 'enterprise')).key;
    const table: Array<[string, string, string, string]> = [
      // route, developer, team, enterprise
      ['POST /v1/runtime/validate', '200', '200', '200'],
      ['GET /v1/runtime/kill-switch', '200', '200', '200'],
      ['GET /v1/audit/executions', '403 needs team', '200', '200'],
      ['GET /v1/review/queue', '403 needs team', '200', '200'],
      ['GET /v1/audit/chain/verify', '403 needs enterprise', '403 needs enterprise', '200'],
    ];
    for (const [route, dev, tm, ent] of table) {
      const [method, urlPath] = route.split(' ');
      const body = method === 'POST' ? validateBody() : undefined;
      assert.deepEqual(
        [await statusFor(gw, developer, method, urlPath, body), await statusFor(gw, team, method, urlPath, body), await statusFor(gw, enterprise, method, urlPath, body)],
        [dev, tm, ent], route,
      );
    }
    const denied = await gw.call('GET', '/v1/audit/chain/verify', undefined, bearer(team));
    assert.equal(denied.body.code, 'FORBIDDEN');
    assert.equal(denied.body.current_tier, 'team');
    assert.match(denied.body.detail, /needs the Enterprise tier or higher/);
    assert.deepEqual(responseErrors('Problem', denied.body), []);
  });

  test('lifecycle: 401 before everything; 403 before the body is looked at; 426 after auth and schema', async (t) => {
    const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true', MIN_SDK_VERSION: '2.0.0' } });
    const key = (await issueKey(gw.config.keysPath, 'developer')).key;
    assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '1.0.0' }))).status, 401);
    assert.equal((await gw.call('POST', '/v1/runtime/decision/00000000-0000-4000-8000-000000000000', undefined, bearer(key))).status, 403);
    const invalidAndOld = await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '1.0.0', execution: {} }), bearer(key));
    assert.equal(invalidAndOld.status, 422, 'schema (422) comes before the version guard (426)');
    const old = await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '1.9.9' }), bearer(key));
    assert.equal(old.status, 426);
    assert.equal(old.body.code, 'SDK_VERSION_TOO_OLD');
    assert.equal(old.body.minimum_sdk_version, '2.0.0');
    assert.match(old.body.detail, /minimum 2\.0\.0/);
    assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '2.0.0' }), bearer(key))).status, 200);
  });
});
