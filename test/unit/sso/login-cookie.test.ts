import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/http/index.ts';
import { clearLoginCookieHeader, loginCookieValue, newRequestId, requireSameBrowser, setLoginCookieHeader, type BrowserProof } from '../../../src/sso/index.ts';
import { loginCookieOptions } from '../../../src/sso/login-cookie.ts';

const secret = Buffer.from('k'.repeat(48));
const https = loginCookieOptions('https://governance.example.com', { secure: false });
const http = loginCookieOptions('http://localhost:8080', { secure: false });

const refusal = (proof: BrowserProof, requestId: string): string | null => {
  try {
    requireSameBrowser(proof, requestId);
    return null;
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'SSO_BROWSER_MISMATCH');
    assert.equal(error.status, 401);
    return error.extensions!.reason as string;
  }
};

test('https: Secure, SameSite=None (the IdP\'s cross-site POST carries it), only for the ACS; plain http: Lax', () => {
  assert.deepEqual(https, { secure: true });
  assert.deepEqual(loginCookieOptions('http://localhost:8080', { secure: true }), { secure: true }, 'production cookies are always Secure');
  assert.equal(setLoginCookieHeader(https, 'v', 300), '__Secure-gg_sso_login=v; Path=/v1/sso/acs; HttpOnly; SameSite=None; Max-Age=300; Secure');
  assert.equal(clearLoginCookieHeader(https), '__Secure-gg_sso_login=; Path=/v1/sso/acs; HttpOnly; SameSite=None; Max-Age=0; Secure');
  assert.equal(setLoginCookieHeader(http, 'v', 300), 'gg_sso_login=v; Path=/v1/sso/acs; HttpOnly; SameSite=Lax; Max-Age=300');
});

test('the ACS accepts the answer to a request only from the browser holding that request\'s cookie', () => {
  const id = newRequestId();
  const mine = `__Secure-gg_sso_login=${loginCookieValue(secret, id)}`;
  assert.equal(refusal({ secret, options: https, cookieHeader: `a=1; ${mine}` }, id), null);
  assert.equal(refusal({ secret, options: https, cookieHeader: undefined }, id), 'missing_cookie');
  assert.equal(refusal({ secret, options: https, cookieHeader: `gg_sso_login=${loginCookieValue(secret, id)}` }, id), 'missing_cookie', 'an unprefixed cookie does not count on https');
  assert.equal(refusal({ secret, options: https, cookieHeader: mine }, newRequestId()), 'cookie_mismatch');
  assert.equal(refusal({ secret: Buffer.from('o'.repeat(48)), options: https, cookieHeader: mine }, id), 'cookie_mismatch', 'another key (a replica without the fleet\'s SESSION_SECRET)');
  // Plain http: unenforceable for a cross-site IdP, so a missing cookie passes; a wrong one does not.
  assert.equal(refusal({ secret, options: http, cookieHeader: undefined }, id), null);
  assert.equal(refusal({ secret, options: http, cookieHeader: `gg_sso_login=${loginCookieValue(secret, newRequestId())}` }, id), 'cookie_mismatch');
});
