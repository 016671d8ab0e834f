// /v1/approvals: standing approvals (grants) that answer later escalations of the same agent and
// tool; given ahead of time here or while approving a review item, revoked with DELETE.

import { ApiError, type Route } from '../http/index.ts';
import { validateRequest } from '../schemas/index.ts';
import type { GrantBook, ScopeRequest } from '../oversight/index.ts';
import { QueryReader, envelopeIdParam, pagingParameters } from './query-params.ts';
import { actorOf } from './actor.ts';
import { readScope, requireInReadScope, requireTeamAgent, type TeamAgents } from './team-scope.ts';

const GRANT_DEFAULT_LIMIT = 50;
const GRANT_MAX_LIMIT = 200;
const NAME = /^[\w\-.:@/]{1,256}$/;
const grantPath = { name: 'id', in: 'path' as const, required: true, description: 'The grant id (its ledger row).', schema: { type: 'string', format: 'uuid' } };

/** A revocation's note: one line of up to 2,000 characters (it travels in the query string). */
const REVOKE_NOTE = /^[^\u0000-\u001f\u007f]{1,2000}$/;

export function approvalRoutes(grants: GrantBook, teamAgents?: TeamAgents): Route[] {
  return [
    {
      method: 'GET', path: '/v1/approvals',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'Approval grants, newest first', tags: ['review'],
          parameters: [
            { name: 'agent_id', in: 'query', description: 'Only this agent\'s grants.', schema: { type: 'string' } },
            { name: 'active', in: 'query', description: 'true: only grants that can still answer a call.', schema: { type: 'string', enum: ['true', 'false'] } },
            ...pagingParameters(GRANT_DEFAULT_LIMIT, GRANT_MAX_LIMIT),
          ],
          responses: { 200: { description: 'Grants', schema: 'ApprovalGrantList' } }, errors: [403, 422, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const agentId = q.string('agent_id', NAME);
        const active = q.oneOf('active', ['true', 'false'] as const);
        const paging = q.paging(GRANT_DEFAULT_LIMIT, GRANT_MAX_LIMIT);
        q.done();
        const agents = await readScope(ctx, teamAgents);
        return { body: { items: await grants.list({ agentId, ...(agents === undefined ? {} : { agents }), ...paging, activeOnly: active === 'true' }) } };
      },
    },
    {
      method: 'POST', path: '/v1/approvals',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'Grant an approval ahead of time', tags: ['review'], request: 'ApprovalGrantRequest',
          description: 'Later pre-checks of this agent and tool that would escalate are approved instead while the grant covers them (recorded with the grant id): once (the exact arguments), session, count, ttl, or a CEL condition over `args`.',
          responses: { 201: { description: 'The grant, recorded as an approval row', schema: 'ApprovalGrant' } }, errors: [403, 422, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ agent_id: string; tool: string; arguments?: Record<string, unknown>; grant: ScopeRequest; note: string; reviewer_id?: string }>(
          'ApprovalGrantRequest', await ctx.json());
        // A team member grants and revokes for the team's agents only.
        await requireTeamAgent(ctx, teamAgents, body.agent_id);
        const grant = await grants.grant({
          agentId: body.agent_id, tool: body.tool, args: body.arguments, scope: body.grant, by: actorOf(ctx, body.reviewer_id), note: body.note,
        });
        return { status: 201, body: grant };
      },
    },
    {
      method: 'DELETE', path: '/v1/approvals/{id}',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'Revoke an approval grant', tags: ['review'],
          parameters: [grantPath, { name: 'note', in: 'query', description: 'Why the grant is revoked: recorded with the revocation.', schema: { type: 'string', pattern: REVOKE_NOTE.source } }],
          responses: { 200: { description: 'The grant, now revoked', schema: 'ApprovalGrant' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.id);
        const q = new QueryReader(ctx.query);
        const note = q.string('note', REVOKE_NOTE) ?? null;
        q.done();
        await requireInReadScope(ctx, teamAgents, (await grants.get(id)).agent_id, () => new ApiError('GRANT_NOT_FOUND', `No approval grant with id ${id}.`));
        return { body: await grants.revoke(id, actorOf(ctx), note) };
      },
    },
  ];
}
