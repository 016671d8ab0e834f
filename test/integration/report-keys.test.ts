// Reports are signed with a key of their own (REPORTS_KEY_FILE), not the certificate key: the JWS
// names it by kid, /v1/reports/jwks publishes it (and /v1/certify/jwks does not), and
// `govgate reports verify` checks with it. After a rotation a report signed with the old key
// still verifies while its public key is kept in REPORTS_OLD_KEYS_FILE, and does not without it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { calculateJwkThumbprint, decodeProtectedHeader, type JWK } from 'jose';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { awaitReport, periodAround, seedLedger } from '../helpers/reports.ts';
import { verifyReportFile } from '../../src/reports/index.ts';

function govgate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_TEST_CONTEXT: _ignored, REPORTS_KEY: _k, REPORTS_KEY_FILE: _f, REPORTS_OLD_KEYS_FILE: _o, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), ...args], { cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

/** A fresh Ed25519 key as a PEM file, and its public JWK with the kid the gateway gives it. */
async function keyFile(dir: string, name: string): Promise<{ file: string; publicJwk: JWK; kid: string }> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = path.join(dir, name);
  writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  return { file, publicJwk, kid: await calculateJwkThumbprint(publicJwk, 'sha256') };
}

async function signedReport(gateway: TestGateway): Promise<{ id: string; file: Buffer; jws: string; signature: string }> {
  const created = await gateway.call('POST', '/v1/reports', { period: periodAround(), formats: ['json'] });
  assert.equal(created.status, 202, created.text);
  const job = await awaitReport(gateway, created.headers.get('location')!);
  assert.equal(job.body.status, 'done', job.text);
  const response = await fetch(`${gateway.url}/v1/reports/${job.body.id}/file?format=json`);
  assert.equal(response.status, 200);
  const signature = await gateway.call('GET', `/v1/reports/${job.body.id}/signature?format=json`);
  assert.equal(signature.status, 200, signature.text);
  return { id: job.body.id, file: Buffer.from(await response.arrayBuffer()), jws: signature.body.jws, signature: signature.text };
}

describe('the report signing key', () => {
  test('its own key, kid in the header, published apart from the certificate key; rotation keeps old reports verifiable', async (t: TestContext) => {
    const keys = mkdtempSync(path.join(os.tmpdir(), 'govgate-report-keys-'));
    t.after(() => rmSync(keys, { recursive: true, force: true }));
    const first = await keyFile(keys, 'reports-1.pem');
    const second = await keyFile(keys, 'reports-2.pem');
    const policies = writeOpsBundle(t);

    const gateway = await startTestGateway(t, { env: { POLICIES_DIR: policies, REPORTS_KEY_FILE: first.file } });
    await seedLedger(gateway);
    const old = await signedReport(gateway);
    assert.equal(decodeProtectedHeader(old.jws).kid, first.kid);
    const reportJwks = (await gateway.call('GET', '/v1/reports/jwks')).body;
    const certifyJwks = (await gateway.call('GET', '/v1/certify/jwks')).body;
    assert.deepEqual(reportJwks.keys.map((key: JWK) => key.kid), [first.kid]);
    assert.equal(reportJwks.keys[0].d, undefined, 'only the public part is published');
    assert.ok(!certifyJwks.keys.some((key: JWK) => key.kid === first.kid), 'the certificate JWKS does not hold the report key');
    assert.equal((await verifyReportFile(old.file, old.jws, certifyJwks)).status, 'invalid', 'the certificate keys do not verify a report');
    assert.equal((await verifyReportFile(old.file, old.jws, reportJwks)).status, 'valid');

    // The CLI without --jwks uses this gateway's report key settings.
    const file = path.join(keys, 'report.json');
    const sig = path.join(keys, 'report.json.sig.json');
    writeFileSync(file, old.file);
    writeFileSync(sig, old.signature);
    const local = await govgate(['reports', 'verify', file, sig, '--json'], { REPORTS_KEY_FILE: first.file, LEDGER_PATH: ':memory:' });
    assert.equal(local.code, 0, local.stderr + local.stdout);
    assert.deepEqual([JSON.parse(local.stdout).status, JSON.parse(local.stdout).kid], ['valid', first.kid]);
    await gateway.close();

    // Rotation: the new key signs; the old public key, kept in REPORTS_OLD_KEYS_FILE, still verifies old files.
    const oldKeys = path.join(keys, 'old-report-keys.json');
    writeFileSync(oldKeys, JSON.stringify({ keys: [first.publicJwk] }));
    const rotated = await startTestGateway(t, { ledgerPath: gateway.config.ledger.kind === 'sqlite' ? gateway.config.ledger.path : undefined, env: { POLICIES_DIR: policies, REPORTS_KEY_FILE: second.file, REPORTS_OLD_KEYS_FILE: oldKeys } });
    const fresh = await signedReport(rotated);
    assert.equal(decodeProtectedHeader(fresh.jws).kid, second.kid);
    const rotatedJwks = (await rotated.call('GET', '/v1/reports/jwks')).body;
    assert.deepEqual(rotatedJwks.keys.map((key: JWK) => key.kid), [second.kid, first.kid]);
    assert.equal((await verifyReportFile(old.file, old.jws, rotatedJwks)).status, 'valid');
    assert.equal((await verifyReportFile(fresh.file, fresh.jws, rotatedJwks)).status, 'valid');
    // The old report is still served, with its original signature.
    const again = await rotated.call('GET', `/v1/reports/${old.id}/signature?format=json`);
    assert.equal(again.body.jws, old.jws);

    const kept = await govgate(['reports', 'verify', file, sig, '--json'], { REPORTS_KEY_FILE: second.file, REPORTS_OLD_KEYS_FILE: oldKeys, LEDGER_PATH: ':memory:' });
    assert.equal(kept.code, 0, kept.stderr + kept.stdout);
    // Without the old public key the old file cannot be checked: the CLI says which key it needs.
    const dropped = await govgate(['reports', 'verify', file, sig, '--json'], { REPORTS_KEY_FILE: second.file, LEDGER_PATH: ':memory:' });
    assert.equal(dropped.code, 1, dropped.stdout);
    assert.match(JSON.parse(dropped.stdout).detail, new RegExp(`signed by key ${first.kid}, which the JWKS does not hold`));
  });

  test('a report key that is not a private key is refused at start with the setting named', async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-report-keys-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const bad = path.join(dir, 'bad.pem');
    const { publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(bad, JSON.stringify(publicKey.export({ format: 'jwk' })));
    await assert.rejects(() => startTestGateway(t, { env: { REPORTS_KEY_FILE: bad } }), /REPORTS_KEY: the key has no private part/);
    const oldKeys = path.join(dir, 'old.json');
    writeFileSync(oldKeys, '{"not": "a jwks"}');
    await assert.rejects(() => startTestGateway(t, { env: { REPORTS_OLD_KEYS_FILE: oldKeys } }), /REPORTS_OLD_KEYS_FILE: expected a JWKS/);
    const both = await govgate(['reports', 'verify', bad, bad], { REPORTS_KEY: 'x', REPORTS_KEY_FILE: bad });
    assert.notEqual(both.code, 0);
    assert.match(both.stderr + both.stdout, /REPORTS_KEY and REPORTS_KEY_FILE: set one of them, not both/);
  });
});
