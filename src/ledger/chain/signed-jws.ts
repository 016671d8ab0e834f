// Verification of the JWS the gateway signs (checkpoints, retention statements) against trusted
// public keys indexed by thumbprint: the kid must be trusted, the typ the one expected (a statement
// of one kind cannot pass for another), and the payload canonical JSON.

import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { algorithmOf } from './checkpoint-signer.ts';

export type SignedJwsResult =
  | { ok: true; payload: Record<string, unknown>; kid: string }
  | { ok: false; problem: 'unknown_key' | 'bad_signature'; detail: string };

export async function verifySignedJws(jws: string, keys: ReadonlyMap<string, JWK>, expectedTyp: string): Promise<SignedJwsResult> {
  let kid: string | undefined;
  let typ: string | undefined;
  try {
    ({ kid, typ } = decodeProtectedHeader(jws));
  } catch (err) {
    return { ok: false, problem: 'bad_signature', detail: `not a JWS: ${(err as Error).message}` };
  }
  const jwk = kid === undefined ? undefined : keys.get(kid);
  if (!jwk || kid === undefined) return { ok: false, problem: 'unknown_key', detail: `signed by key ${kid ?? '(no kid)'}, which is not among the trusted public keys` };
  const alg = algorithmOf(jwk);
  if (!alg || typ !== expectedTyp) return { ok: false, problem: 'bad_signature', detail: `unexpected alg or typ (${typ})` };
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk, alg), { algorithms: [alg] });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, problem: 'bad_signature', detail: 'the signed payload is not an object' };
    return { ok: true, payload: parsed as Record<string, unknown>, kid };
  } catch (err) {
    return { ok: false, problem: 'bad_signature', detail: `signature check failed: ${(err as Error).message}` };
  }
}
