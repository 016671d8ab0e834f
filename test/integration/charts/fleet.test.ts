// The fleet docs/kubernetes.md installs, rendered with its exact `helm install` commands (read
// from the file, so the docs and this test cannot drift apart): the central gateway chart and the
// example agent chart in their own namespaces. Checks that the result can answer: every manifest
// valid for the Kubernetes API, the bootstrap credential and the checkpoint signing key present
// and the same Secret for every replica, the ConfigMaps mounted where CONFIG_DIR/POLICIES_DIR
// point, a PDB and spreading for the replicas, the sidecar pointed at the gateway's Service with
// no database credentials, helm test pods in both. Then the agent's rendered routes and bundle
// run in a real sidecar against the chart's mock tool server, making the helm test's two calls.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CHARTS_DIR, REPO_ROOT, chartTests, objectsOf, parseManifests, probeHelm, rendererCommand } from '../../helpers/helm.ts';
import { validateManifests, type SourcedObject } from '../../helpers/kube-validate.ts';
import { startTestGateway } from '../../helpers/gateway.ts';
import { isApiKeyFormat } from '../../../src/auth/index.ts';
import { loadCheckpointSigner } from '../../../src/ledger/index.ts';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';

type Json = Record<string, any>;
// Without Helm or its stand-in: one visible skip (REQUIRE_HELM=1 makes it a failure).
const { describe, test } = chartTests();
const DOC = readFileSync(path.join(REPO_ROOT, 'docs/kubernetes.md'), 'utf8');

/** The shell lines between the chart-install markers, `\`-continuations joined. */
function installScript(): string[] {
  const block = /<!-- chart-install:begin -->([\s\S]*?)<!-- chart-install:end -->/.exec(DOC)?.[1];
  assert.ok(block, 'docs/kubernetes.md has the chart-install block');
  return block.replace(/^```.*$/gm, '').replace(/\\\n\s*/g, '').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
}

/** Splits a command line the way sh does for quotes and backslashes (no expansions). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; line[j] !== '"'; j += 1) word += line[j] === '\\' ? line[++j] : line[j];
      i = j;
      inWord = true;
    } else if (c === '\\') {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

interface Install { release: string; chart: string; namespace: string; objects: SourcedObject[]; notes: string }

/** Each `helm install` of the docs, rendered as `helm template` would (the stand-in without Helm). */
function renderInstalls(): Install[] {
  const [command, ...prefix] = rendererCommand();
  return installScript().filter((line) => line.startsWith('helm install ')).map((line) => {
    const [, , release, chart, ...flags] = shellWords(line);
    const namespace = flags[flags.indexOf('--namespace') + 1]!;
    const args = [...prefix, release!, chart!, ...flags, command === 'helm' ? '--render-subchart-notes' : '--notes'];
    if (command !== 'helm') args.push('--validate-values-schema');
    const run = spawnSync(command!, args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, `${line}\n${run.stderr}`);
    const marker = run.stdout.search(/^NOTES:$/m);
    const manifests = marker < 0 ? run.stdout : run.stdout.slice(0, marker);
    return { release: release!, chart: chart!, namespace, objects: parseManifests(manifests), notes: marker < 0 ? '' : run.stdout.slice(marker) };
  });
}

const installs = probeHelm().skip ? [] : renderInstalls();
const gatewayInstall = installs.find((i) => i.chart === 'charts/governance-gateway')!;
const agentInstall = installs.find((i) => i.chart === 'charts/examples/agent')!;

const podTemplate = (objects: SourcedObject[], name?: string) => (objectsOf(objects, 'Deployment', name)[0] as Json).spec.template as Json;
const envOf = (container: Json): Map<string, Json> => new Map((container.env ?? []).map((e: Json) => [e.name, e]));
const secretData = (objects: SourcedObject[], name: string, key: string): string => {
  const secret = objectsOf(objects, 'Secret', name)[0] as Json;
  assert.ok(secret.data?.[key], `Secret ${name} has ${key}`);
  return Buffer.from(secret.data[key], 'base64').toString('utf8');
};

/** A ConfigMap volume written the way the kubelet does (timestamped dir, `..data` symlink). */
function mountConfigMap(data: Record<string, string>, target: string): void {
  const version = '..2026_03_02_10_00_00.000000001';
  mkdirSync(path.join(target, version), { recursive: true });
  for (const [key, text] of Object.entries(data)) {
    writeFileSync(path.join(target, version, key), text);
    symlinkSync(path.join('..data', key), path.join(target, key));
  }
  symlinkSync(version, path.join(target, '..data'));
}

/** Each ConfigMap volume of `container` is a ConfigMap this render makes, mounted at the directory `envName` names. */
function assertMountedAt(objects: SourcedObject[], pod: Json, container: Json, volumeName: string, envName: string, namespace: string): Json {
  const volume = (pod.spec.volumes as Json[]).find((v) => v.name === volumeName)!;
  const configMap = objectsOf(objects, 'ConfigMap', volume.configMap.name)[0] as Json;
  if (configMap.metadata.namespace !== undefined) assert.equal(configMap.metadata.namespace, namespace, `${configMap.metadata.name} is in the pod's namespace`);
  const mount = (container.volumeMounts as Json[]).find((m) => m.name === volumeName)!;
  assert.equal(mount.subPath, undefined, 'a whole-ConfigMap mount, so hot reload sees the symlink swap');
  assert.equal(envOf(container).get(envName)?.value, mount.mountPath, `${envName} is where ${volume.configMap.name} is mounted`);
  return configMap;
}

describe('docs/kubernetes.md: the central gateway as installed', () => {
  const { objects, namespace, notes } = gatewayInstall;
  const pod = podTemplate(objects);
  const gateway = (pod.spec.containers as Json[]).find((c) => c.name === 'gateway')!;
  const env = envOf(gateway);

  test('every manifest is valid for the Kubernetes API', async () => {
    assert.deepEqual(await validateManifests(objects), []);
  });

  test('the bootstrap credential: one Secret, created once and kept, that every replica reads; NOTES say how to read it', () => {
    const ref = env.get('BOOTSTRAP_API_KEY')?.valueFrom?.secretKeyRef;
    assert.ok(ref, 'BOOTSTRAP_API_KEY comes from a Secret');
    assert.ok(isApiKeyFormat(secretData(objects, ref.name, ref.key)), 'an API key the gateway accepts');
    const secret = objectsOf(objects, 'Secret', ref.name)[0] as Json;
    assert.equal(secret.metadata.annotations['helm.sh/resource-policy'], 'keep');
    assert.ok(((objectsOf(objects, 'Deployment')[0] as Json).spec.replicas as number) >= 2, 'replicas share the one pod template, hence the one Secret');
    assert.ok(notes.includes(`kubectl -n ${namespace} get secret ${ref.name} -o jsonpath='{.data.${ref.key}}' | base64 -d`), notes);
    assert.match(installScript().join('\n'), new RegExp(`get secret ${ref.name}\\b`), 'the docs read the Secret the chart makes');
  });

  test('one checkpoint signing key for every replica, from a Secret created once', async () => {
    const volume = (pod.spec.volumes as Json[]).find((v) => v.name === 'checkpoint-key')!.secret;
    const mount = (gateway.volumeMounts as Json[]).find((m) => m.name === 'checkpoint-key')!;
    assert.equal(env.get('CHECKPOINT_KEY_FILE')?.value, `${mount.mountPath}/${volume.items[0].path}`);
    const pem = secretData(objects, volume.secretName, volume.items[0].key);
    const signer = await loadCheckpointSigner({ key: pem, generatedKeyPath: null });
    assert.equal(signer.alg, 'EdDSA');
    assert.equal((objectsOf(objects, 'Secret', volume.secretName)[0] as Json).metadata.annotations['helm.sh/resource-policy'], 'keep');
  });

  test('routes and the bundle are ConfigMaps mounted where CONFIG_DIR and POLICIES_DIR point; the --set-file policy is in it', (t) => {
    assertMountedAt(objects, pod, gateway, 'config', 'CONFIG_DIR', namespace);
    const policies = assertMountedAt(objects, pod, gateway, 'policies', 'POLICIES_DIR', namespace);
    assert.equal(policies.data['catalog__support-agent.yaml'], readFileSync(path.join(REPO_ROOT, 'policies/catalog/support-agent.yaml'), 'utf8'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-policies-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    mountConfigMap(policies.data, path.join(dir, 'policies'));
    assert.ok(loadPolicyBundleSync(path.join(dir, 'policies')).resolveAgent('support-agent'));
  });

  test('two replicas: a PodDisruptionBudget over them, spread across nodes and zones', () => {
    const pdb = objectsOf(objects, 'PodDisruptionBudget')[0] as Json;
    for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels)) assert.equal(pod.metadata.labels[key], value, key);
    assert.equal(pdb.spec.minAvailable, 1);
    const keys = (pod.spec.topologySpreadConstraints as Json[]).map((c) => c.topologyKey);
    assert.deepEqual(keys.sort(), ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    assert.ok(pod.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.length > 0);
  });

  test('a helm test pod', () => {
    assert.ok(objects.some(({ object }) => object.kind === 'Pod' && object.metadata?.annotations?.['helm.sh/hook'] === 'test'));
  });
});

describe('docs/kubernetes.md: the example agent in its own namespace', () => {
  const { objects, namespace } = agentInstall;
  const pod = podTemplate(objects, undefined);
  const containers = [...(pod.spec.initContainers ?? []), ...pod.spec.containers] as Json[];
  const sidecar = containers.find((c) => c.name === 'governance-sidecar')!;
  const env = envOf(sidecar);

  test('every manifest is valid for the Kubernetes API', async () => {
    assert.deepEqual(await validateManifests(objects), []);
  });

  test('the sidecar records through the central gateway\'s Service, with a token Secret of the agent\'s namespace and no database credentials', () => {
    const service = objectsOf(gatewayInstall.objects, 'Service')[0] as Json;
    assert.equal(env.get('CENTRAL_GATEWAY_URL')?.value, `http://${service.metadata.name}.${gatewayInstall.namespace}.svc:${service.spec.ports[0].port}`);
    const token = env.get('CENTRAL_GATEWAY_TOKEN')?.valueFrom?.secretKeyRef;
    assert.ok(token);
    assert.ok(installScript().some((line) => line.startsWith(`kubectl -n ${namespace} create secret generic ${token.name} --from-literal=${token.key}=`)), 'the docs create that Secret');
    assert.ok(agentInstall.notes.includes(`kubectl -n ${namespace} create secret generic ${token.name} --from-literal=${token.key}=`), 'NOTES say how to create it');
    for (const name of ['DATABASE_URL', 'LEDGER_PATH']) assert.equal(env.get(name), undefined, `${name}: no ledger of its own`);
  });

  test('its routes and bundle are its own ConfigMaps, mounted where CONFIG_DIR and POLICIES_DIR point; routes reach the mock tool Service', () => {
    const config = assertMountedAt(objects, pod, sidecar, 'governance-sidecar-config', 'CONFIG_DIR', namespace);
    assertMountedAt(objects, pod, sidecar, 'governance-sidecar-policies', 'POLICIES_DIR', namespace);
    const routes = (parseYaml(config.data['gateway.yaml']) as Json).routes as Json[];
    const services = new Map(objects.filter((o) => o.object.kind === 'Service').map((o) => [o.object.metadata!.name!, o.object as Json]));
    for (const route of routes) {
      const upstream = new URL(route.upstream);
      assert.equal(services.get(upstream.hostname)?.spec.ports[0].port, Number(upstream.port), `${route.name}: ${route.upstream} is a Service of the chart`);
    }
  });

  test('every image names its registry', () => {
    const images = objects.flatMap(({ object }) => {
      const spec = (object as Json).kind === 'Pod' ? (object as Json).spec : (object as Json).spec?.template?.spec;
      return spec ? [...(spec.initContainers ?? []), ...spec.containers].map((c: Json) => c.image as string) : [];
    });
    assert.ok(images.length >= 4);
    for (const image of images) assert.match(image, /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\//, image);
  });

  test('helm test: the chart\'s two calls through a sidecar of the chart\'s settings, against the chart\'s mock tool server', async (t) => {
    const testPod = objects.find(({ object }) => object.kind === 'Pod' && object.metadata?.annotations?.['helm.sh/hook'] === 'test')?.object as Json;
    assert.ok(testPod, 'a helm test pod');
    assert.deepEqual(testPod.spec.initContainers.map((c: Json) => [c.name, c.restartPolicy]), [['governance-sidecar', 'Always']], 'a native sidecar: the pod completes with the test');
    const script = testPod.spec.containers[0].command.join('\n') as string;
    const [allowedPath, blockedPath] = [...script.matchAll(/"\$TOOLS_URL(\/[^"]+)"/g)].map((m) => `/tools${m[1]}`);

    // The chart's own mock tool server, and the sidecar's ConfigMaps with the route sent to it.
    const { startMockTools } = await import(path.join(CHARTS_DIR, 'examples/agent/files/mock-tools-server.mjs')) as { startMockTools(o: object): Promise<import('node:http').Server> };
    const tools = await startMockTools({ port: 0, host: '127.0.0.1' });
    t.after(() => new Promise((resolve) => tools.close(resolve)));
    const toolsUrl = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-agent-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const volumes = new Map<string, Json>((testPod.spec.volumes as Json[]).map((v) => [v.name, v]));
    const configData = { ...(objectsOf(objects, 'ConfigMap', volumes.get('governance-sidecar-config')!.configMap.name)[0] as Json).data };
    const gatewayYaml = parseYaml(configData['gateway.yaml']) as Json;
    for (const route of gatewayYaml.routes) route.upstream = toolsUrl;
    configData['gateway.yaml'] = stringifyYaml(gatewayYaml);
    mountConfigMap(configData, path.join(dir, 'config'));
    mountConfigMap((objectsOf(objects, 'ConfigMap', volumes.get('governance-sidecar-policies')!.configMap.name)[0] as Json).data, path.join(dir, 'policies'));

    // The sidecar with the pod's environment; its ledger here is a local SQLite file, as the
    // central gateway's client is not this test's subject.
    const sidecarEnv: Record<string, string> = {};
    for (const entry of testPod.spec.initContainers[0].env as Json[]) if (entry.value !== undefined) sidecarEnv[entry.name] = entry.value;
    assert.ok(sidecarEnv.CENTRAL_GATEWAY_URL, 'the sidecar records through the central gateway');
    delete sidecarEnv.CENTRAL_GATEWAY_URL;
    // AGENT_ID comes from the pod's label through the downward API.
    sidecarEnv.AGENT_ID = testPod.metadata.labels['app.kubernetes.io/name'];
    const gw = await startTestGateway(t, {
      env: { ...sidecarEnv, CONFIG_DIR: path.join(dir, 'config'), POLICIES_DIR: path.join(dir, 'policies') },
      agentId: testPod.metadata.labels['app.kubernetes.io/name'],
    });
    const allowed = await gw.call('GET', allowedPath!);
    assert.equal(allowed.status, 200, allowed.text);
    assert.ok(allowed.body.results.length > 0, 'the mock tool answered');
    const blocked = await gw.call('GET', blockedPath!);
    assert.equal(blocked.status, 403, blocked.text);
    assert.equal(blocked.body.code, 'TOOL_CALL_BLOCKED');
    const calls = await (await fetch(`${toolsUrl}/calls`)).json();
    assert.deepEqual(calls, { search_kb: 1 }, 'the blocked call never reached the tool');
  });
});

// The stand-in renderer resolves a chart's file:// dependencies in place; Helm does not: `helm
// install` of a chart whose Chart.yaml lists a dependency missing from its charts/ folder fails
// ("You may need to run `helm dependency build`"). So every documented install of such a chart
// must build its dependencies first, in the same block of commands.
test('every documented helm install of a chart with dependencies runs helm dependency build first', () => {
  const documents = ['docs/kubernetes.md', 'charts/governance-gateway/README.md', 'charts/examples/agent/README.md', 'charts/governance-sidecar/README.md'];
  const missing: string[] = [];
  let installs = 0;
  for (const document of documents) {
    const text = readFileSync(path.join(REPO_ROOT, document), 'utf8');
    for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      const lines = block[1]!.replace(/\\\n\s*/g, '').split('\n').map((line) => line.replace(/#.*$/, '').trim());
      const built = new Set<string>();
      for (const line of lines) {
        const words = shellWords(line);
        if (words[0] !== 'helm') continue;
        if (words[1] === 'dependency' && words[2] === 'build') built.add(path.normalize(words[3]!));
        if (words[1] !== 'install') continue;
        installs += 1;
        const chart = path.normalize(words[3]!);
        const meta = parseYaml(readFileSync(path.join(REPO_ROOT, chart, 'Chart.yaml'), 'utf8')) as Json;
        if ((meta.dependencies ?? []).length > 0 && !built.has(chart)) missing.push(`${document}: helm install … ${chart} without helm dependency build ${chart} before it`);
      }
    }
  }
  assert.ok(installs >= 4, `found the documented installs (${installs})`);
  assert.deepEqual(missing, []);
});
