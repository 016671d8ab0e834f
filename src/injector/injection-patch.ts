// Pod + sidecar -> RFC 6902 JSON Patch. A pure function: it only adds (the sidecar, its volumes,
// env on the agent's containers, annotations), creates a list or map where the pod has none
// (a patch cannot append to a missing array), and escapes every key it puts in a path (RFC 6901:
// `~` -> `~0`, `/` -> `~1`), so annotation keys such as `governance-gateway/status` stay one token.

import type { Container, EnvVar, Pod, Volume } from './pod-types.ts';
import type { Placement } from './sidecar-template.ts';

export interface PatchOperation {
  op: 'add';
  path: string;
  value: unknown;
}

export interface InjectionPlan {
  placement: Placement;
  container: Container;
  volumes: readonly Volume[];
  /** Added to each of the agent's containers (not init containers) unless it sets the variable itself. */
  agentEnv: readonly EnvVar[];
  /** Set on the pod, overwriting a value of the same key. */
  annotations: Readonly<Record<string, string>>;
}

/** One JSON Pointer (RFC 6901) from its reference tokens. */
export function jsonPointer(...tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export function buildInjectionPatch(pod: Pod, plan: InjectionPlan): PatchOperation[] {
  const ops: PatchOperation[] = [];
  // Existing containers keep their indexes (the sidecar is appended), so env paths stay valid.
  pod.spec.containers.forEach((container, index) => {
    const own = new Set((container.env ?? []).map((entry) => entry.name));
    const missing = plan.agentEnv.filter((entry) => !own.has(entry.name));
    appendAll(ops, ['spec', 'containers', index, 'env'], container.env, missing);
  });
  appendAll(ops, ['spec', plan.placement], pod.spec[plan.placement], [plan.container]);
  appendAll(ops, ['spec', 'volumes'], pod.spec.volumes, plan.volumes);
  const annotations = pod.metadata?.annotations;
  if (Object.keys(plan.annotations).length > 0) {
    if (!pod.metadata) ops.push({ op: 'add', path: jsonPointer('metadata'), value: { annotations: { ...plan.annotations } } });
    else if (!annotations) ops.push({ op: 'add', path: jsonPointer('metadata', 'annotations'), value: { ...plan.annotations } });
    else for (const [key, value] of Object.entries(plan.annotations)) ops.push({ op: 'add', path: jsonPointer('metadata', 'annotations', key), value });
  }
  return ops;
}

/** Appends items to the list at `tokens`, creating the list when the pod has none. */
function appendAll(ops: PatchOperation[], tokens: Array<string | number>, existing: readonly unknown[] | null | undefined, items: readonly unknown[]): void {
  if (items.length === 0) return;
  if (!existing) {
    ops.push({ op: 'add', path: jsonPointer(...tokens), value: structuredClone([...items]) });
    return;
  }
  for (const item of items) ops.push({ op: 'add', path: jsonPointer(...tokens, '-'), value: structuredClone(item) });
}
