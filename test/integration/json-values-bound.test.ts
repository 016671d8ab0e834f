// A body's number of JSON values is bounded (SERVICE_MAX_BODY_VALUES): every value is walked,
// scanned and hashed, so an unbounded count let one 5 MB body hold the event loop for seconds.
// Over the bound: 413 JSON_TOO_MANY_VALUES on the /v1 API (the JSON strings of tool-call
// arguments count together) and on the sidecar's HTTP and MCP routes, where nothing is
// forwarded; a tool's HTTP answer over it is checked as the text it is. The bound is the
// process's, so this file runs alone in its process and restores the default after.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import { validateBody } from '../helpers/bodies.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { hs256, TEST_JWT_SECRET } from '../helpers/credentials.ts';
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_JSON_VALUES, setMaxJsonValues } from '../../src/json/index.ts';

const LIMIT = 200;
const JSON_TYPE = { 'content-type': 'application/json' };
const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';
/** An object of `n` string members: n + 1 values. */
const members = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `v${i}`]));

function assertTooMany(res: { status: number; headers: Headers; body: any; text: string }): void {
  assert.equal(res.status, 413, res.text);
  assert.equal(res.headers.get('content-type'), 'application/problem+json', res.text);
  assert.equal(res.body.code, 'JSON_TOO_MANY_VALUES', res.text);
  assert.match(res.body.detail, new RegExp(`more than ${LIMIT} values`));
  assert.equal(res.body.errors.length, 1, res.text);
}

describe(`SERVICE_MAX_BODY_VALUES=${LIMIT}`, () => {
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    const answer = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) => {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    };
    upstream.on('/inv/wide-secret', answer({ ...members(LIMIT), note: SECRET }));
    upstream.on('/inv/wide', answer(members(LIMIT * 2)));
    upstream.on('/inv/narrow', answer(members(10)));
    gw = await startTestGateway(undefined, {
      agentId: 'payments-agent-1',
      env: { SERVICE_MAX_BODY_VALUES: String(LIMIT) },
      gatewayYaml: `
routes:
  - name: pay
    match: { path_prefix: /pay }
    upstream: ${upstream.origin}
    tool: { name: invoicepay.create_payment }
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
    await gw?.close();
    await upstream?.close();
    setMaxJsonValues(DEFAULT_MAX_JSON_VALUES);
  });

  const preCheck = (params: unknown) => ({ agent_id: 'payments-agent-1', action: 'invoicepay.create_payment', params });

  test('the /v1 API: a body over the bound is 413 naming where it crossed; at the bound it is decided', async () => {
    const over = await gw.call('POST', '/v1/runtime/pre-check', preCheck(members(LIMIT)));
    assertTooMany(over);
    assert.match(over.body.errors[0].path, /^params\.k\d+$/);
    // The body, its params object and 3 members besides params: LIMIT - 6 members fit.
    const at = await gw.call('POST', '/v1/runtime/pre-check', preCheck(members(LIMIT - 6)));
    assert.equal(at.status, 200, at.text);
    const flat = await gw.call('POST', '/v1/runtime/pre-check', `{"agent_id":"payments-agent-1","action":"x","params":{"xs":[${Array(5000).fill(0).join(',')}]}}`);
    assertTooMany(flat);
  });

  test('JSON strings of tool-call arguments count together, however the values are split between them', async () => {
    const args = JSON.stringify(members(80));
    const body = validateBody();
    body.execution.tools_called = [{ name: 'search_kb', arguments: args }, { name: 'search_kb', arguments: args }, { type: 'function', function: { name: 'search_kb', arguments: args } }];
    const res = await gw.call('POST', '/v1/runtime/validate', body);
    assertTooMany(res);
    assert.match(res.body.errors[0].path, /^execution\.tools_called\[2\]\.function\.arguments/);
    body.execution.tools_called.pop();
    const fits = await gw.call('POST', '/v1/runtime/validate', body);
    assert.notEqual(fits.status, 413, fits.text);
  });

  test('sidecar HTTP and MCP routes: 413, and nothing reaches the upstream', async () => {
    const before = upstream.received.length;
    assertTooMany(await gw.call('POST', '/pay', members(LIMIT), JSON_TYPE));
    const mcp = await gw.call('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'invoicepay.create_payment', arguments: members(LIMIT) } }, { accept: 'application/json, text/event-stream' });
    assertTooMany(mcp);
    assert.equal(upstream.received.length, before);
  });

  test('a tool\'s HTTP answer over the bound is checked as the text it is: a secret in it is withheld, a clean one released as sent', async () => {
    const secret = await gw.call('POST', '/inv/wide-secret', { invoice_id: 'INV-20260042' });
    assert.equal(secret.status, 403, secret.text);
    assert.equal(secret.body.code, 'TOOL_RESULT_BLOCKED');
    assert.doesNotMatch(secret.text, new RegExp(SECRET));
    const wide = await gw.call('POST', '/inv/wide', { invoice_id: 'INV-20260042' });
    assert.equal(wide.status, 200, wide.text.slice(0, 300));
    assert.deepEqual(wide.body, members(LIMIT * 2));
    const post = await gw.ledger.get(wide.headers.get('x-governance-post-check')!);
    const output = (post?.payload as { request?: { output?: { text?: unknown } } }).request?.output;
    assert.equal(typeof output?.text, 'string', 'recorded as the text it is');
    assert.equal((await gw.call('POST', '/inv/narrow', { invoice_id: 'INV-20260042' })).status, 200);
  });
});

describe('the central gateway\'s internal append carries many calls: each entry is held to the bound, not the whole batch', { skip: (await probePostgres()).skip }, () => {
  test(`five entries of ~${LIMIT / 2} values each are recorded; one entry is one call`, async (t) => {
    const db = await createTestSchema(t);
    const central = await startTestGateway(t, {
      env: { ...db.env, GATEWAY_VARIANT: 'edge', AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, SERVICE_MAX_BODY_VALUES: String(LIMIT) },
    });
    t.after(() => setMaxJsonValues(DEFAULT_MAX_JSON_VALUES));
    const token = await hs256({ sub: 'sidecar-support-agent-1', tier: 'enterprise', team: null as unknown as string });
    const entries = Array.from({ length: 5 }, () => ({
      envelope_id: randomUUID(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'support-agent-1', action: 'search_kb',
      outcome: 'approve', risk_tier: 'low', risk_score: 10, final_confidence: 90, policy_version: 'v1', score_version: 's1',
      reviewer_id: null, review_deadline: null, payload: { params: members(LIMIT / 2) },
    }));
    const res = await central.call('POST', '/v1/internal/ledger/append', { entries }, { 'x-service-token': token });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.results.every((r: { row?: unknown }) => r.row), res.text);
    assertTooMany(await central.call('POST', '/v1/runtime/pre-check', { agent_id: 'support-agent-1', action: 'search_kb', params: members(LIMIT) }, { 'x-service-token': token }));
  });
});
