// The runtime pipeline around the pure engines: gather what they need (reliability, parent,
// kill switch, policy), evaluate, record durably, answer. Both the /v1/runtime API and the
// sidecar call this. Nothing is approved without a ledger row: the ledger it is given is guarded
// (guarded-ledger.ts), so a failed append or read fails closed with 503.

import { performance } from 'node:perf_hooks';
import { evaluate, SCORE_VERSION } from '../governance/index.ts';
import type { GovernanceContext, GovernanceEvaluation, GovernanceInput } from '../governance/index.ts';
import type { PolicyBundle, RuleVariables, SessionCall } from '../policy/index.ts';
import { newEnvelopeId, type LedgerEntry, type LedgerRow } from '../ledger/index.ts';
import { ApiError } from '../http/index.ts';
import { decisionChannel, inSpan, SPAN_NAMES, tracingOn, type DecisionEvent } from '../observability/index.ts';
import type { Span } from '@opentelemetry/api';
import { SessionHistory } from './session-history.ts';
import { publishRules, rulesPayload, sessionCalls, type Evaluated } from './rule-records.ts';
import { addsCalls, recordedHistory } from './recorded-history.ts';
import { liveDryRun } from './live-dry-run.ts';
import type { DryRunContextInput, DryRunResult, DryRunSubject } from './policy-dry-run.ts';
import { inputFromStored, postCheckInput, preCheckInput, validateInput } from './inputs.ts';
import { conflictEntry, conflictError, postCheckDigest, recordedDigest } from './post-check-idempotency.ts';
import { ledgerEntry, postCheckResponse, preCheckResponse, validateResponse, type ResponseBody } from './responses.ts';
import type { PostCheckBody, PreCheckBody, ValidateBody } from './request-types.ts';
import { enqueueJudgement, judgePayload, type JudgeOptions, type Judged } from './judged-evaluation.ts';
import { publishReviewCreated } from './review-created.ts';
import { answeredEscalation, reviewedPreCheck, REVIEWED, stageTools } from './oversight-hooks.ts';
import type { PostCheckResult, RuntimeDeps, SidecarFacts } from './runtime-types.ts';
import { parentEnvelope, principalPayload, priorSessionCalls, replay, reviewPayload, sidecarPayload, storedRequest, type PreCheckRef } from './recorded-rows.ts';

export class Runtime {
  readonly #deps: RuntimeDeps;
  readonly #now: () => number;
  readonly #sessions: SessionHistory;
  /** Post-checks under way, by pre-check id: a duplicate arriving meanwhile waits for the first. */
  readonly #postChecks = new Map<string, { digest: string; result: Promise<PostCheckResult> }>();

  constructor(deps: RuntimeDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#sessions = deps.sessions ?? new SessionHistory();
  }

  validate(body: ValidateBody, facts: Pick<SidecarFacts, 'principal'> = {}, options: JudgeOptions = {}): Promise<ResponseBody> {
    // Tracing off: a direct call, no span and no closure (docs/tracing.md).
    if (!tracingOn()) return this.#validate(body, facts, options);
    return inSpan(SPAN_NAMES.validate, async (span) => traced(span, body.agent_id, null, await this.#validate(body, facts, options)));
  }

  preCheck(body: PreCheckBody, facts: SidecarFacts = {}): Promise<ResponseBody> {
    if (!tracingOn()) return this.#preCheck(body, facts);
    return inSpan(SPAN_NAMES.preCheck, async (span) => traced(span, body.agent_id, body.action, await this.#preCheck(body, facts)));
  }

  async #validate(body: ValidateBody, facts: Pick<SidecarFacts, 'principal'>, options: JudgeOptions): Promise<ResponseBody> {
    const started = performance.now();
    const input = validateInput(body);
    const sessionId = body.request.session_id ?? null;
    const evaluated = await this.#judged(input, body.parent_envelope_id ?? null, { history: this.#sessions.calls(sessionId), principal: facts.principal }, options);
    const { evaluation } = evaluated;
    // These calls already ran: the session's next calls see them, whatever the decision.
    this.#sessions.record(sessionId, sessionCalls(input, input.execution?.toolsCalled ?? []));
    const envelopeId = newEnvelopeId();
    const response = validateResponse(envelopeId, evaluation, elapsed(started));
    await this.#record(ledgerEntry({
      kind: 'validate', envelopeId, parentEnvelopeId: body.parent_envelope_id ?? null, agentId: body.agent_id,
      action: null, evaluation, payload: { request: body, response, ...principalPayload(facts), ...this.#rulesPayload(evaluated, sessionId), ...judgePayload(evaluated) },
    }), input, evaluation, { sessionId, history: evaluated.history });
    await enqueueJudgement(this.#deps.judge, evaluated, envelopeId);
    return response;
  }

  async #preCheck(body: PreCheckBody, facts: SidecarFacts): Promise<ResponseBody> {
    const started = performance.now();
    const input = preCheckInput(body);
    const sessionId = body.session_id ?? null;
    const evaluated = await this.#evaluate(input, null, { sessionCalls: facts.priorSessionCalls, history: this.#sessions.calls(sessionId), principal: facts.principal });
    const grant = await this.#standingApproval(evaluated, body, facts.principal);
    const evaluation = grant ? answeredEscalation(evaluated.evaluation, 'approve', 'approval_grant', grant.reason) : evaluated.evaluation;
    const envelopeId = newEnvelopeId();
    // A call that may go ahead counts as made: a sequence rule errs towards seeing it.
    if (evaluation.decision.outcome !== 'block' && input.proposedAction) {
      this.#sessions.record(sessionId, sessionCalls(input, [input.proposedAction]), envelopeId);
    }
    const response = preCheckResponse(envelopeId, evaluation, elapsed(started));
    await this.#record(ledgerEntry({
      kind: 'pre_check', envelopeId, parentEnvelopeId: null, agentId: body.agent_id,
      action: body.action, evaluation,
      payload: { request: body, response, ...sidecarPayload(facts), ...principalPayload(facts), ...(grant ? { approval_grant: grant } : {}), ...this.#rulesPayload(evaluated, sessionId) },
    }), input, evaluation, { sessionId, history: evaluated.history });
    return response;
  }

  /** A grant that answers this pre-check's escalation, consumed; only asked when it escalates. */
  async #standingApproval(evaluated: Evaluated, body: PreCheckBody, principal: string | undefined) {
    if (!this.#deps.grants || !REVIEWED.has(evaluated.evaluation.decision.outcome)) return undefined;
    return this.#deps.grants.consume({
      agentId: body.agent_id, tool: body.action, params: body.params ?? {}, sessionId: body.session_id ?? null, now: this.#now(), principal,
    });
  }

  postCheck(body: PostCheckBody, facts: SidecarFacts = {}, options: JudgeOptions = {}): Promise<PostCheckResult> {
    if (!tracingOn()) return this.#postCheck(body, facts, options);
    return inSpan(SPAN_NAMES.postCheck, async (span) => {
      const result = await this.#postCheck(body, facts, options);
      traced(span, null, null, result.body);
      return result;
    });
  }

  #postCheck(body: PostCheckBody, facts: SidecarFacts, options: JudgeOptions): Promise<PostCheckResult> {
    const key = body.pre_check_envelope_id;
    const digest = postCheckDigest(body);
    const running = this.#postChecks.get(key);
    if (running?.digest === digest) return running.result.then((result) => ({ ...result, replayed: true }));
    // Another body for a pre-check being post-checked: once that one is recorded, this one conflicts.
    if (running) return running.result.catch(() => undefined).then(() => this.#postCheckOnce(body, facts, digest, options));
    const result = this.#postCheckOnce(body, facts, digest, options);
    this.#postChecks.set(key, { digest, result });
    // Kept until the row is durable (an intent post-check answers before), so a duplicate waits for it.
    void result.then((done) => done.recorded).catch(() => undefined).finally(() => this.#postChecks.delete(key));
    return result;
  }

  /** The first post-check's answer for the same body; for another body a recorded 409. */
  async #replayOrConflict(first: LedgerRow, digest: string): Promise<PostCheckResult> {
    const recorded = recordedDigest(first);
    // null: the first payload expired, so the answer cannot be replayed either (replay says so).
    if (recorded === null || recorded === digest) return replay(first);
    const bundle = this.#deps.policies.current();
    await this.#deps.ledger.append(conflictEntry(first, digest, { policy_version: bundle.version, score_version: SCORE_VERSION }));
    throw conflictError(first);
  }

  async #postCheckOnce(body: PostCheckBody, facts: SidecarFacts, digest: string, options: JudgeOptions): Promise<PostCheckResult> {
    const started = performance.now();
    const preCheckId = body.pre_check_envelope_id;
    let pre: PreCheckRef;
    let preBody: PreCheckBody;
    if (facts.preCheck && facts.preCheck.envelope_id === preCheckId) {
      // The sidecar holds the pre-check it just made and post-checks it once: no ledger reads.
      ({ body: preBody, ...pre } = facts.preCheck);
    } else {
      const existing = await this.#deps.ledger.findChild(preCheckId, 'post_check');
      if (existing) return this.#replayOrConflict(existing, digest);
      const row = await this.#deps.ledger.get(preCheckId);
      if (!row || row.kind !== 'pre_check') {
        throw new ApiError('ENVELOPE_NOT_FOUND', `No pre-check with envelope id ${preCheckId}; post-check needs the envelope_id a pre-check returned.`);
      }
      pre = row;
      preBody = storedRequest(row).request as PreCheckBody;
    }
    const input = postCheckInput(preBody, body);
    const sessionId = preBody.session_id ?? null;
    const reviewed = facts.reviewWaived ? pre : await reviewedPreCheck(this.#deps.reviews, pre);
    const evaluated = await this.#judged(input, null, { preCheck: reviewed, history: this.#sessions.calls(sessionId, preCheckId), unscannable: facts.unscannable, principal: facts.principal }, options);
    // A human approved this call: the output's own escalation is theirs to have made (a block still blocks).
    const evaluation = reviewed.review?.outcome === 'approve' && REVIEWED.has(evaluated.evaluation.decision.outcome)
      ? answeredEscalation(evaluated.evaluation, 'approve', 'human_review', reviewed.reason ?? 'Approved in human review.')
      : evaluated.evaluation;
    // It ran: recorded now unless its pre-check already was (once per pre-check envelope).
    this.#sessions.record(sessionId, sessionCalls(input, input.execution?.toolsCalled ?? []), preCheckId);
    const envelopeId = newEnvelopeId();
    const response = postCheckResponse(envelopeId, preCheckId, evaluation, elapsed(started));
    const recorded = this.#record(ledgerEntry({
      kind: 'post_check', envelopeId, parentEnvelopeId: preCheckId, agentId: preBody.agent_id,
      action: preBody.action, evaluation,
      payload: { request: body, request_digest: digest, pre_check: preBody, response, ...sidecarPayload(facts), ...principalPayload(facts), ...reviewPayload(reviewed), ...this.#rulesPayload(evaluated, sessionId), ...judgePayload(evaluated) },
    }), input, evaluation, { sessionId, history: evaluated.history }).then(() => enqueueJudgement(this.#deps.judge, evaluated, envelopeId));
    // The decision is made and its row queued: an intent caller goes on and watches `recorded` itself.
    if (facts.durability === 'intent') return { body: response, replayed: false, recorded };
    try {
      await recorded;
    } catch (error) {
      if ((error as { code?: string }).code !== 'LEDGER_DUPLICATE_POST_CHECK') throw error;
      // Another gateway process recorded this post-check first: answer with its result.
      const winner = await this.#deps.ledger.findChild(preCheckId, 'post_check');
      if (winner) return this.#replayOrConflict(winner, digest);
      throw error;
    }
    return { body: response, replayed: false };
  }

  /** Re-runs the decision on a stored envelope under the current policy; records a linked `decision` row. */
  async rerunDecision(envelopeId: string): Promise<ResponseBody> {
    const started = performance.now();
    const source = await this.#deps.ledger.get(envelopeId);
    if (!source) throw new ApiError('ENVELOPE_NOT_FOUND', `No envelope with id ${envelopeId}.`);
    const stored = storedRequest(source);
    const input = inputFromStored(source.kind, stored);
    if (!input) {
      throw new ApiError('NOT_DECIDABLE', `Envelope ${envelopeId} is a ${source.kind} record; only validate, pre-check and post-check envelopes carry a decision to re-run.`);
    }
    const parentId = source.kind === 'validate' ? ((stored.request as ValidateBody).parent_envelope_id ?? null) : null;
    const preCheckRow = source.kind === 'post_check' && source.parent_envelope_id
      ? await this.#deps.ledger.get(source.parent_envelope_id as string)
      : undefined;
    const reviewedPre = preCheckRow ? await reviewedPreCheck(this.#deps.reviews, preCheckRow) : undefined;
    const evaluated = await this.#evaluate(input, parentId, {
      preCheck: reviewedPre, sessionCalls: priorSessionCalls(source), history: await recordedHistory(source, (id) => this.#deps.ledger.get(id)),
    });
    const evaluation = await this.#answeredByReview(source, evaluated.evaluation);
    const newId = newEnvelopeId();
    const { decided_by: _decidedBy, ...decision } = evaluation.decision;
    const response: ResponseBody = {
      envelope_id: newId,
      source_envelope_id: envelopeId,
      previous: { outcome: source.outcome, policy_version: source.policy_version, score_version: source.score_version },
      changed: source.outcome !== evaluation.decision.outcome,
      validation: evaluation.validation,
      risk: evaluation.risk,
      decision,
      latency_ms: elapsed(started),
    };
    await this.#record(ledgerEntry({
      kind: 'decision', envelopeId: newId, parentEnvelopeId: envelopeId, agentId: input.agentId,
      // The history is the source row's, rebuilt: stored as a reference to it.
      action: source.action, evaluation, payload: { ...stored, source_kind: source.kind, response, ...rulesPayload(evaluated, { envelopeId, history: evaluated.history }) },
    }), input, evaluation);
    return response;
  }

  /** A re-run that escalates again, of an envelope a human already reviewed, takes the human's answer. */
  async #answeredByReview(source: LedgerRow, evaluation: GovernanceEvaluation): Promise<GovernanceEvaluation> {
    if (!this.#deps.reviews || !REVIEWED.has(source.outcome ?? '') || !REVIEWED.has(evaluation.decision.outcome)) return evaluation;
    const gate = await this.#deps.reviews.gate(source.envelope_id);
    return gate.outcome === 'pending' ? evaluation : answeredEscalation(evaluation, gate.outcome, 'human_review', gate.reason);
  }

  /** What the active bundle (or `bundle`) decides for a request, under this gateway's live state; records nothing. */
  dryRun(subject: DryRunSubject, context?: DryRunContextInput, bundle?: PolicyBundle): Promise<DryRunResult> {
    const live = { ...this.#deps, sessions: this.#sessions, now: this.#now, parent: (id: string) => this.#parent(id) };
    return liveDryRun(live, subject, context, bundle);
  }

  /**
   * #evaluate, with the LLM judge when the caller's tier includes it: high and critical risk are
   * judged now (within the budget) and evaluated again with the answer; other tiers are queued.
   */
  async #judged(input: GovernanceInput, parentId: string | null, extra: EvaluationExtras, options: JudgeOptions): Promise<Judged> {
    const first = await this.#evaluate(input, parentId, extra);
    const judge = options.judge ? this.#deps.judge : undefined;
    if (!judge) return first;
    const tier = first.evaluation.risk.tier;
    const syncJudgement = tracingOn()
      ? await inSpan(SPAN_NAMES.judge, async (span) => {
        span?.setAttribute('governance.risk_tier', tier);
        return judge.judgeSync(first.bundle, input, tier);
      })
      : await judge.judgeSync(first.bundle, input, tier);
    if (!syncJudgement) return { ...first, judgeAfter: judge.isAsync(input, tier) };
    return { ...(await this.#evaluate(input, parentId, { ...extra, bundle: first.bundle, judge: syncJudgement })), syncJudgement };
  }

  async #evaluate(input: GovernanceInput, parentId: string | null, extra: EvaluationExtras = {}): Promise<Evaluated> {
    // One bundle for the whole request, even if a reload lands while it runs.
    const bundle = extra.bundle ?? this.#deps.policies.current();
    const { preCheck, sessionCalls, history = [], unscannable, principal } = extra;
    const now = this.#now();
    const reads = (variable: keyof RuleVariables) => bundle.rules.some((rule) => rule.reads.includes(variable) && rule.stages.includes(input.stage));
    const [reliability, parent, agentCertified, approvalsFor] = await Promise.all([
      this.#deps.reliability.reliability(input.agentId, now),
      parentId ? this.#parent(parentId) : undefined,
      // Only looked up when a rule can read it.
      this.#deps.certified && reads('agent') ? this.#deps.certified(input.agentId, bundle.version) : false,
      this.#deps.grants && reads('approvals') ? this.#deps.grants.standing({ agentId: input.agentId, tools: stageTools(input), sessionId: input.request?.sessionId ?? null, now, principal }) : undefined,
    ]);
    const ctx: GovernanceContext = {
      bundle,
      agentPolicy: bundle.resolveAgent(input.agentId),
      killSwitchActive: this.#deps.killSwitch.active,
      historicalReliability: reliability.score,
      reliabilitySamples: reliability.samples,
      parent,
      preCheck: preCheck ? { envelopeId: preCheck.envelope_id, outcome: preCheck.outcome ?? 'approve', reason: preCheck.reason } : undefined,
      judgeScore: extra.judge?.score ?? null,
      judge: extra.judge?.context,
      agentCertified,
      approvalsFor,
      now,
      priorSessionCalls: sessionCalls,
      sessionHistory: history,
      unscannableOutput: unscannable,
    };
    return { evaluation: evaluate(input, ctx), bundle, history };
  }

  async #parent(id: string): Promise<NonNullable<GovernanceContext['parent']>> {
    const row = await this.#deps.ledger.get(id);
    return { id, found: row && row.outcome ? parentEnvelope(row) : undefined };
  }

  /** The rules' part of a row's payload; the session's history stored against the last row this process recorded with it. */
  #rulesPayload(evaluated: Evaluated, sessionId: string | null): ReturnType<typeof rulesPayload> {
    return rulesPayload(evaluated, this.#sessions.recordedBase(sessionId));
  }

  /** `session`: the session and history the decision saw; once the row is durable, the session's next rows may be stored against it. */
  async #record(entry: LedgerEntry, input: GovernanceInput, evaluation: GovernanceEvaluation, session?: { sessionId: string | null; history: readonly SessionCall[] }): Promise<LedgerRow> {
    const row = await this.#deps.ledger.append(entry);
    const storedHistory = (entry.payload as ReturnType<typeof rulesPayload>).session_history;
    if (session && storedHistory && addsCalls(storedHistory)) this.#sessions.noteRecorded(session.sessionId, entry.envelope_id, session.history);
    publishRules(evaluation);
    if (REVIEWED.has(entry.outcome ?? '')) publishReviewCreated(row);
    if (entry.outcome) {
      this.#deps.reliability.record(input.agentId, entry.outcome, entry.final_confidence ?? 0, Date.parse(row.created_at), evaluation.decision.decided_by);
      if (decisionChannel.hasSubscribers) {
        const event: DecisionEvent = { stage: entry.kind, outcome: entry.outcome, tier: entry.risk_tier ?? 'none' };
        decisionChannel.publish(event);
      }
    }
    return row;
  }
}

interface EvaluationExtras {
  preCheck?: PreCheckRef;
  /** max_calls_per_session: the sidecar's count of this tool's calls in the session. */
  sessionCalls?: number;
  /** The session's earlier calls, for sequence rules. */
  history?: readonly SessionCall[];
  unscannable?: GovernanceContext['unscannableOutput'];
  /** The bundle of a first evaluation, kept for the second (after the synchronous judge). */
  bundle?: PolicyBundle;
  judge?: { score: number | null; context: NonNullable<GovernanceContext['judge']> };
  /** Who makes the call: grants it gave itself do not count for it (separation of duties). */
  principal?: string;
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

/** What a stage's span says about the call: agent, tool, envelope and outcome. */
function traced(span: Span | undefined, agentId: string | null, tool: string | null, response: ResponseBody): ResponseBody {
  const outcome = (response.decision as { outcome?: unknown } | undefined)?.outcome;
  span?.setAttributes({
    'governance.envelope_id': response.envelope_id, ...(agentId ? { 'governance.agent_id': agentId } : {}),
    ...(tool ? { 'governance.tool': tool } : {}), ...(typeof outcome === 'string' ? { 'governance.outcome': outcome } : {}),
  });
  return response;
}
