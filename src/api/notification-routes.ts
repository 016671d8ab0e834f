// /v1/notifications: the webhook outbox seen from outside: recent deliveries and failures, one
// delivery with its payload, and sending a dead or failing delivery back to the queue (recorded
// as a `notification_retry` ledger row naming who did it).

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { eventEntry, type Ledger } from '../ledger/index.ts';
import { DELIVERY_STATUSES, NOTIFICATION_EVENTS, type Delivery, type RunningNotifications } from '../notify/index.ts';
import { QueryReader, pagingParameters } from './query-params.ts';
import { actorOf } from './actor.ts';
import { requireFleetWide, type TeamAgents } from './team-scope.ts';

export const DELIVERY_DEFAULT_LIMIT = 50;
export const DELIVERY_MAX_LIMIT = 500;
const WEBHOOK_NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = { name: 'id', in: 'path' as const, required: true, description: 'The delivery id (X-Governance-Delivery).', schema: { type: 'string', format: 'uuid' } };

export interface NotificationRouteDeps {
  notifications: RunningNotifications;
  ledger: Ledger;
  policies: { current(): { version: string } };
  /** Team scoping (team-scope.ts): the outbox carries every team's events, so a team's credential is refused. */
  teamAgents?: TeamAgents;
}

export function notificationRoutes(deps: NotificationRouteDeps): Route[] {
  const fleetWide = (ctx: RequestContext) => requireFleetWide(ctx, deps.teamAgents, 'The webhook outbox');
  const find = async (raw: string | undefined): Promise<Delivery> => {
    const delivery = raw && UUID.test(raw) ? await deps.notifications.store.get(raw.toLowerCase()) : undefined;
    if (!delivery) throw new ApiError('DELIVERY_NOT_FOUND', `No webhook delivery with id "${raw ?? ''}".`);
    return delivery;
  };
  return [
    {
      method: 'GET', path: '/v1/notifications/deliveries',
      meta: {
        feature: 'notifications',
        doc: {
          summary: 'Webhook deliveries, most recent first', tags: ['notifications'],
          description: 'One row per (event, webhook) in the durable outbox: pending, delivering, delivered, failed (retrying at next_attempt_at) or dead (gave up after max_attempts). See docs/notifications.md.',
          parameters: [
            { name: 'status', in: 'query', description: 'Only deliveries in this state.', schema: { type: 'string', enum: [...DELIVERY_STATUSES] } },
            { name: 'event', in: 'query', description: 'Only this event.', schema: { type: 'string', enum: [...NOTIFICATION_EVENTS] } },
            { name: 'webhook', in: 'query', description: 'Only this webhook (its name in notifications.yaml).', schema: { type: 'string', pattern: WEBHOOK_NAME.source } },
            ...pagingParameters(DELIVERY_DEFAULT_LIMIT, DELIVERY_MAX_LIMIT),
          ],
          responses: { 200: { description: 'Deliveries', schema: 'NotificationDeliveryList' } }, errors: [403, 422],
        },
      },
      handler: async (ctx) => {
        await fleetWide(ctx);
        const q = new QueryReader(ctx.query);
        const status = q.oneOf('status', DELIVERY_STATUSES);
        const event = q.oneOf('event', NOTIFICATION_EVENTS);
        const webhook = q.string('webhook', WEBHOOK_NAME);
        const paging = q.paging(DELIVERY_DEFAULT_LIMIT, DELIVERY_MAX_LIMIT);
        q.done();
        const { items, total } = await deps.notifications.store.list({ status, event, webhook, ...paging });
        return { body: { items: items.map((item) => view(item)), total, ...paging } };
      },
    },
    {
      method: 'GET', path: '/v1/notifications/deliveries/{id}',
      meta: {
        feature: 'notifications',
        doc: {
          summary: 'One webhook delivery, with the event it carries', tags: ['notifications'], parameters: [idParam],
          responses: { 200: { description: 'The delivery', schema: 'NotificationDelivery' } }, errors: [403, 404],
        },
      },
      handler: async (ctx) => {
        await fleetWide(ctx);
        return { body: view(await find(ctx.params.id), true) };
      },
    },
    {
      method: 'POST', path: '/v1/notifications/deliveries/{id}/retry',
      meta: {
        feature: 'notifications',
        doc: {
          summary: 'Send a dead or failing delivery again', tags: ['notifications'], parameters: [idParam],
          description: 'A dead or failed delivery goes back to pending, due now, with its attempts reset; a notification_retry ledger row records who asked. '
            + 'The delivery id stays the same, so a receiver that did get an earlier try can drop the repeat.',
          responses: { 200: { description: 'The delivery, pending again', schema: 'NotificationRetry' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        await fleetWide(ctx);
        const { store } = deps.notifications;
        const delivery = await find(ctx.params.id);
        const notRetryable = (status: string) => new ApiError('DELIVERY_NOT_RETRYABLE',
          `Delivery ${delivery.id} is ${status}; only a dead or failed delivery can be retried.`, { extensions: { status } });
        if (delivery.status !== 'dead' && delivery.status !== 'failed') throw notRetryable(delivery.status);
        const by = actorOf(ctx);
        const row = await deps.ledger.append(eventEntry({
          kind: 'notification_retry', agentId: null, action: delivery.event,
          versions: { policy_version: deps.policies.current().version, score_version: SCORE_VERSION },
          payload: {
            delivery_id: delivery.id, event_id: delivery.event_id, event: delivery.event, webhook: delivery.webhook,
            previous_status: delivery.status, previous_attempts: delivery.attempts, last_error: delivery.last_error, by,
          },
        }));
        if (!(await store.requeue(delivery.id, Date.now()))) {
          // Another operator or the worker moved it meanwhile; the row above still says who asked.
          throw notRetryable((await store.get(delivery.id))?.status ?? 'gone');
        }
        deps.notifications.worker.kick();
        return { body: { delivery: view((await store.get(delivery.id))!), ledger_envelope_id: row.envelope_id } };
      },
    },
  ];
}

function view(delivery: Delivery, withPayload = false): Record<string, unknown> {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: delivery.id, event_id: delivery.event_id, event: delivery.event, webhook: delivery.webhook, source_envelope_id: delivery.source_id,
    status: delivery.status, attempts: delivery.attempts, next_attempt_at: iso(delivery.next_attempt_at),
    last_status: delivery.last_status, last_error: delivery.last_error, created_at: iso(delivery.created_at), updated_at: iso(delivery.updated_at),
    delivered_at: delivery.delivered_at === null ? null : iso(delivery.delivered_at),
    ...(withPayload ? { payload: JSON.parse(delivery.payload) as unknown } : {}),
  };
}
