// The sidecar on governed HTTP tool routes, with a real upstream tool server: pre-check before
// forwarding (a block never reaches the upstream), post-check before release, redaction, headers
// across the hop, session limits and the ledger rows both checks leave.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { json, rawRequest, startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';

const AWS_KEY = 'AKIAABCDEFGHIJKLMNOP';
const OPENAI_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';

function routes(upstream: string): string {
  return `
routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
  - name: tools
    match: { path_prefix: /tools }
    upstream: ${upstream}
    tool: { path: "/tools/{tool}" }
  - name: rpc
    match: { path_prefix: /rpc }
    upstream: ${upstream}
    tool: { name_field: tool, params_field: arguments }
  - name: masked
    match: { path_prefix: /masked }
    upstream: ${upstream}/leak
    strip_prefix: true
    redact: true
    tool: { name: search_kb }
`;
}

describe('sidecar: governed HTTP routes', () => {
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    upstream.on('/api/search', json(200, { results: [{ id: 'KB-7', title: 'How to reset your password' }] }, { 'x-upstream': 'kb', etag: '"v1"' }));
    upstream.on('/leak', json(200, { note: 'debug dump', key: OPENAI_KEY, owner: 'ops' }));
    upstream.on('/api/text', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`aws_access_key_id = ${AWS_KEY}`);
    });
    upstream.on('/api/gzip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(JSON.stringify({ leaked: OPENAI_KEY })));
    });
    gw = await startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: routes(upstream.origin) });
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  test('an allowed call is forwarded, its answer released as the upstream sent it, and both checks recorded and linked', async () => {
    const before = upstream.received.length;
    const res = await rawRequest(gw.url, 'POST', '/kb/search', JSON.stringify({ query: 'reset password' }), {
      'content-type': 'application/json',
      'x-session-id': 'sess-allowed',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      connection: 'keep-alive, x-hop-secret',
      'x-hop-secret': 'must not travel',
      'proxy-authorization': 'Basic c2VjcmV0',
    });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { results: [{ id: 'KB-7', title: 'How to reset your password' }] });
    assert.equal(res.headers['x-upstream'], 'kb');
    assert.equal(res.headers.etag, '"v1"');
    assert.ok(res.headers['x-request-id'], 'proxied answers carry X-Request-Id too');
    assert.equal(upstream.received.length, before + 1);

    const got = upstream.received.at(-1)!;
    assert.equal(got.url, '/api/search', 'prefix stripped, upstream base path put first');
    assert.deepEqual(JSON.parse(got.body), { query: 'reset password' });
    assert.equal(got.headers['x-hop-secret'], undefined, 'a header named by Connection is hop-by-hop');
    assert.equal(got.headers['proxy-authorization'], undefined);
    assert.equal(got.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(got.headers['x-forwarded-proto'], 'http');
    assert.equal(got.headers['x-session-id'], 'sess-allowed');
    assert.match(String(got.headers.traceparent), /^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    assert.notEqual(got.headers.traceparent, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'the sidecar is a new span');

    const preId = String(res.headers['x-governance-pre-check']);
    const postId = String(res.headers['x-governance-post-check']);
    const pre = await gw.ledger.get(preId);
    const post = await gw.ledger.get(postId);
    assert.equal(pre?.kind, 'pre_check');
    assert.equal(pre?.agent_id, 'support-agent-1');
    assert.equal(pre?.action, 'search_kb');
    assert.equal(pre?.outcome, 'approve');
    assert.equal((pre?.payload?.request as { session_id: string }).session_id, 'sess-allowed');
    // A fixed-name route names every path under its prefix search_kb: the row says which endpoint ran.
    assert.deepEqual([(pre?.payload?.sidecar as { method: string }).method, (pre?.payload?.sidecar as { path: string }).path], ['POST', '/kb/search']);
    assert.equal(post?.kind, 'post_check');
    assert.equal(post?.parent_envelope_id, preId);
    const sidecar = post?.payload?.sidecar as { route: string; upstream_status: number; upstream_ms: number };
    assert.equal(sidecar.route, 'kb');
    assert.equal(sidecar.upstream_status, 200);
    assert.equal(typeof sidecar.upstream_ms, 'number');
  });

  test('a call to an undeclared tool (path template) is answered 403 with the decision and never reaches the upstream', async () => {
    const before = upstream.received.length;
    const res = await gw.call('POST', '/tools/delete_all_tickets', { confirm: true });
    assert.equal(res.status, 403);
    assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal(res.body.code, 'TOOL_CALL_BLOCKED');
    assert.equal(res.body.tool, 'delete_all_tickets');
    assert.equal(res.body.route, 'tools');
    assert.equal(res.body.decision.outcome, 'block');
    assert.match(res.body.decision.reason, /not declared/);
    assert.deepEqual(res.body.failures.map((f: { code: string }) => f.code), ['TOOL_UNDECLARED']);
    assert.equal(upstream.received.length, before, 'the upstream never saw the call');
    const row = await gw.ledger.get(res.body.envelope_id);
    assert.equal(row?.kind, 'pre_check');
    assert.equal(row?.outcome, 'block');
  });

  test('params outside the declared scope (tool named in the JSON body) are blocked before forwarding', async () => {
    const before = upstream.received.length;
    const res = await gw.call('POST', '/rpc', { tool: 'update_ticket', arguments: { ticket_id: 'T-1', status: 'deleted' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'TOOL_CALL_BLOCKED');
    assert.ok(res.body.failures.some((f: { code: string }) => f.code === 'TOOL_OUT_OF_SCOPE'));
    assert.equal(upstream.received.length, before);

    const allowed = await gw.call('POST', '/rpc', { tool: 'update_ticket', arguments: { ticket_id: 'T-1', status: 'solved' } });
    assert.equal(allowed.status, 200);
    assert.equal(upstream.received.length, before + 1);
  });

  test('a query string beside a JSON body is checked with it: its params are the call\'s params, never forwarded unread', async () => {
    const before = upstream.received.length;
    // The body is in scope; the query string would have carried the out-of-scope value past the check.
    const smuggled = await gw.call('POST', '/tools/update_ticket?status=deleted', { ticket_id: 'T-1', status: 'solved' });
    assert.equal(smuggled.status, 400);
    assert.equal(smuggled.body.code, 'TOOL_NOT_IDENTIFIED');
    assert.match(smuggled.body.detail, /"status" is in both the query string and the body/);
    const extra = await gw.call('POST', '/tools/update_ticket?force=true', { ticket_id: 'T-1', status: 'solved' });
    assert.equal(extra.status, 403);
    assert.ok(extra.body.failures.some((f: { code: string }) => f.code === 'TOOL_OUT_OF_SCOPE'), 'an extra query param is an extra param');
    const named = await gw.call('POST', '/rpc?status=deleted', { tool: 'update_ticket', arguments: { ticket_id: 'T-1' } });
    assert.equal(named.status, 403, 'params_field: the query string joins the named params');
    assert.ok(named.body.failures.some((f: { code: string }) => f.code === 'TOOL_OUT_OF_SCOPE'));
    assert.equal(upstream.received.length, before, 'none of them reached the upstream');

    const split = await gw.call('POST', '/tools/update_ticket?status=solved', { ticket_id: 'T-1' });
    assert.equal(split.status, 200, 'params split between the query and the body are checked together');
    const pre = await gw.ledger.get(split.headers.get('x-governance-pre-check')!);
    assert.deepEqual((pre?.payload?.request as { params: unknown }).params, { status: 'solved', ticket_id: 'T-1' });
    assert.equal(upstream.received.at(-1)?.url, '/tools/update_ticket?status=solved');
  });

  test('a result that leaks a secret is withheld: 403 problem, the secret never reaches the agent', async () => {
    upstream.on('/tools/crm_lookup', json(200, { customer: 'CUS-1001', api_key: OPENAI_KEY }));
    const withheld = await gw.call('POST', '/tools/crm_lookup', { customer_id: 'CUS-1001' });
    assert.equal(withheld.status, 403);
    assert.equal(withheld.body.code, 'TOOL_RESULT_BLOCKED');
    assert.equal(withheld.body.decision.outcome, 'block');
    assert.ok(withheld.body.failures.some((f: { code: string }) => f.code === 'SECRET_IN_OUTPUT'));
    assert.ok(!withheld.text.includes(OPENAI_KEY));
    const post = await gw.ledger.get(withheld.body.envelope_id);
    assert.equal(post?.kind, 'post_check');
    assert.equal(post?.parent_envelope_id, withheld.body.pre_check_envelope_id);
  });

  test('plain-text and gzip answers are post-checked too (wrapped as {text}, inflated first)', async () => {
    const text = await gw.call('GET', '/kb/text?query=keys');
    assert.equal(text.status, 403);
    assert.equal(text.body.code, 'TOOL_RESULT_BLOCKED');
    assert.ok(!text.text.includes(AWS_KEY));
    const gzip = await gw.call('GET', '/kb/gzip?query=keys');
    assert.equal(gzip.status, 403);
    assert.equal(gzip.body.code, 'TOOL_RESULT_BLOCKED');
    assert.equal(upstream.received.at(-1)?.headers['accept-encoding'], 'identity', 'governed calls ask for an uncompressed answer');
  });

  test('a secret sent as UTF-16 is not released as unreadable-but-harmless text', async () => {
    upstream.on('/api/utf16', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-16le' });
      res.end(Buffer.from(`aws_access_key_id = ${AWS_KEY}`, 'utf16le'));
    });
    upstream.on('/api/utf16-json', (_req, res) => {
      // No charset: Python's requests still reads this JSON as UTF-16, from the NULs between letters.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.from(JSON.stringify({ leaked: OPENAI_KEY }), 'utf16le'));
    });
    for (const path of ['/kb/utf16', '/kb/utf16-json']) {
      const res = await gw.call('GET', `${path}?query=keys`);
      assert.equal(res.status, 403, path);
      assert.equal(res.body.code, 'TOOL_RESULT_BLOCKED');
      assert.ok(res.body.failures.some((f: { code: string }) => f.code === 'RESULT_UNSCANNABLE'));
    }
  });

  test('redact: true masks the secret and releases the rest; the ledger says what was masked', async () => {
    const res = await gw.call('POST', '/masked', { query: 'x' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { note: 'debug dump', key: '[redacted:openai-api-key]', owner: 'ops' });
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(res.text)));
    const post = await gw.ledger.get(res.headers.get('x-governance-post-check')!);
    assert.deepEqual((post?.payload?.sidecar as { redacted: unknown }).redacted, [{ path: 'output.key', pattern: 'openai-api-key' }]);
    assert.ok(!JSON.stringify(post?.payload).includes(OPENAI_KEY), 'the ledger keeps the masked result, not the secret');
  });

  test('a response header carrying a secret is not released beside a body that passed; the post-check row names it', async () => {
    upstream.on('/api/debug', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-debug-token': `Bearer ${OPENAI_KEY}`, 'set-cookie': ['a=1', `k=${OPENAI_KEY}`], 'x-upstream': 'kb' });
      res.end(JSON.stringify({ results: [] }));
    });
    const res = await gw.call('POST', '/kb/debug', { query: 'x' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { results: [] });
    assert.equal(res.headers.get('x-debug-token'), null);
    assert.equal(res.headers.get('set-cookie'), null, 'a repeated header goes whole');
    assert.equal(res.headers.get('x-upstream'), 'kb', 'the other headers are released');
    const post = await gw.ledger.get(res.headers.get('x-governance-post-check')!);
    assert.deepEqual((post?.payload?.sidecar as { withheld_headers: unknown }).withheld_headers, [
      { header: 'x-debug-token', pattern: 'openai-api-key' },
      { header: 'set-cookie', pattern: 'openai-api-key' },
    ]);
    assert.ok(!JSON.stringify(post?.payload).includes(OPENAI_KEY));
  });

  test('max_calls_per_session: concurrent calls in one session get exactly the limit; other sessions are separate', async () => {
    // update_ticket allows 20 calls per session.
    const call = (session: string) => gw.call('POST', '/rpc', { tool: 'update_ticket', arguments: { ticket_id: 'T-9', status: 'pending' } }, { 'x-session-id': session });
    const results = await Promise.all(Array.from({ length: 26 }, () => call('sess-burst')));
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 20);
    const blocked = results.filter((r) => r.status === 403);
    assert.equal(blocked.length, 6);
    for (const r of blocked) assert.ok(r.body.failures.some((f: { code: string }) => f.code === 'TOOL_SESSION_LIMIT_EXCEEDED'));
    assert.equal((await call('sess-burst')).status, 403, 'blocked calls do not free a slot');
    assert.equal((await call('sess-other')).status, 200);
  });

  test('requests the sidecar cannot govern are refused before anything is forwarded', async () => {
    const before = upstream.received.length;
    const dots = await rawRequest(gw.url, 'POST', '/kb/%2e%2e/admin', JSON.stringify({ query: 'x' }));
    assert.equal(dots.status, 400);
    assert.equal(JSON.parse(dots.body).code, 'PROXY_PATH_REJECTED');
    const unnamed = await gw.call('POST', '/rpc', { arguments: { ticket_id: 'T-1' } });
    assert.equal(unnamed.status, 400);
    assert.equal(unnamed.body.code, 'TOOL_NOT_IDENTIFIED');
    const template = await gw.call('POST', '/tools/search_kb/extra', { query: 'x' });
    assert.equal(template.body.code, 'TOOL_NOT_IDENTIFIED');
    const notJson = await gw.call('POST', '/kb/search', 'query=x', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(notJson.status, 415);
    assert.equal(upstream.received.length, before);
  });

  test('the /v1 API and /health are still served beside the routes', async () => {
    const health = await gw.call('GET', '/health');
    assert.equal(health.status, 200);
    const unrouted = await gw.call('GET', '/not-a-route');
    assert.equal(unrouted.status, 404);
    assert.equal(unrouted.body.code, 'ROUTE_NOT_FOUND');
  });
});

test('on_escalation: block holds an escalated call back; forward lets it through', async (t) => {
  const upstream = await startToolServer(t);
  const policiesDir = writeOpsBundle(t);
  const gw = await startTestGateway(t, {
    agentId: 'ops-agent-1',
    env: { POLICIES_DIR: policiesDir },
    gatewayYaml: `
routes:
  - name: held
    match: { path_prefix: /held }
    upstream: ${upstream.origin}
    tool: { name: restart_service }
  - name: waved
    match: { path_prefix: /waved }
    upstream: ${upstream.origin}
    on_escalation: forward
    tool: { name: restart_service }
`,
  });
  const held = await gw.call('POST', '/held', { service: 'billing' });
  assert.equal(held.status, 403);
  assert.equal(held.body.code, 'TOOL_CALL_BLOCKED');
  assert.equal(held.body.decision.outcome, 'escalate');
  assert.match(held.body.detail, /a human must approve this call/);
  assert.equal(held.headers.get('location'), `/v1/review/queue/${held.body.envelope_id}`);
  assert.equal(upstream.received.length, 0);
  const queue = await gw.call('GET', '/v1/review/queue');
  assert.ok(queue.body.items.some((item: { envelope_id: string }) => item.envelope_id === held.body.envelope_id), 'the escalation waits in the review queue');

  const waved = await gw.call('POST', '/waved', { service: 'billing' });
  assert.equal(upstream.received.length, 1);
  // The result escalates again at post-check; forward releases it.
  assert.equal(waved.status, 200);
});
