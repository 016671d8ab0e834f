import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearCookieHeader, cookieValue, csrfToken, csrfTokenMatches, newSessionId, readSessionCookie, setCookieHeader, verifyCookieValue } from '../../../src/sso/index.ts';

const secret = Buffer.from('k'.repeat(48));

test('a cookie verifies with its key only; any change is refused', () => {
  const id = newSessionId();
  const value = cookieValue(secret, id);
  assert.equal(verifyCookieValue(secret, value), id);
  assert.equal(verifyCookieValue(Buffer.from('o'.repeat(48)), value), null);
  assert.equal(verifyCookieValue(secret, `${newSessionId()}.${value.split('.')[1]}`), null);
  assert.equal(verifyCookieValue(secret, id), null);
  assert.equal(verifyCookieValue(secret, ''), null);
});

test('the CSRF token is bound to the session', () => {
  const a = newSessionId();
  assert.ok(csrfTokenMatches(secret, a, csrfToken(secret, a)));
  assert.ok(!csrfTokenMatches(secret, newSessionId(), csrfToken(secret, a)));
  assert.ok(!csrfTokenMatches(secret, a, undefined));
});

test('production cookies are Secure with the __Host- prefix; others are not', () => {
  assert.equal(setCookieHeader({ secure: true }, 'v', 60), '__Host-gg_session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure');
  assert.equal(setCookieHeader({ secure: false }, 'v', 60), 'gg_session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
  assert.equal(clearCookieHeader({ secure: true }), '__Host-gg_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  assert.equal(readSessionCookie('a=1; __Host-gg_session=x.y; gg_session=z', { secure: true }), 'x.y');
  assert.equal(readSessionCookie('a=1; gg_session=z', { secure: true }), undefined);
});
