// Which pods get the sidecar, and with what. Pod CREATE only (a running pod's containers cannot
// change), only pods annotated `governance-gateway/inject: "true"`, never twice, never the
// gateway's own pods. A skip is still an admission (allowed, unchanged), with the reason in the
// warnings when the pod asked for injection, so `kubectl` shows why nothing was added.
// One case is refused instead of skipped: a pod that asks for the sidecar but does not name its
// routes ConfigMap. Injected with the gateway's own (empty) routes it would govern nothing, and
// admitted without the sidecar it would run ungoverned; refusing names the missing annotation.

import { isPodRequest, type AdmissionRequest } from './admission-review.ts';
import { buildInjectionPatch, type PatchOperation } from './injection-patch.ts';
import type { Container, Pod, Volume } from './pod-types.ts';
import { CONFIG_VOLUME, POLICIES_VOLUME, labelFieldPath, type SidecarTemplate } from './sidecar-template.ts';

export const INJECT_ANNOTATION = 'governance-gateway/inject';
/** Overrides AGENT_ID (otherwise the template's pod label, read through the downward API). */
export const AGENT_ID_ANNOTATION = 'governance-gateway/agent-id';
/** "true": also set HTTP_PROXY/NO_PROXY (the template's agentEnv) on the agent's containers. */
export const PROXY_ENV_ANNOTATION = 'governance-gateway/proxy-env';
/** Required: the ConfigMap in the pod's namespace holding this agent's gateway.yaml (its routes). */
export const CONFIG_MAP_ANNOTATION = 'governance-gateway/config-map';
/** Optional: the ConfigMap in the pod's namespace holding the policy bundle (otherwise the template's). */
export const POLICIES_CONFIG_MAP_ANNOTATION = 'governance-gateway/policies-config-map';
/** Written on injected pods. */
export const STATUS_ANNOTATION = 'governance-gateway/status';

const AGENT_ID_PATTERN = /^[\w\-.]+$/;
/** A ConfigMap name: a DNS-1123 subdomain. */
const CONFIG_MAP_NAME = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export interface InjectionPolicy {
  template: SidecarTemplate;
  /** Labels of the gateway's own pods (all must match): never injected, whatever their annotations say. */
  selfLabels: Readonly<Record<string, string>>;
}

export type InjectionDecision =
  | { action: 'inject'; patch: PatchOperation[]; warnings: string[] }
  | { action: 'skip'; reason: string; warnings: string[] }
  /** The pod is not admitted: it asked for a sidecar it cannot be given as written. */
  | { action: 'deny'; reason: string };

export function decideInjection(request: AdmissionRequest, policy: InjectionPolicy): InjectionDecision {
  if (!isPodRequest(request) || request.subResource !== null) return skip('not a pod');
  if (request.operation !== 'CREATE') return skip(`${request.operation} is not a pod CREATE`);
  const pod = request.object as Pod;
  const annotations = pod.metadata?.annotations ?? {};
  const labels = pod.metadata?.labels ?? {};
  if (annotations[INJECT_ANNOTATION] !== 'true') return skip(`not annotated ${INJECT_ANNOTATION}: "true"`);

  const { template } = policy;
  const asked = (reason: string): InjectionDecision => skip(reason, [`governance sidecar not injected: ${reason}`]);
  const selfEntries = Object.entries(policy.selfLabels);
  if (selfEntries.length > 0 && selfEntries.every(([key, value]) => labels[key] === value)) return asked('this is a governance gateway pod');
  const present = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].some((container) => container.name === template.container.name);
  if (present) return skip(`already injected (a container named ${template.container.name} exists)`);
  if (pod.spec.hostNetwork === true) return asked(`hostNetwork pods are not injected (the sidecar's port would be the node's)`);
  const taken = new Set((pod.spec.volumes ?? []).map((volume) => volume.name));
  const clash = template.volumes.find((volume) => taken.has(volume.name));
  if (clash) return asked(`the pod already has a volume named ${clash.name}`);

  const mounted = configMapsOf(annotations);
  if ('reason' in mounted) return { action: 'deny', reason: mounted.reason };

  const warnings: string[] = [];
  const container = withAgentId(template, annotations[AGENT_ID_ANNOTATION], labels, warnings);
  if (template.placement === 'containers' && pod.spec.restartPolicy !== undefined && pod.spec.restartPolicy !== 'Always') {
    warnings.push(`restartPolicy ${pod.spec.restartPolicy}: a classic sidecar keeps this pod from completing; use the native sidecar placement`);
  }
  const patch = buildInjectionPatch(pod, {
    placement: template.placement,
    container,
    volumes: template.volumes.map((volume) => withConfigMap(volume, mounted)),
    agentEnv: annotations[PROXY_ENV_ANNOTATION] === 'true' ? template.agentEnv : [],
    annotations: { [STATUS_ANNOTATION]: 'injected' },
  });
  return { action: 'inject', patch, warnings };
}

interface MountedConfigMaps {
  config: string;
  policies: string | undefined;
}

/** The ConfigMaps the pod names for its sidecar, or why the pod is refused. */
function configMapsOf(annotations: Record<string, string>): MountedConfigMaps | { reason: string } {
  const config = annotations[CONFIG_MAP_ANNOTATION];
  const policies = annotations[POLICIES_CONFIG_MAP_ANNOTATION];
  if (config === undefined || config === '') {
    return { reason: `governance sidecar requested (${INJECT_ANNOTATION}: "true") but the pod has no ${CONFIG_MAP_ANNOTATION} annotation: name the ConfigMap in the pod's namespace holding this agent's gateway.yaml (its routes)` };
  }
  for (const [key, name] of [[CONFIG_MAP_ANNOTATION, config], [POLICIES_CONFIG_MAP_ANNOTATION, policies]] as const) {
    if (name !== undefined && !CONFIG_MAP_NAME.test(name)) return { reason: `${key} "${name}" is not a ConfigMap name (lower-case letters, digits, - and ., at most 253)` };
  }
  return { config, policies };
}

/** The template's config and policies volumes pointed at the pod's own ConfigMaps; other volumes as they are. */
function withConfigMap(volume: Volume, mounted: MountedConfigMaps): Volume {
  const name = volume.name === CONFIG_VOLUME ? mounted.config : volume.name === POLICIES_VOLUME ? mounted.policies : undefined;
  if (name === undefined) return volume;
  return { ...structuredClone(volume), configMap: { ...(volume.configMap as Record<string, unknown>), name } };
}

function skip(reason: string, warnings: string[] = []): InjectionDecision {
  return { action: 'skip', reason, warnings };
}

/** The template's container with AGENT_ID from the annotation when it holds a valid id. */
function withAgentId(template: SidecarTemplate, override: string | undefined, labels: Record<string, string>, warnings: string[]): Container {
  const container = structuredClone(template.container);
  if (override !== undefined) {
    if (AGENT_ID_PATTERN.test(override)) {
      container.env = (container.env ?? []).map((entry) => (entry.name === 'AGENT_ID' ? { name: 'AGENT_ID', value: override } : entry));
      return container;
    }
    warnings.push(`${AGENT_ID_ANNOTATION} "${override}" is not an agent id (letters, digits, _ - . only); AGENT_ID comes from the label ${template.agentIdLabel}`);
  }
  const agentId = container.env?.find((entry) => entry.name === 'AGENT_ID');
  const fromLabel = (agentId?.valueFrom?.fieldRef as { fieldPath?: string } | undefined)?.fieldPath === labelFieldPath(template.agentIdLabel);
  if (fromLabel && !labels[template.agentIdLabel]) {
    warnings.push(`no label ${template.agentIdLabel} and no ${AGENT_ID_ANNOTATION} annotation: AGENT_ID is empty, the sidecar uses gateway.yaml's agent_id`);
  }
  return container;
}
