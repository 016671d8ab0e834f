// /v1/review: the human review queue and each item's lifecycle. Escalations and evidence requests
// land there with their deadline; claims, releases, reassignments, comments and verdicts are rows
// linked to the item (nothing is updated), and the item's state is derived from them.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { RISK_TIERS } from '../governance/index.ts';
import { REVIEW_STATUS_FILTERS, type ReviewQuery } from '../ledger/index.ts';
import { validateRequest } from '../schemas/index.ts';
import type { ReviewDesk, GrantBook, ScopeRequest } from '../oversight/index.ts';
import { reviewItemBody, reviewItemPath } from '../oversight/index.ts';
import { QueryReader, envelopeIdParam, pagingParameters } from './query-params.ts';
import { actorOf } from './actor.ts';
import { readScope, requireEnvelopeInReadScope, type TeamAgents } from './team-scope.ts';
import { maskRow, readsPersonalData } from './pii-masking.ts';

export const REVIEW_DEFAULT_LIMIT = 50;
export const REVIEW_MAX_LIMIT = 500;
/** A long-poll holds a connection; a minute is as long as proxies commonly let one idle. */
export const REVIEW_MAX_WAIT_SECONDS = 60;
const STATUSES = [...REVIEW_STATUS_FILTERS, 'overdue'] as const;
const NAME = /^[\w\-.:@/]{1,256}$/;

const itemPath = { name: 'envelope_id', in: 'path' as const, required: true, description: 'The queued envelope.', schema: { type: 'string', format: 'uuid' } };

export function reviewRoutes(desk: ReviewDesk, grants?: GrantBook, teamAgents?: TeamAgents): Route[] {
  /** The item as this caller may read it: personal data masked unless its roles include reading it. */
  const itemBody = (ctx: RequestContext, id: string) => reviewItemBody(desk, id, readsPersonalData(ctx) ? undefined : maskRow);
  /** An item of an agent outside the caller's team is answered as unknown (404), for reads and actions alike. */
  const inScope = (ctx: RequestContext, id: string): Promise<void> =>
    requireEnvelopeInReadScope(ctx, teamAgents, desk.ledger, id, () => new ApiError('ENVELOPE_NOT_FOUND', `No review item with envelope id ${id}.`));
  const action = (
    suffix: string, summary: string, request: 'ReviewActionRequest' | 'ReviewReassignRequest' | 'ReviewCommentRequest', errors: number[],
    run: (id: string, by: string, body: { note?: string; to?: string }) => Promise<unknown>,
  ): Route => ({
    method: 'POST', path: `/v1/review/queue/{envelope_id}/${suffix}`,
    meta: {
      feature: 'review_queue',
      doc: {
        summary, tags: ['review'], request, parameters: [itemPath],
        responses: { 200: { description: 'The item after the change', schema: 'ReviewItemDetail' } }, errors: [403, 404, 409, 422, 503, ...errors],
      },
    },
    handler: async (ctx) => {
      const id = envelopeIdParam(ctx.params.envelope_id);
      const body = validateRequest<{ note?: string; to?: string; reviewer_id?: string }>(request, await ctx.json());
      await inScope(ctx, id);
      await run(id, actorOf(ctx, body.reviewer_id), body);
      return { body: await itemBody(ctx, id) };
    },
  });

  return [
    {
      method: 'GET', path: '/v1/review/queue',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'The human review queue, newest first', tags: ['review'],
          description: 'Executions whose outcome was escalate or request_evidence, with the state their review rows give them.',
          parameters: [
            { name: 'status', in: 'query', description: 'pending, claimed, approved, rejected, expired; open (pending or claimed), resolved (approved, rejected or expired); overdue (= status=open&overdue=true). Default: all.', schema: { type: 'string', enum: STATUSES } },
            { name: 'overdue', in: 'query', description: 'true: open items past their review_deadline; false: the others.', schema: { type: 'string', enum: ['true', 'false'] } },
            { name: 'tier', in: 'query', description: 'Only this risk tier.', schema: { type: 'string', enum: RISK_TIERS } },
            { name: 'agent_id', in: 'query', description: 'Only this agent.', schema: { type: 'string' } },
            { name: 'tool', in: 'query', description: 'Only calls of this tool (action).', schema: { type: 'string' } },
            ...pagingParameters(REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LIMIT),
          ],
          responses: { 200: { description: 'One page of review items', schema: 'ReviewQueue' } }, errors: [403, 422, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const status = q.oneOf('status', STATUSES);
        const overdue = q.oneOf('overdue', ['true', 'false'] as const);
        const query: ReviewQuery = {
          ...(status === 'overdue' ? { status: 'open', overdue: true } : { status }),
          ...(overdue === undefined ? {} : { overdue: overdue === 'true' }),
          tier: q.oneOf('tier', RISK_TIERS),
          agent_id: q.string('agent_id', NAME),
          action: q.string('tool', NAME),
          ...q.paging(REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LIMIT),
          now: desk.now(),
        };
        q.done();
        const agents = await readScope(ctx, teamAgents);
        const { items, total } = await desk.ledger.reviewQueue(agents === undefined ? query : { ...query, agents });
        return { body: { items: items.map((item) => ({ ...item, href: reviewItemPath(item.envelope_id) })), total, limit: query.limit, offset: query.offset } };
      },
    },
    {
      method: 'GET', path: '/v1/review/queue/{envelope_id}',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'One review item with everything a reviewer needs; long-poll with ?wait', tags: ['review'],
          description: `The call (tool, arguments, scores, failures, risk factors, decision), the agent's recent history, and every linked row. With \`wait=<seconds>\` (at most ${REVIEW_MAX_WAIT_SECONDS}) the answer comes as soon as the item changes (any new linked row), or when the wait ends: compare \`revision\`. Pass \`revision\` to wait for a change after the one you saw.`,
          parameters: [
            itemPath,
            { name: 'wait', in: 'query', description: `Seconds to wait for a change (0..${REVIEW_MAX_WAIT_SECONDS}).`, schema: { type: 'integer', minimum: 0, maximum: REVIEW_MAX_WAIT_SECONDS } },
            { name: 'revision', in: 'query', description: 'The revision you already have; default: the current one.', schema: { type: 'integer', minimum: 0 } },
          ],
          responses: { 200: { description: 'The item', schema: 'ReviewItemDetail' } }, errors: [403, 404, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const q = new QueryReader(ctx.query);
        const wait = q.integer('wait', { fallback: 0, min: 0, max: REVIEW_MAX_WAIT_SECONDS });
        const revision = q.optionalInteger('revision', 0);
        q.done();
        await inScope(ctx, id);
        if (wait > 0) {
          const seen = revision ?? (await desk.view(id)).state.revision;
          await desk.waitForChange(id, seen, wait * 1000, closedSignal(ctx));
        }
        return { body: await itemBody(ctx, id) };
      },
    },
    action('claim', 'Claim a review item (pending -> claimed)', 'ReviewActionRequest', [], (id, by, body) => desk.claim(id, by, body.note ?? null)),
    action('release', 'Release your claim (claimed -> pending)', 'ReviewActionRequest', [], (id, by, body) => desk.release(id, by, body.note ?? null)),
    action('reassign', 'Hand a review item to another reviewer (-> claimed by `to`)', 'ReviewReassignRequest', [], (id, by, body) => desk.reassign(id, by, body.to!, body.note ?? null)),
    action('comment', 'Comment on a review item (any state)', 'ReviewCommentRequest', [], (id, by, body) => desk.comment(id, by, body.note!)),
    {
      method: 'POST', path: '/v1/review/queue/{envelope_id}/resolution',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'Resolve a review item: approve or reject (block)', tags: ['review'], request: 'ReviewResolutionRequest',
          description: 'approve or reject with a note. The credential that made the call may not resolve it (403 SELF_REVIEW_FORBIDDEN). When the tier needs more than one distinct approver, an approval short of that answers 202 and the item stays open. An approval may carry a `grant` that approves later calls too (see /v1/approvals).',
          parameters: [itemPath],
          responses: {
            201: { description: 'The verdict, recorded as a review row', schema: 'ReviewResolution' },
            202: { description: 'An approval recorded; more approvers are needed', schema: 'ReviewResolution' },
          },
          errors: [403, 404, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const body = validateRequest<{ outcome: 'approve' | 'reject' | 'block'; note: string; reviewer_id?: string; grant?: ScopeRequest }>('ReviewResolutionRequest', await ctx.json());
        const reviewer = actorOf(ctx, body.reviewer_id);
        await inScope(ctx, id);
        const verdict = body.outcome === 'approve' ? 'approve' : 'reject';
        if (body.grant && verdict !== 'approve') {
          throw new ApiError('VALIDATION_FAILED', 'Only an approval can carry a grant.', { errors: [{ path: 'grant', message: 'only with outcome approve' }] });
        }
        if (body.grant && grants) grants.checkScope(body.grant);
        if (body.grant && (await desk.view(id)).item.kind === 'tool_change') {
          throw new ApiError('VALIDATION_FAILED', 'A tool definition change is approved for the fleet as it is; it carries no grant.', { errors: [{ path: 'grant', message: 'not with a tool_change item' }] });
        }
        const result = await desk.resolve(id, reviewer, verdict, body.note);
        const { item } = await desk.view(id);
        const grant = result.decided && body.grant && grants
          ? await grants.grantFromReview(item, body.grant, reviewer, body.note)
          : null;
        return {
          status: result.decided ? 201 : 202,
          body: {
            envelope_id: result.row.envelope_id, resolved_envelope_id: id, outcome: verdict === 'approve' ? 'approve' : 'block', reviewer_id: reviewer,
            note: body.note, created_at: result.row.created_at, status: result.state.status, decided: result.decided,
            approvals: result.state.verdict?.approvers ?? result.state.approvals,
            required_approvals: desk.policyFor(item).requiredApprovals, grant,
          },
        };
      },
    },
  ];
}

/** Aborts when the client goes away, so a long-poll does not outlive its caller. */
function closedSignal(ctx: RequestContext): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => controller.abort());
  return controller.signal;
}
