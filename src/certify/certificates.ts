// A certificate is a JWT signed with the certify key: who (sub = agent id), under which policy and
// score versions, by which criteria and figures, issued and expiring when. Verification needs only
// the JWKS, so an auditor checks a certificate offline; revocation needs the gateway.

import { SignJWT, createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { SigningKey } from './certificate-keys.ts';
import type { CriterionResult, CertificationFigures } from './criteria.ts';

export const CERTIFICATE_TYP = 'govgate-certificate+jwt';

export interface CertificateClaims {
  iss: string;
  sub: string;
  /** The `certification` ledger row's envelope id. */
  jti: string;
  iat: number;
  exp: number;
  policy_version: string;
  score_version: string;
  criteria: CriterionResult[];
  figures: CertificationFigures;
}

export async function signCertificate(key: SigningKey, claims: CertificateClaims): Promise<string> {
  const { iss, sub, jti, iat, exp, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: CERTIFICATE_TYP })
    .setIssuer(iss).setSubject(sub).setJti(jti).setIssuedAt(iat).setExpirationTime(exp)
    .sign(key.privateKey);
}

export type CertificateCheck =
  | { status: 'valid'; claims: CertificateClaims; kid: string }
  | { status: 'expired'; claims: CertificateClaims; kid: string; detail: string }
  | { status: 'invalid'; detail: string };

/** Checks signature (against any key of the JWKS, by kid), type and expiry at `now` (epoch ms). */
export async function verifyCertificate(jws: string, jwks: JSONWebKeySet, now: number = Date.now()): Promise<CertificateCheck> {
  let kid: string;
  try {
    const header = decodeProtectedHeader(jws.trim());
    if (header.typ !== CERTIFICATE_TYP) return { status: 'invalid', detail: `not a certificate (typ ${String(header.typ)})` };
    kid = String(header.kid ?? '');
  } catch {
    return { status: 'invalid', detail: 'not a compact JWS' };
  }
  const keys = createLocalJWKSet(jwks);
  try {
    const { payload } = await jwtVerify(jws.trim(), keys, { typ: CERTIFICATE_TYP, currentDate: new Date(now), algorithms: ['EdDSA', 'ES256'] });
    return { status: 'valid', claims: payload as unknown as CertificateClaims, kid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { status: 'expired', claims: error.payload as unknown as CertificateClaims, kid, detail: `expired at ${new Date(Number(error.payload.exp) * 1000).toISOString()}` };
    }
    if (error instanceof errors.JWKSNoMatchingKey) return { status: 'invalid', detail: `no key with kid ${kid} in the JWKS` };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { status: 'invalid', detail: 'the signature does not match: the certificate was altered or signed by another key' };
    return { status: 'invalid', detail: (error as Error).message };
  }
}
