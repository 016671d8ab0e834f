// Credentials for integration tests: API keys issued straight into a gateway's key store (as
// `govgate keys create` would, from another connection), HS256 JWTs, and a JWKS server on port 0.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { SignJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { ROLES, issueApiKey, openSqliteKeyStore, type Role, type Tier } from '../../src/auth/index.ts';

export const TEST_JWT_SECRET = 'test-secret-of-at-least-32-bytes-0123456789';
export const TEST_ISSUER = 'https://idp.test';
export const TEST_AUDIENCE = 'governance-gateway';

/** Roles default to all of them (admin included): tests of tiers and of everything else see no role checks. */
export async function issueKey(keysPath: string, tier: Tier, team: string | null = null, options: { roles?: readonly Role[]; agent?: string } = {}): Promise<{ key: string; id: string }> {
  const store = openSqliteKeyStore(keysPath);
  try {
    const { key, record } = await issueApiKey(store, { tier, team, roles: options.roles ?? ROLES, agent_scope: options.agent ?? null });
    return { key, id: record.id };
  } finally {
    await store.close();
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An HS256 JWT with the default claims; `claims` override them (undefined removes one). */
export async function hs256(claims: JWTPayload = {}, secret = TEST_JWT_SECRET): Promise<string> {
  const payload = defaultClaims(claims);
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}

/** sub, tier team, team payments, the test issuer and audience, exp in an hour. */
export function defaultClaims(claims: JWTPayload = {}): JWTPayload {
  const payload: JWTPayload = { sub: 'user-1', tier: 'team', team: 'payments', iss: TEST_ISSUER, aud: TEST_AUDIENCE, exp: nowSeconds() + 3600, ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return payload;
}

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  sign(claims?: JWTPayload): Promise<string>;
  jwk: JWK;
}

export async function signingKey(kid: string, alg: 'RS256' | 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return {
    kid, alg, jwk,
    sign: (claims = {}) => new SignJWT(defaultClaims(claims)).setProtectedHeader({ alg, kid }).sign(privateKey),
  };
}

export interface JwksServer {
  url: string;
  /** How many times the JWKS was fetched. */
  readonly fetches: number;
  serve(keys: SigningKey[]): void;
  /** Answer 500 from now on (an identity provider outage). */
  fail(): void;
}

export async function startJwksServer(t: TestContext, keys: SigningKey[]): Promise<JwksServer> {
  let current = keys;
  let failing = false;
  let fetches = 0;
  const server = http.createServer((_req, res) => {
    fetches++;
    if (failing) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: current.map((k) => k.jwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    get fetches() { return fetches; },
    serve: (next) => { current = next; },
    fail: () => { failing = true; },
  };
}
