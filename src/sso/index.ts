// SAML single sign-on for people: the service provider (node-saml plus the checks it leaves to
// us), config/sso.yaml, the shared store of requests, assertions and sessions, and the session
// cookie that authenticates a browser's API calls.

export { SsoService, SSO_FILE } from './sso-service.ts';
export type { SsoServiceOptions } from './sso-service.ts';
export { DISABLED_SSO, parseSsoFile } from './sso-file.ts';
export type { AttributeMapping, SsoFileContext, SsoSettings } from './sso-file.ts';
export { parseIdpMetadata } from './idp-metadata.ts';
export type { IdpMetadata } from './idp-metadata.ts';
export { ACS_PATH, LOGOUT_PATH, MAX_SAML_RESPONSE_BYTES, consumeResponse, logoutUrl, newRequestId, spMetadataXml, startLogin } from './saml-service-provider.ts';
export type { SignedIn } from './saml-service-provider.ts';
export { classifySamlError, ssoFailure } from './saml-failure.ts';
export { DEFAULT_LANDING, safeRelayPath } from './relay-state.ts';
export { mapIdentity } from './attribute-mapping.ts';
export type { MappedIdentity } from './attribute-mapping.ts';
export {
  CSRF_HEADER, clearCookieHeader, cookieValue, csrfToken, csrfTokenMatches, newSessionId, readSessionCookie, sessionCookieName, sessionIdHash,
  setCookieHeader, verifyCookieValue,
} from './session-cookie.ts';
export { clearLoginCookieHeader, loginCookieName, loginCookieValue, requireSameBrowser, sentLoginCookie, setLoginCookieHeader } from './login-cookie.ts';
export type { BrowserProof, LoginCookieOptions } from './login-cookie.ts';
export { createSessionAuthenticator, principalOf, requireCsrfProof, requireSameOrigin, sessionOf } from './session-auth.ts';
export type { SessionRecord, SsoStore } from './sso-store.ts';
export { openSqliteSsoStore } from './sqlite-sso-store.ts';
export { openPostgresSsoStore } from './postgres-sso-store.ts';
