// What is checked is what is forwarded: bodies that readers read differently (duplicate keys,
// numbers that overflow or round, lone surrogates, `__proto__`) and bodies nested without bound
// are refused with a 422 naming the member, on the /v1 API and on every governed sidecar route,
// and the sidecar never forwards them. Identifiers with NUL or control characters are 422 too.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';

const JSON_TYPE = { 'content-type': 'application/json' };
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A pre-check body with `params` written as raw JSON text. */
const preCheckText = (params: string) => `{"agent_id":"payments-agent-1","action":"invoicepay.create_payment","params":${params}}`;

function assertProblem(res: { status: number; headers: Headers; body: any; text: string }, status: number, code: string, path?: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.headers.get('content-type'), 'application/problem+json', res.text);
  assert.equal(res.body.code, code, res.text);
  if (path !== undefined) assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path), [path], res.text);
}

describe('the /v1 API reads bodies strictly', () => {
  let gw: TestGateway;
  before(async () => { gw = await startTestGateway(undefined); });
  after(() => gw.close());

  test('a non-finite or inexact amount is 422 with its path, never approved', async () => {
    const cases: Array<[string, string]> = [
      ['{"invoice_id":"INV-20260042","amount":1e309,"currency":"EUR"}', 'params.amount'],
      ['{"invoice_id":"INV-20260042","amount":-1e309,"currency":"EUR"}', 'params.amount'],
      ['{"invoice_id":"INV-20260042","amount":9999.99999999999999999,"currency":"EUR"}', 'params.amount'],
      ['{"invoice_id":"INV-20260042","amount":1e-400,"currency":"EUR"}', 'params.amount'],
    ];
    for (const [params, path] of cases) {
      assertProblem(await gw.call('POST', '/v1/runtime/pre-check', preCheckText(params)), 422, 'JSON_NUMBER_INEXACT', path);
    }
  });

  test('a duplicate key is 422 naming the key, whichever value comes first', async () => {
    for (const params of ['{"invoice_id":"INV-20260042","amount":25000,"amount":100,"currency":"EUR"}', '{"invoice_id":"INV-20260042","amount":100,"amount":25000,"currency":"EUR"}']) {
      const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckText(params));
      assertProblem(res, 422, 'JSON_DUPLICATE_KEY', 'params.amount');
      assert.match(res.body.detail, /"amount" appears more than once/);
    }
    const top = await gw.call('POST', '/v1/runtime/pre-check', '{"agent_id":"payments-agent-1","agent_id":"support-agent-1","action":"x"}');
    assertProblem(top, 422, 'JSON_DUPLICATE_KEY', 'agent_id');
  });

  test('5,000 levels of nesting in params, output, tool results or arguments is 422, not 500', async () => {
    assertProblem(await gw.call('POST', '/v1/runtime/pre-check', preCheckText(deep(5000))), 422, 'JSON_TOO_DEEP');
    const body = validateBody();
    for (const [field, patch] of [
      ['output', (b: any, v: string) => { b.output = { nested: '@' }; return JSON.stringify(b).replace('"@"', v); }],
      ['tool_results', (b: any, v: string) => { b.execution.tool_results = ['@']; return JSON.stringify(b).replace('"@"', v); }],
      ['arguments', (b: any, v: string) => { b.execution.tools_called = [{ name: 'search_kb', arguments: '@' }]; return JSON.stringify(b).replace('"@"', v); }],
    ] as const) {
      const res = await gw.call('POST', '/v1/runtime/validate', patch(structuredClone(body), deep(5000)));
      assertProblem(res, 422, 'JSON_TOO_DEEP');
      assert.ok(res.body.errors[0].path.length > 0, field);
    }
  });

  test('a lone surrogate anywhere is 422; NUL or a control character in action or agent_id is 422 naming the field', async () => {
    assertProblem(await gw.call('POST', '/v1/runtime/pre-check', '{"agent_id":"payments-agent-1","action":"pay\\ud800"}'), 422, 'JSON_INVALID_STRING', 'action');
    assertProblem(await gw.call('POST', '/v1/runtime/pre-check', preCheckText('{"memo":"\\udfff"}')), 422, 'JSON_INVALID_STRING', 'params.memo');
    for (const action of ['pay\u0000ment', 'pay\nment', '\u0000']) {
      const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ action }));
      assertProblem(res, 422, 'VALIDATION_FAILED', 'action');
    }
    assertProblem(await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'payments\u0000agent' })), 422, 'VALIDATION_FAILED', 'agent_id');
    // NUL in free text is data: it is recorded, not refused.
    const free = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ input: 'Pay INV\u0000 please' }));
    assert.equal(free.status, 200, free.text);
  });

  test('__proto__ is refused; constructor is plain data and pollutes nothing', async () => {
    assertProblem(await gw.call('POST', '/v1/runtime/pre-check', preCheckText('{"__proto__":{"amount":1}}')), 422, 'JSON_RESERVED_KEY', 'params.__proto__');
    const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ params: { invoice_id: 'INV-20260042', amount: 100, currency: 'EUR', constructor: { prototype: { polluted: true } } } }));
    assert.equal(res.status, 200, res.text);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('a tool call\'s arguments sent as a JSON string are read just as strictly', async () => {
    const body = validateBody();
    body.execution.tools_called = [{ name: 'search_kb', arguments: '{"query":"a","query":"b"}' }];
    assertProblem(await gw.call('POST', '/v1/runtime/validate', body), 422, 'JSON_DUPLICATE_KEY', 'execution.tools_called[0].arguments.query');
    body.execution.tools_called = [{ type: 'function', function: { name: 'search_kb', arguments: '{"limit":1e999}' } }];
    assertProblem(await gw.call('POST', '/v1/runtime/validate', body), 422, 'JSON_NUMBER_INEXACT', 'execution.tools_called[0].function.arguments.limit');
  });
});

describe('the sidecar never forwards what it cannot read exactly', () => {
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    gw = await startTestGateway(undefined, {
      agentId: 'payments-agent-1',
      gatewayYaml: `
routes:
  - name: pay
    match: { path_prefix: /pay }
    upstream: ${upstream.origin}
    tool: { name: invoicepay.create_payment }
  - name: tools-mcp
    match: { path_prefix: /mcp }
    upstream: ${upstream.origin}
    protocol: mcp
`,
    });
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  const mcpCall = (args: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"invoicepay.create_payment","arguments":${args}}}`;
  const hostile: Array<[string, string, string]> = [
    ['{"invoice_id":"INV-20260042","amount":25000,"amount":100,"currency":"EUR"}', 'JSON_DUPLICATE_KEY', 'amount'],
    ['{"invoice_id":"INV-20260042","amount":1e309,"currency":"EUR"}', 'JSON_NUMBER_INEXACT', 'amount'],
    ['{"invoice_id":"INV-20260042","amount":10000.0000000000000001,"currency":"EUR"}', 'JSON_NUMBER_INEXACT', 'amount'],
    [`{"invoice_id":"INV-20260042","amount":1,"currency":"EUR","memo":${deep(5000)}}`, 'JSON_TOO_DEEP', ''],
    ['{"invoice_id":"INV-20260042","amount":1,"currency":"EUR","memo":"\\ud800"}', 'JSON_INVALID_STRING', 'memo'],
  ];

  test('HTTP route: 422 naming the member; nothing reaches the upstream', async () => {
    for (const [body, code, path] of hostile) {
      const res = await gw.call('POST', '/pay', body, JSON_TYPE);
      assertProblem(res, 422, code);
      if (path) assert.equal(res.body.errors[0].path, path);
    }
    assert.equal(upstream.received.length, 0);
  });

  test('MCP route: the same refusals for tools/call arguments and JSON-RPC params; nothing reaches the upstream', async () => {
    for (const [args, code, path] of hostile) {
      const res = await gw.call('POST', '/mcp', mcpCall(args), { ...JSON_TYPE, accept: 'application/json, text/event-stream' });
      assertProblem(res, 422, code);
      if (path) assert.equal(res.body.errors[0].path, `params.arguments.${path}`);
    }
    const dupParams = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"invoicepay.get_invoice","name":"invoicepay.create_payment","arguments":{}}}';
    assertProblem(await gw.call('POST', '/mcp', dupParams, JSON_TYPE), 422, 'JSON_DUPLICATE_KEY', 'params.name');
    assert.equal(upstream.received.length, 0);
  });

  test('an exact body still passes and is forwarded byte for byte', async () => {
    const body = '{ "invoice_id": "INV-20260042", "amount": 100.50, "currency": "EUR" }';
    const before = upstream.received.length;
    const res = await gw.call('POST', '/pay', body, JSON_TYPE);
    assert.equal(res.status, 200, res.text);
    assert.equal(upstream.received.length, before + 1);
    assert.equal(upstream.received.at(-1)!.body, body);
  });
});

describe('tool results are read as strictly as requests', () => {
  const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    const raw = (text: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    };
    // The first "note" carries a secret that a first-key reader would show; JSON.parse keeps the second.
    upstream.on('/inv/dup', raw(`{"note":"${SECRET}","note":"nothing here"}`));
    upstream.on('/inv/deep', raw(deep(5000)));
    upstream.on('/mcp', raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"${SECRET}","text":"fine"}]}}`));
    gw = await startTestGateway(undefined, {
      agentId: 'payments-agent-1',
      gatewayYaml: `
routes:
  - name: inv
    match: { path_prefix: /inv }
    upstream: ${upstream.origin}
    tool: { name: invoicepay.get_invoice }
  - name: tools-mcp
    match: { path_prefix: /mcp }
    upstream: ${upstream.origin}
    protocol: mcp
`,
    });
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  test('an HTTP tool answer with a duplicate key is checked as the text it is: the hidden secret is withheld', async () => {
    const res = await gw.call('POST', '/inv/dup', { invoice_id: 'INV-20260042' });
    assertProblem(res, 403, 'TOOL_RESULT_BLOCKED');
  });

  test('an HTTP tool answer nested 5,000 levels deep is no 500', async () => {
    const res = await gw.call('POST', '/inv/deep', { invoice_id: 'INV-20260042' });
    assert.ok(res.status < 500, res.text);
  });

  test('an MCP tool result with a duplicate key is never released', async () => {
    const res = await gw.call('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'invoicepay.get_invoice', arguments: { invoice_id: 'INV-20260042' } } }, { accept: 'application/json, text/event-stream' });
    assert.doesNotMatch(res.text, new RegExp(SECRET));
    assert.equal(res.status, 502, res.text);
    assert.equal(res.body.code, 'UPSTREAM_RESPONSE_UNREADABLE');
  });
});
