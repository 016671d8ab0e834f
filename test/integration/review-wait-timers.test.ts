// A held sidecar call or a review long-poll that is answered before its time is up leaves no
// timer behind: before, each left one running for the rest of hold_seconds / wait, which kept a
// stopping gateway's process (and a test file) alive for up to that long.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { startTestGateway } from '../helpers/gateway.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { REVIEW_CHANNEL, type ReviewEvent } from '../../src/oversight/index.ts';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

test('an approved hold and an answered long-poll leave no timer running', async (t) => {
  const upstream = await startToolServer(t);
  upstream.on('/ops/restart', json(200, { restarted: 'billing' }));
  const gw = await startTestGateway(t, {
    agentId: 'ops-agent-1',
    env: { POLICIES_DIR: writeOpsBundle(t) },
    gatewayYaml: `
routes:
  - name: ops
    match: { path_prefix: /ops }
    upstream: ${upstream.origin}
    tool: { name: restart_service }
    on_escalation: hold
    hold_seconds: 600
`,
  });
  const created = new Promise<string>((resolve) => {
    const listen = (message: unknown) => {
      const event = message as ReviewEvent;
      if (event.type !== 'review.created' || !event.envelope_id) return;
      diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen);
      resolve(event.envelope_id);
    };
    diagnostics_channel.subscribe(REVIEW_CHANNEL, listen);
  });
  const baseline = timers();
  const held = gw.call('POST', '/ops/restart', { service: 'billing' });
  const id = await created;

  const first = await gw.call('GET', `/v1/review/queue/${id}`);
  const poll = gw.call('GET', `/v1/review/queue/${id}?wait=60&revision=${first.body.revision}`);
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/comment`, { note: 'looking', reviewer_id: 'user:a' })).status, 200);
  const woke = await poll;
  assert.equal(woke.status, 200, woke.text);
  assert.equal(woke.body.history.length, 1);
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'ok', reviewer_id: 'user:a' })).status, 201);
  assert.equal((await held).status, 200);
  assert.ok(timers() <= baseline, `timers after: ${timers()}, before: ${baseline}`);
});
