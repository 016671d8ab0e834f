// Reading AdmissionReviews (a malformed one is ADMISSION_REVIEW_INVALID listing every problem),
// the response the API server expects, the sidecar template file, and the injector's settings.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ConfigFileError } from '../../../src/config/index.ts';
import { ApiError } from '../../../src/http/index.ts';
import { INJECTOR_DEFAULTS, admissionResponse, loadInjectorConfig, parseAdmissionReview, parseSidecarTemplate } from '../../../src/injector/index.ts';

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/admission-reviews');
const review = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, any>;

function rejects(body: unknown, ...paths: string[]): void {
  assert.throws(() => parseAdmissionReview(body), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'ADMISSION_REVIEW_INVALID');
    assert.equal(error.status, 400);
    assert.deepEqual(error.errors!.map((e) => e.path), paths);
    return true;
  });
}

describe('parseAdmissionReview', () => {
  test('reads what the API server sends', () => {
    const request = parseAdmissionReview(review('create-deployment-pod'));
    assert.equal(request.uid, '705ab4f5-6393-11e8-b7cc-42010a800002');
    assert.equal(request.operation, 'CREATE');
    assert.equal(request.namespace, 'agents');
    assert.deepEqual(request.kind, { group: '', version: 'v1', kind: 'Pod' });
    assert.equal(request.dryRun, false);
    assert.equal(parseAdmissionReview(review('update-pod')).operation, 'UPDATE');
  });

  test('a v1beta1 review, a missing request, a bad uid or operation: 400 naming each field', () => {
    const v1beta1 = { ...review('create-deployment-pod'), apiVersion: 'admission.k8s.io/v1beta1' };
    rejects(v1beta1, 'apiVersion');
    rejects({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }, 'request');
    rejects([], '');
    const bad = review('create-deployment-pod');
    bad.kind = 'Pod';
    bad.request.uid = '';
    bad.request.operation = 'PATCH';
    bad.request.kind = 'Pod';
    rejects(bad, 'kind', 'request.uid', 'request.kind', 'request.operation');
  });

  test('a pod CREATE whose object is not a pod: 400', () => {
    const noSpec = review('create-deployment-pod');
    delete noSpec.request.object.spec;
    rejects(noSpec, 'request.object.spec');
    const noContainers = review('create-deployment-pod');
    noContainers.request.object.spec.containers = [];
    noContainers.request.object.metadata.labels = { app: 3 };
    rejects(noContainers, 'request.object.metadata.labels', 'request.object.spec.containers');
    const badLists = review('create-deployment-pod');
    badLists.request.object.spec.volumes = {};
    badLists.request.object.spec.containers[0].env = 'A=1';
    rejects(badLists, 'request.object.spec.containers[0].env', 'request.object.spec.volumes');
  });

  test('a DELETE carries no object and is still a usable review', () => {
    const body = review('update-pod');
    body.request.operation = 'DELETE';
    body.request.object = null;
    assert.equal(parseAdmissionReview(body).object, null);
  });
});

describe('admissionResponse', () => {
  test('echoes the uid and carries the patch base64-encoded as a JSONPatch', () => {
    const patch = [{ op: 'add', path: '/metadata/annotations/governance-gateway~1status', value: 'injected' }];
    const body = admissionResponse('uid-1', { patch, warnings: ['w'], auditAnnotations: { injection: 'injected' } }) as { response: Record<string, any> };
    assert.equal(body.response.uid, 'uid-1');
    assert.equal(body.response.allowed, true);
    assert.equal(body.response.patchType, 'JSONPatch');
    assert.deepEqual(JSON.parse(Buffer.from(body.response.patch, 'base64').toString('utf8')), patch);
    assert.deepEqual(body.response.warnings, ['w']);
  });

  test('denied: not allowed, the status carries the code and message, no patch even if one is given', () => {
    const patch = [{ op: 'add', path: '/x', value: 1 }];
    const body = admissionResponse('uid-3', { patch, denied: { code: 403, message: 'no governance-gateway/config-map annotation' } }) as Record<string, any>;
    assert.deepEqual(body, {
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'uid-3', allowed: false, status: { code: 403, message: 'no governance-gateway/config-map annotation' } },
    });
  });

  test('without a patch: allowed, no patchType, no patch', () => {
    const body = admissionResponse('uid-2', {}) as Record<string, any>;
    assert.deepEqual(body, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'uid-2', allowed: true } });
  });
});

describe('parseSidecarTemplate', () => {
  const file = path.join(FIXTURES, 'sidecar-template-native.json');
  const good = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
  const issuesOf = (document: unknown, text?: string): string[] => {
    try {
      parseSidecarTemplate(text ?? JSON.stringify(document), 'sidecar.json');
    } catch (error) {
      assert.ok(error instanceof ConfigFileError);
      return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    }
    return [];
  };

  test('the chart-rendered templates load', () => {
    assert.equal(parseSidecarTemplate(JSON.stringify(good), file).placement, 'initContainers');
    assert.deepEqual(issuesOf(JSON.parse(readFileSync(path.join(FIXTURES, 'sidecar-template-classic.json'), 'utf8'))), []);
  });

  test('every problem is named', () => {
    const bad = structuredClone(good);
    delete bad.container.restartPolicy;
    bad.container.env = bad.container.env.filter((entry: { name: string }) => entry.name !== 'AGENT_ID');
    bad.container.volumeMounts.push({ name: 'elsewhere', mountPath: '/x' });
    bad.extra = 1;
    const issues = issuesOf(bad);
    assert.equal(issues.length, 4, issues.join('\n'));
    assert.match(issues.join('\n'), /extra: is not a template field/);
    assert.match(issues.join('\n'), /container.restartPolicy: must be Always/);
    assert.match(issues.join('\n'), /container.env: must set AGENT_ID/);
    assert.match(issues.join('\n'), /container.volumeMounts: must mount only/);
    assert.match(issuesOf(null, '{ nope').join(), /is not JSON/);
    assert.match(issuesOf({ ...good, placement: 'sidecars' }).join(), /placement: must be one of initContainers, containers/);
  });

  test('the routes and policies volumes must be configMap volumes (the injector points them at the pod\'s own)', () => {
    const withoutConfig = structuredClone(good);
    withoutConfig.volumes = withoutConfig.volumes.filter((volume: { name: string }) => volume.name !== 'governance-sidecar-config');
    withoutConfig.container.volumeMounts = withoutConfig.container.volumeMounts.filter((mount: { name: string }) => mount.name !== 'governance-sidecar-config');
    assert.deepEqual(issuesOf(withoutConfig), ['volumes: must hold the configMap volume governance-sidecar-config (the injector mounts the pod\'s own ConfigMap there)']);
    const policiesAsEmptyDir = structuredClone(good);
    policiesAsEmptyDir.volumes = policiesAsEmptyDir.volumes.map((volume: { name: string }) => (volume.name === 'governance-sidecar-policies' ? { name: volume.name, emptyDir: {} } : volume));
    assert.deepEqual(issuesOf(policiesAsEmptyDir), ['volumes: must hold the configMap volume governance-sidecar-policies (the injector mounts the pod\'s own ConfigMap there)']);
  });
});

describe('loadInjectorConfig', () => {
  test('defaults: port 8443, /tls/tls.crt and /tls/tls.key, the gateway\'s own pods excluded', () => {
    const config = loadInjectorConfig({}, {}, '/');
    assert.equal(config.port, 8443);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.tlsCertPath, INJECTOR_DEFAULTS.tlsCertPath);
    assert.equal(config.tlsKeyPath, INJECTOR_DEFAULTS.tlsKeyPath);
    assert.equal(config.templatePath, INJECTOR_DEFAULTS.templatePath);
    assert.deepEqual(config.selfLabels, { 'app.kubernetes.io/name': 'governance-gateway' });
  });

  test('flags win over the environment; paths resolve against the working directory', () => {
    const config = loadInjectorConfig(
      { INJECTOR_PORT: '9443', INJECTOR_TLS_CERT: 'env.crt', INJECTOR_TEMPLATE: 't.json', INJECTOR_SELF_LABELS: 'a=b, example.com/c=d' },
      { port: '10443', 'tls-cert': 'flag.crt' },
      '/srv',
    );
    assert.equal(config.port, 10443);
    assert.equal(config.tlsCertPath, '/srv/flag.crt');
    assert.equal(config.templatePath, '/srv/t.json');
    assert.deepEqual(config.selfLabels, { a: 'b', 'example.com/c': 'd' });
  });

  test('bad values stop start-up, each named', () => {
    assert.throws(() => loadInjectorConfig({ INJECTOR_PORT: 'https', INJECTOR_SELF_LABELS: 'no-value,Bad Key=x', LOG_LEVEL: 'loud' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.issues.length, 4, error.issues.join('\n'));
      assert.match(error.issues.join('\n'), /INJECTOR_PORT/);
      assert.match(error.issues.join('\n'), /LOG_LEVEL/);
      assert.match(error.issues.join('\n'), /INJECTOR_SELF_LABELS: "no-value"/);
      return true;
    });
  });
});
