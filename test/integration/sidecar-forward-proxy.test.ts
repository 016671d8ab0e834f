// Forward-proxy mode: the agent only sets HTTP_PROXY. Absolute-URI requests (node:http, undici
// without tunnelling) and CONNECT tunnels carrying plain HTTP (Node's fetch tunnels everything)
// are matched to routes by host and governed; CONNECT to other hosts follows connect.allow.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import net from 'node:net';
import { ProxyAgent, request } from 'undici';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { json, startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import type { TestContext } from 'node:test';

async function setUp(t: TestContext, allow: string[] = []): Promise<{ upstream: ToolServer; gw: TestGateway }> {
  const upstream = await startToolServer(t);
  upstream.on('/search', json(200, { results: [{ title: 'Reset your password' }] }));
  const gw = await startTestGateway(t, {
    agentId: 'support-agent-1',
    gatewayYaml: `
connect:
  allow: [${allow.map((entry) => JSON.stringify(entry)).join(', ')}]
routes:
  - name: kb
    match: { host: kb.test }
    upstream: ${upstream.origin}
    tool: { name: search_kb }
`,
  });
  return { upstream, gw };
}

/** Runs `script` in a fresh Node whose only proxy setting is HTTP_PROXY (NODE_USE_ENV_PROXY turns Node's own support on). */
function runAgent(proxy: string, script: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, HTTP_PROXY: proxy, NODE_USE_ENV_PROXY: '1', NO_PROXY: '' },
      encoding: 'utf8',
      timeout: 30_000,
    }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as Record<string, string>);
    });
  });
}

const AGENT_SCRIPT = `
import http from 'node:http';
const post = (body) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const viaFetch = async (url, body) => fetch(url, post(body)).then((r) => String(r.status)).catch((e) => 'error ' + (e.cause?.message ?? e.message));
const viaHttp = (url, body) => new Promise((resolve) => {
  const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve(String(res.statusCode))); });
  req.on('error', (e) => resolve('error ' + e.message));
  req.end(JSON.stringify(body));
});
console.log(JSON.stringify({
  fetchAllowed: await viaFetch('http://kb.test/search', { query: 'reset password' }),
  fetchBlocked: await viaFetch('http://kb.test/search', { query: 'x', extra: 'outside the scope' }),
  httpAllowed: await viaHttp('http://kb.test/search', { query: 'reset password' }),
  httpBlocked: await viaHttp('http://kb.test/search', { nope: true }),
  httpElsewhere: await viaHttp('http://elsewhere.test/x', { query: 'x' }),
}));
`;

test('an agent with only HTTP_PROXY set is governed: fetch (CONNECT) and node:http (absolute URI)', async (t) => {
  const { upstream, gw } = await setUp(t);
  const results = await runAgent(gw.url, AGENT_SCRIPT);
  assert.deepEqual(results, { fetchAllowed: '200', fetchBlocked: '403', httpAllowed: '200', httpBlocked: '403', httpElsewhere: '403' });
  assert.equal(upstream.received.length, 2, 'only the two allowed calls reached the upstream');
  assert.ok(upstream.received.every((r) => r.url === '/search'));
  const pre = (await gw.ledger.list({ kind: 'pre_check', limit: 10, offset: 0 })).rows;
  assert.deepEqual(pre.map((row) => row.outcome).sort(), ['approve', 'approve', 'block', 'block']);
});

test('undici ProxyAgent without tunnelling: the absolute URI is matched by host, the answer released', async (t) => {
  const { upstream, gw } = await setUp(t);
  const dispatcher = new ProxyAgent({ uri: gw.url, proxyTunnel: false });
  t.after(() => dispatcher.close());
  const res = await request('http://kb.test/search', { dispatcher, method: 'POST', body: JSON.stringify({ query: 'reset' }), headers: { 'content-type': 'application/json' } });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(await res.body.json(), { results: [{ title: 'Reset your password' }] });
  assert.equal(upstream.received[0].headers.host, `127.0.0.1:${upstream.port}`, 'forwarded to the route\'s upstream');
  const unrouted = await request('http://unknown.test/', { dispatcher });
  assert.equal(unrouted.statusCode, 403);
  assert.equal(((await unrouted.body.json()) as { code: string }).code, 'DESTINATION_NOT_ALLOWED');
});

function connect(gw: TestGateway, authority: string): Promise<{ socket: net.Socket; head: string }> {
  const url = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`));
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1 || (head.startsWith('HTTP/1.1 4') && !head.includes('}'))) return;
      socket.off('data', onData);
      resolve({ socket, head });
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

test('CONNECT: an allowed host tunnels through and is recorded as ungoverned; others are refused with a reason', async (t) => {
  const echo = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  t.after(() => echo.close());
  const port = (echo.address() as net.AddressInfo).port;
  const { gw } = await setUp(t, [`127.0.0.1:${port}`]);

  const { socket, head } = await connect(gw, `127.0.0.1:${port}`);
  assert.match(head, /^HTTP\/1\.1 200/);
  const echoed = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  socket.write('opaque bytes');
  assert.equal(await echoed, 'opaque bytes');
  socket.destroy();
  const tunnels = (await gw.ledger.list({ kind: 'tunnel', limit: 5, offset: 0 })).rows;
  assert.equal(tunnels.length, 1);
  assert.equal(tunnels[0].action, `CONNECT 127.0.0.1:${port}`);
  assert.equal(tunnels[0].agent_id, 'support-agent-1');

  const refused = await connect(gw, 'api.example.com:443');
  assert.match(refused.head, /^HTTP\/1\.1 403/);
  const problem = JSON.parse(refused.head.slice(refused.head.indexOf('\r\n\r\n') + 4));
  assert.equal(problem.code, 'DESTINATION_NOT_ALLOWED');
  assert.match(problem.detail, /connect\.allow/);
  refused.socket.destroy();
});

test('CONNECT to a routed host that carries TLS cannot be governed and is closed', async (t) => {
  const { upstream, gw } = await setUp(t);
  const { socket, head } = await connect(gw, 'kb.test:443');
  assert.match(head, /^HTTP\/1\.1 200/);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 0x01, 0x00, 0x00, 0x01, 0x00]));
  await closed;
  assert.equal(upstream.received.length, 0);
});
