// The admission.k8s.io/v1 AdmissionReview as the API server sends it, read strictly enough that a
// malformed review is refused (400, every problem listed) instead of half-understood, and the
// response the API server expects back: the request's uid, allowed, and an optional JSON Patch.

import { ApiError, type FieldError } from '../http/index.ts';

export const ADMISSION_API_VERSION = 'admission.k8s.io/v1';
const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'] as const;
export type AdmissionOperation = (typeof OPERATIONS)[number];

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface AdmissionRequest {
  uid: string;
  kind: GroupVersionKind;
  operation: AdmissionOperation;
  subResource: string | null;
  namespace: string | null;
  /** The object being admitted; a Pod (checked) when `kind` is core/v1 Pod and the operation CREATE or UPDATE. */
  object: unknown;
  dryRun: boolean;
}

export interface AdmissionOutcome {
  /** RFC 6902 operations; absent when the object is admitted unchanged. */
  patch?: readonly unknown[];
  /** Shown to the client (kubectl prints them), e.g. why a requested injection was skipped. */
  warnings?: readonly string[];
  /** Set when the object is refused: `kubectl` prints the message as the reason the create failed. */
  denied?: { code: number; message: string };
  /** Recorded in the API server's audit log, prefixed with the webhook's name. */
  auditAnnotations?: Readonly<Record<string, string>>;
}

export function isPodRequest(request: AdmissionRequest): boolean {
  return request.kind.group === '' && request.kind.version === 'v1' && request.kind.kind === 'Pod';
}

/** Reads an AdmissionReview body; anything else is ADMISSION_REVIEW_INVALID naming every problem. */
export function parseAdmissionReview(body: unknown): AdmissionRequest {
  const errors: FieldError[] = [];
  const problem = (path: string, message: string) => errors.push({ path, message });
  if (!isObject(body)) throw invalid([{ path: '', message: 'must be a JSON object (an AdmissionReview)' }]);
  if (body.apiVersion !== ADMISSION_API_VERSION) {
    problem('apiVersion', `must be "${ADMISSION_API_VERSION}" (register the webhook with admissionReviewVersions: ["v1"]), not ${JSON.stringify(body.apiVersion)}`);
  }
  if (body.kind !== 'AdmissionReview') problem('kind', `must be "AdmissionReview", not ${JSON.stringify(body.kind)}`);
  const request = body.request;
  if (!isObject(request)) {
    problem('request', 'is required: an object with uid, kind, operation and object');
    throw invalid(errors);
  }
  if (typeof request.uid !== 'string' || request.uid === '') problem('request.uid', 'must be a non-empty string');
  const kind = request.kind;
  if (!isObject(kind) || typeof kind.group !== 'string' || typeof kind.version !== 'string' || typeof kind.kind !== 'string') {
    problem('request.kind', 'must be an object with string group, version and kind');
  }
  if (!(OPERATIONS as readonly unknown[]).includes(request.operation)) problem('request.operation', `must be one of ${OPERATIONS.join(', ')}`);
  for (const field of ['subResource', 'namespace'] as const) {
    if (request[field] !== undefined && request[field] !== null && typeof request[field] !== 'string') problem(`request.${field}`, 'must be a string');
  }
  if (request.dryRun !== undefined && request.dryRun !== null && typeof request.dryRun !== 'boolean') problem('request.dryRun', 'must be a boolean');
  if (errors.length > 0) throw invalid(errors);

  const parsed: AdmissionRequest = {
    uid: request.uid as string,
    kind: { group: (kind as GroupVersionKind).group, version: (kind as GroupVersionKind).version, kind: (kind as GroupVersionKind).kind },
    operation: request.operation as AdmissionOperation,
    subResource: (request.subResource as string | undefined) || null,
    namespace: (request.namespace as string | undefined) || null,
    object: request.object ?? null,
    dryRun: request.dryRun === true,
  };
  if (isPodRequest(parsed) && parsed.subResource === null && (parsed.operation === 'CREATE' || parsed.operation === 'UPDATE')) {
    podProblems(parsed.object, problem);
    if (errors.length > 0) throw invalid(errors);
  }
  return parsed;
}

/** The shape the patch builder relies on: what the API server always sends for a pod. */
function podProblems(object: unknown, problem: (path: string, message: string) => void): void {
  const at = 'request.object';
  if (!isObject(object)) {
    problem(at, 'must be the Pod being admitted');
    return;
  }
  const metadata = object.metadata;
  if (metadata !== undefined && !isObject(metadata)) problem(`${at}.metadata`, 'must be an object');
  if (isObject(metadata)) {
    for (const field of ['labels', 'annotations'] as const) {
      const map = metadata[field];
      if (map === undefined || map === null) continue;
      if (!isObject(map) || Object.values(map).some((value) => typeof value !== 'string')) problem(`${at}.metadata.${field}`, 'must map strings to strings');
    }
  }
  const spec = object.spec;
  if (!isObject(spec)) {
    problem(`${at}.spec`, 'is required: the pod spec');
    return;
  }
  if (!Array.isArray(spec.containers) || spec.containers.length === 0) problem(`${at}.spec.containers`, 'must be a non-empty list');
  for (const field of ['containers', 'initContainers', 'volumes'] as const) {
    const list = spec[field];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      problem(`${at}.spec.${field}`, 'must be a list');
      continue;
    }
    list.forEach((item, index) => {
      if (!isObject(item) || typeof item.name !== 'string') problem(`${at}.spec.${field}[${index}]`, 'must be an object with a string name');
      else if (field !== 'volumes' && item.env !== undefined && item.env !== null && !Array.isArray(item.env)) problem(`${at}.spec.${field}[${index}].env`, 'must be a list');
    });
  }
}

/** The AdmissionReview answer: allowed unless denied; a patch only when something is injected. */
export function admissionResponse(uid: string, outcome: AdmissionOutcome): Record<string, unknown> {
  const patched = outcome.denied === undefined && outcome.patch !== undefined && outcome.patch.length > 0;
  return {
    apiVersion: ADMISSION_API_VERSION,
    kind: 'AdmissionReview',
    response: {
      uid,
      allowed: outcome.denied === undefined,
      ...(outcome.denied ? { status: { code: outcome.denied.code, message: outcome.denied.message } } : {}),
      ...(patched ? { patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(outcome.patch)).toString('base64') } : {}),
      ...(outcome.warnings && outcome.warnings.length > 0 ? { warnings: [...outcome.warnings] } : {}),
      ...(outcome.auditAnnotations ? { auditAnnotations: { ...outcome.auditAnnotations } } : {}),
    },
  };
}

function invalid(errors: FieldError[]): ApiError {
  const list = errors.map((error) => (error.path ? `${error.path} ${error.message}` : error.message)).join('; ');
  return new ApiError('ADMISSION_REVIEW_INVALID', `The body is not a usable AdmissionReview: ${list}.`, { errors });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
