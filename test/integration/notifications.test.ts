// Webhook notifications end to end on the embedded (SQLite) ledger: a real receiver on port 0
// that fails the first tries, one that never answers 2xx (dead letter, then a recorded retry),
// signatures checked as the docs tell receivers to, the Slack format, a restart with a delivery
// still owed, review.expiring once, hot reload, and every error status of the deliveries API.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { fakeJudgeEnv, startFakeJudge } from '../helpers/fake-judge.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { nextConfigReload } from '../helpers/config-reload.ts';
import { TEST_WEBHOOK_SECRET, notificationConfigDir, notificationsYaml, verifyGovernanceSignature, webhookYaml } from '../helpers/notifications.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const restart = (service = 'billing') => preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it' });

async function escalate(gw: TestGateway, service = 'billing'): Promise<string> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', restart(service));
  assert.equal(res.body.decision?.outcome, 'escalate', res.text);
  return res.body.envelope_id;
}

async function deliveries(gw: TestGateway, query = ''): Promise<any> {
  await gw.notifications!.idle();
  const res = await gw.call('GET', `/v1/notifications/deliveries${query}`);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(responseErrors('NotificationDeliveryList', res.body), []);
  return res.body;
}

async function settled(gw: TestGateway, receiver: WebhookReceiver, tries: number): Promise<void> {
  await receiver.waitFor((requests) => requests.length >= tries);
  await gw.notifications!.idle();
}

test('a receiver failing the first two tries gets the event on the third, signed, with event and delivery headers', async (t) => {
  const receiver = await startWebhookReceiver(t, { failFirst: 2 });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, "['review.*']"), { max_attempts: 5 }));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalate(gw);
  await settled(gw, receiver, 3);

  const tries = receiver.requests;
  assert.deepEqual(tries.map((r) => r.status), [503, 503, 200]);
  assert.equal(new Set(tries.map((r) => r.delivery)).size, 1, 'every try carries the same delivery id (the idempotency key)');
  for (const request of tries) {
    assert.equal(request.event, 'review.created');
    assert.equal(request.headers['content-type'], 'application/json');
    const signature = String(request.headers['x-governance-signature']);
    assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(verifyGovernanceSignature(TEST_WEBHOOK_SECRET, request.body, signature), true);
    assert.equal(verifyGovernanceSignature('another-secret-0123456789', request.body, signature), false, 'a wrong secret fails');
    assert.equal(verifyGovernanceSignature(TEST_WEBHOOK_SECRET, request.body.replace('billing', 'payroll') + ' ', signature), false, 'a changed body fails');
  }
  const event = JSON.parse(tries[2].body);
  assert.equal(event.type, 'review.created');
  assert.equal(event.source_envelope_id, id);
  assert.equal(event.agent_id, 'ops-agent-1');
  assert.equal(event.data.tool, 'restart_service');
  assert.match(event.id, /^[0-9a-f-]{36}$/);

  const list = await deliveries(gw, '?event=review.created');
  assert.equal(list.total, 1);
  const [row] = list.items;
  assert.deepEqual([row.status, row.attempts, row.webhook, row.id, row.source_envelope_id], ['delivered', 3, 'ops', tries[0].delivery, id]);
  const one = await gw.call('GET', `/v1/notifications/deliveries/${row.id}`);
  assert.equal(one.status, 200);
  assert.deepEqual(responseErrors('NotificationDelivery', one.body), []);
  assert.deepEqual(one.body.payload, event);

  const metrics = await (await fetch(`${gw.url}/metrics`)).text();
  assert.match(metrics, /notification_deliveries_total\{outcome="failed"\} 2/);
  assert.match(metrics, /notification_deliveries_total\{outcome="delivered"\} 1/);
  assert.match(metrics, /notification_queue_depth 0/);
});

test('a receiver that never succeeds: dead after max_attempts; a retry is a ledger row with who, and delivers', async (t) => {
  const receiver = await startWebhookReceiver(t, { failFirst: Infinity });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('down', receiver.url, '[kill_switch.changed]'), { max_attempts: 3 }));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir } });
  const flipped = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident 42', actor: 'user:olga' });
  assert.equal(flipped.status, 200);
  await settled(gw, receiver, 3);
  assert.equal(receiver.requests.length, 3, 'no try after the last one');
  const [dead] = (await deliveries(gw, '?status=dead')).items;
  assert.deepEqual([dead.event, dead.attempts, dead.last_status], ['kill_switch.changed', 3, 503]);
  assert.match(dead.last_error, /HTTP 503: receiver down for maintenance/);
  const event = JSON.parse(receiver.requests[0].body);
  assert.deepEqual([event.data.active, event.data.reason, event.data.actor, event.source_envelope_id], [true, 'incident 42', 'user:olga', flipped.body.envelope_id]);
  assert.match(await (await fetch(`${gw.url}/metrics`)).text(), /notification_dead_letters 1/);

  receiver.behaviour = {};
  const retried = await gw.call('POST', `/v1/notifications/deliveries/${dead.id}/retry`);
  assert.equal(retried.status, 200, retried.text);
  assert.deepEqual(responseErrors('NotificationRetry', retried.body), []);
  const row = await gw.call('GET', `/v1/audit/executions/${retried.body.ledger_envelope_id}`);
  assert.equal(row.body.kind, 'notification_retry');
  assert.deepEqual([row.body.payload.delivery_id, row.body.payload.previous_status, row.body.payload.previous_attempts, row.body.payload.by], [dead.id, 'dead', 3, 'anonymous']);
  await settled(gw, receiver, 4);
  const after = (await gw.call('GET', `/v1/notifications/deliveries/${dead.id}`)).body;
  assert.deepEqual([after.status, after.attempts], ['delivered', 1]);
  assert.equal(receiver.requests[3].delivery, dead.id, 'the same delivery id: a receiver can drop a repeat');

  const again = await gw.call('POST', `/v1/notifications/deliveries/${dead.id}/retry`);
  assert.deepEqual([again.status, again.body.code, again.body.status], [409, 'DELIVERY_NOT_RETRYABLE', 'delivered']);
});

test('the deliveries API: 404 for unknown or malformed ids, 422 for bad filters, 403 below Team', async (t) => {
  const configDir = notificationConfigDir(t, notificationsYaml('  []'));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir } });
  for (const id of ['0190f5e0-0000-7000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
    const one = await gw.call('GET', `/v1/notifications/deliveries/${id}`);
    assert.deepEqual([one.status, one.body.code], [404, 'DELIVERY_NOT_FOUND']);
    const retry = await gw.call('POST', `/v1/notifications/deliveries/${id}/retry`);
    assert.deepEqual([retry.status, retry.body.code], [404, 'DELIVERY_NOT_FOUND']);
  }
  const bad = await gw.call('GET', '/v1/notifications/deliveries?status=lost&event=review.nope&webhook=a%20b&limit=0&offset=-1');
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.errors.map((e: { path: string }) => e.path).sort(), ['query.event', 'query.limit', 'query.offset', 'query.status', 'query.webhook']);
  const unknown = await gw.call('GET', '/v1/notifications/deliveries?state=dead');
  assert.deepEqual([unknown.status, unknown.body.code], [400, 'UNKNOWN_QUERY_PARAMETER']);
  const empty = await deliveries(gw);
  assert.deepEqual([empty.items, empty.total, empty.limit, empty.offset], [[], 0, 50, 0]);

  const developer = await startTestGateway(t, { env: { CONFIG_DIR: configDir, DEFAULT_TIER: 'developer' } });
  for (const [method, url] of [['GET', '/v1/notifications/deliveries'], ['GET', '/v1/notifications/deliveries/0190f5e0-0000-7000-8000-000000000000'], ['POST', '/v1/notifications/deliveries/0190f5e0-0000-7000-8000-000000000000/retry']]) {
    const res = await developer.call(method, url);
    assert.deepEqual([res.status, res.body.code, res.body.feature, res.body.required_tier], [403, 'FORBIDDEN', 'notifications', 'team']);
  }
  const openapi = (await gw.call('GET', '/openapi.json')).body;
  assert.ok(openapi.paths['/v1/notifications/deliveries'].get);
  assert.ok(openapi.paths['/v1/notifications/deliveries/{id}'].get);
  assert.ok(openapi.paths['/v1/notifications/deliveries/{id}/retry'].post.responses['409']);
});

test('slack format: text and blocks; agent-supplied text cannot inject mrkdwn links', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('chat', receiver.url, '[kill_switch.changed]', '    format: slack\n')));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir } });
  await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'see <https://evil.example|here> & go', actor: 'user:olga' });
  await settled(gw, receiver, 1);
  const message = JSON.parse(receiver.requests[0].body);
  assert.deepEqual(Object.keys(message).sort(), ['blocks', 'text']);
  assert.match(message.text, /^Kill switch ACTIVATED by user:olga: see &lt;https:\/\/evil\.example\|here&gt; &amp; go$/);
  assert.equal(message.blocks[0].type, 'section');
  assert.equal(message.blocks[0].text.type, 'mrkdwn');
  assert.equal(message.blocks.at(-1).type, 'context');
  assert.match(message.blocks.at(-1).elements[0].text, /^kill_switch\.changed · /);
  assert.equal(verifyGovernanceSignature(TEST_WEBHOOK_SECRET, receiver.requests[0].body, String(receiver.requests[0].headers['x-governance-signature'])), true);
});

test('a delivery owed when the gateway stops is delivered after a restart on the same ledger', async (t) => {
  const receiver = await startWebhookReceiver(t, { hold: true });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, '[review.created]'), { max_attempts: 5, timeout_ms: 60_000 }));
  const policies = writeOpsBundle(t);
  const first = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: policies } });
  const id = await escalate(first);
  await receiver.waitFor((requests) => requests.length === 1);
  await first.close();
  receiver.behaviour = {};

  const second = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: policies }, ledgerPath: first.ledgerPath });
  await settled(second, receiver, 2);
  const [row] = (await deliveries(second)).items;
  assert.deepEqual([row.status, row.source_envelope_id, row.attempts], ['delivered', id, 2]);
  assert.equal(receiver.accepted('review.created').length, 1);
  assert.equal(receiver.requests[1].delivery, receiver.requests[0].delivery);
});

test('review.expiring fires once per item, whatever the number of scans; filters by agent and tier apply', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const webhooks = webhookYaml('ops', receiver.url, '[review.expiring]', '    filters: { agents: [ops-*], tiers: [high, critical] }\n')
    + webhookYaml('other-agents', receiver.url.replace('/hooks', '/other'), '[review.expiring]', '    filters: { agents: [payments-*] }\n');
  const configDir = notificationConfigDir(t, notificationsYaml(webhooks, { expiring_before_seconds: 30 * 86_400 }));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalate(gw);
  const scans = await Promise.all([gw.notifications!.scanExpiring(), gw.notifications!.scanExpiring()]);
  assert.equal(scans.reduce((sum, scan) => sum + scan.queued, 0), 1);
  assert.equal((await gw.notifications!.scanExpiring()).queued, 0);
  await settled(gw, receiver, 1);
  assert.equal(receiver.requests.length, 1);
  assert.equal(receiver.requests[0].path, '/hooks');
  const event = JSON.parse(receiver.requests[0].body);
  assert.deepEqual([event.type, event.data.envelope_id, event.data.status], ['review.expiring', id, 'pending']);
  assert.ok(event.data.seconds_left > 0);
});

test('notifications.yaml is hot-reloaded: a new webhook applies to the next event, a broken edit keeps the last good one', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const configDir = notificationConfigDir(t, notificationsYaml('  []'));
  const file = path.join(configDir, 'notifications.yaml');
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir } });
  await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'before', actor: 'user:olga' });
  assert.equal((await deliveries(gw)).total, 0, 'no webhook: nothing queued');

  let reloaded = nextConfigReload({ path: file });
  writeFileSync(file, notificationsYaml(webhookYaml('ops', receiver.url, '[kill_switch.*]')));
  assert.equal((await reloaded).result, 'success');
  await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'after', actor: 'user:olga' });
  await settled(gw, receiver, 1);
  assert.equal(JSON.parse(receiver.requests[0].body).data.reason, 'after');

  reloaded = nextConfigReload({ path: file });
  writeFileSync(file, notificationsYaml(webhookYaml('ops', 'ftp://nope', '[kill_switch.*]')));
  const rejected = await reloaded;
  assert.equal(rejected.result, 'failure');
  assert.deepEqual(rejected.issues.map((issue) => [issue.line, issue.path]), [[9, 'webhooks[0].url']]);
  await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'still delivered', actor: 'user:olga' });
  await settled(gw, receiver, 2);
  assert.equal(JSON.parse(receiver.requests[1].body).data.reason, 'still delivered');
});

test('a gateway does not start on an invalid notifications.yaml, and says where', async (t) => {
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', 'http://127.0.0.1:9/x', '[review.nothing]')));
  await assert.rejects(startTestGateway(t, { env: { CONFIG_DIR: configDir } }), (error: Error & { issues?: Array<{ line: number; path: string }> }) => {
    assert.equal(error.name, 'ConfigFileError');
    assert.deepEqual(error.issues!.map((issue) => [issue.line, issue.path]), [[10, 'webhooks[0].events[0]']]);
    assert.match(error.message, /notifications\.yaml:10:\d+ webhooks\[0\]\.events\[0\]: "review\.nothing" matches no event/);
    return true;
  });
});

test('chain.verify_failed: a tampered row reported by the verify route and by `govgate verify`, once per finding', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('audit', receiver.url, '[chain.verify_failed]')));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir, CHECKPOINT_INTERVAL_SECONDS: '0' } });
  for (const active of [true, false, true]) await gw.call('POST', '/v1/runtime/kill-switch', { active, reason: 'drill', actor: 'user:olga' });
  assert.equal((await gw.call('GET', '/v1/audit/chain/verify')).body.valid, true);
  await gw.notifications!.idle();
  assert.equal((await deliveries(gw)).total, 0, 'a chain that verifies notifies nobody');

  const db = new DatabaseSync(gw.ledgerPath);
  db.exec('PRAGMA busy_timeout = 5000; DROP TRIGGER IF EXISTS ledger_no_rewrite;');
  db.exec("UPDATE ledger SET action = 'tampered' WHERE seq = 2");
  db.close();
  const report = (await gw.call('GET', '/v1/audit/chain/verify')).body;
  assert.deepEqual([report.valid, report.first_bad_seq], [false, 2]);
  await settled(gw, receiver, 1);
  const event = JSON.parse(receiver.requests[0].body);
  assert.deepEqual([event.type, event.data.first_bad_seq, event.data.problem, event.source_envelope_id], ['chain.verify_failed', 2, report.problem, null]);

  // The CLI queues into the same outbox; the serving gateway delivers. The same finding again is no new event.
  const cli = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), 'verify'], {
      cwd: REPO_ROOT, timeout: 90_000,
      env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', LEDGER_PATH: gw.ledgerPath, CONFIG_DIR: configDir, CHECKPOINT_INTERVAL_SECONDS: '0' },
    }, (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }));
  });
  assert.equal(cli.code, 1, cli.stderr);
  assert.equal((await deliveries(gw)).total, 1, 'one finding, one event');

  const db2 = new DatabaseSync(gw.ledgerPath);
  db2.exec('PRAGMA busy_timeout = 5000;');
  db2.exec("UPDATE ledger SET action = 'deactivate' WHERE seq = 2; UPDATE ledger SET action = 'tampered' WHERE seq = 3");
  db2.close();
  const cli2 = await new Promise<number | null>((resolve) => {
    const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), 'verify'], {
      cwd: REPO_ROOT, timeout: 90_000,
      env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', LEDGER_PATH: gw.ledgerPath, CONFIG_DIR: configDir, CHECKPOINT_INTERVAL_SECONDS: '0' },
    }, (error) => resolve(error ? (typeof error.code === 'number' ? error.code : null) : 0));
  });
  assert.equal(cli2, 1);
  gw.notifications!.worker.kick();
  await settled(gw, receiver, 2);
  assert.equal(JSON.parse(receiver.requests[1].body).data.first_bad_seq, 3, 'queued by the CLI, delivered by the gateway');
});

test('the crash window: outbox rows lost after their ledger rows were durable are recreated at start, with the same ids', async (t) => {
  const receiver = await startWebhookReceiver(t, { failFirst: Infinity });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, "['review.*', kill_switch.changed]"), { max_attempts: 50, initial_backoff_ms: 3_600_000, max_backoff_ms: 3_600_000 }));
  const policies = writeOpsBundle(t);
  const first = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: policies } });
  const id = await escalate(first);
  assert.equal((await first.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' })).status, 200);
  assert.equal((await first.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'not today', reviewer_id: 'user:rita' })).status, 201);
  await first.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'user:olga' });
  const before = (await deliveries(first)).items.map((row: { id: string; event: string }) => [row.event, row.id]).sort();
  assert.deepEqual(before.map(([event]: string[]) => event), ['kill_switch.changed', 'review.claimed', 'review.created', 'review.decided']);
  await first.close();
  // What a crash between the ledger append and the outbox insert leaves: the rows, no deliveries.
  const db = new DatabaseSync(first.ledgerPath);
  db.exec('DELETE FROM notification_outbox');
  db.close();

  receiver.behaviour = {};
  const accepted = receiver.accepted().length;
  const second = await startTestGateway(t, { env: { CONFIG_DIR: configDir, POLICIES_DIR: policies }, ledgerPath: first.ledgerPath });
  await receiver.waitFor(() => receiver.accepted().length === accepted + 4);
  const after = (await deliveries(second)).items.map((row: { id: string; event: string }) => [row.event, row.id]).sort();
  assert.deepEqual(after, before, 'the same events, the same delivery ids: receivers can drop what they already had');
  const decided = JSON.parse(receiver.accepted('review.decided')[0].body);
  assert.deepEqual([decided.data.outcome, decided.data.by, decided.data.envelope_id], ['block', 'user:rita', id]);
  assert.deepEqual(await second.notifications!.catchUp(), { rows: 4, queued: 0 }, 'a second catch-up adds nothing');
});

test('judge.retroactive_escalation: the asynchronous judge fails a released output; the webhook hears of it', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const judge = await startFakeJudge(t, { kind: 'answer', score: 20, verdict: 'fail' });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('security', receiver.url, "['judge.*', 'review.created']")));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir, ...fakeJudgeEnv(t, judge) } });
  const released = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(released.body.decision.outcome, 'approve');
  await settled(gw, receiver, 1);
  assert.deepEqual(receiver.requests.map((r) => r.event), ['judge.retroactive_escalation']);
  const event = JSON.parse(receiver.requests[0].body);
  assert.deepEqual([event.data.envelope_id, event.data.score, event.data.verdict, event.agent_id], [released.body.envelope_id, 20, 'fail', 'support-agent-1']);
  const escalation = await gw.call('GET', `/v1/audit/executions/${event.source_envelope_id}`);
  assert.deepEqual([escalation.body.kind, escalation.body.outcome, escalation.body.parent_envelope_id], ['decision', 'escalate', released.body.envelope_id]);
  assert.equal(verifyGovernanceSignature(TEST_WEBHOOK_SECRET, receiver.requests[0].body, String(receiver.requests[0].headers['x-governance-signature'])), true);
});

test('at most max_in_flight requests are open at once; the rest wait in the outbox', async (t) => {
  const receiver = await startWebhookReceiver(t, { delayMs: 150 });
  const configDir = notificationConfigDir(t, notificationsYaml(webhookYaml('ops', receiver.url, '[kill_switch.changed]'), { max_in_flight: 2 }));
  const gw = await startTestGateway(t, { env: { CONFIG_DIR: configDir } });
  await Promise.all(Array.from({ length: 8 }, (_, i) => gw.call('POST', '/v1/runtime/kill-switch', { active: i % 2 === 0, reason: `flip ${i}`, actor: 'user:olga' })));
  await settled(gw, receiver, 8);
  assert.equal(receiver.accepted().length, 8);
  assert.ok(receiver.maxOpen <= 2, `${receiver.maxOpen} requests were open at once`);
  assert.equal((await deliveries(gw, '?status=delivered')).total, 8);
});
