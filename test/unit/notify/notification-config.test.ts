// notifications.yaml: every problem named with its line and field, secrets from env / file
// (inline refused in production), globs expanded, filters applied.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigFileError } from '../../../src/config/index.ts';
import { parseNotificationsFile, webhooksFor, type NotificationEvent } from '../../../src/notify/index.ts';

const SECRET = 'a-long-enough-secret-0123456789';
const dev: { env: Record<string, string>; production: boolean } = { env: { HOOK_SECRET: SECRET, SHORT: 'abc' }, production: false };

function issues(text: string, context = dev): Array<[number | null, string, string]> {
  try {
    parseNotificationsFile(text, 'notifications.yaml', context);
  } catch (error) {
    assert.ok(error instanceof ConfigFileError);
    return error.issues.map((issue) => [issue.line, issue.path, issue.message]);
  }
  assert.fail('expected the file to be rejected');
}

test('the shipped sample and an empty file configure no webhook', async () => {
  const { readFileSync } = await import('node:fs');
  const sample = readFileSync(path.join(import.meta.dirname, '../../../config/notifications.yaml'), 'utf8');
  assert.deepEqual(parseNotificationsFile(sample, 'config/notifications.yaml', dev).webhooks, []);
  assert.equal(parseNotificationsFile('', 'x', dev).webhooks.length, 0);
  assert.equal(parseNotificationsFile('', 'x', dev).delivery.max_attempts, 20);
});

test('a good file: globs expand to known events, secrets come from env and file, delivery settings override defaults', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notify-config-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'secret'), `${SECRET}-file\n`);
  const settings = parseNotificationsFile(`
delivery:
  max_attempts: 4
webhooks:
  - name: a
    url: https://hooks.example.com/a
    events: ['review.*', kill_switch.changed]
    secret: { env: HOOK_SECRET }
  - name: b
    url: http://10.0.0.1:8080/b
    events: '*'
    secret: { file: ${path.join(dir, 'secret')} }
    format: slack
    filters: { agents: ['payments-*'], tiers: [high] }
`, 'n.yaml', dev);
  assert.equal(settings.delivery.max_attempts, 4);
  assert.equal(settings.delivery.timeout_ms, 5000);
  const [a, b] = settings.webhooks;
  assert.deepEqual(a.events, ['review.created', 'review.claimed', 'review.decided', 'review.expiring', 'review.expired', 'kill_switch.changed']);
  assert.equal(a.secret, SECRET);
  assert.equal(b.secret, `${SECRET}-file`);
  assert.equal(b.events.length, 12);
  assert.equal(b.format, 'slack');

  const event = (agent: string | null, tier: string | null, type: NotificationEvent['type'] = 'review.created'): NotificationEvent =>
    ({ id: 'x', type, occurred_at: '', source_envelope_id: null, agent_id: agent, risk_tier: tier, data: {} });
  assert.deepEqual(webhooksFor(settings, event('payments-agent.eu', 'high')).map((w) => w.name), ['a', 'b']);
  assert.deepEqual(webhooksFor(settings, event('ops-agent-1', 'high')).map((w) => w.name), ['a']);
  assert.deepEqual(webhooksFor(settings, event('payments-agent', 'low')).map((w) => w.name), ['a']);
  assert.deepEqual(webhooksFor(settings, event(null, null, 'chain.verify_failed')).map((w) => w.name), ['b'], 'no agent, no tier: not filtered');
});

test('every problem at once, each with its line and field', () => {
  const found = issues(`
delivery:
  max_attempts: 0
  retries: 3
  initial_backoff_ms: 5000
  max_backoff_ms: 1000
webhooks:
  - name: 'bad name'
    url: ftp://x
    events: [review.nothing, 7]
    secret: { env: MISSING }
    format: xml
    filters: { agents: ['a b'], tiers: [urgent], team: x }
    extra: 1
  - url: https://ok.example
    events: []
    secret: { env: SHORT }
  - name: dup
    url: https://ok.example
    events: [review.created]
    secret: { value: ${SECRET}, env: HOOK_SECRET }
  - name: dup
    url: https://ok.example
    events: [review.created]
    secret: { env: HOOK_SECRET }
`);
  assert.deepEqual(found.map(([line, field]) => `${line} ${field}`), [
    '3 delivery.max_attempts',
    '4 delivery.retries',
    '5 delivery.initial_backoff_ms',
    '8 webhooks[0].name',
    '9 webhooks[0].url',
    '10 webhooks[0].events[0]',
    '10 webhooks[0].events[1]',
    '11 webhooks[0].secret.env',
    '12 webhooks[0].format',
    '13 webhooks[0].filters.agents[0]',
    '13 webhooks[0].filters.tiers[0]',
    '13 webhooks[0].filters.team',
    '14 webhooks[0].extra',
    '15 webhooks[1]',
    '16 webhooks[1].events',
    '17 webhooks[1].secret.env',
    '21 webhooks[2].secret',
    '22 webhooks[3].name',
  ]);
  const message = (field: string) => found.find(([, f]) => f === field)![2];
  assert.match(message('webhooks[0].secret.env'), /MISSING is not set/);
  assert.match(message('webhooks[1].secret.env'), /at least 16 characters/);
  assert.match(message('webhooks[1]'), /name is required/);
  assert.match(message('webhooks[3].name'), /unique/);
  assert.match(message('delivery.initial_backoff_ms'), /must not exceed max_backoff_ms/);
});

test('an inline secret is refused in production; a missing secret file is named', () => {
  const text = `webhooks:\n  - name: a\n    url: https://x.example\n    events: [review.created]\n    secret: { value: ${SECRET} }\n`;
  assert.equal(parseNotificationsFile(text, 'n.yaml', dev).webhooks[0].secret, SECRET);
  const [[line, field, message]] = issues(text, { env: {}, production: true });
  assert.deepEqual([line, field], [5, 'webhooks[0].secret.value']);
  assert.match(message, /refused in production/);
  const [[, , missing]] = issues(text.replace(`{ value: ${SECRET} }`, '{ file: /nonexistent/secret }'));
  assert.match(missing, /cannot be read: ENOENT/);
});

test('YAML that is not a mapping, or a syntax error, is rejected with a line', () => {
  assert.deepEqual(issues('- a\n- b\n').map(([line]) => line), [1]);
  assert.deepEqual(issues('webhooks: {\n').map(([line]) => typeof line), ['number']);
  assert.deepEqual(issues('webhooks: 3\n').map(([line, field]) => [line, field]), [[1, 'webhooks']]);
});

test('the catch-up window must be shorter than the retention of delivered rows', () => {
  const [[line, field, message]] = issues('delivery:\n  retention_days: 1\n  catch_up_seconds: 86400\n');
  assert.deepEqual([line, field], [3, 'delivery.catch_up_seconds']);
  assert.match(message, /shorter than retention_days/);
});
