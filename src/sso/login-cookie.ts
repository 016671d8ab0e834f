// Binds a sign-in to the browser that started it (login CSRF). Without it anyone could start a
// sign-in, sign in at the IdP as themselves, and have a victim's browser post the signed response
// to the ACS (an auto-submitting form on any site): the victim would then work in the console as
// the attacker. GET /v1/sso/login sets this cookie to an HMAC (SESSION_SECRET, which every replica
// shares) of the AuthnRequest id; the ACS accepts the answer to that request only with it.
//
// The IdP's POST to the ACS is a cross-site top-level request: it carries a cookie only with
// SameSite=None, which browsers accept only with Secure. So on an https base_url (always in
// production) the cookie is Secure, SameSite=None and required; on plain http (development) it is
// SameSite=Lax, which a same-site IdP (localhost) still gets back to us: checked when sent, not
// required. IdP-initiated sign-in answers no request and cannot be bound (docs/sso.md).

import { ACS_PATH } from './saml-service-provider.ts';
import { ssoFailure } from './saml-failure.ts';
import { mac, readCookie, sameText, type CookieOptions } from './session-cookie.ts';

export interface LoginCookieOptions {
  /** Secure, SameSite=None and the __Secure- prefix; the ACS then requires the cookie. */
  secure: boolean;
}

/** https when browsers reach the gateway over https (base_url), or whenever the session cookie is Secure. */
export function loginCookieOptions(baseUrl: string, session: CookieOptions): LoginCookieOptions {
  return { secure: session.secure || baseUrl.startsWith('https:') };
}

export function loginCookieName(options: LoginCookieOptions): string {
  return options.secure ? '__Secure-gg_sso_login' : 'gg_sso_login';
}

export function loginCookieValue(secret: Buffer, requestId: string): string {
  return mac(secret, 'login', requestId);
}

export function setLoginCookieHeader(options: LoginCookieOptions, value: string, maxAgeSeconds: number): string {
  // Scoped to the ACS: no other request of the browser carries it.
  return [
    `${loginCookieName(options)}=${value}`, `Path=${ACS_PATH}`, 'HttpOnly', options.secure ? 'SameSite=None' : 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearLoginCookieHeader(options: LoginCookieOptions): string {
  return setLoginCookieHeader(options, '', 0);
}

/** What the ACS knows of the browser that posts a response. */
export interface BrowserProof {
  secret: Buffer;
  options: LoginCookieOptions;
  /** The Cookie header of the ACS request. */
  cookieHeader: string | undefined;
}

export function sentLoginCookie(proof: BrowserProof): string | undefined {
  return readCookie(proof.cookieHeader, loginCookieName(proof.options));
}

/** 401 SSO_BROWSER_MISMATCH unless the browser's login cookie is the one set for this request (or, on plain http, none was sent). */
export function requireSameBrowser(proof: BrowserProof, requestId: string): void {
  const sent = sentLoginCookie(proof);
  if (sent === undefined) {
    if (!proof.options.secure) return;
    throw ssoFailure('SSO_BROWSER_MISMATCH', 'This browser did not start the sign-in the response answers (no login cookie): start at /v1/sso/login in this browser.', 'missing_cookie');
  }
  if (!sameText(sent, loginCookieValue(proof.secret, requestId))) {
    throw ssoFailure('SSO_BROWSER_MISMATCH', 'The response answers a sign-in started in another browser, or an earlier one: start at /v1/sso/login in this browser.', 'cookie_mismatch');
  }
}
