// JWTs on real servers: HS256 with JWT_SECRET, RS256/ES256 from a JWKS served on port 0 by the
// test. Every failure is a 401 that says why; a JWKS outage is a 503, not a 401.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, defaultClaims, hs256, signingKey, startJwksServer,
} from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function asBearer(gw: TestGateway, token: string) {
  return gw.call('GET', '/v1/auth/check', undefined, { authorization: `Bearer ${token}` });
}

async function assertRejected(gw: TestGateway, token: string, detail: RegExp): Promise<void> {
  const res = await asBearer(gw, token);
  assert.equal(res.status, 401, res.text);
  assert.equal(res.body.code, 'UNAUTHENTICATED');
  assert.match(res.body.detail, detail);
  assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="governance-gateway", error="invalid_token"');
}

describe('HS256 with JWT_SECRET', () => {
  const env = { AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE };

  test('a valid token: subject, tier, team and expiry from the claims', async (t) => {
    const gw = await startTestGateway(t, { env });
    const exp = now() + 600;
    const res = await asBearer(gw, await hs256({ sub: 'svc-payments', tier: 'enterprise', team: 'ap', exp }));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(responseErrors('AuthCheck', res.body), []);
    assert.equal(res.body.kind, 'jwt');
    assert.equal(res.body.subject, 'svc-payments');
    assert.equal(res.body.tier, 'enterprise');
    assert.equal(res.body.team, 'ap');
    assert.equal(res.body.expires_at, new Date(exp * 1000).toISOString());
    const noTier = await asBearer(gw, await hs256({ tier: undefined, team: undefined }));
    assert.equal(noTier.body.tier, 'developer', 'no tier claim: the least privilege');
    assert.equal(noTier.body.team, null);
  });

  test('within the 30 s clock tolerance a just-expired or almost-valid token still passes', async (t) => {
    const gw = await startTestGateway(t, { env });
    assert.equal((await asBearer(gw, await hs256({ exp: now() - 5 }))).status, 200);
    assert.equal((await asBearer(gw, await hs256({ nbf: now() + 5 }))).status, 200);
  });

  test('each failure is a 401 that names it', async (t) => {
    const gw = await startTestGateway(t, { env });
    const failures: Array<[string, Promise<string> | string, RegExp]> = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(defaultClaims())}.`, /algorithm "none" is not accepted/],
      ['alg none, with a signature part', `${b64({ alg: 'none' })}.${b64(defaultClaims())}.c2ln`, /algorithm "none" is not accepted/],
      ['a wrong signature', hs256({}, 'another-secret-of-at-least-32-bytes-0000'), /signature does not verify/],
      ['a tampered payload', hs256().then((token) => { const [h, , s] = token.split('.'); return `${h}.${b64(defaultClaims({ tier: 'enterprise' }))}.${s}`; }), /signature does not verify/],
      ['an expired token', hs256({ exp: now() - 3600 }), /has expired/],
      ['a not-yet-valid token', hs256({ nbf: now() + 3600 }), /not valid yet/],
      ['a wrong issuer', hs256({ iss: 'https://evil.test' }), /issuer this gateway does not accept/],
      ['a wrong audience', hs256({ aud: 'another-service' }), /meant for another audience/],
      ['no exp', hs256({ exp: undefined }), /no "exp" claim/],
      ['an exp past year 9999 (1e20)', hs256({ exp: 1e20 }), /"exp" claim is past the year 9999/],
      ['an exp of 1e300', hs256({ exp: 1e300 }), /"exp" claim is past the year 9999/],
      ['no sub', hs256({ sub: undefined }), /no "sub" claim/],
      ['an unknown tier', hs256({ tier: 'platinum' }), /"tier" claim must be one of developer, team, enterprise/],
      ['a non-string team', hs256({ team: 42 }), /"team" claim must be a string/],
      ['RS256 without a JWKS', signingKey('k1', 'RS256').then((k) => k.sign()), /no JWT_JWKS_URL/],
      ['HS512', new SignJWT(defaultClaims()).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(TEST_JWT_SECRET.repeat(2))), /"HS512" is not accepted/],
      ['not a JWT at all', 'abc.def', /neither an API key nor a well-formed JWT/],
    ];
    for (const [name, token, detail] of failures) {
      await t.test(name, async () => assertRejected(gw, await token, detail));
    }
  });
});

describe('RS256 / ES256 from a JWKS', () => {
  const jwksEnv = (url: string, cooldown = '0') => ({
    AUTH_ENABLED: 'true', JWT_JWKS_URL: url, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE, JWT_JWKS_COOLDOWN_SECONDS: cooldown,
  });

  test('RS256 and ES256 tokens verify against the JWKS, which is fetched once and cached', async (t) => {
    const rsa = await signingKey('rsa-1', 'RS256');
    const ec = await signingKey('ec-1', 'ES256');
    const jwks = await startJwksServer(t, [rsa, ec]);
    const gw = await startTestGateway(t, { env: jwksEnv(jwks.url, '3600') });
    for (let i = 0; i < 3; i++) {
      assert.equal((await asBearer(gw, await rsa.sign({ sub: 'rsa-user' }))).body.subject, 'rsa-user');
      assert.equal((await asBearer(gw, await ec.sign({ sub: 'ec-user' }))).body.subject, 'ec-user');
    }
    assert.equal(jwks.fetches, 1);
  });

  test('an unknown kid refetches the JWKS (key rotation), but no more than once per cooldown', async (t) => {
    const old = await signingKey('2026-01', 'RS256');
    const rotated = await signingKey('2026-02', 'RS256');
    const jwks = await startJwksServer(t, [old]);

    const eager = await startTestGateway(t, { env: jwksEnv(jwks.url, '0') });
    assert.equal((await asBearer(eager, await old.sign())).status, 200);
    jwks.serve([old, rotated]);
    assert.equal((await asBearer(eager, await rotated.sign())).status, 200, 'the new kid triggered a refetch');
    assert.equal(jwks.fetches, 2);

    const patient = await startTestGateway(t, { env: jwksEnv(jwks.url, '3600') });
    jwks.serve([old]);
    assert.equal((await asBearer(patient, await old.sign())).status, 200);
    const before = jwks.fetches;
    for (let i = 0; i < 5; i++) await assertRejected(patient, await rotated.sign(), /No key in the JWKS matches/);
    assert.equal(jwks.fetches, before, 'unknown kids within the cooldown fetch nothing: a flood of junk kids cannot hammer the identity provider');
  });

  test('key confusion is refused: an HS256 token is not checked against the JWKS, a JWKS key forged with another key fails', async (t) => {
    const rsa = await signingKey('rsa-1', 'RS256');
    const impostor = await signingKey('rsa-1', 'RS256'); // same kid, different key
    const jwks = await startJwksServer(t, [rsa]);
    const gw = await startTestGateway(t, { env: jwksEnv(jwks.url) });
    await assertRejected(gw, await hs256(), /HS256 tokens are not accepted: this gateway has no JWT_SECRET/);
    await assertRejected(gw, await impostor.sign(), /signature does not verify/);
    await assertRejected(gw, await rsa.sign({ aud: 'someone-else' }), /another audience/);
  });

  test('a JWKS outage is 503 AUTH_UNAVAILABLE with Retry-After, not a 401', async (t) => {
    const rsa = await signingKey('rsa-1', 'RS256');
    const jwks = await startJwksServer(t, [rsa]);
    jwks.fail();
    const gw = await startTestGateway(t, { env: jwksEnv(jwks.url) });
    const res = await asBearer(gw, await rsa.sign());
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.code, 'AUTH_UNAVAILABLE');
    assert.equal(res.headers.get('retry-after'), '5');
    assert.deepEqual(responseErrors('Problem', res.body), []);
    // Every authenticated route answers it, so the OpenAPI document lists it on each of them.
    const killSwitch = await gw.call('GET', '/v1/runtime/kill-switch', undefined, { authorization: `Bearer ${await rsa.sign()}` });
    assert.deepEqual([killSwitch.status, killSwitch.body.code], [503, 'AUTH_UNAVAILABLE']);
    const doc = (await gw.call('GET', '/openapi.json')).body;
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security?.length === 0) continue; // public
        assert.ok(operation.responses['503'], `${method.toUpperCase()} ${path} does not document 503 AUTH_UNAVAILABLE`);
      }
    }
  });
});
