// A sidecar recording through the central gateway has no outbox: the central gateway announces
// what its sidecars' rows announce. A real central gateway on PostgreSQL with notifications.yaml
// and a webhook receiver on port 0; a sidecar in a process of its own (in one process, its
// in-memory publish would reach the central gateway's intake and hide the gap), with
// CENTRAL_GATEWAY_URL, whose call escalates: the
// receiver gets review.created for that row at once, not at the central gateway's next start,
// and a row that announces nothing (a blocked call) sends nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { until } from '../helpers/until.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { hs256, TEST_JWT_SECRET } from '../helpers/credentials.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';
import { notificationConfigDir, notificationsYaml, webhookYaml } from '../helpers/notifications.ts';

const { skip } = await probePostgres();

test('the central gateway notifies the escalations its sidecars record', { skip }, async (t) => {
  const db = await createTestSchema(t);
  const policies = writeOpsBundle(t);
  const receiver = await startWebhookReceiver(t);
  const central = await startTestGateway(t, {
    env: {
      ...db.env, GATEWAY_VARIANT: 'edge', AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, POLICIES_DIR: policies,
      CONFIG_DIR: notificationConfigDir(t, notificationsYaml(webhookYaml('reviewers', receiver.url, "['review.created']"))),
    },
  });
  const upstream = await startToolServer(t);
  upstream.on('/tools/restart_service', json(200, { restarted: true }));
  const token = await hs256({ sub: 'sidecar-ops-agent-1', tier: 'enterprise', team: null as unknown as string });
  const sidecarConfig = mkdtempSync(path.join(os.tmpdir(), 'govgate-central-sidecar-'));
  t.after(() => rmSync(sidecarConfig, { recursive: true, force: true }));
  writeFileSync(path.join(sidecarConfig, 'gateway.yaml'), `routes:\n  - name: tools\n    match: { path_prefix: /tools }\n    upstream: ${upstream.origin}\n    tool: { path: "/tools/{tool}" }\n`);
  const sidecar = await startGatewayProcess(t, {
    GATEWAY_VARIANT: 'edge', CENTRAL_GATEWAY_URL: central.url, CENTRAL_GATEWAY_TOKEN: token, POLICIES_DIR: policies,
    CONFIG_DIR: sidecarConfig, AGENT_ID: 'ops-agent-1',
  });

  const held = await sidecar.call('POST', '/tools/restart_service', { service: 'billing' });
  assert.equal(held.status, 403, held.text);
  const escalation = held.body.envelope_id;
  assert.equal((await central.ledger.get(escalation))?.outcome, 'escalate', 'the escalation is a row of the central ledger');
  await until('the webhook hearing of the escalation', async () => receiver.requests.length >= 1, 15_000);
  await central.notifications!.idle();
  assert.equal(receiver.requests.length, 1);
  const event = JSON.parse(receiver.requests[0]!.body);
  assert.deepEqual([event.type, event.source_envelope_id, event.agent_id, event.data.tool], ['review.created', escalation, 'ops-agent-1', 'restart_service']);

  // The start-up catch-up of a central gateway finds the same event queued: nothing is sent twice.
  assert.equal((await central.notifications!.catchUp()).queued, 0);
  // A call blocked outright (a tool the catalog does not declare) is no review item.
  const blocked = await sidecar.call('POST', '/tools/service_status', { service: 'billing' });
  assert.deepEqual([blocked.status, blocked.body.code], [403, 'TOOL_CALL_BLOCKED']);
  assert.equal((await central.ledger.get(blocked.body.envelope_id))?.outcome, 'block');
  await central.notifications!.idle();
  assert.equal(receiver.requests.length, 1, 'a block announces nothing');
});
