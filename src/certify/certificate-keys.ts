// The keys certificates are signed with: the newest from CERTIFY_KEY / CERTIFY_KEY_FILE (or a key
// generated once into the data directory), plus retired public keys from CERTIFY_OLD_KEYS_FILE,
// so certificates signed before a rotation still verify. Every key is published by `kid`.
// Compliance reports have keys of their own loaded the same way (REPORTS_KEY...,
// src/reports/report-keys.ts): `names` says which settings an error points at.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import type { SigningKeysConfig } from '../config/index.ts';
import { algorithmOf } from '../ledger/index.ts';

export interface SigningKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

export interface CertificateKeys {
  readonly signing: SigningKey;
  /** The JWKS: the signing key first, then the retired ones. */
  jwks(): { keys: JWK[] };
}

export class CertifyKeyError extends Error {
  readonly code = 'CONFIG_INVALID';
}

/** The settings a key error names: the key (inline or file) and the retired keys' JWKS file. */
export interface SigningKeyNames {
  key: string;
  oldKeysFile: string;
}

const CERTIFY_NAMES: SigningKeyNames = { key: 'CERTIFY_KEY', oldKeysFile: 'CERTIFY_OLD_KEYS_FILE' };

export function loadCertificateKeys(config: SigningKeysConfig): Promise<CertificateKeys> {
  return loadSigningKeys(config, CERTIFY_NAMES);
}

/** A signing key and the JWKS that publishes it with the retired ones. */
export async function loadSigningKeys(config: SigningKeysConfig, names: SigningKeyNames): Promise<CertificateKeys> {
  const text = config.key ?? (config.keyFile ? readFileSync(config.keyFile, 'utf8') : null);
  const signing = await signingKey(text?.trim() ? text.trim() : JSON.stringify(await generated(config.generatedKeyPath)), names.key);
  const retired = config.oldKeysFile ? retiredKeys(readFileSync(config.oldKeysFile, 'utf8'), names.oldKeysFile) : [];
  const keys = [signing.publicJwk, ...(await Promise.all(retired.map(withKid))).filter((jwk) => jwk.kid !== signing.kid)];
  return { signing, jwks: () => ({ keys: keys.map((key) => ({ ...key })) }) };
}

async function signingKey(text: string, name: string): Promise<SigningKey> {
  let privateJwk: JWK;
  if (text.startsWith('{')) {
    try {
      privateJwk = JSON.parse(text) as JWK;
    } catch {
      throw new CertifyKeyError(`${name}: neither a PEM private key nor a JSON Web Key`);
    }
  } else {
    try {
      privateJwk = createPrivateKey(text).export({ format: 'jwk' }) as JWK;
    } catch (error) {
      throw new CertifyKeyError(`${name}: the PEM does not hold a private key (${(error as Error).message})`);
    }
  }
  if (typeof privateJwk.d !== 'string') throw new CertifyKeyError(`${name}: the key has no private part`);
  const alg = algorithmOf(privateJwk);
  if (alg !== 'EdDSA' && alg !== 'ES256') throw new CertifyKeyError(`${name}: use an Ed25519 or P-256 key (got kty ${privateJwk.kty}, crv ${privateJwk.crv})`);
  const privateKey = text.startsWith('{')
    ? await importJWK(privateJwk, alg) as CryptoKey
    : await importPKCS8(createPrivateKey(text).export({ format: 'pem', type: 'pkcs8' }).toString(), alg);
  const publicJwk = createPublicKey(createPrivateKey({ key: privateJwk, format: 'jwk' })).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  return { kid, alg, privateKey, publicJwk: Object.freeze({ ...publicJwk, kid, alg, use: 'sig' }) };
}

async function generated(path: string | null): Promise<JWK> {
  const fresh = async () => exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey);
  if (path === null) return fresh();
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(path, JSON.stringify(await fresh()) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(readFileSync(path, 'utf8')) as JWK;
}

function retiredKeys(text: string, name: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CertifyKeyError(`${name}: not JSON (expected a JWKS: {"keys": [...]})`);
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) throw new CertifyKeyError(`${name}: expected a JWKS: {"keys": [...]}`);
  // Only public parts are ever published, whatever the file holds.
  return keys.map((key: JWK) => {
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = key;
    return rest;
  });
}

async function withKid(jwk: JWK): Promise<JWK> {
  const kid = jwk.kid ?? await calculateJwkThumbprint(jwk, 'sha256');
  return Object.freeze({ ...jwk, kid, alg: jwk.alg ?? algorithmOf(jwk), use: 'sig' });
}
