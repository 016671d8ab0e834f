// Each report file is signed: a compact JWS whose payload names the file (report id, format) and
// its SHA-256 digest, signed with the gateway's report key (REPORTS_KEY, report-keys.ts; its `kid`
// in the header), published with the retired report keys at /v1/reports/jwks. Anyone with the
// JWKS checks a file offline: recompute the digest, check the signature, compare (govgate reports verify).

import { createHash } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { SigningKey } from '../certify/index.ts';
import type { ReportFormat } from './report-request.ts';

export const REPORT_SIGNATURE_TYP = 'govgate-report+jws';

export interface ReportSignatureClaims {
  v: 1;
  report_id: string;
  format: ReportFormat;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  size: number;
  /** When the file was signed (ISO-8601). */
  signed_at: string;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function signReportFile(key: SigningKey, file: Uint8Array, about: { reportId: string; format: ReportFormat; signedAt: string }): Promise<{ sha256: string; jws: string }> {
  const sha256 = sha256Of(file);
  const claims: ReportSignatureClaims = { v: 1, report_id: about.reportId, format: about.format, sha256, size: file.byteLength, signed_at: about.signedAt };
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: REPORT_SIGNATURE_TYP })
    .sign(key.privateKey);
  return { sha256, jws };
}

export type ReportVerification =
  | { status: 'valid'; kid: string; claims: ReportSignatureClaims }
  | { status: 'invalid'; detail: string; kid?: string; claims?: ReportSignatureClaims };

/** Checks `jws` with the keys of `jwks` and that it signs exactly `file`. */
export async function verifyReportFile(file: Uint8Array, jws: string, jwks: JSONWebKeySet): Promise<ReportVerification> {
  let kid: string | undefined;
  let alg: string | undefined;
  let typ: string | undefined;
  try {
    ({ kid, alg, typ } = decodeProtectedHeader(jws));
  } catch (error) {
    return { status: 'invalid', detail: `the signature is not a JWS: ${(error as Error).message}` };
  }
  if (typ !== REPORT_SIGNATURE_TYP) return { status: 'invalid', detail: `not a report signature (typ ${typ ?? 'missing'})` };
  if (alg !== 'EdDSA' && alg !== 'ES256') return { status: 'invalid', detail: `unexpected algorithm ${alg ?? 'missing'}` };
  const jwk = jwks.keys.find((key: JWK) => key.kid === kid);
  if (!jwk || kid === undefined) return { status: 'invalid', detail: `signed by key ${kid ?? '(no kid)'}, which the JWKS does not hold` };
  let claims: ReportSignatureClaims;
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk, alg), { algorithms: [alg] });
    claims = JSON.parse(new TextDecoder().decode(payload)) as ReportSignatureClaims;
  } catch (error) {
    return { status: 'invalid', kid, detail: `the signature does not verify: ${(error as Error).message}` };
  }
  const digest = sha256Of(file);
  if (claims.sha256 !== digest || claims.size !== file.byteLength) {
    return { status: 'invalid', kid, claims, detail: `the file was altered: its SHA-256 is ${digest}, the signature covers ${claims.sha256}` };
  }
  return { status: 'valid', kid, claims };
}
