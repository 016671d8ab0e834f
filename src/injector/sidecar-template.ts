// The sidecar the injector adds, read from INJECTOR_TEMPLATE: a JSON document the gateway chart
// renders with the governance-sidecar library chart (`governance-sidecar.injectorTemplate`), the
// same template an agent's own chart includes, so an injected pod and a chart-built pod carry
// the same container. Checked at start-up and on every reload; a bad file names each problem.

import { ConfigFileError, type ConfigFileIssue } from '../config/index.ts';
import { isObject } from './admission-review.ts';
import type { Container, EnvVar, Volume } from './pod-types.ts';

export const PLACEMENTS = ['initContainers', 'containers'] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface SidecarTemplate {
  /** initContainers: a native sidecar (restartPolicy: Always, Kubernetes 1.29+); containers: a classic second container. */
  readonly placement: Placement;
  readonly container: Container;
  readonly volumes: readonly Volume[];
  /** Set on the agent's containers when a pod asks for it (governance-gateway/proxy-env): HTTP_PROXY and friends. */
  readonly agentEnv: readonly EnvVar[];
  /** The pod label AGENT_ID is read from (downward API). */
  readonly agentIdLabel: string;
}

/** The template's volumes the injector points at the pod's own ConfigMaps (the library chart's names). */
export const CONFIG_VOLUME = 'governance-sidecar-config';
export const POLICIES_VOLUME = 'governance-sidecar-policies';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/** `metadata.labels['app.kubernetes.io/name']`: the downward API path of a pod label. */
export function labelFieldPath(label: string): string {
  return `metadata.labels['${label}']`;
}

export function parseSidecarTemplate(text: string, display: string): SidecarTemplate {
  const issues: ConfigFileIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ file: display, line: null, column: null, path, message });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError([{ file: display, line: null, column: null, path: '', message: `is not JSON: ${(error as Error).message}` }]);
  }
  if (!isObject(document)) throw new ConfigFileError([{ file: display, line: null, column: null, path: '', message: 'must be a JSON object' }]);

  const { placement, container, volumes, agentEnv, agentIdLabel } = document;
  for (const key of Object.keys(document)) {
    if (!['placement', 'container', 'volumes', 'agentEnv', 'agentIdLabel'].includes(key)) problem(key, 'is not a template field (placement, container, volumes, agentEnv, agentIdLabel)');
  }
  if (!(PLACEMENTS as readonly unknown[]).includes(placement)) problem('placement', `must be one of ${PLACEMENTS.join(', ')}`);
  if (typeof agentIdLabel !== 'string' || agentIdLabel === '') problem('agentIdLabel', 'must be a label key');
  if (!Array.isArray(volumes) || volumes.some((volume) => !isObject(volume) || typeof volume.name !== 'string' || !DNS_LABEL.test(volume.name))) {
    problem('volumes', 'must be a list of volumes, each with a DNS-label name');
  } else {
    for (const name of [CONFIG_VOLUME, POLICIES_VOLUME]) {
      const volume = volumes.find((item) => item.name === name);
      if (!volume || !isObject(volume.configMap)) problem('volumes', `must hold the configMap volume ${name} (the injector mounts the pod's own ConfigMap there)`);
    }
  }
  if (!Array.isArray(agentEnv) || agentEnv.some((entry) => !isObject(entry) || typeof entry.name !== 'string' || !ENV_NAME.test(entry.name) || typeof entry.value !== 'string')) {
    problem('agentEnv', 'must be a list of {name, value} strings');
  }
  if (!isObject(container)) {
    problem('container', 'must be a container object');
  } else {
    containerProblems(container, placement, typeof agentIdLabel === 'string' ? agentIdLabel : '', Array.isArray(volumes) ? volumes : [], problem);
  }
  if (issues.length > 0) throw new ConfigFileError(issues);
  return Object.freeze({
    placement: placement as Placement,
    container: container as Container,
    volumes: volumes as Volume[],
    agentEnv: agentEnv as EnvVar[],
    agentIdLabel: agentIdLabel as string,
  });
}

function containerProblems(
  container: Record<string, unknown>, placement: unknown, agentIdLabel: string, volumes: unknown[], problem: (path: string, message: string) => void,
): void {
  if (typeof container.name !== 'string' || !DNS_LABEL.test(container.name)) problem('container.name', 'must be a DNS label');
  if (typeof container.image !== 'string' || container.image === '') problem('container.image', 'must name an image');
  // A native sidecar is an init container that keeps running; without restartPolicy: Always the pod would wait for it forever.
  if (placement === 'initContainers' && container.restartPolicy !== 'Always') problem('container.restartPolicy', 'must be Always for the initContainers placement (a native sidecar)');
  if (placement === 'containers' && container.restartPolicy !== undefined) problem('container.restartPolicy', 'is only allowed on init containers; use placement initContainers for a native sidecar');
  const env = container.env;
  if (!Array.isArray(env) || env.some((entry) => !isObject(entry) || typeof entry.name !== 'string')) {
    problem('container.env', 'must be a list of environment variables');
  } else {
    const agentId = env.find((entry) => entry.name === 'AGENT_ID') as EnvVar | undefined;
    const fieldPath = (agentId?.valueFrom?.fieldRef as { fieldPath?: unknown } | undefined)?.fieldPath;
    if (!agentId || (agentId.value === undefined && fieldPath !== labelFieldPath(agentIdLabel))) {
      problem('container.env', `must set AGENT_ID, from ${labelFieldPath(agentIdLabel || '<agentIdLabel>')} or a fixed value`);
    }
  }
  const names = new Set(volumes.filter(isObject).map((volume) => volume.name));
  const mounts = container.volumeMounts;
  if (mounts !== undefined && (!Array.isArray(mounts) || mounts.some((mount) => !isObject(mount) || !names.has(mount.name)))) {
    problem('container.volumeMounts', 'must mount only the template\'s own volumes');
  }
}
