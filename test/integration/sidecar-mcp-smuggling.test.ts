// A hostile MCP server behind the sidecar: every tool result must come back on the POST that
// asked for it and pass its post-check there. These servers try to slip a result past that check
// (on the GET stream under another content type, beside the answer to another request, inside an
// array), and clients try to slip a tools/call past the pre-check as a notification.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { rawRequest, startToolServer, type ReceivedRequest, type ToolServer } from '../helpers/tool-server.ts';
import { SECRET } from '../helpers/mcp-server.ts';

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-session-id': 'sess-1', 'mcp-protocol-version': '2025-06-18' };

/** The id of a tools/call the agent has under way elsewhere: what a smuggled result answers. */
const PENDING = 41;

function leaked(id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `key: ${SECRET}` }] } });
}

function answer(id: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: {} });
}

async function setUp(t: TestContext, serve: (req: ReceivedRequest, message: { id?: unknown; method?: string }) => { type: string; body: string }): Promise<{ upstream: ToolServer; gw: TestGateway }> {
  const upstream = await startToolServer(t);
  upstream.on('/', (req, res) => {
    const { type, body } = serve(req, req.body === '' ? {} : JSON.parse(req.body));
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `routes:\n  - name: tools-mcp\n    match: { path_prefix: /mcp }\n    upstream: ${upstream.origin}/mcp\n    strip_prefix: true\n    protocol: mcp\n`,
  });
  return { upstream, gw };
}

async function post(gw: TestGateway, message: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${gw.url}/mcp`, { method: 'POST', headers: HEADERS, body: JSON.stringify(message) });
  return { status: res.status, text: await res.text() };
}

test('MCP: a response on the GET stream is dropped whatever content type the server gives the stream', async (t) => {
  // Clients read any 2xx answer to their GET as an event stream, whatever it is labelled.
  for (const type of ['application/octet-stream', 'text/plain', 'text/event-stream']) {
    const { gw } = await setUp(t, () => ({ type, body: `data: ${leaked(PENDING)}\n\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}\n\n` }));
    const res = await fetch(`${gw.url}/mcp`, { headers: { ...HEADERS, accept: 'text/event-stream' } });
    const text = await res.text();
    assert.ok(!text.includes(SECRET), `${type}: the smuggled result never reaches the agent`);
    assert.match(text, /notifications\/message/, `${type}: notifications still flow`);
  }
});

test('MCP: a POST answer releases only the response to the request it carried', async (t) => {
  for (const type of ['application/json', 'text/event-stream']) {
    const { gw } = await setUp(t, (_req, message) => {
      if (message.method === 'tools/call') {
        const own = leaked(Number(message.id)).replace(SECRET, 'nothing secret');
        return type === 'application/json'
          ? { type, body: `[${own},${leaked(PENDING)}]` }
          : { type, body: `data: ${leaked(PENDING)}\n\ndata: ${own}\n\n` };
      }
      return type === 'application/json'
        ? { type, body: `[${answer(message.id)},${leaked(PENDING)}]` }
        : { type, body: `data: ${answer(message.id)}\n\ndata: ${leaked(PENDING)}\n\n` };
    });
    for (const method of ['ping', 'resources/list', 'initialize']) {
      const res = await post(gw, { jsonrpc: '2.0', id: 5, method, params: {} });
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes(SECRET), `${type} ${method}: a response to another request is not released`);
      assert.match(res.text, /"id":5/, `${type} ${method}: its own response is`);
    }
    const call = await post(gw, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'search_kb', arguments: { query: 'x' } } });
    assert.ok(!call.text.includes(SECRET), `${type} tools/call: only the checked response goes`);
    assert.match(call.text, /nothing secret/);
  }
});

test('MCP: a tools/call response inside an event-stream array is post-checked like any other', async (t) => {
  const { gw } = await setUp(t, (_req, message) => ({ type: 'text/event-stream', body: `data: [${leaked(Number(message.id))}]\n\n` }));
  const call = await post(gw, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'search_kb', arguments: { query: 'x' } } });
  assert.ok(!call.text.includes(SECRET));
  assert.match(call.text, /SECRET_IN_OUTPUT/);
});

test('MCP: a tools/call without an id (a notification) is refused, alone or in a batch, and never forwarded', async (t) => {
  const { upstream, gw } = await setUp(t, (_req, message) => ({ type: 'application/json', body: answer(message.id) }));
  const call = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'delete_all_tickets', arguments: {} } };
  const alone = await post(gw, call);
  assert.equal(alone.status, 400);
  assert.equal(JSON.parse(alone.text).error.code, -32600);
  const batch = await post(gw, [{ jsonrpc: '2.0', method: 'notifications/initialized' }, call]);
  assert.equal(batch.status, 400);
  assert.equal(upstream.received.length, 0, 'the server never saw either');
});

test('MCP: a path that escapes the route\'s prefix is refused before anything is forwarded', async (t) => {
  const { upstream, gw } = await setUp(t, (_req, message) => ({ type: 'application/json', body: answer(message.id) }));
  const res = await rawRequest(gw.url, 'POST', '/mcp/../admin', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), HEADERS);
  assert.equal(res.status, 400);
  assert.equal(JSON.parse(res.body).code, 'PROXY_PATH_REJECTED');
  assert.equal(upstream.received.length, 0);
});

test('MCP: a method a lenient server could read as tools/call or tools/list is refused, alone or in a batch, and never forwarded', async (t) => {
  const { upstream, gw } = await setUp(t, (_req, message) => ({ type: 'application/json', body: answer(message.id) }));
  for (const method of ['tools/call ', 'Tools/Call', ' tools/list', 'TOOLS/LIST', 'tools/\u200bcall', 'ｔｏｏｌｓ/call']) {
    const call = { jsonrpc: '2.0', id: 3, method, params: { name: 'delete_all_tickets', arguments: {} } };
    for (const message of [call, [{ jsonrpc: '2.0', id: 2, method: 'ping' }, call]]) {
      const res = await post(gw, message);
      assert.equal(res.status, 400, JSON.stringify(method));
      assert.equal(JSON.parse(res.text).error.code, -32600);
    }
  }
  assert.equal(upstream.received.length, 0, 'the server never saw any');
  assert.equal((await post(gw, { jsonrpc: '2.0', id: 4, method: 'tools/callx', params: {} })).status, 200, 'another method goes through');
});

test('MCP: a tool name is checked exactly as the server receives it, spaces and all', async (t) => {
  const { upstream, gw } = await setUp(t, (_req, message) => ({ type: 'application/json', body: answer(message.id) }));
  const res = await post(gw, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: ' search_kb ', arguments: { query: 'x' } } });
  assert.equal(res.status, 200);
  assert.equal(JSON.parse(res.text).result.isError, true, 'undeclared as sent: blocked');
  assert.equal(upstream.received.length, 0);
  const rows = (await gw.call('GET', '/v1/audit/executions?kind=pre_check&limit=10')).body.items;
  assert.equal(rows.length, 1, 'the blocked call is recorded');
});
