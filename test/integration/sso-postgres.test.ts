// Single sign-on in a fleet on PostgreSQL: two replicas share the pending requests, the replay
// cache and the sessions. A login started on one finishes on the other (its login cookie checked
// there with the fleet's SESSION_SECRET), an assertion accepted by one is refused by the other,
// and a logout on one ends the session on both at once.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestIdp } from '../helpers/saml-idp.ts';
import { SESSION_SECRET, beginLogin, encode, postAcs, ssoYaml, waitForSso } from '../helpers/sso-gateway.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip } = await probePostgres();

describe('SSO across a fleet on PostgreSQL', { skip }, () => {
  test('login on one replica, ACS on the other; replay refused fleet-wide; logout ends the session on every replica', async (t) => {
    const db = await createTestSchema(t);
    const idp = await startTestIdp(t);
    const configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-sso-pg-'));
    const env = { ...db.env, AUTH_ENABLED: 'true', SESSION_SECRET, CONFIG_DIR: configDir, CHECKPOINT_INTERVAL_SECONDS: '0' };
    const a = await startTestGateway(t, { env });
    const b = await startTestGateway(t, { env });
    // One public https address for the fleet (a load balancer would hold it), so the login cookie
    // is required; the test posts to each replica what the IdP addressed to it.
    const base = 'https://governance.test';
    writeFileSync(path.join(configDir, 'sso.yaml'), ssoYaml(idp, base));
    await Promise.all([waitForSso(a), waitForSso(b)]);
    const acsOf = (gw: typeof a) => `${gw.url}/v1/sso/acs`;

    // Started on a, from another browser: b refuses the answer without the login cookie.
    const elsewhere = await beginLogin(a);
    const unbound = await postAcs(acsOf(b), await idp.signIn(elsewhere.location));
    assert.equal(unbound.body.code, 'SSO_BROWSER_MISMATCH');

    // Started on a: the IdP's answer posted to b is accepted (the request id is in PostgreSQL,
    // the login cookie an HMAC under the fleet's key).
    const { location, loginCookie } = await beginLogin(a, '/console');
    const form = await idp.signIn(location);
    const signedIn = await postAcs(acsOf(b), form, loginCookie);
    assert.equal(signedIn.status, 303, JSON.stringify(signedIn.body));
    assert.equal(signedIn.headers.get('location'), '/console');

    // The same response replayed to a: refused, though a never saw it.
    const replay = await postAcs(acsOf(a), form, loginCookie);
    assert.equal(replay.status, 401);
    assert.equal(replay.body.code, 'SSO_REPLAYED');

    // A fresh assertion for a request id another replica already consumed: unsolicited.
    const id = idp.requests.at(-1)!.id;
    const again = await postAcs(acsOf(a), { SAMLResponse: encode(idp.response({ inResponseTo: id, acsUrl: `${base}/v1/sso/acs`, audience: `${base}/v1/sso/metadata` })) }, loginCookie);
    assert.equal(again.body.code, 'SSO_UNSOLICITED');

    // The session works on both replicas, and a logout on b ends it on a as well.
    const cookie = signedIn.cookie!;
    for (const gw of [a, b]) {
      const check = await gw.call('GET', '/v1/auth/check', undefined, { cookie });
      assert.equal(check.status, 200);
      assert.equal(check.body.kind, 'session');
      assert.equal(check.body.subject, 'alice@example.com');
    }
    const session = await a.call('GET', '/v1/sso/session', undefined, { cookie });
    assert.deepEqual(session.body.roles, ['reviewer']);
    const out = await b.call('POST', '/v1/sso/logout', undefined, { cookie, 'x-csrf-token': session.body.csrf_token, origin: base });
    assert.equal(out.body.ended, true);
    for (const gw of [a, b]) {
      const check = await gw.call('GET', '/v1/auth/check', undefined, { cookie });
      assert.equal(check.status, 401);
      assert.equal(check.body.code, 'SSO_SESSION_REQUIRED');
    }
  });
});
