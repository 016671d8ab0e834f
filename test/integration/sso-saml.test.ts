// SAML single sign-on end to end: a real IdP on port 0 (test/helpers/saml-idp.ts) signs real
// assertions; the gateway's SP accepts exactly the good ones and refuses each attack with its
// stable code; the session cookie then authenticates API calls, with CSRF proof for writes.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { newKeyPair, startTestIdp } from '../helpers/saml-idp.ts';
import { beginLogin, encode, postAcs, signIn, ssoYaml, startSsoGateway, waitForSso } from '../helpers/sso-gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { startTestGateway } from '../helpers/gateway.ts';

describe('SAML sign-in', () => {
  test('login redirects to the IdP; the signed response signs the person in and lands on the stored path', async (t) => {
    const idp = await startTestIdp(t);
    const { gw, acsUrl, spEntityId } = await startSsoGateway(t, idp);

    const meta = await fetch(`${gw.url}/v1/sso/metadata`);
    assert.equal(meta.status, 200);
    assert.match(meta.headers.get('content-type')!, /^application\/samlmetadata\+xml/);
    const xml = await meta.text();
    assert.match(xml, new RegExp(`entityID="${spEntityId}"`));
    assert.match(xml, /WantAssertionsSigned="true"/);
    assert.match(xml, new RegExp(`Location="${acsUrl}"`));

    const result = await signIn(gw, idp, '/console/reviews?tab=mine');
    assert.equal(result.status, 303, JSON.stringify(result.body));
    assert.equal(result.headers.get('location'), '/console/reviews?tab=mine');
    assert.equal(idp.requests.at(-1)!.relayState, '/console/reviews?tab=mine');
    const setCookie = result.headers.get('set-cookie')!;
    assert.match(setCookie, /^gg_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);

    const session = await gw.call('GET', '/v1/sso/session', undefined, { cookie: result.cookie! });
    assert.equal(session.status, 200);
    assert.equal(session.body.subject, 'alice@example.com');
    assert.deepEqual(session.body.teams, ['payments']);
    assert.deepEqual(session.body.roles, ['reviewer']);
    assert.equal(session.body.tier, 'enterprise');
    assert.equal(session.body.csrf_header, 'X-CSRF-Token');

    // The cookie is a credential of the API: the auth hook reads it when no header is sent.
    const check = await gw.call('GET', '/v1/auth/check', undefined, { cookie: result.cookie! });
    assert.equal(check.status, 200);
    assert.equal(check.body.kind, 'session');
    assert.equal(check.body.subject, 'alice@example.com');
    assert.equal(check.body.team, 'payments');
  });
});
