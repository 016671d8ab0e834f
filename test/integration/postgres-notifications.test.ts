// Notifications on a PostgreSQL fleet: two gateways on one schema enqueue the same events (each
// once: ids are derived from the source row) and share the outbox (FOR UPDATE SKIP LOCKED), so
// no delivery is sent by both at once; a delivery owed at shutdown is sent after a restart.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';
import { TEST_WEBHOOK_SECRET, notificationConfigDir, notificationsYaml, verifyGovernanceSignature, webhookYaml } from '../helpers/notifications.ts';

const { skip } = await probePostgres();

async function escalate(gw: TestGateway, service: string): Promise<string> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it' }));
  assert.equal(res.body.decision?.outcome, 'escalate', res.text);
  return res.body.envelope_id;
}

describe('notifications on PostgreSQL', { skip }, () => {
  test('two replicas: every event delivered once per webhook, never by both at once, after the receiver\'s failures', async (t) => {
    const db = await createTestSchema(t);
    const receiver = await startWebhookReceiver(t, { failFirst: 1, delayMs: 20 });
    const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, "['review.created']"), { max_attempts: 4, max_in_flight: 3 }));
    const env = { ...db.env, CONFIG_DIR: configDir, POLICIES_DIR: writeOpsBundle(t), CHECKPOINT_INTERVAL_SECONDS: '0' };
    const a = await startTestGateway(t, { env });
    const b = await startTestGateway(t, { env });
    const services = Array.from({ length: 12 }, (_, i) => `svc-${String.fromCharCode(97 + i)}`);
    const ids = await Promise.all(services.map((service, i) => escalate(i % 2 === 0 ? a : b, service)));
    await receiver.waitFor(() => receiver.accepted().length >= ids.length);
    await Promise.all([a.notifications!.idle(), b.notifications!.idle()]);

    assert.deepEqual(receiver.overlaps, [], 'no delivery was in flight twice at once');
    const byDelivery = Map.groupBy(receiver.requests, (r) => r.delivery);
    assert.equal(byDelivery.size, ids.length);
    for (const [delivery, tries] of byDelivery) assert.deepEqual(tries.map((r) => r.status), [503, 200], delivery);
    const sources = new Set(receiver.accepted().map((r) => JSON.parse(r.body).source_envelope_id));
    assert.deepEqual([...sources].sort(), [...ids].sort());
    for (const request of receiver.requests) assert.equal(verifyGovernanceSignature(TEST_WEBHOOK_SECRET, request.body, String(request.headers['x-governance-signature'])), true);

    const list = await a.call('GET', '/v1/notifications/deliveries?status=delivered&limit=100');
    assert.equal(list.body.total, ids.length);
    assert.ok(list.body.items.every((row: { attempts: number }) => row.attempts === 2));
    const { rows: [{ n }] } = await db.query('SELECT COUNT(*)::int AS n FROM notification_outbox');
    assert.equal(n, ids.length, 'both replicas enqueued each event; the derived ids kept one row');
  });

  test('a delivery owed when the gateway stops is sent by the next one; retry and its ledger row', async (t) => {
    const db = await createTestSchema(t);
    const receiver = await startWebhookReceiver(t, { hold: true });
    const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, '[review.created]'), { max_attempts: 1, timeout_ms: 60_000 }));
    const env = { ...db.env, CONFIG_DIR: configDir, POLICIES_DIR: writeOpsBundle(t), CHECKPOINT_INTERVAL_SECONDS: '0' };
    const first = await startTestGateway(t, { env });
    const id = await escalate(first, 'billing');
    await receiver.waitFor((requests) => requests.length === 1);
    await first.close();
    receiver.behaviour = { failFirst: 2 };

    const second = await startTestGateway(t, { env });
    await receiver.waitFor((requests) => requests.length === 2);
    await second.notifications!.idle();
    const [row] = (await second.call('GET', '/v1/notifications/deliveries')).body.items;
    // max_attempts 1: the try after the restart failed (the receiver's 2nd 503), so it is dead.
    assert.deepEqual([row.status, row.source_envelope_id], ['dead', id]);
    const retried = await second.call('POST', `/v1/notifications/deliveries/${row.id}/retry`);
    assert.equal(retried.status, 200, retried.text);
    await receiver.waitFor(() => receiver.accepted().length === 1);
    await second.notifications!.idle();
    assert.equal((await second.call('GET', `/v1/notifications/deliveries/${row.id}`)).body.status, 'delivered');
    const { rows } = await db.query(`SELECT payload FROM ledger WHERE kind = 'notification_retry'`);
    assert.equal(rows.length, 1);
  });
});
