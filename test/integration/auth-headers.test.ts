// Which header each variant reads, on real servers: the edge gateway only X-Service-Token, the
// embedded gateway only Authorization: Bearer; both carry an API key or a JWT. Public routes,
// /v1/auth/check, AUTH_ENABLED off and its production default.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type CallResult, type TestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256, issueKey } from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { ROLES } from '../../src/auth/index.ts';

const AUTH_ENV = { AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE };

function assert401(res: CallResult, variant: 'embedded' | 'edge', detail: RegExp): void {
  assert.equal(res.status, 401, res.text);
  assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(res.body.code, 'UNAUTHENTICATED');
  assert.deepEqual(responseErrors('Problem', res.body), []);
  assert.match(res.body.detail, detail);
  const challenge = res.headers.get('www-authenticate') ?? '';
  if (variant === 'edge') {
    assert.match(challenge, /^ServiceToken realm="governance-gateway", header="X-Service-Token"$/);
    assert.equal(res.body.expected_header, 'X-Service-Token: <API key or JWT>');
  } else {
    assert.match(challenge, /^Bearer realm="governance-gateway"/);
    assert.equal(res.body.expected_header, 'Authorization: Bearer <API key or JWT>');
  }
}

async function check(gw: TestGateway, headers: Record<string, string>): Promise<CallResult> {
  return gw.call('GET', '/v1/auth/check', undefined, headers);
}

describe('edge gateway: X-Service-Token only', () => {
  test('an API key and a JWT in X-Service-Token are accepted', async (t) => {
    const gw = await startTestGateway(t, { env: { ...AUTH_ENV, GATEWAY_VARIANT: 'edge' } });
    const { key, id } = await issueKey(gw.config.keysPath, 'team', 'payments');
    const byKey = await check(gw, { 'x-service-token': key });
    assert.equal(byKey.status, 200, byKey.text);
    assert.deepEqual(responseErrors('AuthCheck', byKey.body), []);
    assert.deepEqual({ ...byKey.body, features: undefined }, {
      authenticated: true, auth_enabled: true, kind: 'api_key', subject: id, tier: 'team', team: 'payments', roles: [...ROLES], agent_scope: null, expires_at: null, features: undefined,
    });
    assert.ok(byKey.body.features.includes('audit_read') && !byKey.body.features.includes('chain_verify'));
    const byJwt = await check(gw, { 'x-service-token': await hs256({ sub: 'alice' }) });
    assert.equal(byJwt.status, 200, byJwt.text);
    assert.equal(byJwt.body.kind, 'jwt');
    assert.equal(byJwt.body.subject, 'alice');
  });

  test('Authorization: Bearer is never inspected: a caller sending only it gets 401', async (t) => {
    const gw = await startTestGateway(t, { env: { ...AUTH_ENV, GATEWAY_VARIANT: 'edge' } });
    const { key } = await issueKey(gw.config.keysPath, 'enterprise');
    assert401(await check(gw, { authorization: `Bearer ${await hs256()}` }), 'edge', /X-Service-Token.*Authorization header was sent: the edge gateway never reads it/);
    assert401(await check(gw, { authorization: `Bearer ${key}` }), 'edge', /never reads it/);
    // A valid Authorization next to an invalid X-Service-Token: only the latter counts.
    assert401(await check(gw, { authorization: `Bearer ${key}`, 'x-service-token': 'ggk_wrong' }), 'edge', /malformed/);
    assert401(await check(gw, {}), 'edge', /^Send an API key or a JWT in the X-Service-Token header\.$/);
    const validate = await gw.call('POST', '/v1/runtime/validate', validateBody(), { authorization: `Bearer ${key}` });
    assert401(validate, 'edge', /X-Service-Token/);
  });
});

describe('embedded gateway: Authorization: Bearer only', () => {
  test('an API key and a JWT as Bearer tokens are accepted; the scheme is case-insensitive', async (t) => {
    const gw = await startTestGateway(t, { env: AUTH_ENV });
    const { key, id } = await issueKey(gw.config.keysPath, 'developer');
    const byKey = await check(gw, { authorization: `Bearer ${key}` });
    assert.equal(byKey.status, 200, byKey.text);
    assert.equal(byKey.body.subject, id);
    assert.deepEqual(byKey.body.features, ['runtime', 'kill_switch_read']);
    assert.equal((await check(gw, { authorization: `bearer ${await hs256()}` })).status, 200);
    const validate = await gw.call('POST', '/v1/runtime/validate', validateBody(), { authorization: `Bearer ${key}` });
    assert.equal(validate.status, 200, 'the whole pipeline runs for an authenticated caller');
  });

  test('X-Service-Token is never inspected; other schemes and junk are 401', async (t) => {
    const gw = await startTestGateway(t, { env: AUTH_ENV });
    const { key } = await issueKey(gw.config.keysPath, 'enterprise');
    assert401(await check(gw, { 'x-service-token': key }), 'embedded', /X-Service-Token header was sent: the embedded gateway never reads it/);
    assert401(await check(gw, { 'x-service-token': key, authorization: 'Bearer nonsense' }), 'embedded', /neither an API key nor a well-formed JWT/);
    assert401(await check(gw, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }), 'embedded', /Bearer scheme/);
    assert401(await check(gw, { authorization: 'Bearer' }), 'embedded', /Bearer scheme/);
    assert401(await check(gw, { authorization: `Bearer ${'x'.repeat(9000)}` }), 'embedded', /longer than 8192/);
    const missing = await check(gw, {});
    assert401(missing, 'embedded', /Authorization: Bearer/);
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="governance-gateway"', 'no error= when no token was sent (RFC 6750)');
    const invalid = await check(gw, { authorization: 'Bearer ggk_nope' });
    assert.equal(invalid.headers.get('www-authenticate'), 'Bearer realm="governance-gateway", error="invalid_token"');
  });
});

describe('public routes and the auth switch', () => {
  for (const variant of ['embedded', 'edge'] as const) {
    test(`${variant}: /health, /metrics, /openapi.json and /docs need no credential; /v1 routes do`, async (t) => {
      const gw = await startTestGateway(t, { env: { ...AUTH_ENV, GATEWAY_VARIANT: variant } });
      for (const path of ['/health', '/metrics', '/openapi.json', '/docs', '/docs/swagger-ui.css']) {
        assert.equal((await gw.call('GET', path)).status, 200, path);
      }
      for (const [method, path] of [['GET', '/v1/audit/executions'], ['GET', '/v1/runtime/kill-switch'], ['GET', '/v1/review/queue'], ['POST', '/v1/runtime/pre-check']]) {
        assert401(await gw.call(method, path, method === 'POST' ? {} : undefined), variant, /./);
      }
      const doc = (await gw.call('GET', '/openapi.json')).body;
      assert.deepEqual(doc.paths['/health'].get.security, [], 'the OpenAPI document marks public routes');
      assert.ok(doc.paths['/v1/auth/check'].get.responses['401']);
    });
  }

  test('AUTH_ENABLED=false (the default outside production): anonymous with DEFAULT_TIER, credentials ignored', async (t) => {
    const gw = await startTestGateway(t, { env: { DEFAULT_TIER: 'team' } });
    const res = await check(gw, { authorization: 'Bearer whatever' });
    assert.equal(res.status, 200);
    assert.deepEqual(responseErrors('AuthCheck', res.body), []);
    assert.deepEqual({ ...res.body, features: undefined }, {
      authenticated: false, auth_enabled: false, kind: 'anonymous', subject: 'anonymous', tier: 'team', team: null, roles: [...ROLES], agent_scope: null, expires_at: null, features: undefined,
    });
  });

  test('SERVICE_ENV=production turns auth on by default', async (t) => {
    const gw = await startTestGateway(t, { env: { SERVICE_ENV: 'production', RATE_LIMIT_ENABLED: 'false', JWT_SECRET: TEST_JWT_SECRET } });
    assert401(await check(gw, {}), 'embedded', /Authorization: Bearer/);
    assert.equal((await gw.call('GET', '/health')).status, 200);
  });
});

describe('caching of answers to a credential', () => {
  // What a key, a JWT or a session cookie reads (ledger payloads, review items with personal
  // data, who is signed in) must not stay in a browser's disk cache or a shared proxy after the
  // person signs out. Public routes keep their own caching (console assets are immutable).
  test('every credentialed answer, success or refusal, is Cache-Control: no-store; public routes are not changed', async (t) => {
    const gw = await startTestGateway(t, { env: AUTH_ENV });
    const auditor = (await issueKey(gw.config.keysPath, 'enterprise', null, { roles: ['auditor'] })).key;
    const viewer = (await issueKey(gw.config.keysPath, 'enterprise', null, { roles: ['viewer'] })).key;
    for (const [path, key, status] of [
      ['/v1/audit/executions', auditor, 200], ['/v1/review/queue', auditor, 200], ['/v1/auth/check', auditor, 200],
      ['/v1/audit/executions/00000000-0000-4000-8000-000000000000', auditor, 404], ['/v1/audit/chain/verify', viewer, 403],
      ['/v1/audit/executions', 'not-a-key', 401],
    ] as const) {
      const res = await gw.call('GET', path, undefined, { authorization: `Bearer ${key}` });
      assert.equal(res.status, status, `${path}: ${res.text}`);
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
    }
    assert.equal((await gw.call('GET', '/console')).headers.get('cache-control'), 'no-cache');
    assert.equal((await gw.call('GET', '/v1/certify/jwks')).headers.get('cache-control'), 'public, max-age=300');
  });

  test('with auth off too: the answers are the same data', async (t) => {
    const gw = await startTestGateway(t);
    assert.equal((await gw.call('GET', '/v1/audit/executions')).headers.get('cache-control'), 'no-store');
    assert.equal((await gw.call('GET', '/v1/certify/jwks')).headers.get('cache-control'), 'public, max-age=300');
  });
});

describe('kill switch entitlement', () => {
  test('a Developer key may read the kill switch but not flip it; a Team key may', async (t) => {
    const gw = await startTestGateway(t, { env: AUTH_ENV });
    const developer = (await issueKey(gw.config.keysPath, 'developer')).key;
    const team = (await issueKey(gw.config.keysPath, 'team')).key;
    const flip = { active: true, reason: 'incident', actor: 'ignored-with-auth' };
    assert.equal((await gw.call('GET', '/v1/runtime/kill-switch', undefined, { authorization: `Bearer ${developer}` })).status, 200);
    const refused = await gw.call('POST', '/v1/runtime/kill-switch', flip, { authorization: `Bearer ${developer}` });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.required_tier, 'team');
    const allowed = await gw.call('POST', '/v1/runtime/kill-switch', flip, { authorization: `Bearer ${team}` });
    assert.equal(allowed.status, 200);
    assert.match(allowed.body.updated_by, /^api_key:/, 'with auth on, the recorded actor is the caller, not the body');
  });
});
