// The session cookie and its CSRF token. The cookie holds a random session id and an HMAC of it
// (SESSION_SECRET), so a forged or altered cookie is refused before any database read; the
// server-side row (sso-store.ts) is what makes a session revocable everywhere at once. The CSRF
// token is a second HMAC of the same id: the console reads it from GET /v1/sso/session and
// sends it in X-CSRF-Token, which a cross-site form or image cannot do.

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_HEADER = 'x-csrf-token';

export interface CookieOptions {
  /** SERVICE_ENV=production: Secure, and the __Host- prefix (no Domain, Path=/, Secure) that subdomains cannot overwrite. */
  secure: boolean;
}

export function sessionCookieName(options: CookieOptions): string {
  return options.secure ? '__Host-gg_session' : 'gg_session';
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** An HMAC of an id for one purpose (session, csrf, login): one key signs several things that never stand in for each other. */
export function mac(secret: Buffer, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${id}`).digest('base64url');
}

export function cookieValue(secret: Buffer, id: string): string {
  return `${id}.${mac(secret, 'session', id)}`;
}

/** The session id of a well-signed cookie value, else null. */
export function verifyCookieValue(secret: Buffer, value: string): string | null {
  const dot = value.indexOf('.');
  if (dot <= 0 || value.length > 200) return null;
  const id = value.slice(0, dot);
  return sameText(value.slice(dot + 1), mac(secret, 'session', id)) ? id : null;
}

export function csrfToken(secret: Buffer, id: string): string {
  return mac(secret, 'csrf', id);
}

export function csrfTokenMatches(secret: Buffer, id: string, sent: string | undefined): boolean {
  return sent !== undefined && sameText(sent, csrfToken(secret, id));
}

export function setCookieHeader(options: CookieOptions, value: string, maxAgeSeconds: number): string {
  return [`${sessionCookieName(options)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(options.secure ? ['Secure'] : [])].join('; ');
}

export function clearCookieHeader(options: CookieOptions): string {
  return setCookieHeader(options, '', 0);
}

/** The value of the session cookie in a Cookie header, if sent (the first one wins). */
export function readSessionCookie(header: string | undefined, options: CookieOptions): string | undefined {
  return readCookie(header, sessionCookieName(options));
}

/** The value of a cookie in a Cookie header, if sent (the first one wins). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    if (cookieName(part) === name) return part.slice(part.indexOf('=') + 1).trim();
  }
  return undefined;
}

/** The name of one `name=value` pair of a Cookie header (or of a Set-Cookie's first pair); '' when it has none. */
export function cookieName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq > 0 ? pair.slice(0, eq).trim() : '';
}

/** Compares in constant time (a MAC sent by a browser against the expected one). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
