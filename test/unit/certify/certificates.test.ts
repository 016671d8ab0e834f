// Certificates: signed and verified by kid; tampering, expiry and a key from elsewhere are caught;
// after a rotation the old key stays in the JWKS, so certificates signed before it still verify.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { loadCertificateKeys, signCertificate, verifyCertificate, type CertificateClaims } from '../../../src/certify/index.ts';
import type { CertifyConfig } from '../../../src/config/index.ts';

const NOW = Date.UTC(2026, 10, 25);

function config(t: TestContext, overrides: Partial<CertifyConfig> = {}): CertifyConfig {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-certkeys-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return { key: null, keyFile: null, oldKeysFile: null, generatedKeyPath: path.join(dir, 'certify-key.jwk'), issuer: 'test-issuer', ...overrides };
}

function claims(overrides: Partial<CertificateClaims> = {}): CertificateClaims {
  const iat = Math.floor(NOW / 1000);
  return {
    iss: 'test-issuer', sub: 'agent-1', jti: '01900000-0000-7000-8000-000000000001', iat, exp: iat + 3600,
    policy_version: 'pol-1', score_version: 'score-x', criteria: [], figures: {
      calls: 1, blocked: 0, escalated: 0, critical_blocks: 0, reliability: 80, suite_cases: 0, suite_failures: [], window_days: 7,
    },
    ...overrides,
  };
}

test('a certificate verifies against its JWKS; altered claims do not', async (t) => {
  const keys = await loadCertificateKeys(config(t));
  assert.equal(keys.signing.alg, 'EdDSA');
  const jws = await signCertificate(keys.signing, claims());
  assert.equal((await verifyCertificate(jws, keys.jwks(), NOW)).status, 'valid');
  const [header, body, signature] = jws.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'agent-evil' })).toString('base64url');
  const tampered = await verifyCertificate(`${header}.${forged}.${signature}`, keys.jwks(), NOW);
  assert.equal(tampered.status, 'invalid');
  assert.match(tampered.status === 'invalid' ? tampered.detail : '', /signature/);
  assert.equal((await verifyCertificate('not a jws', keys.jwks(), NOW)).status, 'invalid');
});

test('an expired certificate reports expired, with its claims', async (t) => {
  const keys = await loadCertificateKeys(config(t));
  const jws = await signCertificate(keys.signing, claims());
  const later = await verifyCertificate(jws, keys.jwks(), NOW + 3601_000);
  assert.equal(later.status, 'expired');
  assert.equal(later.status === 'expired' && later.claims.sub, 'agent-1');
});

test('a certificate from another key is not valid', async (t) => {
  const ours = await loadCertificateKeys(config(t));
  const theirs = await loadCertificateKeys(config(t));
  const jws = await signCertificate(theirs.signing, claims());
  const check = await verifyCertificate(jws, ours.jwks(), NOW);
  assert.equal(check.status, 'invalid');
  assert.match(check.status === 'invalid' ? check.detail : '', /no key with kid/);
});

test('rotation: the new key signs, the old public key stays published, old certificates verify', async (t) => {
  const old = await loadCertificateKeys(config(t));
  const oldCertificate = await signCertificate(old.signing, claims());
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-rotation-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const oldKeysFile = path.join(dir, 'old.json');
  writeFileSync(oldKeysFile, JSON.stringify(old.jwks()));
  const rotated = await loadCertificateKeys(config(t, { key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), oldKeysFile, generatedKeyPath: null }));
  assert.equal(rotated.signing.alg, 'ES256');
  assert.deepEqual(rotated.jwks().keys.map((key) => key.kid), [rotated.signing.kid, old.signing.kid]);
  assert.ok(rotated.jwks().keys.every((key) => key.d === undefined));
  assert.equal((await verifyCertificate(oldCertificate, rotated.jwks(), NOW)).status, 'valid');
  const fresh = await signCertificate(rotated.signing, claims());
  assert.equal((await verifyCertificate(fresh, rotated.jwks(), NOW)).status, 'valid');
  assert.equal((await verifyCertificate(fresh, old.jwks(), NOW)).status, 'invalid');
});

test('an unsupported or public-only key is refused at start-up', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  await assert.rejects(loadCertificateKeys(config(t, { key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() })), /Ed25519 or P-256/);
  await assert.rejects(loadCertificateKeys(config(t, { key: JSON.stringify(publicKey.export({ format: 'jwk' })) })), /no private part/);
});
