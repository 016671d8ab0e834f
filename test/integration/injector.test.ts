// `govgate injector` over real HTTPS on port 0 with a self-signed certificate made for the test:
// AdmissionReviews in, AdmissionReview responses out (uid echoed, base64 JSONPatch), problem+json
// for what is not a review, certificate rotation without a restart, and the command line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { createLogger } from '../../src/observability/index.ts';
import { loadInjectorConfig, startInjector, type InjectorServer, type Pod } from '../../src/injector/index.ts';
import { applyJsonPatch } from '../helpers/json-patch.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(REPO, 'test/fixtures/admission-reviews');
const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

/** A self-signed certificate for localhost and 127.0.0.1, written to dir/tls.crt and dir/tls.key. */
function makeCertificate(dir: string, name = 'tls'): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  return { cert, key };
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  fingerprint: string;
}

function call(server: InjectorServer, ca: string, method: string, urlPath: string, body?: string, contentType = 'application/json'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = https.request(`${server.url}${urlPath}`, {
      method, ca: readFileSync(ca), agent: false, servername: 'localhost',
      headers: body === undefined ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      const fingerprint = (response.socket as import('node:tls').TLSSocket).getPeerCertificate().fingerprint256;
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => {
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? JSON.parse(text) : undefined, fingerprint });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function startTestInjector(t: import('node:test').TestContext) {
  const dir = mkdtempSync(path.join(tmpdir(), 'injector-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { cert, key } = makeCertificate(dir);
  const template = path.join(dir, 'sidecar.json');
  copyFileSync(path.join(FIXTURES, 'sidecar-template-native.json'), template);
  const config = loadInjectorConfig({ LOG_LEVEL: 'silent' }, { port: '0', host: '127.0.0.1', 'tls-cert': cert, 'tls-key': key, template });
  const server = await startInjector(config, { logger: createLogger('silent') });
  t.after(() => server.close());
  return { server, dir, cert, key };
}

test('a pod CREATE asking for the sidecar gets allowed: true and a JSONPatch that applies', { skip: !hasOpenssl && 'openssl is not installed' }, async (t) => {
  const { server, cert } = await startTestInjector(t);
  const review = readFileSync(path.join(FIXTURES, 'create-deployment-pod.json'), 'utf8');
  const reply = await call(server, cert, 'POST', '/mutate', review);
  assert.equal(reply.status, 200);
  assert.match(String(reply.headers['content-type']), /^application\/json/);
  assert.equal(reply.body.apiVersion, 'admission.k8s.io/v1');
  assert.equal(reply.body.kind, 'AdmissionReview');
  const { response } = reply.body;
  assert.equal(response.uid, '705ab4f5-6393-11e8-b7cc-42010a800002');
  assert.equal(response.allowed, true);
  assert.equal(response.patchType, 'JSONPatch');
  assert.deepEqual(response.auditAnnotations, { injection: 'injected' });
  const patch = JSON.parse(Buffer.from(response.patch, 'base64').toString('utf8'));
  const pod = applyJsonPatch(JSON.parse(review).request.object as Pod, patch);
  assert.deepEqual(pod.spec.initContainers!.map((c) => c.name), ['governance-sidecar']);
  assert.equal(pod.spec.initContainers![0]!.restartPolicy, 'Always');
  // The routes are the agent's own ConfigMap, named by its annotation, never the gateway's.
  assert.equal((pod.spec.volumes!.find((v) => v.name === 'governance-sidecar-config')!.configMap as { name: string }).name, 'support-agent-governance-sidecar');
});

test('a pod asking for the sidecar without governance-gateway/config-map: allowed: false, 403, the message names the annotation', { skip: !hasOpenssl && 'openssl is not installed' }, async (t) => {
  const { server, cert } = await startTestInjector(t);
  const review = JSON.parse(readFileSync(path.join(FIXTURES, 'create-deployment-pod.json'), 'utf8'));
  delete review.request.object.metadata.annotations['governance-gateway/config-map'];
  const reply = await call(server, cert, 'POST', '/mutate', JSON.stringify(review));
  assert.equal(reply.status, 200);
  const { response } = reply.body;
  assert.equal(response.uid, '705ab4f5-6393-11e8-b7cc-42010a800002');
  assert.equal(response.allowed, false);
  assert.equal(response.status.code, 403);
  assert.match(response.status.message, /no governance-gateway\/config-map annotation/);
  assert.equal(response.patch, undefined);
  assert.equal(response.auditAnnotations.injection, 'refused');
});

test('a pod that did not ask, and an UPDATE: allowed without a patch', { skip: !hasOpenssl && 'openssl is not installed' }, async (t) => {
  const { server, cert } = await startTestInjector(t);
  for (const [name, uid] of [['create-not-annotated', '3f2e1d0c-b9a8-4776-8655-443322110000'], ['update-pod', 'c0ffee00-1234-4abc-8def-0123456789ab']]) {
    const reply = await call(server, cert, 'POST', '/mutate', readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
    assert.equal(reply.status, 200);
    assert.equal(reply.body.response.uid, uid);
    assert.equal(reply.body.response.allowed, true);
    assert.equal(reply.body.response.patch, undefined);
    assert.equal(reply.body.response.patchType, undefined);
    assert.equal(reply.body.response.auditAnnotations.injection, 'skipped');
  }
});

test('what is not an AdmissionReview gets problem+json; health answers', { skip: !hasOpenssl && 'openssl is not installed' }, async (t) => {
  const { server, cert } = await startTestInjector(t);
  const v1beta1 = JSON.parse(readFileSync(path.join(FIXTURES, 'create-deployment-pod.json'), 'utf8'));
  v1beta1.apiVersion = 'admission.k8s.io/v1beta1';
  const cases: Array<[string, string, string | undefined, string | undefined, number, string]> = [
    ['POST', '/mutate', JSON.stringify(v1beta1), undefined, 400, 'ADMISSION_REVIEW_INVALID'],
    ['POST', '/mutate', '{"apiVersion":', undefined, 400, 'INVALID_JSON'],
    ['POST', '/mutate', 'x', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['GET', '/mutate', undefined, undefined, 405, 'METHOD_NOT_ALLOWED'],
    ['POST', '/validate', '{}', undefined, 404, 'ROUTE_NOT_FOUND'],
  ];
  for (const [method, urlPath, body, type, status, code] of cases) {
    const reply = await call(server, cert, method, urlPath, body, type);
    assert.equal(reply.status, status, `${method} ${urlPath}`);
    assert.equal(reply.headers['content-type'], 'application/problem+json');
    assert.equal(reply.body.code, code);
    assert.equal(reply.body.status, status);
  }
  const invalid = await call(server, cert, 'POST', '/mutate', JSON.stringify(v1beta1));
  assert.deepEqual(invalid.body.errors.map((e: { path: string }) => e.path), ['apiVersion']);
  const health = await call(server, cert, 'GET', '/health');
  assert.equal(health.status, 200);
  assert.equal(health.body.status, 'ok');
});

test('a renewed certificate is served without a restart; a broken pair keeps the last good one', { skip: !hasOpenssl && 'openssl is not installed' }, async (t) => {
  const { server, dir, cert, key } = await startTestInjector(t);
  const first = await call(server, cert, 'GET', '/health');
  const fingerprint = (file: string) => new X509Certificate(readFileSync(file)).fingerprint256;
  assert.equal(first.fingerprint, fingerprint(cert));

  const renewed = makeCertificate(dir, 'renewed');
  const previous = readFileSync(cert);
  writeFileSync(key, readFileSync(renewed.key));
  writeFileSync(cert, readFileSync(renewed.cert));
  server.reloadTls();
  const second = await call(server, cert, 'GET', '/health');
  assert.equal(second.fingerprint, fingerprint(renewed.cert));
  assert.notEqual(second.fingerprint, first.fingerprint);

  // The old certificate with the new key does not load: the renewed pair keeps serving.
  writeFileSync(cert, previous);
  server.reloadTls();
  writeFileSync(path.join(dir, 'ca.crt'), readFileSync(renewed.cert));
  const third = await call(server, path.join(dir, 'ca.crt'), 'GET', '/health');
  assert.equal(third.fingerprint, fingerprint(renewed.cert));
  assert.equal(third.body.certificate.last_result, 'failure');
});

test('govgate injector: listed in --help; a missing certificate stops it with exit 2', () => {
  const node = path.join(REPO, 'node_modules/.bin/node');
  const help = spawnSync(node, ['src/main.ts', '--help'], { cwd: REPO, encoding: 'utf8' });
  assert.match(help.stdout, /govgate injector \[--port N\]/);
  const dir = mkdtempSync(path.join(tmpdir(), 'injector-cli-'));
  try {
    const template = path.join(dir, 'sidecar.json');
    copyFileSync(path.join(FIXTURES, 'sidecar-template-classic.json'), template);
    const run = spawnSync(node, ['src/main.ts', 'injector', '--port', '0', '--tls-cert', path.join(dir, 'missing.crt'), '--tls-key', path.join(dir, 'missing.key'), '--template', template], {
      cwd: REPO, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 60_000,
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /missing\.crt.*does not exist/s);
    const bad = spawnSync(node, ['src/main.ts', 'injector', 'now'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /govgate injector takes no arguments; see govgate injector --help/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
