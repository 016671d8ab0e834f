// /v1/sso: SAML single sign-on for people (Enterprise; 402 below it). The routes are public to
// the auth hook (nobody has a credential before signing in); each checks the `saml_sso`
// entitlement against the tier signed-in people get (session.tier of config/sso.yaml). A
// successful sign-in sets the session cookie, which then authenticates API calls from the
// browser (src/sso/session-auth.ts). docs/sso.md describes the flow and each refusal.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { readBody } from '../http/body.ts';
import { requireEntitlement, type Tier } from '../auth/index.ts';
import type { Logger } from '../observability/index.ts';
import {
  ACS_PATH, DEFAULT_LANDING, clearCookieHeader, clearLoginCookieHeader, consumeResponse, cookieValue, csrfToken, loginCookieValue, logoutUrl,
  mapIdentity, newSessionId, requireCsrfProof, requireSameBrowser, requireSameOrigin, safeRelayPath, sentLoginCookie, sessionIdHash, sessionOf,
  setCookieHeader, setLoginCookieHeader, spMetadataXml, ssoFailure, startLogin, type BrowserProof, type MappedIdentity, type SsoService,
} from '../sso/index.ts';

export interface SsoRouteDeps {
  sso: SsoService;
  /** DEFAULT_TIER: the tier checked while SSO is not configured. */
  defaultTier: Tier;
  logger: Logger;
  /**
   * After each sign-in: the person as a member of their mapped teams (GET /v1/team/members lists
   * them, source `sso`). A failure is logged and does not refuse the sign-in: the session carries
   * its own teams and roles, the member record mirrors them.
   */
  onSignIn?: (ctx: RequestContext, identity: MappedIdentity) => Promise<void>;
}

const FEATURE = 'saml_sso';
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MAX_FORM_BYTES = 512 * 1024;
const NO_STORE = { 'cache-control': 'no-store' };

export function ssoRoutes(deps: SsoRouteDeps): Route[] {
  const { sso, logger } = deps;
  const settingsFor = () => {
    const settings = sso.settings();
    requireEntitlement(settings.enabled ? settings.session_tier : deps.defaultTier, FEATURE);
    return sso.enabledSettings();
  };
  const meta = (doc: NonNullable<Route['meta']>['doc']) => ({ public: true, feature: FEATURE, doc });

  const endSession = async (ctx: RequestContext, checkCsrf: boolean) => {
    const settings = settingsFor();
    const session = await sessionOf(sso, ctx.req).catch((error) => {
      // A cookie that is no longer valid has nothing left to end.
      if (error instanceof ApiError && error.code === 'SSO_SESSION_REQUIRED') return undefined;
      throw error;
    });
    if (!session) return { ended: false, logout_url: null as string | null };
    if (checkCsrf) requireCsrfProof(sso, ctx.req, session);
    const ended = await sso.store.revokeSession(session.record.id_hash, sso.now());
    logger.info('SSO session ended', { subject: session.record.subject });
    // The session is over either way; without the IdP's metadata there is just no SLO hop.
    const url = await sso.idp(settings).then((idp) => logoutUrl(settings, idp, session.record)).catch(() => null);
    return { ended, logout_url: url };
  };

  return [
    {
      method: 'GET', path: '/v1/sso/metadata',
      meta: meta({
        summary: 'SAML service provider metadata (XML) to register this gateway with the identity provider', tags: ['sso'],
        responses: { 200: { description: 'md:EntityDescriptor with the SP entity id, the ACS (HTTP-POST) and single logout URLs; WantAssertionsSigned="true"', contentType: 'application/samlmetadata+xml' } },
        errors: [402, 404],
      }),
      handler: async () => {
        const settings = settingsFor();
        return { raw: await spMetadataXml(settings), contentType: 'application/samlmetadata+xml; charset=utf-8' };
      },
    },
    {
      method: 'GET', path: '/v1/sso/login',
      meta: meta({
        summary: 'Start a sign-in: redirect to the identity provider with a SAML AuthnRequest', tags: ['sso'],
        description: 'Stores the AuthnRequest id in the shared store (any replica can receive the answer) with the return path, sets the login cookie that binds the sign-in to this browser, and redirects (HTTP-Redirect binding) with RelayState. relay_state must be a same-origin relative path (`/console/reviews`); anything else is 400.',
        parameters: [{ name: 'relay_state', in: 'query', description: 'Where to land after signing in: a path on this gateway (default /).', schema: { type: 'string', maxLength: 1024 } }],
        responses: { 302: { description: 'Location: the identity provider\'s sign-in URL with SAMLRequest and RelayState. Set-Cookie: the login cookie (`__Secure-gg_sso_login`, or `gg_sso_login` on a plain-http base_url), HttpOnly, Path=/v1/sso/acs, for request_ttl_seconds' } },
        errors: [400, 402, 404, 503],
      }),
      handler: async (ctx) => {
        const settings = settingsFor();
        const raw = ctx.query.get('relay_state');
        const landing = raw === null ? DEFAULT_LANDING : safeRelayPath(raw);
        if (landing === null) {
          throw new ApiError('SSO_RELAY_STATE_INVALID', 'relay_state must be a path on this gateway starting with a single "/" (no scheme, host, "//" or backslash).');
        }
        const { location, requestId } = await startLogin(settings, await sso.idp(settings), sso.store, landing, sso.now());
        const cookie = setLoginCookieHeader(sso.loginCookie(settings), loginCookieValue(sso.secret, requestId), settings.request_ttl_seconds);
        return { status: 302, headers: { location, 'set-cookie': cookie, ...NO_STORE } };
      },
    },
    {
      method: 'POST', path: ACS_PATH,
      meta: meta({
        summary: 'Assertion consumer service: the identity provider posts the signed SAML response here', tags: ['sso'],
        description: 'Requires a signed assertion from the configured IdP, for this SP (Audience, Recipient, Destination), within its validity window (bounded clock skew), answering a request this gateway made (InResponseTo; unsolicited only when enabled), posted by the browser that started that request (its login cookie from /v1/sso/login; 401 SSO_BROWSER_MISMATCH otherwise, required when base_url is https) and never seen before (replay cache in the shared store). On success sets the session cookie, clears the login cookie and redirects to the stored return path. Each refusal is problem+json with an SSO_* code.',
        request: 'SsoAcsForm', requestContentType: 'application/x-www-form-urlencoded',
        responses: { 303: { description: 'Signed in: Set-Cookie carries the session (and clears the login cookie); Location is the return path' } },
        errors: [400, 401, 402, 404, 413, 415, 503],
      }),
      handler: async (ctx) => {
        const settings = settingsFor();
        const contentType = ctx.req.headers['content-type'];
        if (!contentType || !FORM_TYPE.test(contentType)) {
          throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The assertion consumer takes the SAML HTTP-POST binding: application/x-www-form-urlencoded with SAMLResponse.', {
            extensions: { accepted: ['application/x-www-form-urlencoded'] },
          });
        }
        const body = await readBody(ctx.req, MAX_FORM_BYTES);
        const form = new URLSearchParams(body.toString('latin1'));
        const idp = await sso.idp(settings);
        const now = sso.now();
        const browser: BrowserProof = { secret: sso.secret, options: sso.loginCookie(settings), cookieHeader: ctx.req.headers.cookie };
        const signedIn = await consumeResponse(settings, idp, sso.store, form, now, (requestId) => requireSameBrowser(browser, requestId));
        const identity = mapIdentity(settings.mapping, signedIn.name_id, signedIn.attributes);
        if (!identity) throw ssoFailure('SSO_ASSERTION_INVALID', `The assertion lacks the attribute ${settings.mapping.subject_attribute} that names the person (mapping.subject_attribute).`, 'subject_attribute');
        // Signing in again replaces the browser's session: the old one ends, not lingers.
        const previous = await sessionOf(sso, ctx.req).catch(() => undefined);
        if (previous) await sso.store.revokeSession(previous.record.id_hash, now);
        const id = newSessionId();
        const ttlMs = settings.session_ttl_seconds * 1000;
        await sso.store.createSession({
          id_hash: sessionIdHash(id), subject: identity.subject, name_id: signedIn.name_id, name_id_format: signedIn.name_id_format,
          session_index: signedIn.session_index, tier: settings.session_tier, teams: identity.teams, roles: identity.roles,
          created_at: now, expires_at: now + ttlMs, revoked_at: null,
        });
        logger.info('SSO sign-in', { subject: identity.subject, teams: identity.teams, roles: identity.roles });
        await deps.onSignIn?.(ctx, identity).catch((error: Error) => logger.warn('SSO sign-in: the member record was not updated', { subject: identity.subject, error: error.message }));
        // The login cookie is spent; a refused response leaves it, so an attacker's post cannot cancel a sign-in under way.
        const cookies = [setCookieHeader(sso.cookie, cookieValue(sso.secret, id), settings.session_ttl_seconds)];
        if (sentLoginCookie(browser) !== undefined) cookies.push(clearLoginCookieHeader(browser.options));
        return { status: 303, headers: { location: signedIn.landing, 'set-cookie': cookies, ...NO_STORE } };
      },
    },
    {
      method: 'GET', path: '/v1/sso/session',
      meta: meta({
        summary: 'Who is signed in: subject, tier, teams, roles, the CSRF token and the expiry', tags: ['sso'],
        description: 'Reads the session cookie. The console calls it on load; csrf_token goes in X-CSRF-Token on every state-changing request made with the cookie.',
        responses: { 200: { description: 'The live session', schema: 'SsoSession' } },
        errors: [401, 402, 404, 503],
      }),
      handler: async (ctx) => {
        settingsFor();
        const session = await sessionOf(sso, ctx.req);
        if (!session) {
          throw new ApiError('SSO_SESSION_REQUIRED', 'No session cookie was sent: sign in at /v1/sso/login.', {
            headers: { 'www-authenticate': 'SAML realm="governance-gateway", login="/v1/sso/login"' },
          });
        }
        const r = session.record;
        return {
          headers: NO_STORE,
          body: {
            subject: r.subject, name_id: r.name_id, tier: r.tier, team: r.teams[0] ?? null, teams: r.teams, roles: r.roles,
            csrf_token: csrfToken(sso.secret, session.id), csrf_header: 'X-CSRF-Token',
            created_at: new Date(r.created_at).toISOString(), expires_at: new Date(r.expires_at).toISOString(),
          },
        };
      },
    },
    {
      method: 'GET', path: '/v1/sso/logout',
      meta: meta({
        summary: 'Sign out (a link): end the session everywhere and go to the identity provider\'s single logout', tags: ['sso'],
        description: 'Ends the session in the shared store (every replica refuses the cookie from then on), clears the cookie and redirects to the IdP\'s SingleLogoutService when its metadata has one, else to /. A request the browser marks cross-site (Sec-Fetch-Site) is refused. The IdP\'s LogoutResponse returns here (SAMLResponse) and lands on /.',
        parameters: ['SAMLResponse', 'SAMLRequest', 'RelayState', 'SigAlg', 'Signature'].map((name) => ({
          name, in: 'query' as const, description: 'SAML HTTP-Redirect binding parameter of the IdP\'s LogoutResponse.', schema: { type: 'string' },
        })),
        responses: { 303: { description: 'Location: the IdP\'s single logout URL with a LogoutRequest, or /' } },
        errors: [400, 402, 403, 404, 503],
      }),
      handler: async (ctx) => {
        if (ctx.query.has('SAMLRequest')) {
          settingsFor();
          // The session of an IdP-initiated logout cannot be told from the request without the
          // IdP's session index map; sessions are short-lived and end here on the person's logout.
          throw ssoFailure('SSO_RESPONSE_MALFORMED', 'IdP-initiated single logout (a LogoutRequest) is not supported: sign out at the gateway.', 'idp_logout_unsupported');
        }
        if (ctx.query.has('SAMLResponse')) {
          settingsFor();
          return { status: 303, headers: { location: DEFAULT_LANDING, 'set-cookie': clearCookieHeader(sso.cookie), ...NO_STORE } };
        }
        requireSameOrigin(sso, ctx.req);
        const { logout_url } = await endSession(ctx, false);
        return { status: 303, headers: { location: logout_url ?? DEFAULT_LANDING, 'set-cookie': clearCookieHeader(sso.cookie), ...NO_STORE } };
      },
    },
    {
      method: 'POST', path: '/v1/sso/logout',
      meta: meta({
        summary: 'Sign out (from script): end the session everywhere; answers where to send the browser for single logout', tags: ['sso'],
        description: 'Needs X-CSRF-Token (GET /v1/sso/session) and a same-origin request. Ends the session in the shared store, clears the cookie, and answers the IdP\'s single logout URL (or null).',
        responses: { 200: { description: 'The session ended (or there was none)', schema: 'SsoLogout' } },
        errors: [402, 403, 404, 503],
      }),
      handler: async (ctx) => {
        const result = await endSession(ctx, true);
        return { headers: { 'set-cookie': clearCookieHeader(sso.cookie), ...NO_STORE }, body: result };
      },
    },
  ];
}
