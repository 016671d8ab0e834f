// Typed errors. Every failure the gateway answers is a problem+json body with a stable `code`;
// these classes sort them into what an agent does next: upgrade (426), fix its request (422),
// fix its credentials (401/402/403), back off (429/503), or not run the tool (a block).

import type { Decision, Problem } from './types.ts';

/** Any non-2xx answer from the gateway, with its problem body. */
export class GatewayError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem: Partial<Problem> & Record<string, unknown>;
  readonly requestId: string;
  constructor(status: number, problem: Partial<Problem> & Record<string, unknown>, requestId: string, message?: string) {
    super(message ?? `${status} ${problem.code ?? 'ERROR'}: ${problem.detail ?? problem.title ?? 'the gateway refused the request'}`);
    this.name = new.target.name;
    this.status = status;
    this.code = String(problem.code ?? `HTTP_${status}`);
    this.problem = problem;
    this.requestId = requestId;
  }
}

/** 426: this library is older than the gateway accepts. */
export class VersionError extends GatewayError {
  /** The minimum sdk_version the gateway named. */
  get minimumVersion(): string | undefined {
    return typeof this.problem.minimum_sdk_version === 'string' ? this.problem.minimum_sdk_version : undefined;
  }
}

/** 422 (and 400): the request does not match the schema; `fields` lists every failing field. */
export class ValidationError extends GatewayError {
  get fields(): Array<{ path: string; message: string }> {
    return Array.isArray(this.problem.errors) ? this.problem.errors : [];
  }
}

/** 401, 402, 403: missing or invalid credentials, or a tier without the feature. */
export class AuthError extends GatewayError {}

/** 429 after the retries ran out. */
export class RateLimitError extends GatewayError {
  readonly retryAfterSeconds: number | null;
  constructor(status: number, problem: Partial<Problem> & Record<string, unknown>, requestId: string, retryAfterSeconds: number | null) {
    super(status, problem, requestId);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 503 (ledger, limiter or auth backend down) after the retries ran out, or at once for a call that is not safe to repeat. */
export class UnavailableError extends GatewayError {}

export type BlockStage = 'pre_check' | 'post_check' | 'validate';

/** Governance said no: the tool must not run (pre-check) or its output must not be released (post-check). */
export class BlockedError extends Error {
  readonly stage: BlockStage;
  readonly envelopeId: string;
  readonly decision: Decision;
  /** The review item, when the call waits (or waited) for a human: `/v1/review/queue/{id}`. */
  readonly reviewHref: string | null;
  /** The review state when it was consulted: pending, claimed, rejected, expired. */
  readonly reviewStatus: string | null;
  readonly response: unknown;
  constructor(init: { stage: BlockStage; envelopeId: string; decision: Decision; response: unknown; reviewHref?: string | null; reviewStatus?: string | null; reason?: string }) {
    super(`${init.stage} ${init.decision.outcome} (envelope ${init.envelopeId}): ${init.reason ?? init.decision.reason}`);
    this.name = 'BlockedError';
    this.stage = init.stage;
    this.envelopeId = init.envelopeId;
    this.decision = init.decision;
    this.response = init.response;
    this.reviewHref = init.reviewHref ?? null;
    this.reviewStatus = init.reviewStatus ?? null;
  }
  get outcome(): string {
    return this.decision.outcome;
  }
}

/** The error class for an HTTP status. */
export function errorFor(status: number, problem: Partial<Problem> & Record<string, unknown>, requestId: string, retryAfterSeconds: number | null): GatewayError {
  if (status === 426) return new VersionError(status, problem, requestId);
  if (status === 422 || status === 400) return new ValidationError(status, problem, requestId);
  if (status === 401 || status === 402 || status === 403) return new AuthError(status, problem, requestId);
  if (status === 429) return new RateLimitError(status, problem, requestId, retryAfterSeconds);
  if (status === 503) return new UnavailableError(status, problem, requestId);
  return new GatewayError(status, problem, requestId);
}
