// The signature scheme, the backoff and the Slack shape, as pure functions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fullJitterBackoff, signatureHeader, slackMessage, verifySignature, NOTIFICATION_EVENTS, type NotificationEvent } from '../../../src/notify/index.ts';
import { spawnSync } from 'node:child_process';
import { documentedSnippet, verifyGovernanceSignature } from '../../helpers/notifications.ts';
import { missingTool } from '../../helpers/required-tool.ts';

const SECRET = 'whsec-unit-0123456789abcdef';

test('t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">: verified by the library and by the documented receiver code', () => {
  const body = '{"id":"1","type":"review.created"}';
  const now = Math.floor(Date.now() / 1000);
  const header = signatureHeader(SECRET, body, now);
  assert.match(header, new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
  assert.equal(verifySignature(SECRET, body, header, now), true);
  assert.equal(verifyGovernanceSignature(SECRET, body, header), true);
  assert.equal(verifySignature(SECRET, body + ' ', header, now), false);
  assert.equal(verifySignature('wrong-secret-0123456789', body, header, now), false);
  assert.equal(verifySignature(SECRET, body, header.replace(/t=\d+/, `t=${now + 1}`), now), false, 'the timestamp is signed');
  assert.equal(verifySignature(SECRET, body, 'v1=abc', now), false);
  assert.equal(verifySignature(SECRET, body, '', now), false);
});

test('a request older than the replay window is refused even with a valid signature', () => {
  const body = '{}';
  const then = Math.floor(Date.now() / 1000) - 301;
  const header = signatureHeader(SECRET, body, then);
  assert.equal(verifySignature(SECRET, body, header, then + 301), false);
  assert.equal(verifyGovernanceSignature(SECRET, body, header), false);
  assert.equal(verifySignature(SECRET, body, header, then + 300), true);
});

test('full jitter: every delay is between 0 and the capped exponential', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 }), fc.double({ min: 0, max: 0.999999, noNaN: true }),
    (attempts, initial, max, r) => {
      const delay = fullJitterBackoff(attempts, initial, max, () => r);
      return delay >= 0 && delay <= Math.min(max, initial * 2 ** (attempts - 1)) && Number.isInteger(delay);
    }));
  assert.equal(fullJitterBackoff(3, 1000, 60_000, () => 0.999999), 3999);
  assert.equal(fullJitterBackoff(30, 1000, 60_000, () => 0.5), 30_000);
});

test('slack: text and blocks for every event; < > & escaped', () => {
  for (const type of NOTIFICATION_EVENTS) {
    const event: NotificationEvent = {
      id: 'e1', type, occurred_at: '2026-01-01T00:00:00.000Z', source_envelope_id: null, agent_id: 'ops-<agent>', risk_tier: 'high',
      data: { tool: 'restart_service', by: 'user:<!channel>', reason: '<https://x|y>', active: true, score: 12 },
    };
    const message = slackMessage(event);
    assert.equal(typeof message.text, 'string');
    assert.ok(message.text.length > 0);
    assert.doesNotMatch(message.text, /[<>]/, type);
    assert.equal(message.blocks[0].type, 'section');
    assert.ok(message.blocks.length >= 2 && message.blocks.length <= 3);
    for (const block of message.blocks) assert.doesNotMatch(JSON.stringify(block), /<!channel>|<https/, type);
  }
});

test('the Python snippet in docs/notifications.md accepts a gateway signature and refuses a tampered body or an old timestamp', async (t) => {
  const python = spawnSync('python3', ['--version']);
  if (python.status !== 0) {
    const { skip } = missingTool({ tests: 'Python signature snippet', requireVariable: 'REQUIRE_PYTHON', reason: 'python3 is not on PATH' });
    t.skip(String(skip));
    return;
  }
  const body = '{"id":"e1","type":"review.created","data":{"note":"caf\u00e9 \u2713"}}';
  const now = Math.floor(Date.now() / 1000);
  const cases = [
    { header: signatureHeader(SECRET, body, now), body, expected: 'True' },
    { header: signatureHeader(SECRET, body, now), body: body.replace('e1', 'e2'), expected: 'False' },
    { header: signatureHeader(SECRET, body, now - 301), body, expected: 'False' },
  ];
  for (const c of cases) {
    const script = `${documentedSnippet('python')}\nimport sys\nprint(verify_governance_signature(sys.argv[1], sys.stdin.buffer.read(), sys.argv[2]))\n`;
    const run = spawnSync('python3', ['-c', script, SECRET, c.header], { input: Buffer.from(c.body, 'utf8'), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), c.expected, c.header);
  }
});

test('slack: an alert names its rule, severity, summary and figures (the fields gateway:alert publishes)', () => {
  const data = { alert_id: 7, rule: 'block_rate_spike', severity: 'warning', summary: 'More than a <quarter> blocked', value: 0.31, threshold: 0.25, at: '2026-01-01T00:00:00.000Z' };
  const at = { id: 'e1', occurred_at: data.at, source_envelope_id: null, agent_id: null, risk_tier: null, data };
  assert.equal(slackMessage({ ...at, type: 'alert.firing' }).text,
    'Alert firing (warning): block_rate_spike - More than a &lt;quarter&gt; blocked (value 0.31, threshold 0.25)');
  assert.equal(slackMessage({ ...at, type: 'alert.resolved', data: { ...data, value: 0.1 } }).text,
    'Alert resolved (warning): block_rate_spike - More than a &lt;quarter&gt; blocked (value 0.1, threshold 0.25)');
  // An event alert (the kill switch) has no figures.
  assert.equal(slackMessage({ ...at, type: 'alert.firing', data: { ...data, rule: 'kill_switch_active', severity: 'critical', summary: 'The kill switch is active', value: null, threshold: null } }).text,
    'Alert firing (critical): kill_switch_active - The kill switch is active');
});
