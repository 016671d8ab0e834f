// The injector's JSON Patch, from real admission.k8s.io/v1 AdmissionReview documents: each patch
// is applied to its pod with a strict RFC 6902 applier and the resulting Pod is validated against
// the Kubernetes API schema (unknown fields rejected). The sidecar templates are the ones the
// gateway chart renders (a chart test keeps the fixtures equal to the chart's output).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  CONFIG_MAP_ANNOTATION, CONFIG_VOLUME, POLICIES_CONFIG_MAP_ANNOTATION, POLICIES_VOLUME, STATUS_ANNOTATION, buildInjectionPatch, decideInjection, jsonPointer, parseAdmissionReview, parseSidecarTemplate,
  type AdmissionRequest, type Container, type InjectionDecision, type Pod, type SidecarTemplate,
} from '../../../src/injector/index.ts';
import { applyJsonPatch, pointerTokens } from '../../helpers/json-patch.ts';
import { validateManifests } from '../../helpers/kube-validate.ts';

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/admission-reviews');
const SELF = { 'app.kubernetes.io/name': 'governance-gateway', 'app.kubernetes.io/instance': 'gg' };

function fixture(name: string): AdmissionRequest {
  return parseAdmissionReview(JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')));
}

function template(placement: 'classic' | 'native'): SidecarTemplate {
  const file = path.join(FIXTURES, `sidecar-template-${placement}.json`);
  return parseSidecarTemplate(readFileSync(file, 'utf8'), file);
}

function decide(request: AdmissionRequest, placement: 'classic' | 'native' = 'classic'): InjectionDecision {
  return decideInjection(request, { template: template(placement), selfLabels: SELF });
}

/** Applies the decision's patch, validates the Pod strictly, and returns it. */
async function injected(request: AdmissionRequest, placement: 'classic' | 'native'): Promise<{ pod: Pod; decision: InjectionDecision & { action: 'inject' } }> {
  const decision = decide(request, placement);
  assert.equal(decision.action, 'inject', JSON.stringify(decision));
  const pod = applyJsonPatch(request.object as Pod, decision.patch);
  // The API server sends a new pod's unset creationTimestamp as null, which the schema's typed
  // view does not allow: leave it out of the check, validate everything else.
  const checked = structuredClone(pod);
  if (checked.metadata?.creationTimestamp === null) delete checked.metadata.creationTimestamp;
  const problems = await validateManifests([{ source: `patched ${request.uid} (${placement})`, object: checked as never }]);
  assert.deepEqual(problems, []);
  return { pod, decision };
}

function sidecarOf(pod: Pod, placement: 'classic' | 'native'): Container {
  const list = placement === 'native' ? pod.spec.initContainers ?? [] : pod.spec.containers;
  const found = list.filter((container) => container.name === 'governance-sidecar');
  assert.equal(found.length, 1);
  return found[0]!;
}

function envValue(container: Container, name: string): unknown {
  const entry = container.env?.find((item) => item.name === name);
  return entry?.value ?? entry?.valueFrom;
}

describe('jsonPointer', () => {
  test('escapes ~ before / (RFC 6901), so each key stays one token', () => {
    assert.equal(jsonPointer('metadata', 'annotations', 'governance-gateway/status'), '/metadata/annotations/governance-gateway~1status');
    assert.equal(jsonPointer('a~b', 'c/d', '~1'), '/a~0b/c~1d/~01');
    assert.equal(jsonPointer('spec', 'containers', 0, 'env', '-'), '/spec/containers/0/env/-');
  });

  test('any key survives the round trip through a pointer', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', '.', '-') })), (tokens) => {
      assert.deepEqual(pointerTokens(jsonPointer(...tokens)), tokens);
    }));
  });
});

describe('a Deployment pod without init containers', () => {
  const request = fixture('create-deployment-pod');

  test('native: /spec/initContainers is created holding the sidecar with restartPolicy Always', async () => {
    const { pod, decision } = await injected(request, 'native');
    assert.ok(decision.patch.some((op) => op.path === '/spec/initContainers' && Array.isArray(op.value)));
    assert.equal(pod.spec.initContainers!.length, 1);
    const sidecar = sidecarOf(pod, 'native');
    assert.equal(sidecar.restartPolicy, 'Always');
    assert.deepEqual(pod.spec.containers.map((c) => c.name), ['agent']);
    assert.deepEqual(envValue(sidecar, 'AGENT_ID'), { fieldRef: { fieldPath: "metadata.labels['app.kubernetes.io/name']" } });
    assert.deepEqual(decision.warnings, []);
  });

  test('classic: the sidecar is appended to containers; the agent and its env are untouched', async () => {
    const { pod } = await injected(request, 'classic');
    assert.deepEqual(pod.spec.containers.map((c) => c.name), ['agent', 'governance-sidecar']);
    assert.equal(pod.spec.initContainers, undefined);
    assert.equal(sidecarOf(pod, 'classic').restartPolicy, undefined);
    assert.deepEqual(pod.spec.containers[0], (request.object as Pod).spec.containers[0]);
  });

  test('volumes are appended after the service-account volume; the status annotation is set', async () => {
    const { pod, decision } = await injected(request, 'classic');
    assert.deepEqual(pod.spec.volumes!.map((v) => v.name), [
      'kube-api-access-5xq2m', 'governance-sidecar-config', 'governance-sidecar-policies', 'governance-sidecar-data', 'governance-sidecar-tmp',
    ]);
    assert.ok(decision.patch.some((op) => op.path === '/metadata/annotations/governance-gateway~1status'));
    assert.equal(pod.metadata!.annotations![STATUS_ANNOTATION], 'injected');
    assert.equal(pod.metadata!.annotations!['governance-gateway/inject'], 'true');
  });

  test('the patch only adds', () => {
    const decision = decide(request);
    assert.equal(decision.action, 'inject');
    if (decision.action === 'inject') assert.deepEqual(new Set(decision.patch.map((op) => op.op)), new Set(['add']));
  });

  test('an injected pod is not injected again', async () => {
    for (const placement of ['classic', 'native'] as const) {
      const { pod } = await injected(request, placement);
      const again = decide({ ...request, object: pod }, placement);
      assert.equal(again.action, 'skip');
      assert.match(again.action === 'skip' ? again.reason : '', /already injected/);
    }
  });
});

describe('a pod with init containers, two containers, its own volume and annotations', () => {
  const request = fixture('create-existing-containers');

  test('native: the sidecar follows the existing init container', async () => {
    const { pod } = await injected(request, 'native');
    assert.deepEqual(pod.spec.initContainers!.map((c) => c.name), ['wait-for-db', 'governance-sidecar']);
    assert.deepEqual(pod.spec.volumes!.map((v) => v.name)[0], 'cache');
    assert.equal(pod.spec.volumes!.length, 5);
  });

  test('governance-gateway/agent-id overrides AGENT_ID with a fixed value', async () => {
    const { pod } = await injected(request, 'classic');
    assert.equal(envValue(sidecarOf(pod, 'classic'), 'AGENT_ID'), 'payments-agent-eu');
  });

  test('governance-gateway/proxy-env: proxy variables on every agent container, never over its own', async () => {
    const { pod } = await injected(request, 'classic');
    const [agent, exporter] = pod.spec.containers;
    assert.equal(envValue(agent!, 'HTTP_PROXY'), 'http://egress.internal:3128', 'the agent kept its own HTTP_PROXY');
    assert.equal(agent!.env!.filter((e) => e.name === 'HTTP_PROXY').length, 1);
    assert.equal(envValue(agent!, 'NO_PROXY'), 'localhost,127.0.0.1,::1');
    assert.equal(envValue(agent!, 'INVOICEPAY_URL'), 'http://invoicepay.internal');
    assert.equal(envValue(exporter!, 'HTTP_PROXY'), 'http://127.0.0.1:8000', 'a container without env got a new env list');
    assert.equal(envValue(exporter!, 'GOVERNANCE_SIDECAR_URL'), 'http://127.0.0.1:8000');
    assert.equal(pod.spec.initContainers![0]!.env, undefined, 'init containers get no proxy env');
    assert.equal(envValue(sidecarOf(pod, 'classic'), 'HTTP_PROXY'), undefined, 'the sidecar itself is not proxied');
  });
});

describe('a bare pod with "/" in its label and annotation keys and no volumes', () => {
  const request = fixture('create-slash-labels');

  test('creates /spec/volumes, reads AGENT_ID from the label, escapes annotation keys', async () => {
    for (const placement of ['classic', 'native'] as const) {
      const { pod, decision } = await injected(request, placement);
      assert.ok(decision.patch.some((op) => op.path === '/spec/volumes'));
      assert.equal(pod.spec.volumes!.length, 4);
      assert.deepEqual(pod.metadata!.labels, (request.object as Pod).metadata!.labels);
      assert.equal(pod.metadata!.annotations!['example.com/owner'], 'alice');
      assert.equal(pod.metadata!.annotations![STATUS_ANNOTATION], 'injected');
      assert.deepEqual(envValue(sidecarOf(pod, placement), 'AGENT_ID'), { fieldRef: { fieldPath: "metadata.labels['app.kubernetes.io/name']" } });
    }
  });

  test('a pod without an annotations map gets one (the builder never appends to a missing map)', () => {
    const bare = structuredClone(request.object as Pod);
    delete bare.metadata!.annotations;
    const ops = buildInjectionPatch(bare, { placement: 'containers', container: template('classic').container, volumes: [], agentEnv: [], annotations: { [STATUS_ANNOTATION]: 'injected' } });
    assert.deepEqual(ops.at(-1), { op: 'add', path: '/metadata/annotations', value: { [STATUS_ANNOTATION]: 'injected' } });
    assert.deepEqual(applyJsonPatch(bare, ops).metadata!.annotations, { [STATUS_ANNOTATION]: 'injected' });
  });
});

describe('skipped pods: admitted unchanged', () => {
  const cases: Array<[string, RegExp]> = [
    ['create-already-injected', /already injected/],
    ['create-not-annotated', /not annotated governance-gateway\/inject: "true"/],
    ['update-pod', /UPDATE is not a pod CREATE/],
  ];
  for (const [name, reason] of cases) {
    test(name, () => {
      for (const placement of ['classic', 'native'] as const) {
        const decision = decide(fixture(name), placement);
        assert.equal(decision.action, 'skip');
        if (decision.action === 'skip') assert.match(decision.reason, reason);
        assert.deepEqual(decision.warnings, [], 'nothing to warn about: the pod did not ask, or already has it');
      }
    });
  }

  const base = fixture('create-deployment-pod');
  const variant = (edit: (pod: Pod) => void): AdmissionRequest => {
    const pod = structuredClone(base.object as Pod);
    edit(pod);
    return { ...base, object: pod };
  };

  test('the gateway\'s own pods, even annotated, with a warning', () => {
    const decision = decide(variant((pod) => Object.assign(pod.metadata!.labels!, SELF)));
    assert.equal(decision.action, 'skip');
    assert.match(decision.warnings.join(), /governance gateway pod/);
  });

  test('hostNetwork pods, with a warning', () => {
    const decision = decide(variant((pod) => (pod.spec.hostNetwork = true)));
    assert.equal(decision.action, 'skip');
    assert.match(decision.warnings.join(), /hostNetwork/);
  });

  test('a pod that already has a volume of the sidecar\'s, with a warning', () => {
    const decision = decide(variant((pod) => pod.spec.volumes!.push({ name: 'governance-sidecar-data', emptyDir: {} })));
    assert.equal(decision.action, 'skip');
    assert.match(decision.warnings.join(), /governance-sidecar-data/);
  });

  test('other resources and subresources', () => {
    assert.equal(decide({ ...base, kind: { group: 'apps', version: 'v1', kind: 'Deployment' } }).action, 'skip');
    assert.equal(decide({ ...base, subResource: 'ephemeralcontainers' }).action, 'skip');
  });
});

describe('warnings on an injection', () => {
  const base = fixture('create-deployment-pod');

  test('an invalid agent-id annotation is ignored for the label, with a warning', async () => {
    const pod = structuredClone(base.object as Pod);
    pod.metadata!.annotations!['governance-gateway/agent-id'] = 'not valid!';
    const { pod: patched, decision } = await injected({ ...base, object: pod }, 'classic');
    assert.deepEqual(envValue(sidecarOf(patched, 'classic'), 'AGENT_ID'), { fieldRef: { fieldPath: "metadata.labels['app.kubernetes.io/name']" } });
    assert.match(decision.warnings.join(), /not an agent id/);
  });

  test('a pod without the agent label gets a warning (AGENT_ID would be empty)', async () => {
    const pod = structuredClone(base.object as Pod);
    delete pod.metadata!.labels!['app.kubernetes.io/name'];
    const { decision } = await injected({ ...base, object: pod }, 'classic');
    assert.match(decision.warnings.join(), /no label app\.kubernetes\.io\/name/);
  });

  test('a run-to-completion pod with a classic sidecar gets a warning; with a native one it does not', async () => {
    const pod = structuredClone(base.object as Pod);
    pod.spec.restartPolicy = 'Never';
    assert.match((await injected({ ...base, object: pod }, 'classic')).decision.warnings.join(), /native sidecar/);
    assert.deepEqual((await injected({ ...base, object: pod }, 'native')).decision.warnings, []);
  });
});

describe('the agent\'s own ConfigMaps (governance-gateway/config-map, governance-gateway/policies-config-map)', () => {
  const base = fixture('create-deployment-pod');
  const withAnnotations = (edit: (annotations: Record<string, string>) => void): AdmissionRequest => {
    const pod = structuredClone(base.object as Pod);
    edit(pod.metadata!.annotations!);
    return { ...base, object: pod };
  };
  const configMapOf = (pod: Pod, volume: string): unknown => (pod.spec.volumes!.find((v) => v.name === volume)!.configMap as { name: string }).name;

  test('config-map alone: the routes volume mounts it; the policies volume keeps the template\'s bundle', async () => {
    for (const placement of ['classic', 'native'] as const) {
      const { pod } = await injected(base, placement);
      assert.equal(configMapOf(pod, CONFIG_VOLUME), 'support-agent-governance-sidecar');
      assert.equal(configMapOf(pod, POLICIES_VOLUME), configMapOf({ spec: { containers: [], volumes: [...template(placement).volumes] } }, POLICIES_VOLUME));
    }
  });

  test('both annotations: each volume mounts the agent\'s ConfigMap, other volumes are the template\'s', async () => {
    const request = withAnnotations((a) => {
      a[CONFIG_MAP_ANNOTATION] = 'support-agent-routes';
      a[POLICIES_CONFIG_MAP_ANNOTATION] = 'support-agent.policies';
    });
    const { pod } = await injected(request, 'native');
    assert.equal(configMapOf(pod, CONFIG_VOLUME), 'support-agent-routes');
    assert.equal(configMapOf(pod, POLICIES_VOLUME), 'support-agent.policies');
    const others = (volumes: readonly { name: string }[]) => volumes.filter((v) => ![CONFIG_VOLUME, POLICIES_VOLUME].includes(v.name));
    assert.deepEqual(others(pod.spec.volumes!).filter((v) => v.name.startsWith('governance-sidecar-')), others(template('native').volumes));
    // The template itself is never changed by a pod's annotations.
    assert.notEqual(configMapOf({ spec: { containers: [], volumes: [...template('native').volumes] } }, CONFIG_VOLUME), 'support-agent-routes');
  });

  const refused: Array<[string, (annotations: Record<string, string>) => void, RegExp]> = [
    ['no config-map annotation', (a) => delete a[CONFIG_MAP_ANNOTATION], /no governance-gateway\/config-map annotation/],
    ['an empty config-map annotation', (a) => (a[CONFIG_MAP_ANNOTATION] = ''), /no governance-gateway\/config-map annotation/],
    ['only the policies annotation', (a) => {
      delete a[CONFIG_MAP_ANNOTATION];
      a[POLICIES_CONFIG_MAP_ANNOTATION] = 'bundle';
    }, /no governance-gateway\/config-map annotation/],
    ['a config-map that is not a ConfigMap name', (a) => (a[CONFIG_MAP_ANNOTATION] = 'Routes/../x'), /governance-gateway\/config-map "Routes\/\.\.\/x" is not a ConfigMap name/],
    ['a policies-config-map that is not a ConfigMap name', (a) => (a[POLICIES_CONFIG_MAP_ANNOTATION] = '-bad-'), /governance-gateway\/policies-config-map "-bad-" is not a ConfigMap name/],
  ];
  for (const [name, edit, reason] of refused) {
    test(`${name}: the pod is refused, the reason names the annotation`, () => {
      for (const placement of ['classic', 'native'] as const) {
        const decision = decide(withAnnotations(edit), placement);
        assert.equal(decision.action, 'deny', JSON.stringify(decision));
        if (decision.action === 'deny') assert.match(decision.reason, reason);
      }
    });
  }

  test('a pod that did not ask is never refused for a missing config-map', () => {
    const decision = decide(withAnnotations((a) => {
      delete a[CONFIG_MAP_ANNOTATION];
      delete a['governance-gateway/inject'];
    }));
    assert.equal(decision.action, 'skip');
  });

  test('an already injected pod is not refused (its sidecar is there)', () => {
    const decision = decide(fixture('create-already-injected'));
    assert.equal(decision.action, 'skip');
  });
});
