// Agents that wait, through the sidecar: on_escalation hold keeps the agent's call open and
// forwards it the moment a reviewer approves (or answers the block when they reject or the hold
// runs out); block answers at once with the review item. HTTP routes and MCP (official SDK).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import type { TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { startMcpServer } from '../helpers/mcp-server.ts';
import { REVIEW_CHANNEL, type ReviewEvent } from '../../src/oversight/index.ts';

/** Resolves with the id of the next review item created (published on gateway:review). */
function nextReviewItem(t: TestContext): Promise<string> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      const event = message as ReviewEvent;
      if (event.type !== 'review.created' || !event.envelope_id) return;
      diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen);
      resolve(event.envelope_id);
    };
    diagnostics_channel.subscribe(REVIEW_CHANNEL, listen);
    t.after(() => diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen));
  });
}

async function httpSidecar(t: TestContext, routeExtra: string) {
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
${routeExtra}
`,
  });
  return { upstream, gw };
}

const HOLD = '    on_escalation: hold\n    hold_seconds: 120';

test('HTTP hold: the call waits, and is forwarded the moment a reviewer approves', async (t) => {
  const { upstream, gw } = await httpSidecar(t, HOLD);
  const created = nextReviewItem(t);
  const call = gw.call('POST', '/ops/restart', { service: 'billing' });
  const id = await created;
  assert.equal(upstream.received.length, 0, 'nothing is forwarded before the approval');
  const approved = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'window open', reviewer_id: 'user:rita' });
  assert.equal(approved.status, 201);
  const res = await call;
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.body, { restarted: 'billing' });
  assert.equal(upstream.received.length, 1);
  assert.equal(res.headers.get('x-governance-review'), `/v1/review/queue/${id}`);
  const post = (await gw.ledger.list({ kind: 'post_check', limit: 1, offset: 0 })).rows[0];
  assert.equal(post.parent_envelope_id, id);
  assert.notEqual(post.outcome, 'block');
});

test('HTTP hold: a rejection answers the agent with the reviewer\'s note; nothing is forwarded', async (t) => {
  const { upstream, gw } = await httpSidecar(t, HOLD);
  const created = nextReviewItem(t);
  const call = gw.call('POST', '/ops/restart', { service: 'billing' });
  const id = await created;
  await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'billing is mid-close', reviewer_id: 'user:rita' });
  const res = await call;
  assert.deepEqual([res.status, res.body.code], [403, 'TOOL_CALL_BLOCKED']);
  assert.match(res.body.detail, /a human review turned it down .*billing is mid-close/);
  assert.equal(res.body.review.outcome, 'block');
  assert.equal(upstream.received.length, 0);
});

test('HTTP hold: when the hold runs out, the agent is told it still waits and where', async (t) => {
  const { upstream, gw } = await httpSidecar(t, '    on_escalation: hold\n    hold_seconds: 1');
  const res = await gw.call('POST', '/ops/restart', { service: 'billing' });
  assert.deepEqual([res.status, res.body.code, res.body.review.outcome], [403, 'TOOL_CALL_BLOCKED', 'pending']);
  assert.match(res.body.detail, /a human must approve this call before it can run; .* held for \d+(\.\d)? s without an answer/);
  assert.equal(res.headers.get('location'), `/v1/review/queue/${res.body.envelope_id}`);
  assert.equal(upstream.received.length, 0);
});

test('HTTP block (default): answers at once with the envelope id and the review item to watch', async (t) => {
  const { gw } = await httpSidecar(t, '');
  const res = await gw.call('POST', '/ops/restart', { service: 'billing' });
  assert.deepEqual([res.status, res.body.review.href, res.body.review.outcome], [403, `/v1/review/queue/${res.body.envelope_id}`, 'pending']);
  assert.match(res.body.detail, /it waits in the review queue as review item \/v1\/review\/queue\/[0-9a-f-]+\. A reviewer has until .* to decide/);
});

async function mcpSidecar(t: TestContext, routeExtra: string) {
  const server = await startMcpServer(t);
  server.tools.push({ name: 'restart_service', description: 'Restarts a production service.', inputSchema: { type: 'object', properties: { service: { type: 'string' } } } });
  const gw = await startTestGateway(t, {
    agentId: 'ops-agent-1',
    env: { POLICIES_DIR: writeOpsBundle(t) },
    gatewayYaml: `
routes:
  - name: ops-mcp
    match: { path_prefix: /mcp }
    upstream: ${server.url}
    strip_prefix: true
    protocol: mcp
${routeExtra}
`,
  });
  const client = new Client({ name: 'ops-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.url}/mcp`)));
  t.after(() => client.close());
  return { server, gw, client };
}

const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((c) => c.text).join('\n');

test('MCP block: the tool result tells the model in plain words that a human must approve, and how long it may take', async (t) => {
  const { server, client } = await mcpSidecar(t, '');
  const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
  assert.equal(result.isError, true);
  assert.match(text(result), /a human must approve this call before it can run; it waits in the review queue as review item \/v1\/review\/queue\/[0-9a-f-]+\. A reviewer has until .* \(about \d+ (minutes|hours) from now\) to decide/);
  assert.deepEqual(server.calls, []);
});

test('MCP hold: the tools/call is answered with the real result once a reviewer approves', async (t) => {
  const { server, gw, client } = await mcpSidecar(t, HOLD);
  const created = nextReviewItem(t);
  const pending = client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
  const id = await created;
  assert.deepEqual(server.calls, []);
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'ok', reviewer_id: 'user:rita' })).status, 201);
  const result = await pending;
  assert.equal(result.isError, undefined, text(result));
  assert.deepEqual(server.calls, ['restart_service']);
});
