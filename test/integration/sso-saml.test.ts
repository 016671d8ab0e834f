// SAML single sign-on end to end: a real IdP on port 0 (test/helpers/saml-idp.ts) signs real
// assertions; the gateway's SP accepts exactly the good ones and refuses each attack with its
// stable code; the session cookie then authenticates API calls, with CSRF proof for writes.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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
    assert.ok(result.setCookies.some((line) => /^gg_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/.test(line)), result.setCookies.join(' | '));

    const session = await gw.call('GET', '/v1/sso/session', undefined, { cookie: result.cookie! });
    assert.equal(session.status, 200);
    assert.equal(session.body.subject, 'alice@example.com');
    assert.deepEqual(session.body.teams, ['payments']);
    assert.deepEqual(session.body.roles, ['reviewer']);
    assert.equal(session.body.tier, 'enterprise');
    assert.equal(session.body.csrf_header, 'X-CSRF-Token');

    // Signing in again in the same browser ends the old session.
    const second = await signIn(gw, idp);
    const third = await beginLogin(gw);
    const replaced = await fetch(`${gw.url}/v1/sso/acs`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${second.cookie!}; ${third.loginCookie}` },
      body: new URLSearchParams({ SAMLResponse: (await idp.signIn(third.location)).SAMLResponse }),
    });
    assert.equal(replaced.status, 303);
    assert.equal((await gw.call('GET', '/v1/sso/session', undefined, { cookie: second.cookie! })).status, 401);

    // The cookie is a credential of the API: the auth hook reads it when no header is sent.
    const check = await gw.call('GET', '/v1/auth/check', undefined, { cookie: result.cookie! });
    assert.equal(check.status, 200);
    assert.equal(check.body.kind, 'session');
    assert.equal(check.body.subject, 'alice@example.com');
    assert.equal(check.body.team, 'payments');
  });
});

describe('SAML attacks, each refused with its own code', () => {
  // One IdP and one gateway for the whole table: each case starts its own login.
  const setup = async (t: import('node:test').TestContext) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp);
    const fresh = async () => (await beginLogin(sp.gw)).requestId;
    const good = (requestId: string) => ({ inResponseTo: requestId, acsUrl: sp.acsUrl, audience: sp.spEntityId });
    const expectRefused = async (xml: string, code: string, reason?: string) => {
      const res = await postAcs(sp.acsUrl, { SAMLResponse: encode(xml) });
      assert.equal(res.body?.code, code, `${JSON.stringify(res.body)}`);
      if (reason) assert.equal(res.body.reason, reason);
      assert.equal(res.cookie, null, 'no session for a refused response');
      assert.match(res.headers.get('content-type')!, /^application\/problem\+json/);
      assert.notEqual(res.status, 500);
      return res;
    };
    return { idp, sp, fresh, good, expectRefused };
  };

  test('every attack', async (t) => {
    const { idp, sp, fresh, good, expectRefused } = await setup(t);
    const now = Date.now();

    await t.test('unsigned assertion', async () => {
      const res = await expectRefused(idp.response({ ...good(await fresh()), sign: false }), 'SSO_SIGNATURE_INVALID');
      assert.equal(res.status, 401);
      assert.match(res.headers.get('www-authenticate')!, /login="\/v1\/sso\/login"/);
    });
    await t.test('signed by a key that is not the IdP\'s', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), key: await newKeyPair('mallory') }), 'SSO_SIGNATURE_INVALID');
    });
    await t.test('tampered attribute (reviewer -> admin after signing)', async () => {
      const xml = idp.response(good(await fresh()));
      assert.ok(xml.includes('gg-reviewers'));
      await expectRefused(xml.replace('gg-reviewers', 'gg-admins'), 'SSO_SIGNATURE_INVALID', 'signature');
    });
    await t.test('tampered NameID', async () => {
      const xml = idp.response(good(await fresh()));
      await expectRefused(xml.replace('>alice@example.com</saml:NameID>', '>mallory@example.com</saml:NameID>'), 'SSO_SIGNATURE_INVALID');
    });
    await t.test('signature wrapping: a second, unsigned assertion injected beside the signed one', async () => {
      const id = await fresh();
      const signed = idp.response({ ...good(id), attributes: { email: ['alice@example.com'], groups: ['payments'] } });
      const evil = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(idp.response({ ...good(id), sign: false, nameId: 'mallory@example.com', attributes: { email: ['mallory@example.com'], groups: ['gg-admins'] } }))![0];
      await expectRefused(signed.replace('<saml:Assertion', `${evil}<saml:Assertion`), 'SSO_SIGNATURE_INVALID', 'wrapping');
    });
    await t.test('signature wrapping: the signed assertion moved into Extensions, an unsigned one in its place', async () => {
      const id = await fresh();
      const signed = idp.response(good(id));
      const signedAssertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
      const evil = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(idp.response({ ...good(id), sign: false, nameId: 'mallory@example.com' }))![0];
      const wrapped = signed.replace(signedAssertion, `<samlp:Extensions>${signedAssertion}</samlp:Extensions>${evil}`);
      await expectRefused(wrapped, 'SSO_SIGNATURE_INVALID');
    });
    await t.test('wrong audience', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), audience: 'https://other-sp.example/metadata' }), 'SSO_ASSERTION_INVALID', 'audience');
    });
    await t.test('wrong destination (Response Destination)', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), destination: 'https://other-sp.example/acs' }), 'SSO_ASSERTION_INVALID', 'destination');
    });
    await t.test('wrong recipient (the signed SubjectConfirmationData)', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), recipient: 'https://other-sp.example/acs', destination: null }), 'SSO_ASSERTION_INVALID', 'recipient');
    });
    await t.test('another issuer signing with the IdP\'s key is still not the IdP', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), issuer: 'https://other-idp.example' }), 'SSO_ASSERTION_INVALID', 'issuer');
    });
    await t.test('expired (past NotOnOrAfter beyond the clock skew)', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), notBefore: new Date(now - 600_000), notOnOrAfter: new Date(now - 120_000) }), 'SSO_ASSERTION_EXPIRED', 'expired');
    });
    await t.test('not yet valid (NotBefore beyond the clock skew)', async () => {
      await expectRefused(idp.response({ ...good(await fresh()), notBefore: new Date(now + 120_000), notOnOrAfter: new Date(now + 600_000) }), 'SSO_ASSERTION_EXPIRED', 'not_yet_valid');
    });
    await t.test('within the clock skew is accepted', async () => {
      const res = await postAcs(sp.acsUrl, { SAMLResponse: encode(idp.response({ ...good(await fresh()), notBefore: new Date(Date.now() + 10_000) })) });
      assert.equal(res.status, 303, JSON.stringify(res.body));
    });
    await t.test('replay: the same signed response a second time', async () => {
      const xml = idp.response(good(await fresh()));
      const first = await postAcs(sp.acsUrl, { SAMLResponse: encode(xml) });
      assert.equal(first.status, 303);
      await expectRefused(xml, 'SSO_REPLAYED', 'replay');
    });
    await t.test('replay: the same assertion id in a new response to a new request', async () => {
      const first = await postAcs(sp.acsUrl, { SAMLResponse: encode(idp.response({ ...good(await fresh()), assertionId: '_fixed-assertion-id' })) });
      assert.equal(first.status, 303);
      await expectRefused(idp.response({ ...good(await fresh()), assertionId: '_fixed-assertion-id' }), 'SSO_REPLAYED');
    });
    await t.test('unsolicited (no InResponseTo) while allow_unsolicited is off', async () => {
      await expectRefused(idp.response({ ...good('x'), inResponseTo: null }), 'SSO_UNSOLICITED', 'unsolicited');
    });
    await t.test('InResponseTo of a request the gateway never made', async () => {
      await expectRefused(idp.response(good('_never-issued')), 'SSO_UNSOLICITED', 'unknown_request');
    });
    await t.test('a request answered once cannot be answered again (new assertion, same request)', async () => {
      const id = await fresh();
      assert.equal((await postAcs(sp.acsUrl, { SAMLResponse: encode(idp.response(good(id))) })).status, 303);
      await expectRefused(idp.response(good(id)), 'SSO_UNSOLICITED', 'unknown_request');
    });
    await t.test('Response InResponseTo differing from the signed one', async () => {
      const id = await fresh();
      const other = await fresh();
      const xml = idp.response(good(id));
      assert.ok(xml.includes(`InResponseTo="${id}"><saml:Issuer>`));
      const tampered = xml.replace(`InResponseTo="${id}"><saml:Issuer>`, `InResponseTo="${other}"><saml:Issuer>`);
      await expectRefused(tampered, 'SSO_ASSERTION_INVALID', 'in_response_to');
    });
    await t.test('the IdP answers that it did not sign the person in (a non-Success status)', async () => {
      const id = await fresh();
      const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r1" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${sp.acsUrl}" InResponseTo="${id}">`
        + `<saml:Issuer>${idp.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode>`
        + '<samlp:StatusMessage>wrong password</samlp:StatusMessage></samlp:Status></samlp:Response>';
      await expectRefused(xml, 'SSO_IDP_ERROR', 'idp_status');
    });
    await t.test('random one-character mutations: never a 500, and a sign-in only as the signed subject', async () => {
      const fc = (await import('fast-check')).default;
      await fc.assert(fc.asyncProperty(fc.nat(), fc.constantFrom('<', '>', '"', 'a', '=', ' ', '/', '0'), async (at, char) => {
        const xml = idp.response(good(await fresh()));
        const i = at % xml.length;
        const mutated = xml.slice(0, i) + char + xml.slice(i + 1);
        const res = await postAcs(sp.acsUrl, { SAMLResponse: encode(mutated) });
        assert.ok([303, 400, 401].includes(res.status), `${res.status} ${JSON.stringify(res.body)}`);
        if (res.status === 303) {
          const who = await sp.gw.call('GET', '/v1/sso/session', undefined, { cookie: res.cookie! });
          assert.equal(who.body.subject, 'alice@example.com');
          assert.deepEqual(who.body.roles, ['reviewer']);
        }
      }), { numRuns: 40 });
    });
    await t.test('malformed input: not base64, not XML, a DTD, no field, wrong media type', async () => {
      for (const [samlResponse, reason] of [['%%%not base64%%%', 'encoding'], [encode('<not-closed'), 'malformed'], [encode('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>'), 'dtd'], [encode('<a/>'), 'not_a_response']]) {
        const res = await postAcs(sp.acsUrl, { SAMLResponse: samlResponse });
        assert.equal(res.status, 400, samlResponse);
        assert.equal(res.body.code, 'SSO_RESPONSE_MALFORMED');
        assert.equal(res.body.reason, reason);
      }
      const empty = await fetch(sp.acsUrl, { method: 'POST', body: new URLSearchParams({ RelayState: '/' }) });
      assert.equal(((await empty.json()) as { code: string }).code, 'SSO_RESPONSE_MALFORMED');
      const json = await sp.gw.call('POST', '/v1/sso/acs', { SAMLResponse: 'x' });
      assert.equal(json.status, 415);
    });
  });
});

describe('login CSRF: a sign-in finishes only in the browser that started it', () => {
  // base_url on https, as in production: the login cookie is Secure, SameSite=None, and required.
  // The test talks to the gateway over http and posts to it what the IdP addressed to base_url.
  const onHttps = async (t: import('node:test').TestContext) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp, { baseUrl: 'https://gateway.test' });
    return { idp, sp, acs: `${sp.gw.url}/v1/sso/acs` };
  };
  const mallory = { nameId: 'mallory@example.com', attributes: { email: ['mallory@example.com'], groups: ['gg-reviewers', 'payments'] } };

  test('the attacker\'s own signed response, posted from the victim\'s browser, is refused', async (t) => {
    const { idp, sp, acs } = await onHttps(t);
    idp.user = mallory;
    // The attacker starts a sign-in in his browser and signs in at the IdP as himself; his page
    // then makes the victim's browser post the IdP's form to the ACS (an auto-submitting form).
    const attacker = await beginLogin(sp.gw, '/console');
    const bare = await postAcs(acs, await idp.signIn(attacker.location));
    assert.equal(bare.status, 401, JSON.stringify(bare.body));
    assert.equal(bare.body.code, 'SSO_BROWSER_MISMATCH');
    assert.equal(bare.body.reason, 'missing_cookie');
    assert.equal(bare.cookie, null, 'the victim is not signed in as the attacker');

    // The victim has a sign-in of her own under way: her login cookie names her request, not his.
    const victim = await beginLogin(sp.gw);
    const again = await beginLogin(sp.gw);
    const mismatched = await postAcs(acs, await idp.signIn(again.location), victim.loginCookie);
    assert.equal(mismatched.status, 401);
    assert.equal(mismatched.body.code, 'SSO_BROWSER_MISMATCH');
    assert.equal(mismatched.body.reason, 'cookie_mismatch');
    assert.equal(mismatched.cookie, null);
    assert.match(mismatched.headers.get('content-type')!, /^application\/problem\+json/);
    // The refusal leaves her cookie alone: the attacker cannot cancel her sign-in, which finishes.
    assert.deepEqual(mismatched.setCookies, []);
    idp.user = { nameId: 'alice@example.com', attributes: { email: ['alice@example.com'], groups: ['gg-reviewers', 'payments'] } };
    const hers = await postAcs(acs, await idp.signIn(victim.location), victim.loginCookie);
    assert.equal(hers.status, 303, JSON.stringify(hers.body));
    assert.equal((await sp.gw.call('GET', '/v1/sso/session', undefined, { cookie: hers.cookie! })).body.subject, 'alice@example.com');
  });

  test('the browser that started the sign-in finishes it; the login cookie is for the ACS only, and cleared', async (t) => {
    const { idp, sp, acs } = await onHttps(t);
    const started = await beginLogin(sp.gw, '/console');
    // Sent on the IdP's cross-site POST (SameSite=None, which browsers accept only with Secure).
    assert.match(started.setCookie, /^__Secure-gg_sso_login=[\w-]+; Path=\/v1\/sso\/acs; HttpOnly; SameSite=None; Max-Age=300; Secure$/);
    const res = await postAcs(acs, await idp.signIn(started.location), started.loginCookie);
    assert.equal(res.status, 303, JSON.stringify(res.body));
    assert.equal(res.headers.get('location'), '/console');
    assert.ok(res.cookie, 'signed in');
    assert.ok(res.setCookies.some((line) => /^__Secure-gg_sso_login=; Path=\/v1\/sso\/acs; .*Max-Age=0/.test(line)), res.setCookies.join(' | '));

    // The cookie is worth one sign-in: with the answer to another login it is a mismatch.
    const other = await beginLogin(sp.gw);
    const reused = await postAcs(acs, await idp.signIn(other.location), started.loginCookie);
    assert.equal(reused.status, 401);
    assert.equal(reused.body.code, 'SSO_BROWSER_MISMATCH');
    assert.equal(reused.body.reason, 'cookie_mismatch');
  });

  test('plain http (development): the cookie is checked when the browser sends it, and not required', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp);
    const started = await beginLogin(gw);
    // SameSite=None needs Secure, which plain http cannot have: Lax reaches the ACS only from a same-site IdP.
    assert.match(started.setCookie, /^gg_sso_login=[\w-]+; Path=\/v1\/sso\/acs; HttpOnly; SameSite=Lax; Max-Age=300$/);
    const other = await beginLogin(gw);
    const mismatched = await postAcs(`${gw.url}/v1/sso/acs`, await idp.signIn(other.location), started.loginCookie);
    assert.equal(mismatched.body.code, 'SSO_BROWSER_MISMATCH');
    const without = await postAcs(`${gw.url}/v1/sso/acs`, await idp.signIn((await beginLogin(gw)).location));
    assert.equal(without.status, 303, 'unenforceable on http: documented in docs/sso.md');
  });
});

describe('RelayState and the open redirect', () => {
  test('only a same-origin relative path is accepted at login', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp);
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'evil', '/\r\nSet-Cookie:x', '/a\tb']) {
      const res = await gw.call('GET', `/v1/sso/login?relay_state=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'SSO_RELAY_STATE_INVALID', bad);
    }
    const res = await fetch(`${gw.url}/v1/sso/login?relay_state=${encodeURIComponent('/console')}`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.ok(res.headers.get('location')!.startsWith(`${idp.url}/sso?`));
  });

  test('the landing is the path stored with the request, whatever RelayState is posted back', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp);
    const { location } = await beginLogin(gw, '/console');
    const form = await idp.signIn(location);
    const res = await postAcs(form.action, { ...form, RelayState: 'https://evil.example/' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/console');
  });

  test('IdP-initiated sign-in when allowed: accepted, and its RelayState is still checked', async (t) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp, { extraYaml: '' });
    writeFileSync(path.join(sp.configDir, 'sso.yaml'), ssoYaml(idp, sp.gw.url).replace('clock_skew_seconds: 30', 'clock_skew_seconds: 30\n  allow_unsolicited: true'));
    const xml = () => encode(idp.response({ inResponseTo: null, acsUrl: sp.acsUrl, audience: sp.spEntityId }));
    // Applied once an unsolicited response is accepted.
    let res = await postAcs(sp.acsUrl, { SAMLResponse: xml(), RelayState: '//evil.example' });
    for (let i = 0; i < 100 && res.status !== 303; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await postAcs(sp.acsUrl, { SAMLResponse: xml(), RelayState: '//evil.example' });
    }
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/');
    const ok = await postAcs(sp.acsUrl, { SAMLResponse: xml(), RelayState: '/console' });
    assert.equal(ok.headers.get('location'), '/console');
  });
});

describe('sessions as API credentials', () => {
  test('CSRF: writes with the cookie need X-CSRF-Token and our origin; API keys are unaffected', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp);
    // An operator (gg-admins maps to admin and operator): the kill switch is theirs to flip.
    idp.user = { nameId: 'olga@example.com', attributes: { email: ['olga@example.com'], groups: ['gg-admins', 'payments'] } };
    const { cookie } = await signIn(gw, idp);
    const { csrf_token: token } = (await gw.call('GET', '/v1/sso/session', undefined, { cookie: cookie! })).body;

    // kill_switch_write: a state-changing route behind the auth hook.
    const write = (headers: Record<string, string>) => gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'test' }, headers);
    let res = await write({ cookie: cookie! });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'CSRF_REJECTED');
    res = await write({ cookie: cookie!, 'x-csrf-token': 'forged' });
    assert.equal(res.body.code, 'CSRF_REJECTED');
    res = await write({ cookie: cookie!, 'x-csrf-token': token, origin: 'https://evil.example' });
    assert.equal(res.body.code, 'CSRF_REJECTED');
    res = await write({ cookie: cookie!, 'x-csrf-token': token, 'sec-fetch-site': 'cross-site' });
    assert.equal(res.body.code, 'CSRF_REJECTED');
    res = await write({ cookie: cookie!, 'x-csrf-token': token, origin: gw.url });
    assert.equal(res.status, 200, JSON.stringify(res.body));

    // A forged cookie is a 401, never a principal.
    res = await gw.call('GET', '/v1/auth/check', undefined, { cookie: `${cookie!.split('.')[0]}.AAAA` });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'SSO_SESSION_REQUIRED');

    // With a credential header the cookie is not looked at (and needs no CSRF token).
    const { key } = await issueKey(path.join(gw.dir, 'keys.db'), 'team');
    res = await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'test' }, { cookie: 'gg_session=garbage', authorization: `Bearer ${key}` });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    res = await gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie!, authorization: `Bearer ${key}` });
    assert.equal(res.body.kind, 'api_key');
  });

  test('logout ends the session everywhere and sends the browser to the IdP\'s single logout', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp);
    const { cookie } = await signIn(gw, idp);
    assert.equal((await gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! })).status, 200);

    // POST without the CSRF token is refused and ends nothing.
    const refused = await gw.call('POST', '/v1/sso/logout', undefined, { cookie: cookie! });
    assert.equal(refused.body.code, 'CSRF_REJECTED');
    // A cross-site GET (an <img> on another site) is refused too.
    const crossSite = await fetch(`${gw.url}/v1/sso/logout`, { headers: { cookie: cookie!, 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
    assert.equal(crossSite.status, 403);
    assert.equal((await gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! })).status, 200);

    const res = await fetch(`${gw.url}/v1/sso/logout`, { headers: { cookie: cookie! }, redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.match(res.headers.get('set-cookie')!, /^gg_session=; .*Max-Age=0/);
    const slo = res.headers.get('location')!;
    assert.ok(slo.startsWith(`${idp.url}/slo?SAMLRequest=`), slo);
    assert.equal((await fetch(slo)).status, 200);
    assert.deepEqual(idp.logouts, ['alice@example.com']);

    // The old cookie, replayed: the server-side session is gone.
    const after = await gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! });
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'SSO_SESSION_REQUIRED');

    // POST logout from script, with the token: JSON with the IdP's logout URL.
    const second = await signIn(gw, idp);
    const { csrf_token: token } = (await gw.call('GET', '/v1/sso/session', undefined, { cookie: second.cookie! })).body;
    const posted = await gw.call('POST', '/v1/sso/logout', undefined, { cookie: second.cookie!, 'x-csrf-token': token });
    assert.equal(posted.status, 200);
    assert.equal(posted.body.ended, true);
    assert.ok(posted.body.logout_url.startsWith(`${idp.url}/slo?`));
    assert.equal((await gw.call('GET', '/v1/sso/session', undefined, { cookie: second.cookie! })).status, 401);
  });
});

describe('configuration and entitlement', () => {
  test('402 below Enterprise; 404 when not configured', async (t) => {
    const idp = await startTestIdp(t);
    const { gw } = await startSsoGateway(t, idp, { extraYaml: 'session:\n  tier: team\n' });
    const res = await gw.call('GET', '/v1/sso/login');
    assert.equal(res.status, 402);
    assert.equal(res.body.code, 'ENTITLEMENT_REQUIRED');
    assert.equal(res.body.feature, 'saml_sso');

    const plain = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
    for (const [method, route] of [['GET', '/v1/sso/metadata'], ['GET', '/v1/sso/login'], ['POST', '/v1/sso/acs'], ['GET', '/v1/sso/session']]) {
      const answer = await plain.call(method, route);
      assert.equal(answer.status, 404, route);
      assert.equal(answer.body.code, 'SSO_NOT_CONFIGURED', route);
    }
  });

  test('lowering session.tier applies to live sessions at once; turning SSO off ends their use', async (t) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp);
    const { cookie } = await signIn(sp.gw, idp);
    assert.equal((await sp.gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! })).body.tier, 'enterprise');
    writeFileSync(path.join(sp.configDir, 'sso.yaml'), ssoYaml(idp, sp.gw.url, 'session:\n  tier: team\n'));
    await waitForSso(sp.gw, (status) => status === 402);
    const check = await sp.gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! });
    assert.equal(check.body.tier, 'team');
    assert.ok(!check.body.features.includes('saml_sso'));
    writeFileSync(path.join(sp.configDir, 'sso.yaml'), 'enabled: false\n');
    await waitForSso(sp.gw, (status) => status === 404);
    assert.equal((await sp.gw.call('GET', '/v1/auth/check', undefined, { cookie: cookie! })).status, 401);
  });

  test('production: SSO on without SESSION_SECRET refuses to start, naming the file and the variable', async (t) => {
    const idp = await startTestIdp(t);
    const configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-sso-prod-'));
    writeFileSync(path.join(configDir, 'sso.yaml'), ssoYaml(idp, 'https://governance.example.com').replace(idp.metadataUrl, 'https://idp.example/metadata'));
    await assert.rejects(
      startTestGateway(t, { env: { SERVICE_ENV: 'production', AUTH_ENABLED: 'true', JWT_SECRET: 'a-jwt-secret-of-at-least-32-bytes-0123456789', CONFIG_DIR: configDir } }),
      (error: Error) => /config\/sso\.yaml:1:1: SSO is on in production but SESSION_SECRET/.test(error.message),
    );
  });

  test('a broken sso.yaml edit is rejected with file:line and the last good one stays', async (t) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp);
    writeFileSync(path.join(sp.configDir, 'sso.yaml'), `${ssoYaml(idp, sp.gw.url)}\nsession:\n  tier: platinum\n`);
    const { nextConfigReload } = await import('../helpers/config-reload.ts');
    const event = await nextConfigReload({ file: 'sso.yaml' });
    assert.equal(event.result, 'failure');
    assert.equal(event.issues[0].path, 'session.tier');
    assert.equal(typeof event.issues[0].line, 'number');
    await waitForSso(sp.gw);
    assert.equal((await signIn(sp.gw, idp)).status, 303);
  });

  test('the IdP metadata cannot be fetched: 503 SSO_IDP_UNAVAILABLE, never a 500', async (t) => {
    const idp = await startTestIdp(t);
    const sp = await startSsoGateway(t, idp);
    writeFileSync(path.join(sp.configDir, 'sso.yaml'), ssoYaml(idp, sp.gw.url).replace(idp.metadataUrl, `${idp.url}/no-such-metadata`));
    let res = await sp.gw.call('GET', '/v1/sso/login');
    for (let i = 0; i < 100 && res.status !== 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await sp.gw.call('GET', '/v1/sso/login');
    }
    assert.equal(res.status, 503);
    assert.equal(res.body.code, 'SSO_IDP_UNAVAILABLE');
  });
});
