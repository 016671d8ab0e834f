// The HTTP edge of the gateway and the sidecar on real sockets: Node's own parser errors answer
// problem+json, bodies must be labelled JSON in UTF-8, a refused body's 413 reaches a client
// that is still sending, and slow clients are cut off while normal clients are served.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { rawRequest, startToolServer } from '../helpers/tool-server.ts';
import { validateBody } from '../helpers/bodies.ts';

/** Opens a socket to the gateway, writes `data` (if any) and collects everything until the server closes. */
async function rawExchange(gw: TestGateway, data: string | Buffer | undefined, options: { keepOpen?: boolean } = {}): Promise<{ text: string; error?: string }> {
  const url = new URL(gw.url);
  const socket = net.connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let text = '';
  let error: string | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code));
  if (data !== undefined) socket.write(data);
  if (!options.keepOpen) socket.end();
  // events.once would reject on 'error'; a reset is an outcome here, reported in `error`.
  await new Promise((resolve) => socket.once('close', resolve));
  return { text, error };
}

function problemOf(text: string): { status: number; headers: string; body: any } {
  const [head, ...rest] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe("Node's parser errors answer problem+json", () => {
  test('a malformed request line is 400 MALFORMED_REQUEST', async (t) => {
    const gw = await startTestGateway(t);
    const { status, headers, body } = problemOf((await rawExchange(gw, 'GARBAGE /\x01 HTTP/9\r\n\r\n')).text);
    assert.equal(status, 400);
    assert.match(headers, /content-type: application\/problem\+json/);
    assert.match(headers, /x-request-id: /);
    assert.equal(body.code, 'MALFORMED_REQUEST');
  });

  test('headers over the size limit are 431 HEADERS_TOO_LARGE', async (t) => {
    const gw = await startTestGateway(t);
    const { status, body } = problemOf((await rawExchange(gw, `GET /health HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(64 * 1024)}\r\n\r\n`)).text);
    assert.equal(status, 431);
    assert.equal(body.code, 'HEADERS_TOO_LARGE');
  });

  test('an Expect header other than 100-continue is 417 EXPECTATION_FAILED, and nothing is recorded', async (t) => {
    const gw = await startTestGateway(t);
    const sent = JSON.stringify(validateBody());
    const { text } = await rawExchange(gw, [
      'POST /v1/runtime/validate HTTP/1.1', 'host: x', 'content-type: application/json', 'expect: bogus',
      `content-length: ${Buffer.byteLength(sent)}`, '', sent,
    ].join('\r\n'));
    const { status, headers, body } = problemOf(text);
    assert.equal(status, 417);
    assert.match(headers, /content-type: application\/problem\+json/);
    assert.match(headers, /x-request-id: /);
    assert.deepEqual([body.code, body.status, body.instance], ['EXPECTATION_FAILED', 417, '/v1/runtime/validate']);
    assert.equal((await gw.call('GET', '/v1/audit/executions')).body.total, 0);
    // 100-continue is the expectation HTTP defines: answered as usual.
    const { text: continued } = await rawExchange(gw, [
      'GET /health HTTP/1.1', 'host: x', 'expect: 100-continue', 'connection: close', '', '',
    ].join('\r\n'));
    assert.match(continued, /HTTP\/1\.1 200/);
  });
});

describe('content types: JSON in UTF-8 only', () => {
  const body = JSON.stringify(validateBody());
  const cases: Array<[string, Record<string, string>, number, string | null]> = [
    ['no content type', {}, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['charset=utf-16', { 'content-type': 'application/json; charset=utf-16' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['charset=iso-8859-1', { 'content-type': 'application/json;charset=iso-8859-1' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/jsonx', { 'content-type': 'application/jsonx' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['charset=utf-8', { 'content-type': 'application/json; charset=utf-8' }, 200, null],
    ['charset="UTF-8"', { 'content-type': 'application/json; charset="UTF-8"' }, 200, null],
    ['plain application/json', { 'content-type': 'application/json' }, 200, null],
    ['Content-Encoding: gzip on a plain body', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['Content-Encoding: x-unknown', { 'content-type': 'application/json', 'content-encoding': 'x-unknown' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['Content-Encoding: identity', { 'content-type': 'application/json', 'content-encoding': 'Identity' }, 200, null],
  ];
  for (const [name, headers, status, code] of cases) {
    test(`${name}: ${status}`, async (t) => {
      const gw = await startTestGateway(t);
      const res = await rawRequest(gw.url, 'POST', '/v1/runtime/validate', body, headers);
      assert.equal(res.status, status, res.body);
      if (code) {
        assert.equal(res.headers['content-type'], 'application/problem+json');
        assert.equal(JSON.parse(res.body).code, code);
        assert.match(JSON.parse(res.body).detail, /application\/json/);
      }
    });
  }

  test('bytes that are not UTF-8 are 400 INVALID_JSON, not decoded with replacement characters', async (t) => {
    const gw = await startTestGateway(t);
    const bytes = Buffer.concat([Buffer.from('{"agent_id":"payments-agent-1","action":"pay'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await rawRequest(gw.url, 'POST', '/v1/runtime/pre-check', bytes as unknown as string);
    assert.equal(res.status, 400, res.body);
    assert.equal(JSON.parse(res.body).code, 'INVALID_JSON');
    assert.match(JSON.parse(res.body).detail, /UTF-8/);
  });

  test('sidecar: a governed route refuses a body without a content type and forwards nothing', async (t) => {
    const upstream = await startToolServer(t);
    const gw = await startTestGateway(t, {
      agentId: 'payments-agent-1',
      gatewayYaml: `routes:\n  - name: pay\n    match: { path_prefix: /pay }\n    upstream: ${upstream.origin}\n    tool: { name: invoicepay.get_invoice }\n`,
    });
    const res = await rawRequest(gw.url, 'POST', '/pay', '{"invoice_id":"INV-20260042"}', {});
    assert.equal(res.status, 415, res.body);
    assert.equal(JSON.parse(res.body).code, 'UNSUPPORTED_MEDIA_TYPE');
    // A compressed body: what the sidecar would check (the bytes) is not what the upstream acts on
    // (what they inflate to), so it is refused, whether or not the bytes happen to read as JSON.
    for (const sent of [gzipSync('{"invoice_id":"INV-20260042"}'), Buffer.from('{"invoice_id":"INV-20260042"}')]) {
      const coded = await rawRequest(gw.url, 'POST', '/pay', sent as unknown as string, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      assert.equal(coded.status, 415, coded.body);
      assert.match(JSON.parse(coded.body).detail, /Content-Encoding "gzip"/);
    }
    assert.equal(upstream.received.length, 0);
  });
});

describe('a refused body: the client reads the 413, not a reset', () => {
  for (const [name, headers] of [['with Content-Length', (n: number) => `content-length: ${n}\r\n`], ['chunked', (_n: number) => 'transfer-encoding: chunked\r\n']] as const) {
    test(`${name}: 4 MB sent at once against a 2 KB limit`, { timeout: 20_000 }, async (t) => {
      const gw = await startTestGateway(t, { env: { SERVICE_MAX_BODY_BYTES: '2048' } });
      const size = 4 * 1024 * 1024;
      const payload = Buffer.alloc(size, 0x61);
      const body = name === 'chunked' ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')]) : payload;
      const request = Buffer.concat([Buffer.from(`POST /v1/runtime/validate HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${headers(size)}\r\n`), body]);
      const { text, error } = await rawExchange(gw, request, { keepOpen: true });
      assert.equal(error, undefined, `the client saw ${error} (${text.length} bytes read)`);
      const { status, headers: head, body: problem } = problemOf(text);
      assert.equal(status, 413);
      assert.match(head, /connection: close/);
      assert.equal(problem.code, 'PAYLOAD_TOO_LARGE');
    });
  }
});

describe('timeouts and the connection cap', () => {
  const env = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000' };

  test('slow headers (slowloris) are cut off with 408 while a normal client is served', { timeout: 15_000 }, async (t) => {
    const gw = await startTestGateway(t, { env });
    const slow = rawExchange(gw, 'GET /health HTTP/1.1\r\nhost: x\r\nx-slow: ', { keepOpen: true });
    const normal = await gw.call('GET', '/health');
    assert.equal(normal.status, 200);
    const { text } = await slow;
    const { status, body } = problemOf(text);
    assert.equal(status, 408);
    assert.equal(body.code, 'REQUEST_TIMEOUT');
  });

  test('a body that never finishes is cut off', { timeout: 15_000 }, async (t) => {
    const gw = await startTestGateway(t, { env });
    const stalled = rawExchange(gw, 'POST /v1/runtime/validate HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"agent_id":', { keepOpen: true });
    const normal = await gw.call('POST', '/v1/runtime/validate', validateBody());
    assert.equal(normal.status, 200, normal.text);
    const { text } = await stalled;
    // The socket closes; what it last says, if anything, is a problem, never a 500.
    if (text !== '') assert.notEqual(problemOf(text).status, 500);
  });

  test('connections beyond HTTP_MAX_CONNECTIONS are closed; the next one after a close is served', { timeout: 15_000 }, async (t) => {
    const gw = await startTestGateway(t, { env: { HTTP_MAX_CONNECTIONS: '2' } });
    const url = new URL(gw.url);
    const held = [net.connect(Number(url.port), url.hostname), net.connect(Number(url.port), url.hostname)];
    t.after(() => held.forEach((s) => s.destroy()));
    await Promise.all(held.map((s) => once(s, 'connect')));
    const refused = await rawExchange(gw, 'GET /health HTTP/1.1\r\nhost: x\r\n\r\n', { keepOpen: true });
    assert.equal(refused.text, '', 'a third connection was served');
    held[0].destroy();
    await once(held[0], 'close');
    // The server hears of the close a moment later: retry until it does.
    for (;;) {
      const served = await rawExchange(gw, 'GET /health/live HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
      if (served.text !== '') {
        assert.match(served.text, /^HTTP\/1.1 200/);
        break;
      }
    }
  });

  test('bad values fail start-up with the variable name', async () => {
    await assert.rejects(startTestGateway(undefined, { env: { HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' } }), /HTTP_REQUEST_TIMEOUT_MS/);
    await assert.rejects(startTestGateway(undefined, { env: { HTTP_MAX_CONNECTIONS: '0' } }), /HTTP_MAX_CONNECTIONS/);
  });
});
