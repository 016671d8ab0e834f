// The governance-gateway chart, rendered with `helm template` (or the helm-render stand-in) for
// several value sets. Every manifest is validated against the Kubernetes API schemas, and the
// properties the gateway depends on are checked against the gateway's own code: the port it
// listens on, the routes the probes call, the environment variables it reads, the files it loads.

import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { CHARTS_DIR, REPO_ROOT, chartTests, objectsOf, parseManifests, renderChart, rendererCommand, type RenderResult } from '../../helpers/helm.ts';
import { validateManifests, type SourcedObject } from '../../helpers/kube-validate.ts';
import { startTestGateway } from '../../helpers/gateway.ts';
import { DEFAULT_PORTS, loadConfig } from '../../../src/config/index.ts';
import { systemRoutes } from '../../../src/api/index.ts';
import { createMetrics } from '../../../src/observability/index.ts';
import { createJudgeMetrics } from '../../../src/judge/index.ts';
import { createSidecarMetrics } from '../../../src/proxy/index.ts';
import { POLICY_RELOAD_NAME, loadPolicyBundle, loadPolicyBundleSync } from '../../../src/policy/index.ts';

// Every test here renders a chart: without Helm or its stand-in, one visible skip for the file.
const { describe, test } = chartTests();

const CHART = 'governance-gateway';
const CHART_DIR = path.join(CHARTS_DIR, CHART);
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const run = promisify(execFile);

/** Every file under `dir`, as paths relative to it with `/`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const repoFile = (...parts: string[]) => readFileSync(path.join(REPO_ROOT, ...parts), 'utf8');
/** The chart's own defaults: a start for the user's configuration, never a copy of config/ or policies/. */
const DEFAULT_CONFIG_DIR = path.join(CHART_DIR, 'files/default-config');
const DEFAULT_BUNDLE_DIR = path.join(CHART_DIR, 'files/default-bundle');
const chartFile = (...parts: string[]) => readFileSync(path.join(CHART_DIR, 'files', ...parts), 'utf8');

// ---- value sets ----------------------------------------------------------------------------

const DB = { database: { existingSecret: 'governance-db' } };
const RESEARCH_CATALOG = repoFile('policies/catalog/orchestrator.yaml').replace('id: orchestrator', 'id: research').replace('"orchestrator-*"', '"research-*"');
const DECISION = repoFile('policies/decision.yaml').replace('reviewer_id: oncall-reviewer', 'reviewer_id: security-oncall');
const RATE_LIMITS = 'window_seconds: 60\ndefault: {requests_per_minute: 120, burst: 20}\n';

const VALUE_SETS: Record<string, object[]> = {
  defaults: [DB],
  'all features on': [DB, {
    autoscaling: { enabled: true, targetMemoryUtilizationPercentage: 80 },
    podDisruptionBudget: { enabled: true },
    networkPolicy: {
      enabled: true, allowExternal: false, allowExternalEgress: false,
      ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
      extraEgress: [{ to: [{ ipBlock: { cidr: '0.0.0.0/0' } }], ports: [{ port: 443, protocol: 'TCP' }] }],
    },
    serviceMonitor: { enabled: true, labels: { release: 'prometheus' } },
    prometheusRule: { enabled: true, labels: { release: 'prometheus' }, additionalRules: [{ record: 'governance:decisions:rate5m', expr: 'sum(rate(governance_decisions_total[5m]))' }] },
    migration: { enabled: true },
    tests: { enabled: true },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' }],
    extraEnv: [{ name: 'HOT_PAYLOAD_DAYS', value: '30' }],
    commonLabels: { team: 'sre' }, podAnnotations: { 'example.com/owner': 'sre' }, podLabels: { tier: 'governance' },
    service: { annotations: { 'example.com/lb': 'internal' } }, serviceAccount: { annotations: { 'example.com/role': 'gateway' } },
    gateway: { trustedProxies: ['10.0.0.0/8'], minSdkVersion: '1.2.0' },
  }],
  'existing secrets': [{
    database: { existingSecret: 'ledger-credentials', existingSecretKey: 'DATABASE_URL', sslMode: 'verify-full', schema: 'governance' },
    auth: {
      jwt: { existingSecret: 'jwt-signing', secretKey: 'hs256', jwksUrl: 'https://idp.example.com/.well-known/jwks.json', issuer: 'https://idp.example.com/', audience: 'governance-gateway' },
      bootstrap: { existingSecret: 'gateway-bootstrap', existingSecretKey: 'key' },
    },
    checkpoints: { existingSecret: 'checkpoint-signing', existingSecretKey: 'key.pem' },
    redis: { existingSecret: 'redis-credentials', existingSecretKey: 'url' },
    imagePullSecrets: [{ name: 'regcred' }],
    dataVolume: { existingClaim: 'gateway-data' },
    image: { repository: 'registry.example.com/governance-gateway', digest: `sha256:${'a'.repeat(64)}` },
  }],
  'existing ConfigMaps': [DB, {
    policies: { existingConfigMap: 'security-policies' },
    config: { existingConfigMap: 'gateway-config' },
  }],
  'inline files, chart-made database Secret': [{
    database: { url: 'postgres://gateway:s3cret@db.internal:5432/audit' },
    config: { files: { 'rate_limits.yaml': RATE_LIMITS } },
    policies: { files: { 'catalog/research.yaml': RESEARCH_CATALOG, 'decision.yaml': DECISION } },
  }],
};

/** Values Secrets would hold, by `name/key`, so the rendered environment can be loaded like the pod's. */
const SECRET_VALUES: Record<string, string> = {
  'governance-db/database-url': 'postgres://gateway:pw@db.internal:5432/audit',
  'ledger-credentials/DATABASE_URL': 'postgres://gateway:pw@db.internal:5432/audit?sslmode=verify-full',
  'jwt-signing/hs256': 'x'.repeat(32),
  'gg-governance-gateway-database/database-url': 'postgres://gateway:s3cret@db.internal:5432/audit',
  'gateway-bootstrap/key': `ggk_${'B'.repeat(43)}`,
  'redis-credentials/url': 'redis://:pw@redis.internal:6379/0',
};

/** Secrets the chart itself rendered (bootstrap key, checkpoint key), decoded, by `name/key`. */
const RENDERED_SECRETS: Record<string, string> = {};

const renders = new Map<string, RenderResult>();
function render(name: string): RenderResult {
  if (!renders.has(name)) renders.set(name, renderChart(CHART, { values: VALUE_SETS[name], notes: true }));
  const result = renders.get(name)!;
  assert.equal(result.status, 0, `${name}: ${result.stderr}`);
  for (const { object } of result.objects.filter((o) => o.object.kind === 'Secret')) {
    for (const [key, value] of Object.entries((object as Json).data ?? {})) RENDERED_SECRETS[`${object.metadata!.name}/${key}`] = Buffer.from(value as string, 'base64').toString();
  }
  return result;
}

// ---- reading rendered objects --------------------------------------------------------------

type Json = Record<string, any>;
/** The chart's objects of the gateway itself (the release may hold others, e.g. the injector's). */
const GATEWAY = 'gg-governance-gateway';
const deploymentOf = (objects: SourcedObject[]) => objectsOf(objects, 'Deployment', GATEWAY)[0] as Json;
const migrationJob = (objects: SourcedObject[]) => objectsOf(objects, 'Job', `${GATEWAY}-migrate`)[0] as Json;
const testPodOf = (objects: SourcedObject[]) => objectsOf(objects, 'Pod', `${GATEWAY}-test-health`)[0] as Json;
const podSpecOf = (objects: SourcedObject[]) => deploymentOf(objects).spec.template.spec as Json;
const gatewayContainer = (objects: SourcedObject[]) => podSpecOf(objects).containers.find((c: Json) => c.name === 'gateway') as Json;
const configMap = (objects: SourcedObject[], name: string) => objectsOf(objects, 'ConfigMap', name)[0] as Json;

/** The container's environment as the pod would see it, Secret references resolved from SECRET_VALUES. */
function environmentOf(container: Json): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else {
      const ref = variable.valueFrom?.secretKeyRef;
      assert.ok(ref, `${variable.name}: only values and Secret references are expected`);
      const value = SECRET_VALUES[`${ref.name}/${ref.key}`] ?? RENDERED_SECRETS[`${ref.name}/${ref.key}`];
      assert.ok(value !== undefined, `${variable.name}: no sample value for Secret ${ref.name} key ${ref.key}`);
      env[variable.name] = value;
    }
  }
  return env;
}

/** The variable names src/config/env.ts reads (`env.NAME`). */
const CONFIG_SOURCES = readdirSync(path.join(REPO_ROOT, 'src/config')).filter((file) => file.endsWith('.ts')).map((file) => repoFile(`src/config/${file}`));
const ENV_NAMES_READ = new Set(CONFIG_SOURCES.flatMap((source) => [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1])));

/**
 * Writes a whole-ConfigMap volume the way the kubelet does: the keys as files in a timestamped
 * directory, `..data` pointing at it, and each key at the top level a symlink through `..data`.
 */
function mountConfigMap(data: Record<string, string>, target: string): void {
  const version = '..2026_03_02_10_00_00.000000001';
  mkdirSync(path.join(target, version), { recursive: true });
  for (const [key, text] of Object.entries(data)) {
    writeFileSync(path.join(target, version, key), text);
    symlinkSync(path.join('..data', key), path.join(target, key));
  }
  symlinkSync(version, path.join(target, '..data'));
}

/** Writes the config and policy volumes the way the kubelet would; both are whole-ConfigMap mounts (no items). */
function materializeVolumes(objects: SourcedObject[], dir: string): { configDir: string; policiesDir: string } {
  const spec = podSpecOf(objects);
  const mounts = gatewayContainer(objects).volumeMounts as Json[];
  const dirs: Record<string, string> = {};
  for (const name of ['config', 'policies']) {
    const volume = (spec.volumes as Json[]).find((v) => v.name === name)!;
    assert.equal(volume.configMap.items, undefined, `${name}: a whole-ConfigMap mount, so a key added later is mounted too`);
    const target = path.join(dir, name);
    mountConfigMap(configMap(objects, volume.configMap.name).data, target);
    dirs[mounts.find((m) => m.name === name)!.mountPath] = target;
  }
  const env = environmentOf(gatewayContainer(objects));
  return { configDir: dirs[env.CONFIG_DIR]!, policiesDir: dirs[env.POLICIES_DIR]! };
}

/** A bundle path as the chart's ConfigMap key: `catalog/x.yaml` -> `catalog__x.yaml`. */
const flatKey = (bundlePath: string) => bundlePath.split('/').join('__');

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---- every value set -----------------------------------------------------------------------

for (const name of Object.keys(VALUE_SETS)) {
  describe(`value set: ${name}`, () => {
    test('renders, and every manifest is valid for the Kubernetes API (unknown fields included)', async () => {
      const { objects } = render(name);
      assert.ok(objects.length >= 5);
      assert.deepEqual(await validateManifests(objects), []);
    });

    test('the environment holds only variables the gateway reads, and the gateway accepts it', () => {
      const { objects } = render(name);
      const jobs = objects.filter((o) => o.object.kind === 'Job').map((o) => (o.object as Json).spec.template.spec.containers[0]);
      for (const container of [gatewayContainer(objects), ...jobs]) {
        const env = environmentOf(container);
        for (const variable of Object.keys(env)) assert.ok(ENV_NAMES_READ.has(variable), `${container.name}: ${variable} is not read by src/config`);
        assert.doesNotThrow(() => loadConfig(env, {}, '/app'), `${container.name}: the gateway rejects this environment`);
      }
    });

    test('the gateway listens on the container port, and the Service and probes target it', () => {
      const { objects } = render(name);
      const container = gatewayContainer(objects);
      assert.deepEqual(container.args, ['serve', '--variant', 'edge']);
      const config = loadConfig(environmentOf(container), { variant: container.args[2] }, '/app');
      const port = container.ports.find((p: Json) => p.name === 'http');
      assert.equal(port.containerPort, config.port);
      assert.equal(config.port, DEFAULT_PORTS.edge);
      const service = objectsOf(objects, 'Service', GATEWAY)[0] as Json;
      assert.equal(service.spec.ports[0].targetPort, 'http');
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) assert.equal(container[probe].httpGet.port, 'http', probe);
    });

    test('every pod runs with the restricted security context and no service account token', () => {
      const { objects } = render(name);
      const pods = objects.flatMap(({ object }) => {
        const o = object as Json;
        if (o.kind === 'Deployment' || o.kind === 'Job') return [o.spec.template.spec];
        return o.kind === 'Pod' ? [o.spec] : [];
      });
      assert.ok(pods.length >= 2);
      for (const pod of pods) {
        assert.equal(pod.automountServiceAccountToken, false);
        assert.equal(pod.securityContext.runAsNonRoot, true);
        assert.equal(pod.securityContext.runAsUser, 10001);
        assert.equal(pod.securityContext.seccompProfile.type, 'RuntimeDefault');
        for (const container of pod.containers) {
          const sc = container.securityContext;
          assert.equal(sc.runAsNonRoot, true, container.name);
          assert.equal(sc.readOnlyRootFilesystem, true, container.name);
          assert.equal(sc.allowPrivilegeEscalation, false, container.name);
          assert.deepEqual(sc.capabilities.drop, ['ALL'], container.name);
          assert.equal(sc.seccompProfile.type, 'RuntimeDefault', container.name);
          assert.ok(container.resources?.limits?.memory, `${container.name}: a memory limit`);
        }
      }
    });

    test('no secret in a ConfigMap or a plain env value, and no subPath mount (the kubelet never updates those)', () => {
      const { objects } = render(name);
      for (const { object } of objects.filter((o) => o.object.kind === 'ConfigMap')) {
        assert.doesNotMatch(JSON.stringify(object), /postgres(ql)?:\/\/|s3cret/, `${object.metadata?.name}`);
      }
      const container = gatewayContainer(objects);
      for (const variable of container.env) assert.doesNotMatch(String(variable.value ?? ''), /postgres(ql)?:\/\//, variable.name);
      for (const mount of container.volumeMounts) assert.equal(mount.subPath, undefined, mount.name);
    });
  });
}

// ---- what the defaults make ----------------------------------------------------------------

test('the probes call real GET routes of the gateway: startup and liveness /health/live, readiness /health', () => {
  const container = gatewayContainer(render('defaults').objects);
  const routes = new Set(systemRoutes({} as never).filter((r) => r.method === 'GET').map((r) => r.path));
  assert.equal(container.startupProbe.httpGet.path, '/health/live');
  assert.equal(container.livenessProbe.httpGet.path, '/health/live');
  assert.equal(container.readinessProbe.httpGet.path, '/health');
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
    assert.ok(routes.has(container[probe].httpGet.path), `${probe}: ${container[probe].httpGet.path} is not a route`);
  }
});

test('a gateway started with the chart environment and mounted files answers every probe and loads the chart\'s bundle', async (t) => {
  const { objects } = render('defaults');
  const container = gatewayContainer(objects);
  const { configDir, policiesDir } = materializeVolumes(objects, tempDir(t));
  // The pod's environment, with a SQLite ledger in place of the PostgreSQL one this test has not got.
  const env = Object.fromEntries(Object.entries(environmentOf(container)).filter(([key]) => key !== 'DATABASE_URL' && !key.startsWith('PG_')));
  // The checkpoint key Secret, mounted where CHECKPOINT_KEY_FILE points.
  const keyVolume = podSpecOf(objects).volumes.find((v: Json) => v.name === 'checkpoint-key').secret;
  const keyFile = path.join(tempDir(t), 'checkpoint-key');
  writeFileSync(keyFile, RENDERED_SECRETS[`${keyVolume.secretName}/${keyVolume.items[0].key}`]!);
  const gw = await startTestGateway(t, { env: { ...env, CONFIG_DIR: configDir, POLICIES_DIR: policiesDir, CHECKPOINT_KEY_FILE: keyFile, GATEWAY_VARIANT: container.args[2] } });
  assert.equal(gw.config.authEnabled, true);
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
    const res = await gw.call('GET', container[probe].httpGet.path);
    assert.equal(res.status, 200, probe);
  }
  const health = await gw.call('GET', '/health');
  assert.equal(health.body.policy_version, loadPolicyBundleSync(DEFAULT_BUNDLE_DIR).version);
  // The first call after an install: the bootstrap key of the chart's Secret, enterprise tier.
  const verify = await gw.call('GET', '/v1/audit/chain/verify', undefined, { 'x-service-token': env.BOOTSTRAP_API_KEY! });
  assert.equal(verify.status, 200, verify.text);
});

test('the ConfigMaps hold the chart\'s default config and bundle byte for byte, a bundle file under its flat key', () => {
  const { objects } = render('defaults');
  const config = configMap(objects, 'gg-governance-gateway-config').data;
  assert.deepEqual(Object.keys(config).sort(), filesUnder(DEFAULT_CONFIG_DIR));
  for (const [file, text] of Object.entries(config)) assert.equal(text, chartFile('default-config', file), file);

  const policies = configMap(objects, 'gg-governance-gateway-policies').data as Record<string, string>;
  const defaults = filesUnder(DEFAULT_BUNDLE_DIR);
  assert.deepEqual(Object.keys(policies).sort(), defaults.map(flatKey).sort());
  for (const file of defaults) assert.equal(policies[flatKey(file)], chartFile('default-bundle', file), file);
  const keys = Object.keys(policies);
  assert.ok(keys.includes('catalog__support-agent.yaml') && keys.every((key) => /^[-._a-zA-Z0-9]+$/.test(key)), keys.join(', '));
});

test('the policies ConfigMap, mounted by the kubelet as flat files, loads as the chart\'s default bundle with the same policy_version', async (t) => {
  const { objects } = render('defaults');
  const policiesDir = path.join(tempDir(t), 'policies');
  mountConfigMap(configMap(objects, 'gg-governance-gateway-policies').data, policiesDir);
  assert.ok(readdirSync(policiesDir).includes('catalog__support-agent.yaml'), 'keys are file names, no folders');
  const defaults = loadPolicyBundleSync(DEFAULT_BUNDLE_DIR);
  const mounted = loadPolicyBundleSync(policiesDir);
  assert.equal(mounted.version, defaults.version, 'a ConfigMap-mounted sidecar and a folder-mounted gateway agree on policy_version');
  assert.deepEqual(mounted.sources, defaults.sources);
  assert.deepEqual(mounted.agents.map((agent) => agent.source), defaults.agents.map((agent) => agent.source));
  assert.equal((await loadPolicyBundle(policiesDir)).version, defaults.version);
});

test('ConfigMap values are JSON strings, never block scalars (Helm\'s manifest split drops the final newline of one that ends a document)', () => {
  const { stdout } = render('inline files, chart-made database Secret');
  const documents = stdout.split(/^---$/m).filter((doc) => /^kind: ConfigMap$/m.test(doc));
  assert.equal(documents.length, 2);
  for (const doc of documents) {
    const data = doc.slice(doc.search(/^data:$/m));
    assert.doesNotMatch(data, /^ {2}\S.*: [|>]/m);
    assert.match(data, /^ {2}"[^"]+": "/m);
  }
});

test('policies and routes are the user\'s: no sync script copies the repository\'s files into the chart', () => {
  const scripts = (JSON.parse(repoFile('package.json')) as { scripts: Record<string, string> }).scripts;
  for (const [name, command] of Object.entries(scripts)) assert.doesNotMatch(command, /charts\/governance-gateway\/files/, `npm run ${name} writes into the chart`);
  assert.deepEqual(readdirSync(path.join(CHART_DIR, 'files')).sort(), ['default-bundle', 'default-config']);
});

test('the image is repository:appVersion, and appVersion is the gateway version', () => {
  const chart = parseYaml(readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as Json;
  assert.equal(chart.appVersion, PACKAGE_VERSION);
  assert.equal(chart.apiVersion, 'v2');
  assert.equal(chart.type, 'application');
  assert.equal(gatewayContainer(render('defaults').objects).image, `governance-gateway:${PACKAGE_VERSION}`);
  assert.equal(gatewayContainer(render('existing secrets').objects).image, `registry.example.com/governance-gateway@sha256:${'a'.repeat(64)}`);
});

test('standard labels on every object; the selector is stable across versions', () => {
  const { objects } = render('all features on');
  for (const { object } of objects) {
    const labels = object.metadata?.labels ?? {};
    for (const key of ['app.kubernetes.io/name', 'app.kubernetes.io/instance', 'app.kubernetes.io/version', 'app.kubernetes.io/managed-by', 'helm.sh/chart']) {
      assert.ok(labels[key], `${object.kind} ${object.metadata?.name}: ${key}`);
    }
    assert.equal(labels.team, 'sre', 'commonLabels');
  }
  const selector = deploymentOf(objects).spec.selector.matchLabels;
  assert.deepEqual(Object.keys(selector).sort(), ['app.kubernetes.io/component', 'app.kubernetes.io/instance', 'app.kubernetes.io/name']);
  const constraint = podSpecOf(objects).topologySpreadConstraints[0];
  assert.deepEqual(constraint.labelSelector.matchLabels, selector);
});

// ---- hot reload, secrets, hooks, monitoring ------------------------------------------------

test('hot reload: a config change rolls the pods (checksum/config); a policy change does not, unless asked', () => {
  const annotations = (values: object[]) => {
    const result = renderChart(CHART, { values: [DB, ...values] });
    assert.equal(result.status, 0, result.stderr);
    return (deploymentOf(result.objects).spec.template.metadata.annotations ?? {}) as Record<string, string>;
  };
  const base = annotations([]);
  assert.match(base['checksum/config'], /^[0-9a-f]{64}$/);
  assert.equal(base['checksum/policies'], undefined);
  assert.notEqual(annotations([{ config: { files: { 'rate_limits.yaml': RATE_LIMITS } } }])['checksum/config'], base['checksum/config']);
  assert.deepEqual(annotations([{ policies: { files: { 'decision.yaml': DECISION } } }]), base, 'a policy edit leaves the pod template alone');
  assert.match(annotations([{ policies: { rollOnChange: true } }])['checksum/policies'], /^[0-9a-f]{64}$/);
  assert.equal(annotations([{ config: { rollOnChange: false } }])['checksum/config'], undefined);
});

test('existing Secrets: DATABASE_URL, JWT_SECRET, the bootstrap key, the checkpoint key and REDIS_URL come from them; the chart makes no Secret', () => {
  const { objects } = render('existing secrets');
  assert.equal(objects.filter((o) => o.object.kind === 'Secret').length, 0);
  const container = gatewayContainer(objects);
  const refOf = (name: string) => container.env.find((v: Json) => v.name === name)?.valueFrom?.secretKeyRef;
  assert.deepEqual(refOf('DATABASE_URL'), { name: 'ledger-credentials', key: 'DATABASE_URL' });
  assert.deepEqual(refOf('JWT_SECRET'), { name: 'jwt-signing', key: 'hs256' });
  assert.deepEqual(refOf('BOOTSTRAP_API_KEY'), { name: 'gateway-bootstrap', key: 'key' });
  assert.deepEqual(refOf('REDIS_URL'), { name: 'redis-credentials', key: 'url' });
  const env = environmentOf(container);
  assert.equal(env.PG_SSL, 'verify-full');
  assert.equal(env.JWT_ISSUER, 'https://idp.example.com/');
  const volume = podSpecOf(objects).volumes.find((v: Json) => v.secret);
  assert.equal(volume.secret.secretName, 'checkpoint-signing');
  const mount = container.volumeMounts.find((m: Json) => m.name === volume.name);
  assert.equal(env.CHECKPOINT_KEY_FILE, `${mount.mountPath}/${volume.secret.items[0].path}`);
  assert.equal(volume.secret.items[0].key, 'key.pem');
  assert.equal(podSpecOf(objects).volumes.find((v: Json) => v.name === 'data').persistentVolumeClaim.claimName, 'gateway-data');
  const job = migrationJob(objects);
  assert.equal(job.metadata.annotations['helm.sh/hook'], 'pre-install,pre-upgrade');
  assert.deepEqual(job.spec.template.spec.containers[0].args, ['migrate']);
});

test('database.url: the chart makes the Secret, rolls pods when it changes, and migrates before upgrades only', () => {
  const { objects } = render('inline files, chart-made database Secret');
  const secret = objectsOf(objects, 'Secret', 'gg-governance-gateway-database')[0] as Json;
  assert.equal(Buffer.from(secret.data['database-url'], 'base64').toString(), 'postgres://gateway:s3cret@db.internal:5432/audit');
  assert.match(deploymentOf(objects).spec.template.metadata.annotations['checksum/database-secret'], /^[0-9a-f]{64}$/);
  // Before an install the Secret does not exist yet; the gateways migrate on start-up then.
  assert.equal(migrationJob(objects).metadata.annotations['helm.sh/hook'], 'pre-upgrade');
});

test('inline files replace and add to the shipped ones, and the bundle they make loads', (t) => {
  const { objects } = render('inline files, chart-made database Secret');
  assert.equal(configMap(objects, 'gg-governance-gateway-config').data['rate_limits.yaml'], RATE_LIMITS);
  const { policiesDir } = materializeVolumes(objects, tempDir(t));
  const bundle = loadPolicyBundleSync(policiesDir);
  assert.equal(bundle.sources['decision.yaml'], DECISION);
  assert.equal(bundle.sources['catalog/research.yaml'], RESEARCH_CATALOG);
  assert.equal(bundle.sources['catalog/support-agent.yaml'], chartFile('default-bundle/catalog/support-agent.yaml'));
  assert.equal(bundle.resolveAgent('research-7')?.id, 'research');
});

test('existing ConfigMaps: the chart makes none and mounts them whole, with no list of the bundle\'s files', () => {
  const { objects } = render('existing ConfigMaps');
  assert.equal(objects.filter((o) => o.object.kind === 'ConfigMap').length, 0);
  const volumes = podSpecOf(objects).volumes as Json[];
  assert.deepEqual(volumes.find((v) => v.name === 'config')!.configMap, { name: 'gateway-config' });
  assert.deepEqual(volumes.find((v) => v.name === 'policies')!.configMap, { name: 'security-policies' });
  assert.equal(deploymentOf(objects).spec.template.metadata.annotations?.['checksum/policies'], undefined);
});

test('the PrometheusRule alerts on series the gateway exports', () => {
  const { objects } = render('all features on');
  const rules = (objectsOf(objects, 'PrometheusRule')[0] as Json).spec.groups[0].rules as Json[];
  const alerts = new Map(rules.filter((r) => r.alert).map((r) => [r.alert as string, r.expr as string]));
  const metrics = createMetrics({ killSwitchActive: () => false, policyVersion: () => 'p', scoreVersion: () => 's' });
  // The judge's and the sidecar's series are registered on the same registry by the gateway.
  const judge = createJudgeMetrics(metrics.registry, async () => 0);
  const sidecar = createSidecarMetrics(metrics.registry);
  const exported = new Set(metrics.registry.getMetricsAsArray().map((metric) => metric.name));
  judge.close();
  sidecar.close();
  metrics.close();
  for (const [alert, expr] of alerts) {
    const series = [...expr.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((match) => match[1]);
    assert.ok(series.length > 0, alert);
    for (const name of series) assert.ok(exported.has(name), `${alert}: the gateway exports no ${name}`);
    assert.match(expr, /job="gg-governance-gateway", namespace="governance"/, alert);
  }
  assert.match(alerts.get('GovernanceLedgerAppendFailures')!, /ledger_append_failures_total/);
  assert.match(alerts.get('GovernanceKillSwitchActive')!, /kill_switch_active\{[^}]*\}\) == 1/);
  assert.match(alerts.get('GovernanceHighBlockRate')!, /governance_decisions_total\{[^}]*outcome="block"\}/);
  assert.match(alerts.get('GovernancePolicyReloadRejected')!, new RegExp(`config_last_reload_success\\{[^}]*file="${POLICY_RELOAD_NAME}"\\}`));
  assert.match(alerts.get('GovernanceJudgeFailures')!, /judge_failures_total\{[^}]*\}\[15m\]\)\)\s*\/\s*sum\(rate\(judge_calls_total/);
  assert.match(alerts.get('GovernanceJudgeFailures')!, /\) > 0\.2$/);
  assert.match(alerts.get('GovernanceUpstreamErrorRate')!, /sidecar_events_total\{[^}]*event="upstream_error"\}/);
  assert.match(alerts.get('GovernanceUpstreamErrorRate')!, /\) > 0\.05$/);
  assert.ok(rules.some((r) => r.record === 'governance:decisions:rate5m'), 'additionalRules');
  const monitor = objectsOf(objects, 'ServiceMonitor')[0] as Json;
  assert.deepEqual(monitor.spec.endpoints.map((e: Json) => [e.port, e.path]), [['http', '/metrics']]);
  assert.equal(monitor.metadata.labels.release, 'prometheus');
});

test('the NetworkPolicy admits the test pod and the listed peers, and lets the gateway reach DNS and PostgreSQL', () => {
  const { objects } = render('all features on');
  const policy = (objectsOf(objects, 'NetworkPolicy')[0] as Json).spec;
  const testPod = testPodOf(objects);
  const [clientLabel] = Object.entries(policy.ingress[0].from[0].podSelector.matchLabels)[0] as [string, string];
  assert.equal(testPod.metadata.labels[clientLabel], 'true');
  assert.ok(policy.ingress[0].from.some((peer: Json) => peer.namespaceSelector));
  const egressPorts = policy.egress.flatMap((rule: Json) => rule.ports.map((p: Json) => p.port));
  assert.deepEqual(egressPorts, [53, 53, 5432, 443]);
});

test('helm test: the pod runs the gateway image\'s node against the Service, and its script passes or fails with /health', async (t) => {
  const { objects } = render('defaults');
  const pod = testPodOf(objects);
  assert.equal(pod.metadata.annotations['helm.sh/hook'], 'test');
  const [container] = pod.spec.containers;
  assert.equal(container.image, gatewayContainer(objects).image);
  assert.deepEqual(container.command, ['node', '-e']);
  const url = container.env.find((v: Json) => v.name === 'HEALTH_URL').value;
  assert.equal(url, 'http://gg-governance-gateway.governance.svc:8000/health');

  const gw = await startTestGateway(t);
  const script = (healthUrl: string) => run(process.execPath, ['-e', container.args[0]], { env: { ...process.env, HEALTH_URL: healthUrl } });
  const passed = await script(`${gw.url}/health`);
  assert.match(passed.stdout, /-> 200 /);
  await gw.ledger.close();
  await assert.rejects(script(`${gw.url}/health`), (error: { code?: number; stdout?: string }) => error.code === 1 && /-> 503 /.test(error.stdout ?? ''));
});

test('NOTES.txt tells how to reach and check the gateway and where its policies live', () => {
  const { notes } = render('defaults');
  assert.match(notes, /kubectl -n governance port-forward svc\/gg-governance-gateway 8000:8000/);
  assert.match(notes, /curl -s http:\/\/localhost:8000\/health/);
  assert.match(notes, /\/metrics/);
  assert.match(notes, /\/etc\/governance\/policies from ConfigMap gg-governance-gateway-policies/);
  assert.match(notes, /helm test gg/);
});

test('docs/kubernetes.md: its helm commands work with this chart', () => {
  const section = repoFile('docs/kubernetes.md');
  const install = /helm install (\S+) charts\/governance-gateway -n (\S+)((?:\s*\\?\n?\s*--set \S+)+)/.exec(section);
  assert.ok(install, 'a helm install command');
  const [, release, namespace, flags] = install;
  const set = [...flags.matchAll(/--set (\S+)/g)].map((match) => match[1]);
  const result = renderChart(CHART, { release, namespace, set });
  assert.equal(result.status, 0, result.stderr);
  const service = objectsOf(result.objects, 'Service', `${release}-governance-gateway`)[0];
  assert.ok(section.includes(`port-forward svc/${service.metadata!.name} 8000:8000`), 'the port-forward names the Service');
  const secret = /create secret generic (\S+) \\\n\s*--from-literal=([\w-]+)=/.exec(section);
  const ref = (gatewayContainer(result.objects).env as Json[]).find((v) => v.name === 'DATABASE_URL')!.valueFrom.secretKeyRef;
  assert.deepEqual([secret?.[1], secret?.[2]], [ref.name, ref.key], 'the Secret the README creates is the one the chart reads');

  // --set-file with an escaped dot: the key is the bundle path.
  const setFile = /--set-file '([^=]+)=[^']+'/.exec(section);
  assert.ok(setFile, 'a --set-file policy example');
  const [command, ...prefix] = rendererCommand();
  const catalog = path.join(REPO_ROOT, 'policies/catalog/support-agent.yaml');
  const args = [...prefix, release, CHART_DIR, '-n', namespace, '--set', 'database.existingSecret=db', '--set-file', `${setFile[1]}=${catalog}`];
  const rendered = spawnSync(command!, args, { encoding: 'utf8' });
  assert.equal(rendered.status, 0, rendered.stderr);
  const policies = configMap(parseManifests(rendered.stdout), `${release}-governance-gateway-policies`).data;
  assert.equal(policies['catalog__support-agent.yaml'], readFileSync(catalog, 'utf8'));
});

test('docs/kubernetes.md "Roll out a policy change": the security team\'s kubectl command makes the chart\'s flat keys, and the bundle loads', async (t) => {
  const guide = repoFile('docs/kubernetes.md');
  const start = guide.indexOf('## Roll out a policy change');
  const section = guide.slice(start, guide.indexOf('\n## ', start + 5));
  const script = /```sh\n((?:(?!```)[\s\S])*create configmap(?:(?!```)[\s\S])*)```/.exec(section)?.[1]?.replace(/^ {2}/gm, '');
  assert.ok(script, 'a sh block creating the ConfigMap');
  // kubectl and helm stand-ins that record their arguments, one invocation per line.
  const dir = tempDir(t);
  const log = path.join(dir, 'calls.jsonl');
  for (const tool of ['kubectl', 'helm']) {
    writeFileSync(path.join(dir, tool), `#!/usr/bin/env node\nrequire('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(['${tool}', ...process.argv.slice(2)]) + '\\n');\n`, { mode: 0o755 });
  }
  const bin = path.dirname(process.execPath);
  await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: REPO_ROOT, env: { ...process.env, PATH: `${dir}:${bin}:${process.env.PATH}` } });
  const calls = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as string[]);
  const create = calls.find((call) => call[0] === 'kubectl' && call.includes('create'))!;
  assert.deepEqual(create.slice(1, 6), ['-n', 'governance', 'create', 'configmap', 'security-policies']);
  const data: Record<string, string> = {};
  for (const arg of create.filter((a) => a.startsWith('--from-file='))) {
    const [key, file] = arg.slice('--from-file='.length).split('=');
    data[key!] = readFileSync(path.join(REPO_ROOT, 'policies', file!), 'utf8');
  }
  const chartKeys = configMap(render('defaults').objects, 'gg-governance-gateway-policies').data as Record<string, string>;
  assert.deepEqual(data, chartKeys, 'the same keys and texts as the ConfigMap the chart makes');
  const mounted = path.join(dir, 'mounted');
  mountConfigMap(data, mounted);
  assert.equal(loadPolicyBundleSync(mounted).version, loadPolicyBundleSync(path.join(REPO_ROOT, 'policies')).version);

  const upgrade = calls.find((call) => call[0] === 'helm')!;
  const set = upgrade.flatMap((arg, i) => (upgrade[i - 1] === '--set' ? [arg] : []));
  const result = renderChart(CHART, { release: upgrade[2], namespace: upgrade[upgrade.indexOf('-n') + 1], set: ['database.existingSecret=db', ...set] });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual((podSpecOf(result.objects).volumes as Json[]).find((v) => v.name === 'policies')!.configMap, { name: 'security-policies' });
});

// ---- values: schema and documentation ------------------------------------------------------

describe('bad values fail the install with a message naming the key', () => {
  const failing = (values: object[], ...expected: RegExp[]) => () => {
    const result = renderChart(CHART, { values });
    assert.notEqual(result.status, 0, 'the render should fail');
    for (const pattern of expected) assert.match(result.stderr, pattern);
  };
  test('a wrong type', failing([DB, { replicaCount: 'two' }], /replicaCount/, /integer/));
  test('an unknown top-level key', failing([DB, { replicaCont: 2 }], /replicaCont/, /additional propert/i));
  test('an unknown nested key', failing([DB, { autoscaling: { enable: true } }], /enable/, /additional propert/i));
  test('a value outside its enum', failing([DB, { gateway: { logLevel: 'loud' } }], /logLevel/));
  test('a policy file outside the bundle layout', failing([DB, { policies: { files: { 'catalogs/x.yaml': 'id: x\n' } } }], /catalogs\/x\.yaml|policies\.files/));
  test('no database', failing([], /database\.existingSecret is required/));
  test('both database.existingSecret and database.url', failing([DB, { database: { url: 'postgres://db/x' } }], /not both/));
  test('a JWKS without issuer and audience', failing([DB, { auth: { jwt: { jwksUrl: 'https://idp.example.com/jwks' } } }], /auth\.jwt\.issuer and auth\.jwt\.audience are required/));
  test('the retired policies.existingConfigMapFiles', failing([DB, { policies: { existingConfigMap: 'security-policies', existingConfigMapFiles: ['decision.yaml'] } }], /existingConfigMapFiles/));
});

test('values.schema.json is draft-07 and closed at every level the chart owns', () => {
  const schema = JSON.parse(readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8')) as Json;
  assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  const open: string[] = [];
  const walk = (node: Json, at: string) => {
    if (node.properties) {
      if (node.additionalProperties !== false) open.push(at || '(root)');
      for (const [key, child] of Object.entries(node.properties)) walk(child as Json, at ? `${at}.${key}` : key);
    }
  };
  walk(schema, '');
  assert.deepEqual(open, []);
  // Helm adds `global` and each dependency's own values beside the chart's values.yaml keys.
  const values = parseYaml(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Json;
  const chart = parseYaml(readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as Json;
  const added = new Set(['global', ...(chart.dependencies ?? []).map((dependency: Json) => dependency.alias ?? dependency.name)]);
  assert.deepEqual(Object.keys(values).sort(), Object.keys(schema.properties).filter((key) => !added.has(key)).sort());
});

test('README.md\'s parameter tables are what readme-generator makes from values.yaml (npm run charts:readme)', async (t) => {
  const dir = tempDir(t);
  cpSync(path.join(CHART_DIR, 'README.md'), path.join(dir, 'README.md'));
  cpSync(path.join(CHART_DIR, 'values.yaml'), path.join(dir, 'values.yaml'));
  const generator = path.join(REPO_ROOT, 'node_modules/@bitnami/readme-generator-for-helm/bin/index.js');
  await run(process.execPath, [generator, '-v', path.join(dir, 'values.yaml'), '-r', path.join(dir, 'README.md')]);
  // Not a deepEqual: a diff of two whole READMEs says less than the hint.
  assert.ok(readFileSync(path.join(CHART_DIR, 'README.md'), 'utf8') === readFileSync(path.join(dir, 'README.md'), 'utf8'),
    `charts/${CHART}/README.md is out of date: run npm run charts:readme`);
  assert.match(readFileSync(path.join(dir, 'README.md'), 'utf8'), /^## Parameters$/m);
});

