// The key that signs checkpoints: CHECKPOINT_KEY (a PKCS#8 PEM or a private JWK: Ed25519, P-256,
// P-384 or RSA), or an Ed25519 key generated once into the data directory (mode 0600). Its
// public JWK is what an auditor keeps: with it, a checkpoint proves what the head was without
// trusting the database.

import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, CompactSign, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import { canonicalJson } from './canonical-json.ts';
import { LedgerError } from '../ledger-errors.ts';
import type { LedgerCheckpoint, RetentionClaims, RetentionRecord } from '../types.ts';

/** The protected header's `typ`: a checkpoint cannot be confused with another JWS of the same key. */
export const CHECKPOINT_TYP = 'govgate-checkpoint+jws';

/** The `typ` of a retention run's signed statement (see retention-proofs.ts). */
export const RETENTION_TYP = 'govgate-retention+jws';

/** What a checkpoint's JWS payload states (canonical JSON). */
export interface CheckpointClaims {
  v: 1;
  seq: number;
  head_hash: string;
  created_at: string;
}

export interface CheckpointSigner {
  /** RFC 7638 thumbprint of the public key: the `kid` of every checkpoint it signs. */
  readonly keyId: string;
  readonly alg: string;
  readonly publicJwk: JWK;
  sign(head: { seq: number; hash: string }, createdAt: Date): Promise<LedgerCheckpoint>;
  /** Signs what a retention run is about to do (expire payloads, delete a prefix), before it does it. */
  signRetention(claims: RetentionClaims): Promise<RetentionRecord>;
}

export interface CheckpointKeyOptions {
  /** PEM (PKCS#8) or JSON (private JWK) text; when absent the generated key is used. */
  key?: string | null;
  /** Where the generated key lives (created on first use); null: a new key in memory, never saved. */
  generatedKeyPath: string | null;
}

export async function loadCheckpointSigner(options: CheckpointKeyOptions): Promise<CheckpointSigner> {
  const { privateKey, publicJwk, alg } = options.key?.trim()
    ? await importConfiguredKey(options.key.trim())
    : await generatedKey(options.generatedKeyPath);
  const keyId = await calculateJwkThumbprint(publicJwk, 'sha256');
  const signClaims = (claims: object, typ: string): Promise<string> => new CompactSign(new TextEncoder().encode(canonicalJson(claims)))
    .setProtectedHeader({ alg, kid: keyId, typ })
    .sign(privateKey);
  return {
    keyId,
    alg,
    publicJwk: Object.freeze({ ...publicJwk, kid: keyId, alg, use: 'sig' }),
    async sign(head, createdAt) {
      const claims: CheckpointClaims = { v: 1, seq: head.seq, head_hash: head.hash, created_at: createdAt.toISOString() };
      const jws = await signClaims(claims, CHECKPOINT_TYP);
      return { seq: head.seq, head_hash: head.hash, key_id: keyId, jws, created_at: claims.created_at };
    },
    async signRetention(claims) {
      return { kind: claims.kind, key_id: keyId, jws: await signClaims(claims, RETENTION_TYP), created_at: claims.run_at };
    },
  };
}

interface LoadedKey { privateKey: CryptoKey; publicJwk: JWK; alg: string }

async function importConfiguredKey(text: string): Promise<LoadedKey> {
  const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', `CHECKPOINT_KEY: ${why}`); };
  if (text.startsWith('{')) {
    let jwk: JWK;
    try {
      jwk = JSON.parse(text) as JWK;
    } catch {
      return invalid('is neither a PEM private key nor a JSON Web Key');
    }
    if (typeof jwk.d !== 'string') invalid('the JWK has no private part ("d")');
    const alg = algorithmOf(jwk) ?? invalid(`unsupported key (kty ${jwk.kty}, crv ${jwk.crv}); use Ed25519, P-256, P-384 or RSA`);
    return { privateKey: await importJWK(jwk, alg) as CryptoKey, publicJwk: publicPart(jwk), alg };
  }
  if (!text.includes('-----BEGIN')) invalid('is neither a PEM private key nor a JSON Web Key');
  let publicJwk: JWK;
  try {
    publicJwk = createPublicKey(createPrivateKey(text)).export({ format: 'jwk' }) as JWK;
  } catch (err) {
    return invalid(`the PEM does not hold a private key (${(err as Error).message})`);
  }
  const alg = algorithmOf(publicJwk) ?? invalid(`unsupported key (kty ${publicJwk.kty}, crv ${publicJwk.crv}); use Ed25519, P-256, P-384 or RSA`);
  // importPKCS8 wants PKCS#8; a traditional EC/RSA PEM is converted first.
  const pkcs8 = createPrivateKey(text).export({ format: 'pem', type: 'pkcs8' }).toString();
  return { privateKey: await importPKCS8(pkcs8, alg), publicJwk, alg };
}

async function generatedKey(path: string | null): Promise<LoadedKey> {
  if (path === null) return importConfiguredKey(JSON.stringify(await newKey()));
  if (!existsSync(path)) {
    const jwk = await newKey();
    mkdirSync(dirname(path), { recursive: true });
    // wx: two processes starting together keep the first key; the second reads it below.
    try {
      writeFileSync(path, JSON.stringify(jwk) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return importConfiguredKey(readFileSync(path, 'utf8'));
}

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return exportJWK(privateKey);
}

/** The JWS algorithm for a key, or undefined when checkpoints do not support it. */
export function algorithmOf(jwk: JWK): string | undefined {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return 'ES384';
  if (jwk.kty === 'RSA') return 'RS256';
  return undefined;
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, oth: _oth, key_ops: _ops, ext: _ext, ...rest } = jwk as JWK & { oth?: unknown };
  return rest;
}
