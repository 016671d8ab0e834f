// The sidecar's post-check is the call's own: if someone post-checks the sidecar's pre-check
// through the API first (with a harmless output), the sidecar's post-check of the real answer
// must not be answered with that approve. It conflicts (409 recorded), and the answer is withheld.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { startToolServer } from '../helpers/tool-server.ts';

test('a post-check slipped in through the API before the sidecar\'s own makes the sidecar withhold the answer, not release it', async (t) => {
  const upstream = await startToolServer(t);
  let answer: (() => void) | undefined;
  const held = new Promise<void>((resolve) => { answer = resolve; });
  let arrived: () => void = () => {};
  const forwarded = new Promise<void>((resolve) => { arrived = resolve; });
  upstream.on('/kb', async (_req, res) => {
    arrived();
    await held;
    const text = JSON.stringify({ articles: [], note: 'key AKIAABCDEFGHIJKLMNOP' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: ${upstream.origin}\n    tool: { name: search_kb }\n`,
  });
  const call = gw.call('POST', '/kb', { query: 'status' });
  await forwarded;
  const pre = (await gw.ledger.list({ kind: 'pre_check', limit: 1, offset: 0 })).rows[0];
  const slipped = await gw.call('POST', '/v1/runtime/post-check', {
    pre_check_envelope_id: pre.envelope_id, execution: { model: 'gpt-4o', latency_ms: 5 }, output: { articles: [] },
  });
  assert.equal(slipped.status, 200);
  answer?.();
  const res = await call;
  assert.deepEqual([res.status, res.body.code], [409, 'IDEMPOTENCY_CONFLICT'], res.text);
  assert.doesNotMatch(res.text, /AKIA/, 'nothing of the answer is released');
  const conflicts = await gw.ledger.list({ kind: 'idempotency_conflict', limit: 5, offset: 0 });
  assert.equal(conflicts.total, 1);
  assert.equal(conflicts.rows[0].parent_envelope_id, pre.envelope_id);
});
