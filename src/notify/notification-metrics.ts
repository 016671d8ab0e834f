// notification_deliveries_total{outcome}, notification_queue_depth and notification_dead_letters.
// The gauges read the outbox when scraped (the whole fleet's on PostgreSQL).

import client from 'prom-client';
import type { Attempt } from './outbox-store.ts';
import type { OutboxStore } from './outbox-store.ts';

export interface NotificationMetrics {
  settled(outcome: Attempt['outcome']): void;
}

export function createNotificationMetrics(registry: client.Registry, store: OutboxStore): NotificationMetrics {
  const deliveries = new client.Counter({
    name: 'notification_deliveries_total',
    help: 'Webhook delivery tries by outcome: delivered, failed (will retry), dead (gave up after max_attempts).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let counts: Promise<Awaited<ReturnType<OutboxStore['counts']>>> | undefined;
  // Both gauges are collected in one scrape: read the table once for them.
  const snapshot = () => (counts ??= store.counts().finally(() => setImmediate(() => { counts = undefined; })));
  new client.Gauge({
    name: 'notification_queue_depth',
    help: 'Webhook deliveries not yet delivered or dead: pending, delivering, and failed ones waiting to retry.',
    registers: [registry],
    async collect() {
      const c = await snapshot().catch(() => null);
      this.set(c ? c.pending + c.delivering + c.failed : 0);
    },
  });
  new client.Gauge({
    name: 'notification_dead_letters',
    help: 'Webhook deliveries that gave up after max_attempts (retry them with POST /v1/notifications/deliveries/{id}/retry).',
    registers: [registry],
    async collect() {
      const c = await snapshot().catch(() => null);
      this.set(c ? c.dead : 0);
    },
  });
  for (const outcome of ['delivered', 'failed', 'dead'] as const) deliveries.inc({ outcome }, 0);
  return { settled: (outcome) => deliveries.inc({ outcome }) };
}
