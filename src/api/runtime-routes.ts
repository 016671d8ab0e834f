// /v1/runtime: pre-check, post-check, validate, the kill switch and decision re-runs.

import type { RequestContext, Route } from '../http/index.ts';
import { validateRequest, type SchemaName } from '../schemas/index.ts';
import type { Runtime, KillSwitch, PostCheckBody, PreCheckBody, ValidateBody, PolicySource, ResponseBody } from '../runtime/index.ts';
import { reviewItemPath } from '../oversight/index.ts';
import { actorOf } from './actor.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { envelopeIdParam } from './query-params.ts';
import { requireSdkVersion } from './sdk-version.ts';
import { isTier, requireAgentInScope, tierAllows, type AgentMismatch } from '../auth/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { requireEnvelopeInReadScope, type TeamAgents } from './team-scope.ts';

/** The LLM judge is an Enterprise feature: a caller below it is decided without the judge (judge_score null). */
function judgeOptions(ctx: RequestContext): { judge: boolean } {
  const tier = ctx.principal?.tier;
  return { judge: tier !== undefined && isTier(tier) && tierAllows(tier, 'llm_judge') };
}

export interface RuntimeRouteDeps {
  runtime: Runtime;
  killSwitch: KillSwitch;
  policies: PolicySource;
  minSdkVersion: string | null;
  /** Reads a post-check's pre-check, to know which agent a post-check acts for. */
  ledger: Pick<Ledger, 'get'>;
  /** The sidecar's own agent (AGENT_ID), which every runtime call of an agent credential must be in scope for too. */
  sidecarAgentId: string | null;
  /** Records a refused agent-bound call (ledger row and metric). */
  recordMismatch(mismatch: AgentMismatch): Promise<void>;
  /** Team scoping (src/api/team-scope.ts); absent: every caller may re-run every agent's envelope. */
  teamAgents?: TeamAgents;
}

const envelopePath = { name: 'envelope_id', in: 'path' as const, required: true, description: 'An envelope id (UUID).', schema: { type: 'string', format: 'uuid' } };

/** Who made the call, recorded so that they may never review it themselves. */
function callerOf(ctx: RequestContext): { principal?: string } {
  return ctx.principal && ctx.principal.kind !== 'anonymous' ? { principal: actorOf(ctx) } : {};
}

/** A decision that waits for a human points at its review item (Location), where a client can long-poll it. */
function reviewLocated(body: ResponseBody): { body: ResponseBody; headers?: Record<string, string> } {
  const outcome = (body.decision as { outcome?: string } | undefined)?.outcome;
  if (outcome !== 'escalate' && outcome !== 'request_evidence') return { body };
  return { body, headers: { location: reviewItemPath(String(body.envelope_id)) } };
}

export function runtimeRoutes(deps: RuntimeRouteDeps): Route[] {
  /** The runtime bodies: schema first (422), then the client version guard (426). */
  const versionedBody = async <T extends { sdk_version?: string }>(ctx: RequestContext, schema: SchemaName): Promise<T> => {
    const body = validateRequest<T>(schema, await ctx.json());
    requireSdkVersion(deps.minSdkVersion, body.sdk_version);
    return body;
  };
  /** An agent-bound credential acts only for its agent: the body's agent_id and, on a sidecar, AGENT_ID. */
  const requireAgent = async (ctx: RequestContext, agentId: string | null): Promise<void> => {
    if (ctx.principal?.agent_scope == null) return;
    const route = `${ctx.method} ${ctx.route}`;
    await requireAgentInScope(ctx.principal, agentId, route, deps.recordMismatch);
    if (deps.sidecarAgentId !== null) await requireAgentInScope(ctx.principal, deps.sidecarAgentId, route, deps.recordMismatch);
  };
  return [
    {
      method: 'POST', path: '/v1/runtime/validate',
      meta: {
        feature: 'runtime',
        doc: {
          summary: 'Validate an executed action (both gates at once)', tags: ['runtime'], request: 'ValidateRequest',
          description: 'Runs the whole pipeline after execution: reliability, 6 validation checks, 7 confidence signals, 4 risk factors, trust chain (when parent_envelope_id is set), decision, audit persist, review queue. An escalate or request_evidence answer carries `Location: /v1/review/queue/{envelope_id}`.',
          responses: { 200: { description: 'Scores, risk and decision', schema: 'ValidateResponse' } }, errors: [403, 426, 429, 503],
        },
      },
      handler: async (ctx) => {
        const body = await versionedBody<ValidateBody>(ctx, 'ValidateRequest');
        await requireAgent(ctx, body.agent_id);
        // Envelope ids are written in lower case; an upper-case parent is the same envelope, found as such.
        const canonical = body.parent_envelope_id ? { ...body, parent_envelope_id: body.parent_envelope_id.toLowerCase() } : body;
        return reviewLocated(await deps.runtime.validate(canonical, callerOf(ctx), judgeOptions(ctx)));
      },
    },
    {
      method: 'POST', path: '/v1/runtime/pre-check',
      meta: {
        feature: 'runtime',
        doc: {
          summary: 'Decide whether a proposed action may run', tags: ['runtime'], request: 'ProposedAction',
          description: 'Deterministic checks only, before execution. The kill switch and a tool-trust score below 100 block without the weighted decision engine. An escalate or request_evidence answer carries `Location: /v1/review/queue/{envelope_id}`: long-poll it with `?wait=` for the human verdict (docs/review.md). A standing approval grant that covers the call turns an escalation into approve.',
          responses: { 200: { description: 'Scores, risk and decision (no trust_chain, no confidence_rationale)', schema: 'PreCheckResponse' } }, errors: [403, 426, 503],
        },
      },
      handler: async (ctx) => {
        const body = await versionedBody<PreCheckBody>(ctx, 'ProposedAction');
        await requireAgent(ctx, body.agent_id);
        return reviewLocated(await deps.runtime.preCheck(body, callerOf(ctx)));
      },
    },
    {
      method: 'POST', path: '/v1/runtime/post-check',
      meta: {
        feature: 'runtime',
        doc: {
          summary: 'Decide whether an executed action\'s output may be released', tags: ['runtime'], request: 'PostCheckRequest',
          description: 'Records a new row linked to the pre-check by parent_envelope_id. When the pre-check escalated, its review decides: pending or claimed blocks, approved proceeds, rejected blocks with the reviewer\'s note, past the deadline the tier\'s on_expiry applies. Idempotent: a repeated post-check for the same pre-check returns the first result (header Idempotent-Replayed: true) and adds no row.',
          responses: { 200: { description: 'Scores, risk and decision for the output', schema: 'PostCheckResponse' } }, errors: [403, 404, 409, 410, 426, 503],
        },
      },
      handler: async (ctx) => {
        const body = await versionedBody<PostCheckBody>(ctx, 'PostCheckRequest');
        if (ctx.principal?.agent_scope != null) {
          // A post-check acts for its pre-check's agent; an unknown pre-check is the handler's 404.
          const pre = await deps.ledger.get(body.pre_check_envelope_id.toLowerCase());
          if (pre) await requireAgent(ctx, pre.agent_id);
        }
        const result = await deps.runtime.postCheck({ ...body, pre_check_envelope_id: body.pre_check_envelope_id.toLowerCase() }, callerOf(ctx), judgeOptions(ctx));
        return { body: result.body, headers: { 'idempotent-replayed': String(result.replayed) } };
      },
    },
    {
      method: 'GET', path: '/v1/runtime/kill-switch',
      meta: {
        feature: 'kill_switch_read',
        doc: { summary: 'Read the global kill switch', tags: ['runtime'], responses: { 200: { description: 'Current state', schema: 'KillSwitchState' } } },
      },
      handler: () => ({ body: deps.killSwitch.state }),
    },
    {
      method: 'POST', path: '/v1/runtime/kill-switch',
      meta: {
        feature: 'kill_switch_write',
        doc: {
          summary: 'Set the global kill switch', tags: ['runtime'], request: 'KillSwitchRequest',
          description: 'While active, every pre-check and validate is blocked without the weighted decision engine. Each change is recorded in the ledger with who and why, and survives restarts.',
          responses: { 200: { description: 'The new state', schema: 'KillSwitchState' } }, errors: [503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ active: boolean; reason: string; actor?: string }>('KillSwitchRequest', await ctx.json());
        const principal = ctx.principal;
        const actor = principal && principal.kind !== 'anonymous' ? `${principal.kind}:${principal.subject}` : (body.actor ?? 'anonymous');
        const bundle = deps.policies.current();
        const state = await deps.killSwitch.set(
          { active: body.active, reason: body.reason, actor },
          { policy_version: bundle.version, score_version: SCORE_VERSION },
        );
        return { body: state };
      },
    },
    {
      method: 'POST', path: '/v1/runtime/decision/{envelope_id}',
      meta: {
        feature: 'decision_rerun',
        doc: {
          summary: 'Re-run the decision on a stored envelope', tags: ['runtime'], parameters: [envelopePath],
          description: 'Evaluates the stored request again under the current policy and kill switch, records the result as a new `decision` row linked to the source, and says whether the outcome changed.',
          responses: { 200: { description: 'The new decision', schema: 'DecisionRerunResponse' } }, errors: [403, 404, 409, 410, 503],
        },
      },
      handler: async (ctx) => {
        const envelopeId = envelopeIdParam(ctx.params.envelope_id);
        // A re-run answers the stored envelope's scores, failures and risk: a team's envelopes only.
        await requireEnvelopeInReadScope(ctx, deps.teamAgents, deps.ledger, envelopeId);
        return { body: await deps.runtime.rerunDecision(envelopeId) };
      },
    },
  ];
}
