// Failure modes of the sidecar: upstream timeouts, resets and oversized answers become 502/504
// problem bodies (never a hung agent); a ledger that cannot record stops a fail-closed route
// before it forwards anything, and a fail-open route forwards, logs and counts it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestGateway } from '../helpers/gateway.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';

function route(name: string, upstream: string, extra = ''): string {
  return `
  - name: ${name}
    match: { path_prefix: /${name} }
    upstream: ${upstream}
    tool: { name: search_kb }${extra}`;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('upstream failures: timeout 504, reset 502, refused 502, oversized 502; each recorded as the call\'s result', async (t) => {
  const upstream = await startToolServer(t);
  upstream.on('/silent', () => { /* never answers */ });
  upstream.on('/reset', (_req, res) => res.socket?.destroy());
  upstream.on('/huge', json(200, { blob: 'x'.repeat(5000) }));
  upstream.on('/chunked', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"blob":"');
    res.write('y'.repeat(3000));
    res.end('"}');
  });
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `routes:${route('silent', upstream.origin, '\n    timeouts: { headers_ms: 200 }')}${route('reset', upstream.origin)}${route('refused', `http://127.0.0.1:${await closedPort()}`)}${route('huge', upstream.origin, '\n    max_response_bytes: 1024')}${route('chunked', upstream.origin, '\n    max_response_bytes: 1024')}\n`,
  });
  const body = { query: 'status' };

  const silent = await gw.call('POST', '/silent', body);
  assert.equal(silent.status, 504);
  assert.equal(silent.body.code, 'UPSTREAM_TIMEOUT');
  assert.equal(silent.body.route, 'silent');
  const post = (await gw.ledger.list({ kind: 'post_check', limit: 1, offset: 0 })).rows[0];
  const row = await gw.ledger.get(post.envelope_id);
  assert.equal(row?.parent_envelope_id, silent.headers.get('x-governance-pre-check'));
  assert.equal((row?.payload?.sidecar as { upstream_error: string }).upstream_error, 'UPSTREAM_TIMEOUT');

  const reset = await gw.call('POST', '/reset', body);
  assert.equal(reset.status, 502);
  assert.equal(reset.body.code, 'UPSTREAM_UNAVAILABLE');

  const refused = await gw.call('POST', '/refused', body);
  assert.equal(refused.status, 502);
  assert.equal(refused.body.code, 'UPSTREAM_UNAVAILABLE');
  assert.match(refused.body.detail, /ECONNREFUSED/);

  for (const path of ['/huge', '/chunked']) {
    const big = await gw.call('POST', path, body);
    assert.equal(big.status, 502, path);
    assert.equal(big.body.code, 'UPSTREAM_RESPONSE_TOO_LARGE');
    assert.equal(big.body.limit_bytes, 1024);
    assert.ok(!big.text.includes('xxxxxxxx') && !big.text.includes('yyyyyyyy'), 'nothing of the answer is released');
  }
});

test('fail_mode closed: with the ledger unavailable the call is refused with 503 and never forwarded', async (t) => {
  const upstream = await startToolServer(t);
  const gw = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: `routes:${route('kb', upstream.origin)}\n` });
  assert.equal((await gw.call('POST', '/kb', { query: 'before' })).status, 200);
  const forwarded = upstream.received.length;

  await gw.ledger.close();
  const res = await gw.call('POST', '/kb', { query: 'after' });
  assert.equal(res.status, 503);
  assert.equal(res.body.code, 'LEDGER_UNAVAILABLE');
  assert.equal(res.body.forwarded, false);
  assert.equal(res.body.route, 'kb');
  assert.match(res.body.detail, /did not forward/);
  assert.equal(res.headers.get('retry-after'), '1');
  assert.equal(upstream.received.length, forwarded, 'the upstream never saw the call');
});

test('fail_mode open: with the ledger unavailable the call is forwarded, released, logged and counted', async (t) => {
  const upstream = await startToolServer(t);
  upstream.on('/', json(200, { results: [] }));
  const gw = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: `routes:${route('kb', upstream.origin, '\n    fail_mode: open')}\n` });
  await gw.ledger.close();
  const res = await gw.call('POST', '/kb', { query: 'outage' });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { results: [] });
  assert.equal(upstream.received.length, 1);
  assert.equal(res.headers.get('x-governance-pre-check'), null, 'no decision was recorded');
  const metrics = await gw.call('GET', '/metrics');
  assert.match(metrics.text, /sidecar_events_total\{route="kb",event="fail_open"\} 1/);
});

test('the kill switch blocks sidecar calls like any pre-check', async (t) => {
  const upstream = await startToolServer(t);
  const gw = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: `routes:${route('kb', upstream.origin)}\n` });
  await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident', actor: 'sre' });
  const res = await gw.call('POST', '/kb', { query: 'x' });
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'TOOL_CALL_BLOCKED');
  assert.ok(res.body.failures.some((f: { code: string }) => f.code === 'KILL_SWITCH_ACTIVE'));
  assert.equal(upstream.received.length, 0);
});
