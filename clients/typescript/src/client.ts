// The client: pre-check, post-check and validate with the gateway's own types, `sdk_version` in
// every runtime body, both credential headers, and the review long-poll. A decision other than
// approve is raised as a BlockedError by default, so an agent cannot run a tool by forgetting to
// read the outcome; `throwOnBlock: false` returns it instead.

import { BlockedError, type BlockStage } from './errors.ts';
import { Transport, type Answer, type TransportOptions } from './transport.ts';
import { OPEN_REVIEW_STATES, type Decision, type Execution, type PostCheckResponse, type PreCheckResponse, type ProposedAction, type ReviewItem, type ValidateRequest, type ValidateResponse } from './types.ts';
import { SDK_VERSION } from './version.ts';

export type Framework = NonNullable<ProposedAction['framework']>;

export interface ClientOptions extends TransportOptions {
  /** The agent's id, used for agent_id when a call leaves it out, and as X-Agent-ID. */
  agentId?: string;
  /** Recorded with every call; default Custom. */
  framework?: Framework;
  /** The model the agent runs on, recorded with pre-checks and post-checks. */
  model?: string;
  /** Groups calls for per-session limits and rules. */
  sessionId?: string;
}

export interface CheckOptions {
  /** Seconds to wait for a human when the decision is escalate or request_evidence (long-polls the review item). */
  waitForReview?: number;
  /** false: return a block instead of throwing BlockedError. Default true. */
  throwOnBlock?: boolean;
}

/** A pre-check answer, with the review item when it waited for one. */
export type PreCheckResult = PreCheckResponse & { review?: ReviewItem };

export type PreCheckInput = Omit<ProposedAction, 'agent_id' | 'sdk_version'> & { agent_id?: string };
export type PostCheckInput = { pre_check_envelope_id: string; output: unknown; execution?: Partial<Execution> };
export type ValidateInput = Omit<ValidateRequest, 'agent_id' | 'sdk_version'> & { agent_id?: string };

export interface GovernedCall {
  action: string;
  params?: Record<string, unknown>;
  input?: string;
  user?: string;
}

export interface GovernedResult<T> {
  output: T;
  preCheck: PreCheckResult;
  postCheck: PostCheckResponse;
}

const REVIEW_POLL_MAX_SECONDS = 60;

/** A post-check output must be a JSON object: anything else is wrapped as `{ result }`. */
export function asOutputObject(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  return { result: value === undefined ? null : JSON.parse(JSON.stringify(value)) };
}

export class GovernanceClient {
  readonly transport: Transport;
  readonly options: ClientOptions;
  constructor(options: ClientOptions) {
    this.options = options;
    this.transport = new Transport(options);
  }

  private agent(id: string | undefined): string {
    const agent = id ?? this.options.agentId;
    if (!agent) throw new TypeError('agent_id is required: pass it in the call or as agentId in the client options');
    return agent;
  }

  /** Decide whether a proposed action may run. Approve returns; anything else throws BlockedError (unless throwOnBlock is false). */
  async preCheck(action: PreCheckInput, options: CheckOptions = {}): Promise<PreCheckResult> {
    const agent_id = this.agent(action.agent_id);
    const body: ProposedAction = {
      framework: this.options.framework ?? 'Custom',
      ...(this.options.model ? { model: this.options.model } : {}),
      ...(this.options.sessionId ? { session_id: this.options.sessionId } : {}),
      ...action, agent_id, sdk_version: SDK_VERSION,
    };
    const answer = await this.transport.send<PreCheckResponse>({ method: 'POST', path: '/v1/runtime/pre-check', body, idempotent: false, agentId: agent_id });
    return this.settle('pre_check', answer, options);
  }

  /** Decide whether an executed action's output may be released. Safe to repeat: the gateway returns the first result. */
  async postCheck(input: PostCheckInput, options: Omit<CheckOptions, 'waitForReview'> = {}): Promise<PostCheckResponse> {
    const body = {
      pre_check_envelope_id: input.pre_check_envelope_id,
      execution: { model: this.options.model ?? 'unknown', ...input.execution },
      output: asOutputObject(input.output),
      sdk_version: SDK_VERSION,
    };
    const answer = await this.transport.send<PostCheckResponse>({ method: 'POST', path: '/v1/runtime/post-check', body, idempotent: true });
    return this.settle('post_check', answer, options);
  }

  /** Both gates at once, after the agent ran. */
  async validate(input: ValidateInput, options: CheckOptions = {}): Promise<ValidateResponse & { review?: ReviewItem }> {
    const agent_id = this.agent(input.agent_id);
    const body: ValidateRequest = { framework: this.options.framework ?? 'Custom', ...input, agent_id, sdk_version: SDK_VERSION };
    const answer = await this.transport.send<ValidateResponse>({ method: 'POST', path: '/v1/runtime/validate', body, idempotent: false, agentId: agent_id });
    return this.settle('validate', answer, options);
  }

  /** One review item; with `wait`, long-polls until it changes after `revision` (at most 60 s). */
  async reviewItem(envelopeId: string, poll: { wait?: number; revision?: number } = {}): Promise<ReviewItem> {
    const query = new URLSearchParams();
    if (poll.wait !== undefined) query.set('wait', String(Math.max(0, Math.min(REVIEW_POLL_MAX_SECONDS, Math.ceil(poll.wait)))));
    if (poll.revision !== undefined) query.set('revision', String(poll.revision));
    const suffix = query.size > 0 ? `?${query}` : '';
    const answer = await this.transport.send<ReviewItem>({
      method: 'GET', path: `/v1/review/queue/${encodeURIComponent(envelopeId)}${suffix}`, idempotent: true, extraTimeoutMs: (poll.wait ?? 0) * 1000,
    });
    return answer.body;
  }

  /** Long-polls a review item until a human decides it or `seconds` pass; returns it either way. */
  async waitForReview(envelopeId: string, seconds: number): Promise<ReviewItem> {
    const deadline = Date.now() + seconds * 1000;
    let item = await this.reviewItem(envelopeId);
    while (OPEN_REVIEW_STATES.has(item.status) && Date.now() < deadline) {
      item = await this.reviewItem(envelopeId, { wait: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)), revision: item.revision });
    }
    return item;
  }

  /**
   * Pre-check, run, post-check: `run` is called only when the pre-check approves, and its output
   * is returned only when the post-check approves. The adapters are built on this.
   */
  async governCall<T>(call: GovernedCall, run: () => Promise<T> | T, options: CheckOptions & { execution?: Partial<Execution> } = {}): Promise<GovernedResult<T>> {
    const preCheck = await this.preCheck({ action: call.action, params: call.params ?? {}, input: call.input ?? '', user: call.user ?? '' }, options);
    const started = Date.now();
    const output = await run();
    const postCheck = await this.postCheck({
      pre_check_envelope_id: preCheck.envelope_id,
      output,
      execution: { tools_called: [{ name: call.action, arguments: call.params ?? {} }], tool_results: [asOutputObject(output)], latency_ms: Date.now() - started, ...options.execution },
    });
    return { output, preCheck, postCheck };
  }

  private async settle<T extends { envelope_id: string; decision: Decision }>(stage: BlockStage, answer: Answer<T>, options: CheckOptions): Promise<T & { review?: ReviewItem }> {
    const result: T & { review?: ReviewItem } = answer.body;
    const outcome = result.decision.outcome;
    if (outcome === 'approve' || options.throwOnBlock === false && !options.waitForReview) return result;
    const waits = outcome === 'escalate' || outcome === 'request_evidence';
    const href = answer.headers.get('location');
    if (waits && options.waitForReview && options.waitForReview > 0) {
      const review = await this.waitForReview(result.envelope_id, options.waitForReview);
      if (review.status === 'approved') return { ...result, review };
      if (options.throwOnBlock === false) return { ...result, review };
      throw new BlockedError({ stage, envelopeId: result.envelope_id, decision: result.decision, response: result, reviewHref: href, reviewStatus: review.status, reason: reviewReason(review) });
    }
    if (options.throwOnBlock === false) return result;
    throw new BlockedError({ stage, envelopeId: result.envelope_id, decision: result.decision, response: result, reviewHref: waits ? href : null, reviewStatus: waits ? 'pending' : null });
  }
}

function reviewReason(review: ReviewItem): string {
  if (review.status === 'pending' || review.status === 'claimed') return `still waiting for a human review (${review.status})`;
  return `the human review ended ${review.status}`;
}
