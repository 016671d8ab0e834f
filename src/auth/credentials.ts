// Reading the credential from the one header each variant accepts, and telling an API key from
// a JWT. The edge gateway reads only X-Service-Token and the embedded gateway only
// Authorization: Bearer; the other header is never looked at, so a credential sent in the wrong
// place is a 401 that says where it belongs.

import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, type Principal } from '../http/index.ts';
import { API_KEY_PREFIX, isApiKeyFormat } from './api-key-format.ts';
import { AuthFailure } from './auth-failure.ts';

export type GatewayVariant = 'embedded' | 'edge';
export type Authenticate = (token: string) => Promise<Principal>;

export const CREDENTIAL_HEADERS: Readonly<Record<GatewayVariant, string>> = {
  embedded: 'Authorization: Bearer <API key or JWT>',
  edge: 'X-Service-Token: <API key or JWT>',
};

const REALM = 'realm="governance-gateway"';
// Far above any real key or JWT; parsing a huge header is work an attacker should not get for free.
const MAX_TOKEN_LENGTH = 8192;

/** The raw token, or a 401 naming the header this variant expects. */
export function readCredential(headers: IncomingHttpHeaders, variant: GatewayVariant): string {
  let token: string | undefined;
  if (variant === 'edge') {
    const raw = headers['x-service-token'];
    token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!token) {
      const hint = headers.authorization ? ' An Authorization header was sent: the edge gateway never reads it.' : '';
      throw unauthenticated(variant, `Send an API key or a JWT in the X-Service-Token header.${hint}`, false);
    }
  } else {
    const raw = headers.authorization?.trim();
    if (!raw) {
      const hint = headers['x-service-token'] ? ' An X-Service-Token header was sent: the embedded gateway never reads it.' : '';
      throw unauthenticated(variant, `Send an API key or a JWT as Authorization: Bearer <token>.${hint}`, false);
    }
    const match = /^Bearer\s+(\S+)$/i.exec(raw);
    if (!match) throw unauthenticated(variant, 'The Authorization header must use the Bearer scheme: Authorization: Bearer <API key or JWT>.', true);
    token = match[1];
  }
  if (token.length > MAX_TOKEN_LENGTH) throw unauthenticated(variant, `The credential is longer than ${MAX_TOKEN_LENGTH} characters.`, true);
  return token;
}

/** Routes a token to the API key check or the JWT check by its shape. */
export function createAuthenticate(checks: { apiKey: Authenticate; jwt: Authenticate }): Authenticate {
  return (token) => {
    if (isApiKeyFormat(token)) return checks.apiKey(token);
    if (token.startsWith(API_KEY_PREFIX)) return Promise.reject(new AuthFailure('invalid', `The API key is malformed: ${API_KEY_PREFIX} keys have 43 characters after the prefix.`));
    return checks.jwt(token);
  };
}

/** The 401: problem+json with WWW-Authenticate (RFC 9110 requires one on every 401). */
export function unauthenticated(variant: GatewayVariant, detail: string, credentialSent: boolean): ApiError {
  const challenge = variant === 'edge'
    ? `ServiceToken ${REALM}, header="X-Service-Token"`
    : `Bearer ${REALM}${credentialSent ? ', error="invalid_token"' : ''}`;
  return new ApiError('UNAUTHENTICATED', detail, {
    headers: { 'www-authenticate': challenge },
    extensions: { expected_header: CREDENTIAL_HEADERS[variant] },
  });
}
