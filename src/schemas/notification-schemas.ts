// Bodies of the webhook deliveries API (/v1/notifications).

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const time = { type: 'string', format: 'date-time' };

export const NotificationDelivery = {
  type: 'object',
  required: ['id', 'event_id', 'event', 'webhook', 'source_envelope_id', 'status', 'attempts', 'next_attempt_at', 'last_status', 'last_error', 'created_at', 'updated_at', 'delivered_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid', description: 'The delivery id: X-Governance-Delivery, the receiver\'s idempotency key.' },
    event_id: { type: 'string', format: 'uuid', description: 'The event\'s id (the same for every webhook that received it).' },
    event: { type: 'string', description: 'The event name (docs/notifications.md).' },
    webhook: { type: 'string', description: 'The webhook\'s name in config/notifications.yaml.' },
    source_envelope_id: { type: ['string', 'null'], description: 'The ledger row that recorded what happened, when one did.' },
    status: { type: 'string', enum: ['pending', 'delivering', 'delivered', 'failed', 'dead'], description: 'failed: will be retried at next_attempt_at; dead: gave up after max_attempts.' },
    attempts: { type: 'integer', minimum: 0 },
    next_attempt_at: time,
    last_status: { type: ['integer', 'null'], description: 'The receiver\'s HTTP status on the last try (null: no answer).' },
    last_error: { type: ['string', 'null'] },
    created_at: time,
    updated_at: time,
    delivered_at: { type: ['string', 'null'], format: 'date-time' },
    payload: { type: 'object', description: 'The event as sent in the json format (only on GET of one delivery).' },
  },
};

export const NotificationDeliveryList = {
  type: 'object',
  required: ['items', 'total', 'limit', 'offset'],
  properties: {
    items: { type: 'array', items: ref('NotificationDelivery') },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
};

export const NotificationRetry = {
  type: 'object',
  required: ['delivery', 'ledger_envelope_id'],
  properties: {
    delivery: ref('NotificationDelivery'),
    ledger_envelope_id: { type: 'string', format: 'uuid', description: 'The notification_retry ledger row that records who sent it back.' },
  },
};
