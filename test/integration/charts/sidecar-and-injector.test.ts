// The governance-sidecar library chart (through the example agent chart) and the gateway chart's
// sidecar injector, rendered with `helm template` (or the helm-render stand-in). Every manifest is
// validated against the Kubernetes API schemas, and what the gateway relies on is checked against
// its own code: the env names `govgate serve` reads, the routes the probes call, the files the
// injector loads. The injector's template is the library's container, so an injected pod and a
// chart-built pod come out the same.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CHARTS_DIR, REPO_ROOT, chartTests, objectsOf, parseManifests, renderChart, rendererCommand, type RenderResult } from '../../helpers/helm.ts';
import { validateManifests, type KubeObject, type SourcedObject } from '../../helpers/kube-validate.ts';
import { applyJsonPatch } from '../../helpers/json-patch.ts';
import { loadConfig } from '../../../src/config/index.ts';
import { heapLimitWarning, splitMemoryBudget } from '../../../src/proxy/memory-budget.ts';
import { parseGatewayFile } from '../../../src/proxy/index.ts';
import { INJECT_ANNOTATION, decideInjection, loadInjectorConfig, parseAdmissionReview, parseSidecarTemplate, type Container, type Pod } from '../../../src/injector/index.ts';

// Every test here renders a chart: without Helm or its stand-in, one visible skip for the file.
const { after, describe, test } = chartTests();

const EXAMPLE = 'examples/agent';
const GATEWAY = 'governance-gateway';
const LIBRARY_DIR = path.join(CHARTS_DIR, 'governance-sidecar');
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/admission-reviews');
// Every setting is read in src/config (env.ts and the settings files beside it).
const CONFIG_DIR = path.join(REPO_ROOT, 'src/config');
const ENV_SOURCE = readdirSync(CONFIG_DIR).filter((file) => file.endsWith('.ts')).map((file) => readFileSync(path.join(CONFIG_DIR, file), 'utf8')).join('\n');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const INJECTOR_ON = { database: { existingSecret: 'governance-db' }, injector: { enabled: true } };

function rendered(chart: string, options: Parameters<typeof renderChart>[1] = {}): RenderResult {
  const result = renderChart(chart, options);
  assert.equal(result.status, 0, result.stderr);
  return result;
}

/** `helm template … --api-versions X` (the shared helper has no option for it). */
function renderWithApiVersions(chart: string, apiVersions: string[], set: string[]): SourcedObject[] {
  const [command, ...prefix] = rendererCommand();
  const args = [...prefix, 'gg', path.join(CHARTS_DIR, chart), '--namespace', 'governance', ...apiVersions.flatMap((v) => ['--api-versions', v]), ...set.flatMap((s) => ['--set', s])];
  if (command !== 'helm') args.push('--validate-values-schema');
  const run = spawnSync(command!, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, run.stderr);
  return parseManifests(run.stdout);
}

async function assertValid(objects: SourcedObject[]): Promise<void> {
  assert.ok(objects.length > 0);
  assert.deepEqual(await validateManifests(objects), []);
}

const podSpec = (objects: SourcedObject[], name?: string): Pod['spec'] => (objectsOf(objects, 'Deployment', name)[0] as any).spec.template.spec;
const podOf = (objects: SourcedObject[], name?: string): Pod => (objectsOf(objects, 'Deployment', name)[0] as any).spec.template;
const named = (list: Container[] | null | undefined, name: string) => (list ?? []).find((c) => c.name === name);

/** The env a container would see: downward-API labels and Secrets resolved the way the kubelet would. */
function resolvedEnv(container: Container, labels: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of container.env ?? []) {
    const fieldPath = (entry.valueFrom?.fieldRef as { fieldPath?: string } | undefined)?.fieldPath;
    const label = fieldPath && /^metadata\.labels\['(.+)'\]$/.exec(fieldPath)?.[1];
    if (entry.value !== undefined) env[entry.name] = entry.value;
    else if (label) env[entry.name] = labels[label] ?? '';
    else if (entry.valueFrom?.secretKeyRef) env[entry.name] = 'postgres://gateway:secret@db.internal:5432/audit';
    else assert.fail(`${entry.name}: unexpected source ${JSON.stringify(entry.valueFrom)}`);
  }
  return env;
}

/** Kubernetes label selector semantics (matchLabels AND matchExpressions). */
function selects(selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> }, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  return byLabel && (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]!);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(`operator ${operator}`);
  });
}

describe('the example agent chart (governance-sidecar library)', () => {
  test('classic: the sidecar is a second container; every object is valid', async () => {
    const { objects } = rendered(EXAMPLE);
    await assertValid(objects);
    const spec = podSpec(objects);
    assert.deepEqual(spec.containers.map((c) => c.name), ['agent', 'governance-sidecar']);
    assert.equal(spec.initContainers, undefined);
    assert.equal(named(spec.containers, 'governance-sidecar')!.restartPolicy, undefined);
  });

  test('nativeSidecar: an init container with restartPolicy Always, on Kubernetes 1.29 and later', async () => {
    for (const kubeVersion of ['1.29.0', '1.33.0']) {
      const { objects } = rendered(EXAMPLE, { set: ['governanceSidecar.nativeSidecar=true'], kubeVersion });
      await assertValid(objects);
      const spec = podSpec(objects);
      assert.deepEqual(spec.initContainers!.map((c) => c.name), ['governance-sidecar']);
      assert.equal(spec.initContainers![0]!.restartPolicy, 'Always');
      assert.deepEqual(spec.containers.map((c) => c.name), ['agent']);
    }
    const old = renderChart(EXAMPLE, { set: ['governanceSidecar.nativeSidecar=true'], kubeVersion: '1.28.0' });
    assert.notEqual(old.status, 0);
    assert.match(old.stderr, /governanceSidecar\.nativeSidecar needs Kubernetes 1\.29 or later/);
  });

  test('AGENT_ID comes from the pod label through the downward API; every env name is one govgate serve reads', () => {
    for (const set of [[], ['governanceSidecar.centralGateway.url=', 'governanceSidecar.database.existingSecret=governance-db', 'governanceSidecar.extraEnv[0].name=PG_SSL', 'governanceSidecar.extraEnv[0].value=require']]) {
      const { objects } = rendered(EXAMPLE, { set });
      const pod = podOf(objects);
      const sidecar = named(pod.spec.containers, 'governance-sidecar')!;
      const agentId = sidecar.env!.find((e) => e.name === 'AGENT_ID')!;
      assert.deepEqual(agentId.valueFrom, { fieldRef: { fieldPath: "metadata.labels['app.kubernetes.io/name']" } });
      for (const { name } of sidecar.env!) assert.match(ENV_SOURCE, new RegExp(`env\\.${name}\\b`), `src/config does not read ${name}`);
      const config = loadConfig(resolvedEnv(sidecar, pod.metadata!.labels!), {}, '/app');
      assert.equal(config.variant, 'edge');
      assert.equal(config.port, 8000);
      assert.equal(config.agentId, 'support-agent');
      assert.equal(config.ledger.kind, set.length ? 'postgres' : 'central', 'the example records through the central gateway unless given a database');
      // What the gateway writes and reads is mounted: config, bundle, the ledger's directory, /tmp.
      const mounts = new Map((sidecar.volumeMounts as Array<{ name: string; mountPath: string }>).map((m) => [m.mountPath, m]));
      assert.equal(mounts.get(config.configDir)?.name, 'governance-sidecar-config');
      assert.equal(mounts.get(config.policiesDir)?.name, 'governance-sidecar-policies');
      assert.equal(mounts.get(path.dirname(config.keysPath))?.name, 'governance-sidecar-data');
      assert.equal(mounts.get('/tmp')?.name, 'governance-sidecar-tmp');
      const volumes = new Set(pod.spec.volumes!.map((v) => v.name));
      for (const mount of mounts.values()) assert.ok(volumes.has(mount.name), mount.name);
    }
  });

  test('the memory budget: SIDECAR_MEMORY_MB within the memory limit, and NODE_OPTIONS giving V8 the heap share the sidecar computes', () => {
    for (const set of [[], ['governanceSidecar.memoryBudgetMb=256'], ['governanceSidecar.memoryBudgetMb=1536', 'governanceSidecar.resources.limits.memory=2Gi']]) {
      const sidecar = named(podOf(rendered(EXAMPLE, { set }).objects).spec.containers, 'governance-sidecar')!;
      const env = new Map(sidecar.env!.map((e) => [e.name, e.value]));
      const budgetMb = Number(env.get('SIDECAR_MEMORY_MB'));
      const limit = String((sidecar.resources as { limits: { memory: string } }).limits.memory);
      const limitMb = limit.endsWith('Gi') ? Number(limit.slice(0, -2)) * 1024 : Number(limit.slice(0, -2));
      assert.ok(budgetMb <= limitMb, `budget ${budgetMb} MiB within the limit ${limit}`);
      assert.equal(env.get('NODE_OPTIONS'), splitMemoryBudget(budgetMb, { maxBodyBytes: 1, maxSessions: 1 }).nodeOptions);
      const config = loadConfig({ POLICIES_DIR: 'policies', LEDGER_PATH: ':memory:', SIDECAR_MEMORY_MB: env.get('SIDECAR_MEMORY_MB'), NODE_OPTIONS: env.get('NODE_OPTIONS') });
      assert.equal(heapLimitWarning(config.memory, splitMemoryBudget(budgetMb, { maxBodyBytes: 1, maxSessions: 1 }).heapBytes), null);
    }
    assert.equal(named(podOf(rendered(EXAMPLE).objects).spec.containers, 'governance-sidecar')!.env!.find((e) => e.name === 'SIDECAR_MEMORY_MB')!.value, '448');
  });

  test('probes call routes the gateway serves; preStop, grace period and security defaults', () => {
    const { objects } = rendered(EXAMPLE);
    const spec = podSpec(objects);
    const sidecar: any = named(spec.containers, 'governance-sidecar');
    const gatewayRoutes = readFileSync(path.join(REPO_ROOT, 'src/api/system-routes.ts'), 'utf8');
    for (const [probe, route] of [['startupProbe', '/health/live'], ['livenessProbe', '/health/live'], ['readinessProbe', '/health']]) {
      assert.equal(sidecar[probe].httpGet.path, route);
      assert.equal(sidecar[probe].httpGet.port, sidecar.ports[0].name);
      assert.match(gatewayRoutes, new RegExp(`path: '${route}'`));
    }
    assert.equal(sidecar.ports[0].containerPort, 8000);
    assert.deepEqual(sidecar.lifecycle.preStop, { sleep: { seconds: 5 } });
    assert.ok(Number(spec.terminationGracePeriodSeconds) >= 5 + 10, 'the grace period covers the preStop wait and the drain');
    assert.deepEqual(sidecar.securityContext, {
      runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, allowPrivilegeEscalation: false, privileged: false,
      readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' },
    });
    assert.deepEqual(sidecar.args, ['serve', '--variant', 'edge']);
    const longer = podSpec(rendered(EXAMPLE, { set: ['governanceSidecar.preStop.sleepSeconds=40'] }).objects);
    assert.equal(longer.terminationGracePeriodSeconds, 55);
    const exec: any = named(podSpec(rendered(EXAMPLE, { kubeVersion: '1.29.0' }).objects).containers, 'governance-sidecar');
    assert.deepEqual(exec.lifecycle.preStop.exec.command, ['node', '-e', 'setTimeout(() => {}, 5000)']);
  });

  test('the policy bundle ConfigMap is mounted whole, with no list of files; the sidecar\'s gateway.yaml is a valid routes file', () => {
    const { objects } = rendered(EXAMPLE);
    const policies: any = podSpec(objects).volumes!.find((v) => v.name === 'governance-sidecar-policies');
    assert.deepEqual(policies.configMap, { name: 'gg-governance-sidecar-policies' }, 'no items: a file added to the bundle is mounted too');
    assert.ok(objectsOf(objects, 'ConfigMap', 'gg-governance-sidecar-policies')[0]);
    const configMap: any = objectsOf(objects, 'ConfigMap', 'gg-governance-sidecar')[0];
    assert.equal((podSpec(objects).volumes!.find((v) => v.name === 'governance-sidecar-config') as any).configMap.name, configMap.metadata.name);
    const settings = parseGatewayFile(configMap.data['gateway.yaml'], 'gateway.yaml');
    assert.deepEqual(settings.routes.map((r) => r.name), ['tools']);
    const existing = rendered(EXAMPLE, { set: ['governanceSidecar.config.existingConfigMap=support-routes', 'governanceSidecar.policies.existingConfigMap=security-bundle', 'mockTools.enabled=false'] }).objects;
    assert.throws(() => objectsOf(existing, 'ConfigMap'));
    assert.deepEqual((podSpec(existing).volumes!.find((v) => v.name === 'governance-sidecar-policies') as any).configMap, { name: 'security-bundle' });
  });

  test('forwardProxy mode gives the agent HTTP_PROXY and NO_PROXY, never HTTPS_PROXY', () => {
    const { objects } = rendered(EXAMPLE, { set: ['governanceSidecar.agentEnv.mode=forwardProxy', 'governanceSidecar.agentEnv.noProxy[0]=.svc.cluster.local'] });
    const agent = named(podSpec(objects).containers, 'agent')!;
    const env = Object.fromEntries(agent.env!.map((e) => [e.name, e.value]));
    assert.equal(env.HTTP_PROXY, 'http://127.0.0.1:8000');
    assert.equal(env.NO_PROXY, 'localhost,127.0.0.1,::1,.svc.cluster.local');
    assert.equal(env.NODE_USE_ENV_PROXY, '1');
    assert.equal(env.HTTPS_PROXY, undefined);
    assert.equal(env.GOVERNANCE_SIDECAR_URL, 'http://127.0.0.1:8000');
    const base = Object.fromEntries(named(podSpec(rendered(EXAMPLE).objects).containers, 'agent')!.env!.map((e) => [e.name, e.value]));
    assert.equal(base.HTTP_PROXY, undefined);
  });

  test('values.schema.json: an unknown key or a wrong type under governanceSidecar fails with its name', () => {
    const cases: Array<[string[], RegExp]> = [
      [['governanceSidecar.nativeSidecars=true'], /governanceSidecar.*nativeSidecars/],
      [['governanceSidecar.image.tga=1'], /governanceSidecar[./]image.*tga/],
      [['governanceSidecar.port=http'], /governanceSidecar[./]port/],
      [['governanceSidecar.preStop.action=wait'], /governanceSidecar[./]preStop[./]action/],
      [['governanceSidecar.agentEnv.mode=proxy'], /governanceSidecar[./]agentEnv[./]mode/],
      [['governanceSidecar.centralGateway.url=ftp://gateway'], /governanceSidecar[./]centralGateway[./]url/],
      [['governanceSidecar.policies.files[0]=decision.yaml'], /governanceSidecar[./]policies.*files/],
      [['governance-sidecar.port=8000'], /governance-sidecar.*port/],
    ];
    for (const [set, message] of cases) {
      const result = renderChart(EXAMPLE, { set });
      assert.notEqual(result.status, 0, set.join());
      assert.match(result.stderr, message);
    }
  });
});

describe('the library chart without a schema still refuses bad values', () => {
  // A chart of its own with no values.schema.json, the library copied in as a subchart.
  const chart = mkdtempSync(path.join(tmpdir(), 'sidecar-user-'));
  mkdirSync(path.join(chart, 'templates'));
  cpSync(LIBRARY_DIR, path.join(chart, 'charts/governance-sidecar'), { recursive: true });
  writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: user\nversion: 0.1.0\ndependencies:\n  - name: governance-sidecar\n    version: 0.1.0\n');
  writeFileSync(path.join(chart, 'values.yaml'), 'sidecar:\n  policies:\n    existingConfigMap: bundle\n');
  writeFileSync(path.join(chart, 'templates/pod.yaml'), [
    'apiVersion: v1', 'kind: Pod', 'metadata: { name: p, labels: { app.kubernetes.io/name: a } }', 'spec:', '  containers:',
    '    {{- include "governance-sidecar.containers" (dict "Values" .Values.sidecar "context" $ "path" "sidecar") | nindent 4 }}',
    '  volumes:', '    {{- include "governance-sidecar.volumes" (dict "Values" .Values.sidecar "context" $ "path" "sidecar") | nindent 4 }}', '',
  ].join('\n'));

  test('defaults render a valid pod; explicit false beats a true default', async () => {
    const { objects } = rendered(chart, { set: ['sidecar.securityContext.readOnlyRootFilesystem=false', 'sidecar.readinessProbe.enabled=false'] });
    await assertValid(objects);
    const container: any = (objects[0]!.object as any).spec.containers[0];
    assert.equal(container.securityContext.readOnlyRootFilesystem, false);
    assert.equal(container.securityContext.runAsNonRoot, true, 'the other defaults of the map stay');
    assert.equal(container.readinessProbe, undefined);
    assert.ok(container.livenessProbe);
  });

  test('an unknown key, a wrong kind, a missing bundle: messages name the user\'s key', () => {
    const cases: Array<[string[], RegExp]> = [
      [['sidecar.nativeSidecars=true'], /sidecar\.nativeSidecars is not a governance-sidecar setting \(known here: agentEnv, agentId,/],
      [['sidecar.image.tga=1'], /sidecar\.image\.tga is not a governance-sidecar setting \(known here: digest, pullPolicy, registry, repository, tag\)/],
      [['sidecar.nativeSidecar=yes'], /sidecar\.nativeSidecar must be true or false, not a string "yes"/],
      [['sidecar.policies.existingConfigMap='], /sidecar\.policies: name the ConfigMap holding the policy bundle .*\(policies\.existingConfigMap\) or give the bundle's files \(policies\.bundle/],
      [['sidecar.centralGateway.url=http://gateway:8000'], /sidecar\.centralGateway\.tokenSecret\.name is required with centralGateway\.url/],
      [['sidecar.centralGateway.url=gateway:8000', 'sidecar.centralGateway.tokenSecret.name=t'], /sidecar\.centralGateway\.url must be an http:\/\/ or https:\/\/ URL/],
      [['sidecar.centralGateway.url=http://gateway:8000', 'sidecar.centralGateway.tokenSecret.name=t', 'sidecar.database.existingSecret=db'], /sidecar: set centralGateway\.url .* or database\.existingSecret .*, not both/],
      [['sidecar.policies.files[0]=catalog/x.yaml'], /sidecar\.policies\.files is no longer used: remove it\. The whole ConfigMap is mounted/],
      [['sidecar.agentId.value=not valid'], /sidecar\.agentId\.value "not valid" is not an agent id/],
      [['sidecar.port=70000'], /sidecar\.port must be an integer from 1 to 65535/],
      [['sidecar.memoryBudgetMb=64'], /sidecar\.memoryBudgetMb must be an integer from 128 to 65536/],
      [['sidecar.memoryBudgetMb=1024'], /sidecar\.memoryBudgetMb \(1024 MiB\) is more than resources\.limits\.memory \(512Mi\)/],
    ];
    for (const [set, message] of cases) {
      const result = renderChart(chart, { set, validateSchema: false });
      assert.notEqual(result.status, 0, set.join());
      assert.match(result.stderr, message);
    }
  });

  after(() => rmSync(chart, { recursive: true, force: true }));
});

describe('the gateway chart with the injector', () => {
  test('off by default: nothing of the injector is rendered', () => {
    const { objects } = rendered(GATEWAY, { values: [{ database: { existingSecret: 'governance-db' } }] });
    assert.deepEqual(objects.filter((o) => o.source.includes('/injector/')), []);
  });

  test('generated certificates: a Secret and a caBundle that signs a certificate for the Service', async () => {
    const { objects } = rendered(GATEWAY, { values: [INJECTOR_ON] });
    await assertValid(objects);
    const secret: any = objectsOf(objects, 'Secret').find((s) => s.metadata!.name!.endsWith('-injector-tls'));
    const webhook: any = objectsOf(objects, 'MutatingWebhookConfiguration')[0];
    const service: any = objectsOf(objects, 'Service').find((s) => s.metadata!.name!.endsWith('-injector'));
    assert.equal(secret.type, 'kubernetes.io/tls');
    assert.equal(webhook.webhooks[0].clientConfig.caBundle, secret.data['ca.crt']);
    assert.equal(webhook.metadata.annotations?.['cert-manager.io/inject-ca-from'], undefined);
    const ca = new X509Certificate(Buffer.from(secret.data['ca.crt'], 'base64'));
    const cert = new X509Certificate(Buffer.from(secret.data['tls.crt'], 'base64'));
    assert.ok(cert.verify(ca.publicKey), 'the serving certificate is signed by the caBundle');
    assert.equal(cert.checkHost(`${service.metadata.name}.governance.svc`), `${service.metadata.name}.governance.svc`);
    assert.deepEqual(webhook.webhooks[0].clientConfig.service, { name: service.metadata.name, namespace: 'governance', path: '/mutate', port: 443 });
  });

  test('cert-manager (by value, or detected through --api-versions): Issuer, Certificate, inject-ca-from', async () => {
    const byValue = rendered(GATEWAY, { values: [INJECTOR_ON], set: ['injector.certManager.enabled=true'] }).objects;
    const detected = renderWithApiVersions(GATEWAY, ['cert-manager.io/v1'], ['database.existingSecret=governance-db', 'injector.enabled=true']);
    for (const objects of [byValue, detected]) {
      await assertValid(objects);
      const certificate: any = objectsOf(objects, 'Certificate')[0];
      const issuer: any = objectsOf(objects, 'Issuer')[0];
      const webhook: any = objectsOf(objects, 'MutatingWebhookConfiguration')[0];
      assert.equal(certificate.spec.issuerRef.name, issuer.metadata.name);
      assert.deepEqual(issuer.spec, { selfSigned: {} });
      assert.equal(webhook.metadata.annotations['cert-manager.io/inject-ca-from'], `governance/${certificate.metadata.name}`);
      assert.equal(webhook.webhooks[0].clientConfig.caBundle, undefined);
      const injector: any = objectsOf(objects, 'Deployment').find((d) => d.metadata!.name!.endsWith('-injector'));
      assert.equal(injector.spec.template.spec.volumes.find((v: any) => v.name === 'tls').secret.secretName, certificate.spec.secretName);
      assert.ok(!objects.some(({ object }) => object.kind === 'Secret' && object.metadata!.name === certificate.spec.secretName), 'cert-manager writes that Secret');
    }
    const off = renderWithApiVersions(GATEWAY, ['cert-manager.io/v1'], ['database.existingSecret=governance-db', 'injector.enabled=true', 'injector.certManager.enabled=false']);
    assert.throws(() => objectsOf(off, 'Certificate'));
  });

  test('the webhook: pod CREATE only, v1 reviews, failurePolicy from values, never the chart\'s own pods or kube-system', () => {
    const { objects } = rendered(GATEWAY, { values: [INJECTOR_ON], set: ['injector.failurePolicy=Ignore'] });
    const [hook] = (objectsOf(objects, 'MutatingWebhookConfiguration')[0] as any).webhooks;
    assert.deepEqual(hook.rules, [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: 'Namespaced' }]);
    assert.deepEqual(hook.admissionReviewVersions, ['v1']);
    assert.equal(hook.sideEffects, 'None');
    assert.equal(hook.failurePolicy, 'Ignore');
    assert.equal((objectsOf(rendered(GATEWAY, { values: [INJECTOR_ON] }).objects, 'MutatingWebhookConfiguration')[0] as any).webhooks[0].failurePolicy, 'Fail');
    // Every pod the chart makes (gateway, injector, migration Job, helm test) is left alone.
    const pods = objects.map((o) => o.object).flatMap((o: any) => (o.kind === 'Pod' ? [o] : o.spec?.template?.metadata ? [o.spec.template] : []));
    assert.ok(pods.length >= 4, `${pods.length} pod templates`);
    for (const pod of pods) assert.equal(selects(hook.objectSelector, pod.metadata.labels), false, `${JSON.stringify(pod.metadata.labels)} would be sent to the injector`);
    const agentLabels = podOf(rendered(EXAMPLE).objects).metadata!.labels!;
    assert.equal(selects(hook.objectSelector, agentLabels), true, 'an agent pod is sent');
    const namespace = (name: string, labels: Record<string, string> = {}) => ({ 'kubernetes.io/metadata.name': name, ...labels });
    assert.equal(selects(hook.namespaceSelector, namespace('kube-system', { 'governance-gateway/injection': 'enabled' })), false);
    assert.equal(selects(hook.namespaceSelector, namespace('agents', { 'governance-gateway/injection': 'enabled' })), true);
    assert.equal(selects(hook.namespaceSelector, namespace('agents')), false, 'namespaces opt in by label');
  });

  test('the injector Deployment: govgate injector, its env loads, its own pods are excluded by the code too', () => {
    const { objects } = rendered(GATEWAY, { values: [INJECTOR_ON] });
    const deployment: any = objectsOf(objects, 'Deployment').find((d) => d.metadata!.name!.endsWith('-injector'));
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    assert.deepEqual(container.args, ['injector']);
    const env = Object.fromEntries(container.env.map((e: any) => [e.name, e.value]));
    const config = loadInjectorConfig(env);
    const mountOf = (file: string) => container.volumeMounts.find((m: any) => path.dirname(file) === m.mountPath);
    assert.equal(mountOf(config.tlsCertPath).name, 'tls');
    assert.equal(mountOf(config.tlsKeyPath).name, 'tls');
    assert.equal(mountOf(config.templatePath).name, 'template');
    const templateMap: any = objectsOf(objects, 'ConfigMap').find((c) => c.metadata!.name === pod.spec.volumes.find((v: any) => v.name === 'template').configMap.name);
    assert.ok(templateMap.data[path.basename(config.templatePath)]);
    assert.ok(Object.entries(config.selfLabels).every(([key, value]) => pod.metadata.labels[key] === value), 'INJECTOR_SELF_LABELS match the chart\'s pods');
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) assert.deepEqual(container[probe].httpGet, { path: '/health', port: 'https', scheme: 'HTTPS' });
    const service: any = objectsOf(objects, 'Service').find((s) => s.metadata!.name === deployment.metadata.name);
    assert.ok(selects({ matchLabels: service.spec.selector }, pod.metadata.labels));
    assert.equal(service.spec.ports[0].targetPort, container.ports[0].name);
  });

  test('the template ConfigMap is what the unit tests use, and points at this release\'s ConfigMaps and Secret', () => {
    for (const [placement, set] of [['classic', []], ['native', ['injector.sidecar.nativeSidecar=true']]] as const) {
      const { objects } = rendered(GATEWAY, { values: [INJECTOR_ON], set: [...set] });
      const text = (objectsOf(objects, 'ConfigMap').find((c) => c.metadata!.name!.endsWith('-injector-template')) as any).data['sidecar.json'];
      const template = parseSidecarTemplate(text, 'sidecar.json');
      assert.deepEqual(JSON.parse(text), JSON.parse(readFileSync(path.join(FIXTURES, `sidecar-template-${placement}.json`), 'utf8')), `regenerate test/fixtures/admission-reviews/sidecar-template-${placement}.json`);
      const gateway = podSpec(objects, 'gg-governance-gateway');
      const volume = (list: any[], name: string) => list.find((v) => v.name === name);
      assert.equal(volume([...template.volumes], 'governance-sidecar-config').configMap.name, volume(gateway.volumes!, 'config').configMap.name);
      assert.deepEqual(volume([...template.volumes], 'governance-sidecar-policies').configMap, volume(gateway.volumes!, 'policies').configMap);
      const url = template.container.env!.find((e) => e.name === 'DATABASE_URL')!.valueFrom;
      assert.deepEqual(url, named(gateway.containers, 'gateway')!.env!.find((e) => e.name === 'DATABASE_URL')!.valueFrom);
      assert.equal(template.container.image, named(gateway.containers, 'gateway')!.image);
    }
  });

  test('an injected pod equals the chart-built pod: same container, same volumes', async () => {
    const settings = [
      [],
      ['nativeSidecar=true', 'agentId.label=agents.example.com/id', 'preStop.sleepSeconds=12', 'logLevel=debug', 'resources.limits.memory=1Gi'],
    ];
    for (const common of settings) {
      const gateway = rendered(GATEWAY, { values: [INJECTOR_ON], set: common.map((s) => `injector.sidecar.${s}`) }).objects;
      const template = parseSidecarTemplate((objectsOf(gateway, 'ConfigMap').find((c) => c.metadata!.name!.endsWith('-injector-template')) as any).data['sidecar.json'], 'sidecar.json');
      const policies: any = template.volumes.find((v) => v.name === 'governance-sidecar-policies');
      // The agent chart pointed at the same ConfigMaps and Secret as the gateway release.
      const example = rendered(EXAMPLE, {
        values: [{
          governanceSidecar: {
            // The agent's own routes, which its pod names for the injector.
            config: { existingConfigMap: 'support-agent-routes' },
            database: { existingSecret: 'governance-db' },
            // Direct to the database, and the release's image, as the injector's sidecar is.
            centralGateway: { url: '' },
            image: { registry: '' },
            policies: { existingConfigMap: policies.configMap.name },
          },
        }],
        set: common.map((s) => `governanceSidecar.${s}`),
      }).objects;
      const built = podOf(example);
      // The agent's pod as its chart would make it without the sidecar, annotated for injection.
      const bare = structuredClone(built) as Pod;
      bare.spec.containers = bare.spec.containers.filter((c) => c.name !== 'governance-sidecar');
      if (bare.spec.initContainers) bare.spec.initContainers = bare.spec.initContainers.filter((c) => c.name !== 'governance-sidecar');
      if (bare.spec.initContainers?.length === 0) delete bare.spec.initContainers;
      bare.spec.volumes = bare.spec.volumes!.filter((v) => !v.name.startsWith('governance-sidecar-'));
      bare.metadata!.annotations = { 'governance-gateway/inject': 'true', 'governance-gateway/config-map': 'support-agent-routes' };
      Object.assign(bare, { apiVersion: 'v1', kind: 'Pod' });
      const review = JSON.parse(readFileSync(path.join(FIXTURES, 'create-deployment-pod.json'), 'utf8'));
      review.request.object = bare;
      const decision = decideInjection(parseAdmissionReview(review), { template, selfLabels: {} });
      assert.equal(decision.action, 'inject');
      const injected = applyJsonPatch(bare, decision.action === 'inject' ? decision.patch : []);
      assert.deepEqual(JSON.parse(JSON.stringify(injected.spec)), JSON.parse(JSON.stringify(built.spec)), `settings: ${common.join(', ') || 'defaults'}`);
      await assertValid([{ source: 'injected pod', object: injected as unknown as KubeObject }]);
    }
  });

  test('central mode: injected sidecars get CENTRAL_GATEWAY_URL (this release\'s Service by default) and TOKEN, and no database Secret', () => {
    for (const [set, url] of [
      [['injector.sidecar.centralGateway.tokenSecret.name=governance-sidecar-token'], 'http://gg-governance-gateway.governance.svc:8000'],
      [['injector.sidecar.centralGateway.tokenSecret.name=governance-sidecar-token', 'service.port=8080'], 'http://gg-governance-gateway.governance.svc:8080'],
      [['injector.sidecar.centralGateway.tokenSecret.name=governance-sidecar-token', 'injector.sidecar.centralGateway.url=https://gateway.example.com'], 'https://gateway.example.com'],
    ] as const) {
      const { objects } = rendered(GATEWAY, { values: [INJECTOR_ON], set: [...set] });
      const template = parseSidecarTemplate((objectsOf(objects, 'ConfigMap').find((c) => c.metadata!.name!.endsWith('-injector-template')) as any).data['sidecar.json'], 'sidecar.json');
      const env = template.container.env!;
      assert.equal(env.find((e) => e.name === 'CENTRAL_GATEWAY_URL')?.value, url, set.join(' '));
      assert.deepEqual(env.find((e) => e.name === 'CENTRAL_GATEWAY_TOKEN')?.valueFrom, { secretKeyRef: { name: 'governance-sidecar-token', key: 'token' } });
      assert.equal(env.find((e) => e.name === 'DATABASE_URL'), undefined, 'a sidecar in central mode holds no database credentials');
      assert.equal(env.find((e) => e.name === 'LEDGER_PATH'), undefined);
    }
  });

  test('values.schema.json: injector settings are checked, the sidecar block key by key', () => {
    const cases: Array<[string[], RegExp]> = [
      [['injector.failurePolicy=Sometimes'], /injector[./]failurePolicy/],
      [['injector.sidecar.nativeSidecars=true'], /injector[./]sidecar.*nativeSidecars/],
      [['injector.certManager.enabled=maybe'], /injector[./]certManager[./]enabled/],
      [['injector.replicas=3'], /injector.*replicas/],
    ];
    for (const [set, message] of cases) {
      const result = renderChart(GATEWAY, { values: [INJECTOR_ON], set });
      assert.notEqual(result.status, 0, set.join());
      assert.match(result.stderr, message);
    }
  });
});

describe('documentation and versions stay in sync', () => {
  const defaultsText = /define "governance-sidecar\.defaults" -\}\}\n([\s\S]*?)\{\{- end -\}\}/.exec(readFileSync(path.join(LIBRARY_DIR, 'templates/_defaults.tpl'), 'utf8'))![1]!;
  const defaults = parseYaml(defaultsText) as Record<string, unknown>;
  const OPEN = new Set(['resources', 'securityContext', 'gatewayYaml', 'rateLimitsYaml', 'bundle']);
  const keyPaths = (object: Record<string, unknown>, prefix = ''): string[] => Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) && !OPEN.has(key) ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`]);

  test('the library README documents every default key, and only those', () => {
    const readme = readFileSync(path.join(LIBRARY_DIR, 'README.md'), 'utf8');
    const table = [...readme.matchAll(/^\| `([\w.]+)` \| /gm)].map((m) => m[1]).filter((key) => !key.startsWith('governance-sidecar.'));
    assert.deepEqual([...table].sort(), keyPaths(defaults).sort());
  });

  test('both schemas list exactly the library\'s keys for the sidecar block, identically', () => {
    const example = JSON.parse(readFileSync(path.join(CHARTS_DIR, EXAMPLE, 'values.schema.json'), 'utf8'));
    const gateway = JSON.parse(readFileSync(path.join(CHARTS_DIR, GATEWAY, 'values.schema.json'), 'utf8'));
    const block = example.properties.governanceSidecar;
    const schemaPaths = (schema: any, prefix = ''): string[] => Object.entries(schema.properties as Record<string, any>).flatMap(([key, value]) =>
      value.properties && !OPEN.has(key) ? schemaPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`]);
    assert.deepEqual(schemaPaths(block).sort(), keyPaths(defaults).sort());
    assert.deepEqual(gateway.properties.injector.properties.sidecar.properties, block.properties);
  });

  test('the default sidecar image is this gateway version', () => {
    assert.equal((defaults.image as { tag: string }).tag, PACKAGE_VERSION);
    for (const chart of ['governance-sidecar/Chart.yaml', 'examples/agent/Chart.yaml']) {
      assert.equal((parseYaml(readFileSync(path.join(CHARTS_DIR, chart), 'utf8')) as { appVersion: string }).appVersion, PACKAGE_VERSION);
    }
    const values = parseYaml(readFileSync(path.join(CHARTS_DIR, EXAMPLE, 'values.yaml'), 'utf8'));
    assert.equal(values.governanceSidecar.image.tag, PACKAGE_VERSION);
  });

  test('the example chart\'s README parameters are generated from its values.yaml', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agent-readme-'));
    try {
      const readme = path.join(dir, 'README.md');
      cpSync(path.join(CHARTS_DIR, EXAMPLE, 'README.md'), readme);
      const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/node'), [path.join(REPO_ROOT, 'node_modules/.bin/readme-generator'), '-v', path.join(CHARTS_DIR, EXAMPLE, 'values.yaml'), '-r', readme], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr + run.stdout);
      assert.equal(readFileSync(readme, 'utf8'), readFileSync(path.join(CHARTS_DIR, EXAMPLE, 'README.md'), 'utf8'), 'run: readme-generator -v charts/examples/agent/values.yaml -r charts/examples/agent/README.md');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('docs/kubernetes.md "Adding the sidecar to an agent": its templates exist, its commands inject', () => {
    const guide = readFileSync(path.join(REPO_ROOT, 'docs/kubernetes.md'), 'utf8');
    const start = guide.indexOf('## Adding the sidecar to an agent');
    const section = guide.slice(start, guide.indexOf('\n## ', start + 5));
    const library = ['_container.tpl', '_volumes.tpl', '_agent-env.tpl'].map((file) => readFileSync(path.join(LIBRARY_DIR, 'templates', file), 'utf8')).join('\n');
    const includes = [...section.matchAll(/include "(governance-sidecar\.\w+)"/g)].map((m) => m[1]);
    assert.ok(includes.length >= 5);
    for (const name of includes) assert.match(library, new RegExp(`define "${name.replace('.', '\\.')}"`), name);
    const upgrade = /helm upgrade (\S+) charts\/governance-gateway -n (\S+) --reuse-values((?: --set \S+)+)/.exec(section);
    assert.ok(upgrade, 'a helm upgrade enabling the injector');
    const set = [...upgrade[3]!.matchAll(/--set (\S+)/g)].map((m) => m[1]!);
    const { objects } = rendered(GATEWAY, { release: upgrade[1], namespace: upgrade[2], set: ['database.existingSecret=governance-db', ...set] });
    const [hook] = (objectsOf(objects, 'MutatingWebhookConfiguration')[0] as any).webhooks;
    const label = /kubectl label namespace (\S+) (\S+)=(\S+)/.exec(section)!;
    assert.ok(selects(hook.namespaceSelector, { 'kubernetes.io/metadata.name': label[1]!, [label[2]!]: label[3]! }), 'the labelled namespace is selected');
    const patch = /kubectl -n (\S+) patch deployment \S+ --type merge -p \\\n\s*'([^']+)'/.exec(section)!;
    assert.ok(patch, 'a kubectl patch annotating the agent');
    assert.equal(patch[1], label[1], 'the agent is in the labelled namespace');
    const annotations = JSON.parse(patch[2]!).spec.template.metadata.annotations as Record<string, string>;
    assert.equal(annotations[INJECT_ANNOTATION], 'true');
    // The routes ConfigMap the guide creates in the agent's namespace is the one the pod names, and the one mounted.
    const created = /kubectl -n (\S+) create configmap (\S+) --from-file=gateway\.yaml=/.exec(section)!;
    assert.ok(created, 'the guide creates the agent\'s routes ConfigMap');
    assert.deepEqual([created[1], created[2]], [label[1], annotations['governance-gateway/config-map']]);
    const review = JSON.parse(readFileSync(path.join(FIXTURES, 'create-deployment-pod.json'), 'utf8'));
    review.request.object.metadata.annotations = annotations;
    const template = parseSidecarTemplate((objectsOf(objects, 'ConfigMap').find((c) => c.metadata!.name!.endsWith('-injector-template')) as any).data['sidecar.json'], 'sidecar.json');
    const decision = decideInjection(parseAdmissionReview(review), { template, selfLabels: {} });
    assert.equal(decision.action, 'inject', JSON.stringify(decision));
    const pod = applyJsonPatch(review.request.object as Pod, decision.action === 'inject' ? decision.patch : []);
    assert.equal((pod.spec.volumes!.find((v) => v.name === 'governance-sidecar-config')!.configMap as any).name, created[2]);
  });
});
