// Identity and entitlements: who is calling (API keys, JWTs, each variant's one credential
// header), and which tier each feature needs.

export { createAuthHook } from './auth-hook.ts';
export type { AuthOptions } from './auth-hook.ts';
export { ENTITLEMENTS, TIERS, featuresFor, isTier, requireEntitlement, tierAllows } from './entitlements.ts';
export type { Entitlement, Feature, Tier } from './entitlements.ts';
export { CREDENTIAL_HEADERS, createAuthenticate, readCredential } from './credentials.ts';
export type { Authenticate, GatewayVariant } from './credentials.ts';
export { AuthFailure } from './auth-failure.ts';
export { API_KEY_PREFIX, generateApiKey, hashApiKey, isApiKeyFormat } from './api-key-format.ts';
export type { ApiKeyRecord, KeyStore, RevokeResult, StoredApiKey } from './key-store.ts';
export { openSqliteKeyStore } from './sqlite-key-store.ts';
export { API_KEY_REVOKED_CHANNEL, openPostgresKeyStore } from './postgres-key-store.ts';
export type { PostgresKeyStore, PostgresKeyStoreOptions } from './postgres-key-store.ts';
export { bootstrapKeyRecord, installBootstrapKey } from './bootstrap-key.ts';
export { createApiKeyAuthenticator } from './api-key-authenticator.ts';
export type { ApiKeyAuthenticator, ApiKeyAuthenticatorOptions } from './api-key-authenticator.ts';
export { issueApiKey } from './issue-api-key.ts';
export type { NewApiKey } from './issue-api-key.ts';
export { createJwtVerifier } from './jwt-verifier.ts';
export type { JwtVerifier, JwtVerifierOptions } from './jwt-verifier.ts';
export { DEFAULT_KEY_ROLES, LEGACY_ROLES, PERSONAL_DATA_ROLES, ROLES, ROLE_DESCRIPTIONS, isRole, mayReadPersonalData, normalizeRoles } from './roles.ts';
export type { Role } from './roles.ts';
export { ROUTE_ROLES, routeAccess } from './route-roles.ts';
export type { RouteAccess } from './route-roles.ts';
export { isAdmin, requireRole, rolesAllow } from './role-check.ts';
export { agentInScope, agentScopeProblem, isExactScope, requireAgentInScope } from './agent-scope.ts';
export type { AgentMismatch } from './agent-scope.ts';
export { MEMBER_ID_PATTERN, TEAM_NAME_PATTERN, createTeamStore } from './team-store.ts';
export type { Member, MemberSource, MemberTeam, NewMember, SsoMember, Team, TeamStore } from './team-store.ts';
export { upsertSsoMember } from './sso-members.ts';
