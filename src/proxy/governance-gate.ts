// The sidecar's two gates around one tool call, on the runtime pipeline (so the sidecar and
// /v1/runtime decide the same way and record the same rows): pre-check before forwarding, post-
// check before release. It also applies the route's escalation action and fail mode, and keeps
// the per-session call counts.

import type { Outcome } from '../governance/index.ts';
import { ApiError } from '../http/index.ts';
import type { Logger } from '../observability/index.ts';
import type { PreCheckBody, ResponseBody, Runtime } from '../runtime/index.ts';
import { decisionOf } from './proxy-problems.ts';
import { publishSidecarEvent } from './sidecar-events.ts';
import type { SessionCounter } from './session-counter.ts';
import type { SidecarRoute } from './routes/route-types.ts';
import { MAX_HOLD_SECONDS, reviewItemPath, type ReviewDesk } from '../oversight/index.ts';
import type { PolicySource } from '../runtime/index.ts';
import { holdForReview, holdSecondsFor } from './escalation-hold.ts';
import { askTheUser } from './elicited-review.ts';
import type { ElicitAction, Elicitor } from './mcp/mcp-elicitation.ts';
import type { CallTicket } from './call-admission.ts';

export interface CallFacts {
  route: SidecarRoute;
  agentId: string;
  sessionId: string | null;
  tool: string;
  params: Record<string, unknown>;
  /** The end user the agent acts for, when the agent says (X-User-Id); else "unknown". */
  user: string;
  model: string;
  requestId: string;
  /** What the agent sent the call as (`POST`, `/kb/search`): a fixed-name route gives every path under its prefix one tool name, and the record must still say which endpoint ran. */
  method: string;
  path: string;
  /** The call's place in the memory budget: an audit: intent call keeps it until its post-check row is appended. */
  ticket?: CallTicket;
}

export type PreVerdict =
  /** Decided and recorded: `forward` says whether the call may go on. */
  | { kind: 'decided'; forward: boolean; response: ResponseBody; body: PreCheckBody; review?: ReviewNotice }
  /** fail_mode open and the ledger is down: forwarded without a decision. */
  | { kind: 'unrecorded' };

export type PostVerdict =
  | { kind: 'decided'; release: boolean; response: ResponseBody }
  | { kind: 'unrecorded' };

export interface UpstreamFacts {
  status: number | null;
  latencyMs: number;
  /** Set when the upstream failed (timeout, reset): the post-check records the failure as the result. */
  error?: string;
  redacted?: Array<{ path: string; pattern: string }>;
  /** The result could not be read (not UTF-8 after decoding): what it was and what the route does with it. */
  unscannable?: UnscannableResult;
  /** Response headers not released because their value matched a secret pattern. */
  withheldHeaders?: Array<{ header: string; pattern: string }>;
}

export interface UnscannableResult {
  content_type: string;
  bytes: number;
  action: 'block' | 'release';
}

/** What the agent is told about the human review its call waits for (or waited for). */
export interface ReviewNotice {
  href: string;
  /** pending: still waiting (block mode, or the hold ran out); approve / block: a reviewer (or the deadline) answered while held. */
  outcome: 'approve' | 'block' | 'pending';
  reason: string;
  review_deadline: string | null;
  held_seconds: number | null;
  /** on_escalation elicit: what the user did in the MCP client, or `unsupported` when the client cannot be asked. */
  elicitation?: ElicitAction | 'unsupported';
}

export class GovernanceGate {
  readonly #runtime: Runtime;
  readonly #sessions: SessionCounter;
  readonly #logger: Logger;
  readonly #reviews: ReviewDesk | undefined;
  readonly #policies: PolicySource | undefined;
  /** audit: intent post-check rows on their way to the ledger (a shutdown waits for them). */
  readonly #recording = new Set<Promise<void>>();

  constructor(runtime: Runtime, sessions: SessionCounter, logger: Logger, reviews?: ReviewDesk, policies?: PolicySource) {
    this.#runtime = runtime;
    this.#sessions = sessions;
    this.#logger = logger;
    this.#reviews = reviews;
    this.#policies = policies;
  }

  /** `elicit`: on an MCP session whose client declared elicitation, how to ask its user (on_escalation: elicit). */
  async preCheck(facts: CallFacts, signal?: AbortSignal, elicit?: Elicitor): Promise<PreVerdict> {
    const { route } = facts;
    const slot = this.#sessions.reserve(facts.sessionId, facts.tool);
    const body: PreCheckBody = {
      agent_id: facts.agentId,
      framework: route.framework,
      action: facts.tool,
      params: facts.params,
      user: facts.user,
      input: '',
      model: facts.model,
      session_id: facts.sessionId,
    };
    let response: ResponseBody;
    try {
      response = await this.#runtime.preCheck(body, {
        priorSessionCalls: slot.prior,
        principal: `agent:${facts.agentId}`,
        record: {
          route: route.name, protocol: route.protocol, request_id: facts.requestId, upstream: route.upstream.origin,
          method: facts.method, path: facts.path,
          execution: executionDeadline(route),
        },
      });
    } catch (error) {
      slot.release();
      if (this.#failOpen(error, facts, 'pre_check')) return { kind: 'unrecorded' };
      throw error;
    }
    const decision = decisionOf(response);
    let forward = allows(decision.outcome, route);
    let review: ReviewNotice | undefined;
    if (decision.outcome === 'escalate' || decision.outcome === 'request_evidence') {
      review = { href: reviewItemPath(response.envelope_id), outcome: 'pending', reason: decision.reason, review_deadline: decision.review_deadline ?? null, held_seconds: null };
      // elicit asks the user in the MCP client; a client that cannot be asked gets the route's fallback, and is told so.
      const mode = route.onEscalation === 'elicit' && !elicit ? route.elicitationFallback : route.onEscalation;
      if (route.onEscalation === 'elicit' && !elicit) review.elicitation = 'unsupported';
      const tier = (response.risk as { tier?: string } | undefined)?.tier ?? null;
      if (mode === 'elicit' && elicit && this.#reviews && this.#policies) {
        const asked = await askTheUser(this.#reviews, elicit, facts, response.envelope_id, decision.reason, holdSecondsFor(route, this.#policies, tier), signal)
          .catch((error: unknown) => { slot.release(); throw error; });
        review = { ...review, ...asked };
        forward = asked.outcome === 'approve';
      } else if (mode === 'hold' && this.#reviews && this.#policies) {
        const held = await holdForReview(this.#reviews, response.envelope_id, holdSecondsFor(route, this.#policies, tier), signal)
          .catch((error: unknown) => { slot.release(); throw error; });
        review = { ...review, outcome: held.outcome, reason: held.reason, held_seconds: held.heldSeconds };
        forward = held.outcome === 'approve';
      }
    }
    if (!forward) slot.release();
    publishSidecarEvent(route.name, forward ? 'forwarded' : 'blocked');
    return { kind: 'decided', forward, response, body, ...(review ? { review } : {}) };
  }

  async postCheck(facts: CallFacts, pre: PreVerdict, output: Record<string, unknown>, upstream: UpstreamFacts): Promise<PostVerdict> {
    if (pre.kind === 'unrecorded') return { kind: 'unrecorded' };
    const { route } = facts;
    try {
      const result = await this.#runtime.postCheck({
        pre_check_envelope_id: pre.response.envelope_id,
        execution: { model: facts.model, latency_ms: upstream.latencyMs },
        output,
      }, {
        record: {
          route: route.name, protocol: route.protocol, request_id: facts.requestId,
          upstream_status: upstream.status, upstream_ms: upstream.latencyMs,
          ...(upstream.error ? { upstream_error: upstream.error } : {}),
          ...(upstream.redacted && upstream.redacted.length > 0 ? { redacted: upstream.redacted } : {}),
          ...(upstream.unscannable ? { unscannable: upstream.unscannable } : {}),
          ...(upstream.withheldHeaders && upstream.withheldHeaders.length > 0 ? { withheld_headers: upstream.withheldHeaders } : {}),
          on_escalation: route.onEscalation,
        },
        unscannable: upstream.unscannable ? { contentType: upstream.unscannable.content_type, action: upstream.unscannable.action } : undefined,
        reviewWaived: route.onEscalation === 'forward',
        durability: route.audit,
        preCheck: { envelope_id: pre.response.envelope_id, outcome: decisionOf(pre.response).outcome as Outcome, body: pre.body },
        // The result is judged as the API's post-checks are (high and critical now, within the
        // budget; the rest queued), whenever this process has a judge (JUDGE_URL).
      }, { judge: true });
      if (result.recorded) this.#watchIntent(facts, result.body.envelope_id, result.recorded);
      const release = allows(decisionOf(result.body).outcome, route);
      publishSidecarEvent(route.name, release ? 'released' : 'withheld');
      if (upstream.unscannable) publishSidecarEvent(route.name, release ? 'unscannable_released' : 'unscannable_blocked');
      return { kind: 'decided', release, response: result.body };
    } catch (error) {
      if (this.#failOpen(error, facts, 'post_check')) return { kind: 'unrecorded' };
      throw error;
    }
  }

  /**
   * audit: intent. The answer goes out without waiting for its post-check row; a row that then
   * fails to append is counted and logged here (the release cannot be taken back), and its
   * pre-check, left without an outcome, becomes `outcome_unknown` once the reconciler sees its
   * deadline pass.
   */
  #watchIntent(facts: CallFacts, envelopeId: string, recorded: Promise<void>): void {
    const watched = recorded.catch((error: unknown) => {
      publishSidecarEvent(facts.route.name, 'intent_unrecorded');
      this.#logger.error('sidecar: a released call\'s post-check row could not be recorded (audit intent); the outcome reconciler will mark it outcome_unknown', {
        route: facts.route.name, tool: facts.tool, request_id: facts.requestId, post_check_envelope_id: envelopeId,
        error: (error as { detail?: string; message?: string }).detail ?? (error as Error)?.message,
      });
    });
    this.#recording.add(watched);
    // Released, but its row still takes memory: the call counts against the budget until it is appended.
    facts.ticket?.holdUntil(watched);
    void watched.finally(() => this.#recording.delete(watched));
  }

  /** Resolves once every audit: intent post-check row released so far is appended (or has failed, and is counted). */
  async recorded(): Promise<void> {
    while (this.#recording.size > 0) await Promise.allSettled([...this.#recording]);
  }

  /** True when the ledger is down and the route fails open: logged and counted, the call goes on. */
  #failOpen(error: unknown, facts: CallFacts, stage: string): boolean {
    if (!(error instanceof ApiError) || error.code !== 'LEDGER_UNAVAILABLE') return false;
    if (facts.route.failMode === 'closed') {
      publishSidecarEvent(facts.route.name, 'fail_closed');
      this.#logger.error('sidecar: ledger unavailable, call refused (fail_mode closed)', {
        route: facts.route.name, stage, tool: facts.tool, request_id: facts.requestId, error: error.detail,
      });
      return false;
    }
    publishSidecarEvent(facts.route.name, 'fail_open');
    this.#logger.warn('sidecar: ledger unavailable, call goes on ungoverned and unrecorded (fail_mode open)', {
      route: facts.route.name, stage, tool: facts.tool, request_id: facts.requestId, error: error.detail,
    });
    return true;
  }
}

/**
 * What the outcome reconciler needs to know when a forwarded call's answer is overdue: the
 * route's whole timeout (connect + headers + body silence) from the moment it is forwarded, and
 * when that is (at once, or after a hold of at most hold_seconds until a reviewer approves).
 */
export function executionDeadline(route: SidecarRoute): Record<string, unknown> {
  const { connectMs, headersMs, bodyMs } = route.timeouts;
  return {
    timeout_ms: connectMs + headersMs + bodyMs,
    on_escalation: route.onEscalation,
    hold_seconds: route.onEscalation === 'hold' ? Math.min(route.holdSeconds ?? MAX_HOLD_SECONDS, MAX_HOLD_SECONDS) : null,
  };
}

/** approve goes on; block never does; escalate and request_evidence follow the route's on_escalation. */
export function allows(outcome: string, route: SidecarRoute): boolean {
  if (outcome === 'approve') return true;
  if (outcome === 'block') return false;
  return route.onEscalation === 'forward';
}

/** The 503 a fail-closed route answers when the ledger cannot record, saying what was not done. */
export function ledgerRefusal(error: ApiError, route: SidecarRoute, stage: 'pre_check' | 'post_check'): ApiError {
  if (error.code !== 'LEDGER_UNAVAILABLE') return error;
  const what = stage === 'pre_check' ? 'did not forward the call' : 'did not release the result';
  return new ApiError('LEDGER_UNAVAILABLE', `The audit ledger cannot record, so route ${route.name} (fail_mode closed) ${what}: ${error.detail}`, {
    headers: error.headers,
    extensions: { route: route.name, stage, forwarded: stage === 'post_check' },
  });
}
