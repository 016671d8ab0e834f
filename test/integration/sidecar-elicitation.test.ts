// on_escalation: elicit (docs/review.md, "Asking the user in the MCP client"): an escalated MCP
// tools/call is put to the user through MCP elicitation (elicitation/create on the call's own
// stream), and their answer is the review verdict, recorded with who answered. The official SDK
// client declares the elicitation capability and answers accept / decline / cancel; a client
// without the capability gets the route's fallback (block, or hold) and is told so.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { startMcpServer, type FakeMcpServer } from '../helpers/mcp-server.ts';

const META = 'io.governance-gateway/decision';
const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((c) => c.text).join('\n');

async function sidecar(t: TestContext, routeExtra = '', options: { json?: boolean } = {}): Promise<{ server: FakeMcpServer; gw: TestGateway }> {
  const server = await startMcpServer(t, options);
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
    on_escalation: elicit
    hold_seconds: 30
${routeExtra}
`,
  });
  return { server, gw };
}

/** An SDK client; with `answer` it declares elicitation and answers each question so. */
async function connect(t: TestContext, gw: TestGateway, answer?: (message: string) => ElicitResult): Promise<{ client: Client; asked: Array<{ message: string; requestedSchema: unknown }> }> {
  const asked: Array<{ message: string; requestedSchema: unknown }> = [];
  const client = new Client({ name: 'ops-agent', version: '1.0.0' }, answer ? { capabilities: { elicitation: {} } } : {});
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const params = request.params as { message: string; requestedSchema: unknown };
      asked.push({ message: params.message, requestedSchema: params.requestedSchema });
      return answer(params.message);
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.url}/mcp`)));
  t.after(() => client.close());
  return { client, asked };
}

async function reviewRows(gw: TestGateway, itemId: string) {
  return (await gw.ledger.children(itemId)).filter((row) => row.kind === 'review');
}

function itemOf(result: unknown): string {
  const meta = (result as { _meta?: Record<string, { envelope_id?: string }> })._meta?.[META];
  return meta?.envelope_id ?? '';
}

describe('MCP elicitation: the user answers in the client', () => {
  test('accept: the answer is the approval, recorded with who answered; the call runs', async (t) => {
    const { server, gw } = await sidecar(t);
    const { client, asked } = await connect(t, gw, () => ({ action: 'accept', content: { approve: true } }));
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, undefined, text(result));
    assert.deepEqual(server.calls, ['restart_service']);
    assert.equal(asked.length, 1);
    assert.match(asked[0].message, /The agent ops-agent-1 wants to call the tool "restart_service" with \{"service":"billing"\}.*Approve this call\?/s);
    assert.deepEqual((asked[0].requestedSchema as { required: string[] }).required, ['approve']);

    const pre = (await gw.ledger.list({ kind: 'pre_check', limit: 1, offset: 0 })).rows[0];
    assert.equal(pre.outcome, 'escalate');
    const [verdict] = await reviewRows(gw, pre.envelope_id);
    assert.equal(verdict.outcome, 'approve');
    assert.equal(verdict.reviewer_id, 'mcp-elicitation:agent:ops-agent-1', 'who answered: the agent\'s principal, through MCP elicitation');
    assert.match(String(verdict.payload?.note), /Answered in the MCP client \(accept, approve=true\)/);
    const item = (await gw.call('GET', `/v1/review/queue/${pre.envelope_id}`)).body;
    assert.equal(item.status, 'approved');
    const post = (await gw.ledger.list({ kind: 'post_check', limit: 1, offset: 0 })).rows[0];
    assert.equal(post.parent_envelope_id, pre.envelope_id);
    assert.notEqual(post.outcome, 'block');
  });

  test('accept, with a server that answers JSON: its result follows the question on the same event stream', async (t) => {
    const { server, gw } = await sidecar(t, '', { json: true });
    const { client } = await connect(t, gw, () => ({ action: 'accept', content: { approve: true } }));
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, undefined, text(result));
    assert.match(text(result), /3 articles/);
    assert.deepEqual(server.calls, ['restart_service']);
  });

  test('decline: recorded as a rejection; the call is not run and the model is told why', async (t) => {
    const { server, gw } = await sidecar(t);
    const { client } = await connect(t, gw, () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, true);
    assert.match(text(result), /the user declined it in the MCP client; a human review turned it down/);
    assert.deepEqual(server.calls, []);
    const [verdict] = await reviewRows(gw, itemOf(result));
    assert.deepEqual([verdict.outcome, verdict.reviewer_id], ['block', 'mcp-elicitation:agent:ops-agent-1']);
  });

  test('accept with approve=false is a rejection too', async (t) => {
    const { server, gw } = await sidecar(t);
    const { client } = await connect(t, gw, () => ({ action: 'accept', content: { approve: false } }));
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, true);
    assert.deepEqual(server.calls, []);
    assert.equal((await reviewRows(gw, itemOf(result)))[0].outcome, 'block');
  });

  test('cancel: nothing is decided; the item stays pending for a reviewer and the call is not run', async (t) => {
    const { server, gw } = await sidecar(t);
    const { client } = await connect(t, gw, () => ({ action: 'cancel' }));
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, true);
    assert.match(text(result), /the user dismissed the question in the MCP client without deciding; a human must approve this call/);
    assert.deepEqual(server.calls, []);
    const id = itemOf(result);
    assert.deepEqual(await reviewRows(gw, id), []);
    assert.equal((await gw.call('GET', `/v1/review/queue/${id}`)).body.status, 'pending');
    assert.equal((result._meta as Record<string, { review: { elicitation: string } }>)[META].review.elicitation, 'cancel');
  });

  test('a client without the capability: the route falls back to block, and the result says so', async (t) => {
    const { server, gw } = await sidecar(t);
    const { client } = await connect(t, gw);
    const result = await client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    assert.equal(result.isError, true);
    assert.match(text(result), /this MCP client did not declare the elicitation capability, so the user could not be asked here and the route's fallback applies: a human must approve this call/);
    assert.deepEqual(server.calls, []);
    assert.equal((result._meta as Record<string, { review: { elicitation: string } }>)[META].review.elicitation, 'unsupported');
  });

  test('a client without the capability on a route whose fallback is hold: held until a reviewer approves', async (t) => {
    const { server, gw } = await sidecar(t, '    mcp:\n      elicitation_fallback: hold');
    const { client } = await connect(t, gw);
    const pending = client.callTool({ name: 'restart_service', arguments: { service: 'billing' } });
    let id: string | undefined;
    for (let i = 0; i < 200 && !id; i += 1) {
      id = (await gw.call('GET', '/v1/review/queue?status=pending')).body.items[0]?.envelope_id;
      if (!id) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.ok(id);
    assert.deepEqual(server.calls, []);
    assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'ok', reviewer_id: 'user:rita' })).status, 201);
    const result = await pending;
    assert.equal(result.isError, undefined, text(result));
    assert.deepEqual(server.calls, ['restart_service']);
  });

  test('elicit on an HTTP route is refused with file:line', async () => {
    const { parseGatewayFile } = await import('../../src/proxy/index.ts');
    assert.throws(() => parseGatewayFile('routes:\n  - name: h\n    match: { path_prefix: /h }\n    upstream: http://h\n    tool: { name: t }\n    on_escalation: elicit\n', 'gateway.yaml'),
      /gateway\.yaml:6.*elicit only applies to protocol: mcp/s);
  });
});
