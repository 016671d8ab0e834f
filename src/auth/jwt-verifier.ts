// JWTs with jose: HS256 signed with JWT_SECRET, RS256/ES256 signed by a key from the JWKS at
// JWT_JWKS_URL (cached; an unknown kid refetches, at most once per cooldown). The header's alg
// picks the key source, and each source accepts only its own algorithms, so an RS256 public key
// can never be used as an HS256 secret and `alg: none` is always refused.
// Checked: signature, exp (required), nbf, iss and aud when configured, with a small clock
// tolerance. Claims: sub (required), tier (default developer, least privilege), team, roles (an
// array or a space-separated string; without the claim, LEGACY_ROLES so that tokens minted before
// roles keep working), agent (the agent id or glob an agent token is bound to).

import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { Principal } from '../http/index.ts';
import { AuthFailure } from './auth-failure.ts';
import { TIERS, isTier } from './entitlements.ts';
import { LEGACY_ROLES, ROLES, isRole, normalizeRoles, type Role } from './roles.ts';
import { agentScopeProblem } from './agent-scope.ts';

export interface JwtVerifierOptions {
  secret: string | null;
  jwksUrl: string | null;
  issuer: string | null;
  audience: string | null;
  clockToleranceSeconds: number;
  jwksCooldownSeconds: number;
}

export type JwtVerifier = (token: string) => Promise<Principal>;

const SECRET_ALGORITHMS = ['HS256'];
const JWKS_ALGORITHMS = ['RS256', 'ES256'];

export function createJwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const secret = options.secret === null ? undefined : new TextEncoder().encode(options.secret);
  const jwks = options.jwksUrl === null ? undefined : createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: options.jwksCooldownSeconds * 1000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
  const checks: JWTVerifyOptions = {
    clockTolerance: options.clockToleranceSeconds,
    requiredClaims: ['exp', 'sub'],
    ...(options.issuer ? { issuer: options.issuer } : {}),
    ...(options.audience ? { audience: options.audience } : {}),
  };

  return async (token) => {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new AuthFailure('invalid', 'The token is neither an API key nor a well-formed JWT.');
    }
    let payload: JWTPayload;
    try {
      if (alg !== undefined && SECRET_ALGORITHMS.includes(alg)) {
        if (!secret) throw new AuthFailure('invalid', `${alg} tokens are not accepted: this gateway has no JWT_SECRET.`);
        ({ payload } = await jwtVerify(token, secret, { ...checks, algorithms: SECRET_ALGORITHMS }));
      } else if (alg !== undefined && JWKS_ALGORITHMS.includes(alg)) {
        if (!jwks) throw new AuthFailure('invalid', `${alg} tokens are not accepted: this gateway has no JWT_JWKS_URL.`);
        ({ payload } = await jwtVerify(token, jwks, { ...checks, algorithms: JWKS_ALGORITHMS }));
      } else {
        throw new AuthFailure('invalid', `JWT algorithm "${alg ?? '(none)'}" is not accepted; use ${[...SECRET_ALGORITHMS, ...JWKS_ALGORITHMS].join(', ')}.`);
      }
    } catch (error) {
      throw error instanceof AuthFailure ? error : explain(error);
    }
    return principalOf(payload);
  };
}

/** 9999-12-31T23:59:59Z: the last instant an ISO-8601 timestamp (and the principal's expires_at) can name. */
const LAST_ISO_SECOND = 253_402_300_799;

function principalOf(payload: JWTPayload): Principal {
  // jose checks that exp is a number in the future; a signed exp of 1e20 passes that and then
  // cannot be written as a date.
  if (typeof payload.exp === 'number' && payload.exp > LAST_ISO_SECOND) throw new AuthFailure('invalid', 'The JWT "exp" claim is past the year 9999; send a real expiry.');
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new AuthFailure('invalid', 'The JWT "sub" claim must be a non-empty string.');
  const tier = payload.tier ?? 'developer';
  if (typeof tier !== 'string' || !isTier(tier)) throw new AuthFailure('invalid', `The JWT "tier" claim must be one of ${TIERS.join(', ')}.`);
  const team = payload.team ?? null;
  if (team !== null && typeof team !== 'string') throw new AuthFailure('invalid', 'The JWT "team" claim must be a string.');
  const roles = rolesClaim(payload.roles);
  const agent = payload.agent ?? null;
  if (agent !== null && (typeof agent !== 'string' || agentScopeProblem(agent) !== undefined)) throw new AuthFailure('invalid', 'The JWT "agent" claim must be an agent id or glob.');
  return {
    kind: 'jwt',
    subject: payload.sub,
    tier,
    team,
    roles: roles ?? LEGACY_ROLES,
    agent_scope: agent,
    ...(roles === undefined ? { legacy_roles: true } : {}),
    expires_at: typeof payload.exp === 'number' ? new Date(payload.exp * 1000).toISOString() : null,
  };
}

function rolesClaim(claim: unknown): readonly Role[] | undefined {
  if (claim === undefined) return undefined;
  const names = typeof claim === 'string' ? claim.split(' ').filter(Boolean) : claim;
  if (!Array.isArray(names) || !names.every(isRole)) throw new AuthFailure('invalid', `The JWT "roles" claim must list roles from ${ROLES.join(', ')}.`);
  return Object.freeze(normalizeRoles(names));
}

const REASONS: Readonly<Record<string, string>> = {
  ERR_JWT_EXPIRED: 'The JWT has expired.',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'The JWT signature does not verify.',
  ERR_JOSE_ALG_NOT_ALLOWED: 'The JWT algorithm is not accepted for this key.',
  ERR_JWKS_NO_MATCHING_KEY: 'No key in the JWKS matches the JWT\'s kid.',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'Several keys in the JWKS match the JWT\'s kid; the token is ambiguous.',
  ERR_JWS_INVALID: 'The JWT is malformed.',
  ERR_JWT_INVALID: 'The JWT claims are malformed.',
  ERR_JOSE_NOT_SUPPORTED: 'The JWT uses an unsupported algorithm or key.',
  ERR_JWK_INVALID: 'The JWKS key for this JWT is unusable.',
};

const CLAIM_REASONS: Readonly<Record<string, string>> = {
  nbf: 'The JWT is not valid yet (nbf is in the future).',
  iss: 'The JWT was issued by an issuer this gateway does not accept.',
  aud: 'The JWT is meant for another audience.',
};

function explain(error: unknown): AuthFailure {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    const { claim, reason } = error as { claim: string; reason: string };
    const detail = reason === 'missing' ? `The JWT has no "${claim}" claim, which is required.` : CLAIM_REASONS[claim] ?? `The JWT "${claim}" claim is not acceptable.`;
    return new AuthFailure('invalid', detail);
  }
  if (code !== undefined && REASONS[code]) return new AuthFailure('invalid', REASONS[code]);
  // Timeouts, network errors, a JWKS that is not JSON: the token may be fine, the keys are unreachable.
  return new AuthFailure('unavailable', 'The JWKS cannot be fetched right now, so the JWT cannot be checked; retry shortly.', { cause: error });
}
