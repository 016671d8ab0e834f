// The sidecar injector (`govgate injector`): a Kubernetes mutating admission webhook that adds the
// governance sidecar to pods annotated `governance-gateway/inject: "true"`, from the template the
// governance-sidecar library chart renders, so injected and chart-built pods are the same.

export { ADMISSION_API_VERSION, admissionResponse, parseAdmissionReview } from './admission-review.ts';
export type { AdmissionOperation, AdmissionOutcome, AdmissionRequest } from './admission-review.ts';
export { AGENT_ID_ANNOTATION, CONFIG_MAP_ANNOTATION, INJECT_ANNOTATION, POLICIES_CONFIG_MAP_ANNOTATION, PROXY_ENV_ANNOTATION, STATUS_ANNOTATION, decideInjection } from './injection-decision.ts';
export type { InjectionDecision, InjectionPolicy } from './injection-decision.ts';
export { buildInjectionPatch, jsonPointer } from './injection-patch.ts';
export type { InjectionPlan, PatchOperation } from './injection-patch.ts';
export { INJECTOR_DEFAULTS, loadInjectorConfig } from './injector-config.ts';
export type { InjectorConfig, InjectorFlags } from './injector-config.ts';
export { MUTATE_PATH, startInjector } from './injector-server.ts';
export type { InjectorServer } from './injector-server.ts';
export { CONFIG_VOLUME, PLACEMENTS, POLICIES_VOLUME, labelFieldPath, parseSidecarTemplate } from './sidecar-template.ts';
export type { Placement, SidecarTemplate } from './sidecar-template.ts';
export type { Container, EnvVar, Pod, PodSpec, Volume } from './pod-types.ts';
