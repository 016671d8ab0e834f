// The manifest validator the chart tests rely on must be able to fail: it rejects a field the
// Kubernetes API does not know, a value of the wrong type and a missing required field, at any
// depth, and names the object and the field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateManifests, type KubeObject } from '../helpers/kube-validate.ts';

function deployment(patch: (container: Record<string, unknown>, spec: Record<string, unknown>) => void = () => {}): KubeObject {
  const container: Record<string, unknown> = { name: 'gateway', image: 'governance-gateway:0.1.0', ports: [{ name: 'http', containerPort: 8000 }] };
  const spec: Record<string, unknown> = {
    replicas: 2,
    selector: { matchLabels: { app: 'gg' } },
    template: { metadata: { labels: { app: 'gg' } }, spec: { containers: [container] } },
  };
  patch(container, spec);
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'gg' }, spec };
}

const check = (object: KubeObject) => validateManifests([{ source: 'test/deployment.yaml', object }]);

test('a valid Deployment has no problems', async () => {
  assert.deepEqual(await check(deployment()), []);
});

test('an unknown field deep in the pod template is rejected, naming the field', async () => {
  const problems = await check(deployment((container) => { container.readinessProbes = { httpGet: { path: '/health', port: 'http' } }; }));
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.equal(problems[0].kind, 'Deployment');
  assert.equal(problems[0].name, 'gg');
  assert.equal(problems[0].source, 'test/deployment.yaml');
  assert.match(problems[0].message, /readinessProbes/);
});

test('a wrong type is rejected', async () => {
  const problems = await check(deployment((_container, spec) => { spec.replicas = 'two'; }));
  assert.ok(problems.length > 0);
  assert.ok(problems.some((problem) => /spec\/replicas must be integer/.test(problem.message)), JSON.stringify(problems));
});

test('a missing required field is rejected', async () => {
  const problems = await check(deployment((container) => { delete container.name; }));
  assert.ok(problems.length > 0);
  assert.ok(problems.some((problem) => /containers\/0 must have required property name/.test(problem.message)), JSON.stringify(problems));
});

test('a CRD kind (monitoring.coreos.com) is checked too: an unknown endpoint field fails', async () => {
  const monitor: KubeObject = {
    apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor', metadata: { name: 'gg' },
    spec: { selector: { matchLabels: { app: 'gg' } }, endpoints: [{ port: 'http', pathh: '/metrics' }] },
  };
  const problems = await check(monitor);
  assert.ok(problems.some((problem) => /pathh/.test(problem.message)), JSON.stringify(problems));
});
