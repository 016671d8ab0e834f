// Ungoverned routes stream through http-proxy-3 untouched: no buffering (the agent reads the
// first chunk while the upstream is still writing), websockets included. Governed routes refuse
// upgrades, since nothing after one could be checked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestGateway } from '../helpers/gateway.ts';
import { rawRequest, startToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';

/** An ungoverned route (/site) and a governed one (/ops, restart_service) to the same upstream; the ops route is last, so a caller may add to it. */
function siteAndOpsRoutes(origin: string): string {
  return `routes:
  - name: site
    match: { path_prefix: /site }
    upstream: ${origin}
    strip_prefix: true
    governed: false
  - name: ops
    match: { path_prefix: /ops }
    upstream: ${origin}
    strip_prefix: true
    tool: { name: restart_service }
    on_escalation: forward`;
}

/** A websocket server that just greets: enough to see the upgrade and the frames cross the sidecar. */
async function startGreeter(t: import('node:test').TestContext, seen: (req: http.IncomingMessage) => void = () => {}): Promise<string> {
  const server = http.createServer((_req, res) => res.end('plain'));
  const upgraded = new Set<import('node:stream').Duplex>();
  server.on('upgrade', (req, socket) => {
    seen(req);
    upgraded.add(socket);
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const payload = Buffer.from(`hello ${req.url}`);
    socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    for (const socket of upgraded) socket.destroy();
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('an ungoverned route streams the answer through as it is written, and records nothing', { timeout: 20_000 }, async (t) => {
  const upstream = await startToolServer(t);
  let finish!: () => void;
  const firstChunkSeen = new Promise<void>((resolve) => (finish = resolve));
  upstream.on('/events', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: first\n\n');
    // Only once the agent has read the first event does the upstream finish: a buffering proxy would deadlock here.
    void firstChunkSeen.then(() => res.end('data: second\n\n'));
  });
  const gw = await startTestGateway(t, {
    gatewayYaml: `routes:\n  - name: feed\n    match: { path_prefix: /feed }\n    upstream: ${upstream.origin}\n    strip_prefix: true\n    governed: false\n`,
  });
  const res = await fetch(`${gw.url}/feed/events`);
  assert.equal(res.status, 200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = decoder.decode((await reader.read()).value);
  assert.equal(text, 'data: first\n\n');
  finish();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
  assert.equal(text, 'data: first\n\ndata: second\n\n');
  assert.equal(upstream.received[0].url, '/events');
  assert.ok(upstream.received[0].headers['x-forwarded-for']);
  assert.equal((await gw.ledger.list({ limit: 5, offset: 0 })).total, 0, 'nothing decided, nothing recorded');
});

test('websockets pass through an ungoverned route; a governed route refuses the upgrade', { timeout: 20_000 }, async (t) => {
  const greeter = await startGreeter(t);
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `
routes:
  - name: live
    match: { path_prefix: /live }
    upstream: ${greeter}
    governed: false
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${greeter}
    tool: { name: search_kb }
`,
  });
  const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/live/socket`);
  const message = await new Promise<string>((resolve, reject) => {
    ws.onmessage = (event) => resolve(String(event.data));
    ws.onerror = () => reject(new Error('websocket failed'));
  });
  assert.equal(message, 'hello /live/socket');
  ws.close();

  const refused = await rawRequest(gw.url, 'GET', '/kb/socket', undefined, {
    connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  });
  assert.equal(refused.status, 403);
  assert.equal(JSON.parse(refused.body).code, 'UPGRADE_REFUSED');
});

test('an ungoverned route does not forward a path that escapes its prefix at the upstream', { timeout: 20_000 }, async (t) => {
  // The operator left only /public of the tool's server ungoverned; its tools sit beside it.
  const upstream = await startToolServer(t);
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `
routes:
  - name: assets
    match: { path_prefix: /assets }
    upstream: ${upstream.origin}/public
    strip_prefix: true
    governed: false
  - name: tools
    match: { path_prefix: /tools }
    upstream: ${upstream.origin}
    tool: { path: "/tools/{tool}" }
`,
  });
  for (const path of ['/assets/../tools/delete_all_tickets', '/assets/%2e%2e/tools/delete_all_tickets', '/assets/..%2Ftools%2Fdelete_all_tickets']) {
    const res = await rawRequest(gw.url, 'POST', path, '{}');
    assert.equal(res.status, 400, path);
    assert.equal(JSON.parse(res.body).code, 'PROXY_PATH_REJECTED');
  }
  const upgrade = await rawRequest(gw.url, 'GET', '/assets/../tools/x', undefined, {
    connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  });
  assert.equal(upgrade.status, 400);
  assert.equal(upstream.received.length, 0, 'nothing reached the upstream');
  assert.equal((await gw.call('GET', '/assets/logo.svg')).status, 200, 'the route still serves what is under it');
  assert.equal(upstream.received[0].url, '/public/logo.svg');
});

test('the console\'s session cookie never reaches an upstream, on ungoverned, governed and websocket routes; other cookies do', { timeout: 20_000 }, async (t) => {
  // Routes without a host share the console's origin: a browser signed in to the console sends
  // its SSO session with every request there, and an upstream must not receive that credential.
  const upstream = await startToolServer(t);
  upstream.on('/page', (_req, res) => res.end('ok'));
  upstream.on('/restart', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"restarted":true}');
  });
  const upgrades: (string | undefined)[] = [];
  const greeter = await startGreeter(t, (req) => upgrades.push(req.headers.cookie));
  const gw = await startTestGateway(t, {
    agentId: 'ops-agent-1',
    env: { POLICIES_DIR: writeOpsBundle(t) },
    gatewayYaml: `${siteAndOpsRoutes(upstream.origin)}
  - name: live
    match: { path_prefix: /live }
    upstream: ${greeter}
    strip_prefix: true
    governed: false
`,
  });
  const cookie = 'theme=dark; gg_session=SESSION.mac; __Host-gg_session=PROD.mac; upstream_sid=42';
  assert.equal((await rawRequest(gw.url, 'GET', '/site/page', undefined, { cookie })).status, 200);
  assert.equal((await rawRequest(gw.url, 'POST', '/ops/restart', '{"service":"billing"}', { 'content-type': 'application/json', cookie })).status, 200);
  assert.equal((await rawRequest(gw.url, 'GET', '/site/page', undefined, { cookie: 'gg_session=ONLY.mac' })).status, 200);
  assert.deepEqual(upstream.received.map((r) => [r.url, r.headers.cookie]), [
    ['/page', 'theme=dark; upstream_sid=42'], ['/restart', 'theme=dark; upstream_sid=42'], ['/page', undefined],
  ]);

  const seen = new Promise<string | undefined>((resolve) => {
    const probe = http.request({ host: '127.0.0.1', port: new URL(gw.url).port, path: '/live/socket', headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', cookie } });
    probe.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve('upgraded');
    });
    probe.on('error', () => resolve(undefined));
    probe.end();
  });
  assert.equal(await seen, 'upgraded');
  assert.deepEqual(upgrades, ['theme=dark; upstream_sid=42']);
});

test('an upstream answer cannot act as the console: sandboxed by CSP, and never setting the console\'s session cookie, on ungoverned and governed routes', { timeout: 20_000 }, async (t) => {
  // Routes without a host share the console's origin: an upstream's HTML opened in a reviewer's
  // browser would otherwise run with the console's session and CSRF token.
  const upstream = await startToolServer(t);
  const page = (_req: unknown, res: http.ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'text/html', 'content-security-policy': "default-src 'self'",
      'set-cookie': ['gg_session=FIXED.mac; Path=/', '__Host-gg_session=FIXED.mac; Path=/; Secure', 'upstream_sid=42; Path=/'],
    });
    res.end('<script>fetch("/v1/sso/session")</script>');
  };
  upstream.on('/page', page);
  upstream.on('/restart', page);
  const gw = await startTestGateway(t, {
    agentId: 'ops-agent-1',
    env: { POLICIES_DIR: writeOpsBundle(t) },
    gatewayYaml: `${siteAndOpsRoutes(upstream.origin)}
    unscannable: release
`,
  });
  for (const [method, path, body] of [['GET', '/site/page', undefined], ['POST', '/ops/restart', '{"service":"billing"}']] as const) {
    const res = await rawRequest(gw.url, method, path, body, { 'content-type': 'application/json' });
    assert.equal(res.status, 200, `${path}: ${res.body}`);
    const csp = ([] as string[]).concat(res.headers['content-security-policy'] ?? []).join(', ');
    assert.match(csp, /(^|, )sandbox(,|$)/, `${path}: ${csp}`);
    assert.match(csp, /default-src 'self'/, `${path}: the upstream's own policy stays`);
    assert.deepEqual(res.headers['set-cookie'], ['upstream_sid=42; Path=/'], path);
  }
});
