// A session cookie as the credential of an API call from a browser. The auth hook asks here only
// when the request carries no credential header, so API keys and JWTs are never affected. For a
// state-changing method the request must also prove it came from our own pages (CSRF): the
// X-CSRF-Token header with the session's token (a synchronizer token: cross-site forms cannot
// set headers, and no CORS is served so cross-site scripts cannot either), and, when the browser
// says where it came from (Origin, else Referer, and Sec-Fetch-Site), our own origin.

import type { IncomingMessage } from 'node:http';
import { ApiError, type Principal } from '../http/index.ts';
import { CSRF_HEADER, csrfTokenMatches, readSessionCookie, sessionIdHash, verifyCookieValue } from './session-cookie.ts';
import type { SessionRecord } from './sso-store.ts';
import { TIERS, isTier } from '../auth/entitlements.ts';
import type { SsoService } from './sso-service.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface LiveSession {
  id: string;
  record: SessionRecord;
}

function ended(): ApiError {
  return new ApiError('SSO_SESSION_REQUIRED', 'The session cookie is not valid, or the session has ended or expired: sign in again at /v1/sso/login.', {
    headers: { 'www-authenticate': 'SAML realm="governance-gateway", login="/v1/sso/login"' },
  });
}

/** The live session of the request's cookie; undefined without a cookie; 401 for a bad or ended one. */
export async function sessionOf(sso: SsoService, req: IncomingMessage): Promise<LiveSession | undefined> {
  const value = readSessionCookie(req.headers.cookie, sso.cookie);
  if (value === undefined || value === '') return undefined;
  const id = verifyCookieValue(sso.secret, value);
  if (id === null) throw ended();
  // A store failure is 503 AUTH_UNAVAILABLE (guarded-sso-store.ts).
  const record = await sso.store.findSession(sessionIdHash(id), sso.now());
  if (!record) throw ended();
  return { id, record };
}

/** Throws 403 CSRF_REJECTED unless a state-changing request proves it is same-origin. */
export function requireCsrfProof(sso: SsoService, req: IncomingMessage, session: LiveSession): void {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return;
  const sent = req.headers[CSRF_HEADER];
  if (!csrfTokenMatches(sso.secret, session.id, Array.isArray(sent) ? sent[0] : sent)) {
    throw new ApiError('CSRF_REJECTED', 'A state-changing request made with the session cookie must send the X-CSRF-Token header from GET /v1/sso/session.', {
      extensions: { csrf_header: 'X-CSRF-Token' },
    });
  }
  requireSameOrigin(sso, req);
}

export function requireSameOrigin(sso: SsoService, req: IncomingMessage): void {
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new ApiError('CSRF_REJECTED', 'The browser reports this request as cross-site.');
  const expected = sso.settings().base_url;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin !== undefined && origin !== 'null' && expected !== '' && origin !== expected) {
    throw new ApiError('CSRF_REJECTED', `The request comes from ${origin}, not from this gateway's origin ${expected}.`);
  }
  if (origin === 'null') throw new ApiError('CSRF_REJECTED', 'The request comes from an opaque origin.');
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export function principalOf(record: SessionRecord): Principal {
  return {
    kind: 'session',
    subject: record.subject,
    tier: record.tier,
    team: record.teams[0] ?? null,
    teams: Object.freeze([...record.teams]),
    roles: Object.freeze([...record.roles]),
    // A person is never an agent credential: nothing binds their calls to one agent.
    agent_scope: null,
    expires_at: new Date(record.expires_at).toISOString(),
  };
}

/**
 * For the auth hook: the principal of a cookie, null when none is sent. Turning SSO off ends
 * every session's use, and lowering session.tier applies at once, not when sessions expire.
 */
export function createSessionAuthenticator(sso: SsoService): (req: IncomingMessage) => Promise<Principal | null> {
  return async (req) => {
    const settings = sso.settings();
    if (!settings.enabled) return null;
    const session = await sessionOf(sso, req);
    if (!session) return null;
    requireCsrfProof(sso, req, session);
    const principal = principalOf(session.record);
    if (isTier(principal.tier) && TIERS.indexOf(principal.tier) > TIERS.indexOf(settings.session_tier)) principal.tier = settings.session_tier;
    return principal;
  };
}
