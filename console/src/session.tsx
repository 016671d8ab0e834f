// Who is signed in and how: an SSO cookie session when the gateway has one (GET /v1/sso/session;
// 404 on a gateway without single sign-on), else the API key kept in this tab's sessionStorage.
// The features of the credential (GET /v1/auth/check) decide which views and buttons appear; the
// gateway enforces them anyway.

import { createContext, useContext } from 'react';
import { ApiProblem, Client, readResponse, storedKey, type Credential, type Variant } from './api.ts';
import type { AuthCheck, Health, SsoSession } from './types.ts';

export interface Session {
  client: Client;
  me: AuthCheck;
  health: Health;
  sso: SsoSession | null;
  can(feature: string): boolean;
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

export async function readHealth(): Promise<Health> {
  // /health answers 503 with the same body while the ledger is unreachable: still readable.
  const response = await fetch('/health', { cache: 'no-store', headers: { accept: 'application/json' } });
  return (await response.json()) as Health;
}

/**
 * null when the gateway offers no single sign-on (404 SSO_NOT_CONFIGURED, or 402 below
 * Enterprise); else the signed-in person (200) or `authenticated: false` (401: nobody yet).
 */
export async function readSsoSession(): Promise<SsoSession | null> {
  const response = await fetch('/v1/sso/session', { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
  if (response.status === 404 || response.status === 402) return null;
  if (response.status === 401) return { authenticated: false };
  try {
    return { ...(await readResponse<SsoSession>(response)), authenticated: true };
  } catch (error) {
    if (error instanceof ApiProblem) return { authenticated: false };
    throw error;
  }
}

/** Checks a credential with GET /v1/auth/check; throws the problem (401) when it is not valid. */
export async function checkCredential(variant: Variant, credential: Credential): Promise<{ client: Client; me: AuthCheck }> {
  const client = new Client(variant, credential);
  const me = await client.get<AuthCheck>('/v1/auth/check');
  return { client, me };
}

export function restoredCredential(sso: SsoSession | null): Credential | null {
  if (sso?.authenticated) return { kind: 'sso', csrf: sso.csrf_token };
  const key = storedKey();
  return key ? { kind: 'api_key', key } : null;
}
