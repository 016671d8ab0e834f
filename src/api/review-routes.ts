// /v1/review: the human review queue. Escalations and evidence requests land there with their
// deadline; a reviewer's verdict is a new `review` row linked to the item (nothing is updated).

import { ApiError, type Route } from '../http/index.ts';
import { RISK_TIERS, SCORE_VERSION } from '../governance/index.ts';
import { newEnvelopeId, type Ledger } from '../ledger/index.ts';
import { validateRequest } from '../schemas/index.ts';
import type { PolicySource } from '../runtime/index.ts';
import { QueryReader, envelopeIdParam, pagingParameters } from './query-params.ts';

export const REVIEW_DEFAULT_LIMIT = 50;
export const REVIEW_MAX_LIMIT = 500;
const STATUSES = ['pending', 'overdue', 'resolved'] as const;

export function reviewRoutes(ledger: Ledger, policies: PolicySource, now: () => number = Date.now): Route[] {
  const resolving = new Set<string>();
  return [
    {
      method: 'GET', path: '/v1/review/queue',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'The human review queue, newest first', tags: ['review'],
          description: 'Executions whose outcome was escalate or request_evidence. `overdue` items are pending past their review_deadline.',
          parameters: [
            { name: 'status', in: 'query', description: 'pending (includes overdue), overdue, or resolved. Default: all.', schema: { type: 'string', enum: STATUSES } },
            { name: 'tier', in: 'query', description: 'Only this risk tier.', schema: { type: 'string', enum: RISK_TIERS } },
            ...pagingParameters(REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LIMIT),
          ],
          responses: { 200: { description: 'One page of review items', schema: 'ReviewQueue' } }, errors: [403, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const query = {
          status: q.oneOf('status', STATUSES),
          tier: q.oneOf('tier', RISK_TIERS),
          ...q.paging(REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LIMIT),
          now: now(),
        };
        q.done();
        const { items, total } = await ledger.reviewQueue(query);
        return { body: { items, total, limit: query.limit, offset: query.offset } };
      },
    },
    {
      method: 'POST', path: '/v1/review/queue/{envelope_id}/resolution',
      meta: {
        feature: 'review_queue',
        doc: {
          summary: 'Resolve a review item with a verdict', tags: ['review'], request: 'ReviewResolutionRequest',
          parameters: [{ name: 'envelope_id', in: 'path', required: true, description: 'The queued envelope.', schema: { type: 'string', format: 'uuid' } }],
          responses: { 201: { description: 'The verdict, recorded as a review row', schema: 'ReviewResolution' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const body = validateRequest<{ outcome: 'approve' | 'block'; note: string; reviewer_id?: string }>('ReviewResolutionRequest', await ctx.json());
        const principal = ctx.principal;
        const reviewer = principal && principal.kind !== 'anonymous' ? `${principal.kind}:${principal.subject}` : (body.reviewer_id ?? 'anonymous');
        if (resolving.has(id)) throw alreadyResolved(id);
        resolving.add(id);
        try {
          const item = await ledger.get(id);
          if (!item) throw new ApiError('ENVELOPE_NOT_FOUND', `No envelope with id ${id}.`);
          if (item.outcome !== 'escalate' && item.outcome !== 'request_evidence') {
            throw new ApiError('NOT_IN_REVIEW', `Envelope ${id} has outcome ${item.outcome ?? 'none'}; only escalate and request_evidence go to review.`);
          }
          if (await ledger.findChild(id, 'review')) throw alreadyResolved(id);
          const row = await ledger.append({
            envelope_id: newEnvelopeId(), parent_envelope_id: id, kind: 'review', agent_id: item.agent_id, action: item.action,
            outcome: body.outcome, risk_tier: item.risk_tier, risk_score: item.risk_score, final_confidence: item.final_confidence,
            policy_version: policies.current().version, score_version: SCORE_VERSION, reviewer_id: reviewer, review_deadline: null,
            payload: { verdict: body.outcome, note: body.note, reviewer },
          });
          return {
            status: 201,
            body: { envelope_id: row.envelope_id, resolved_envelope_id: id, outcome: body.outcome, reviewer_id: reviewer, note: body.note, created_at: row.created_at },
          };
        } finally {
          resolving.delete(id);
        }
      },
    },
  ];
}

function alreadyResolved(id: string): ApiError {
  return new ApiError('ALREADY_RESOLVED', `Review item ${id} already has a verdict; verdicts are append-only.`);
}
