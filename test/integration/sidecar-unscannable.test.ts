// Results the sidecar cannot read are never approved unread. Bytes that decode as UTF-8 are read
// as text whatever their declared type; bytes that do not (a PDF, a gzip file) are unscannable,
// and the route decides: `unscannable: block` (the default) withholds them with
// RESULT_UNSCANNABLE, `release` lets them through. Both are recorded in the post-check row and
// counted in sidecar_events_total. Compressed answers are inflated (bounded) before the check.
// Real sidecar, real upstream on port 0, HTTP and MCP routes.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { rawRequest, startToolServer, type ToolServer } from '../helpers/tool-server.ts';

const OPENAI_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';
/** A PDF-like body: not valid UTF-8 (0xE2 0xE3 0xCF 0xD3 is PDF's binary marker), with a secret inside. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from(`\n(api key ${OPENAI_KEY})\n%%EOF\n`)]);
/** A gzip file (not a Content-Encoding): its 0x8b header byte is not UTF-8. */
const GZIP_FILE = zlib.gzipSync(JSON.stringify({ api_key: OPENAI_KEY }));

function routes(upstream: string): string {
  const route = (name: string, extra = '') => `
  - name: ${name}
    match: { path_prefix: /${name} }
    upstream: ${upstream}
    tool: { name: search_kb }${extra}`;
  return `
routes:${route('files')}${route('opt-out', '\n    unscannable: release')}${route('small', '\n    max_response_bytes: 65536')}
  - name: tools-mcp
    match: { path_prefix: /mcp }
    upstream: ${upstream}
    strip_prefix: true
    protocol: mcp
  - name: tools-mcp-opt-out
    match: { path_prefix: /mcp-opt-out }
    upstream: ${upstream}
    strip_prefix: true
    protocol: mcp
    unscannable: release
`;
}

function send(type: string, body: Buffer, headers: Record<string, string> = {}) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(body.length), ...headers });
    res.end(body);
  };
}

describe('sidecar: results it cannot read', () => {
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    for (const prefix of ['/files', '/opt-out', '/small']) {
      upstream.on(`${prefix}/octet-text`, send('application/octet-stream', Buffer.from(`api_key=${OPENAI_KEY}`)));
      upstream.on(`${prefix}/pdf`, send('application/pdf', PDF));
      upstream.on(`${prefix}/gzip-file`, send('application/gzip', GZIP_FILE));
      upstream.on(`${prefix}/brotli`, send('application/json', zlib.brotliCompressSync(JSON.stringify({ api_key: OPENAI_KEY })), { 'content-encoding': 'br' }));
      upstream.on(`${prefix}/bomb`, send('application/json', zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)), { 'content-encoding': 'gzip' }));
    }
    upstream.on('/', (req, res) => {
      // An MCP server answering tools/call with bytes that are not JSON-RPC.
      const binary = req.body.includes('"pdf"');
      send(binary ? 'application/pdf' : 'application/octet-stream', binary ? PDF : Buffer.from(`token ${OPENAI_KEY}`))(req, res);
    });
    gw = await startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: routes(upstream.origin) });
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  const sidecarRecord = async (envelopeId: string) => (await gw.ledger.get(envelopeId))?.payload?.sidecar as Record<string, unknown>;

  test('octet-stream bytes that decode as UTF-8 are read as text: the secret in them is withheld', async () => {
    const res = await gw.call('GET', '/files/octet-text?query=x');
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'TOOL_RESULT_BLOCKED');
    assert.ok(res.body.failures.some((f: { code: string }) => f.code === 'SECRET_IN_OUTPUT'));
    assert.ok(!res.text.includes(OPENAI_KEY));
  });

  for (const [name, type, body] of [['pdf', 'application/pdf', PDF], ['gzip-file', 'application/gzip', GZIP_FILE]] as const) {
    test(`a ${type} answer is unscannable: withheld by default (RESULT_UNSCANNABLE), recorded as such`, async () => {
      const res = await gw.call('GET', `/files/${name}?query=x`);
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'TOOL_RESULT_BLOCKED');
      assert.equal(res.body.decision.outcome, 'block');
      assert.ok(res.body.failures.some((f: { code: string }) => f.code === 'RESULT_UNSCANNABLE'));
      assert.ok(!res.text.includes(OPENAI_KEY));
      const record = await sidecarRecord(res.body.envelope_id);
      assert.deepEqual(record.unscannable, { content_type: type, bytes: body.length, action: 'block' });
    });
  }

  test('unscannable: release lets the bytes through untouched, and the ledger says it was released unread', async () => {
    const res = await rawRequest(gw.url, 'GET', '/opt-out/pdf?query=x', undefined, {});
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    const record = await sidecarRecord(String(res.headers['x-governance-post-check']));
    assert.deepEqual(record.unscannable, { content_type: 'application/pdf', bytes: PDF.length, action: 'release' });
    const post = await gw.ledger.get(String(res.headers['x-governance-post-check']));
    assert.equal(post?.outcome, 'approve');
  });

  test('a compressed answer is inflated and checked; a zip bomb is refused, never released', async () => {
    const br = await gw.call('GET', '/files/brotli?query=x');
    assert.equal(br.status, 403);
    assert.ok(br.body.failures.some((f: { code: string }) => f.code === 'SECRET_IN_OUTPUT'));
    const bomb = await gw.call('GET', '/small/bomb?query=x');
    assert.equal(bomb.status, 502);
    assert.equal(bomb.body.code, 'UPSTREAM_RESPONSE_TOO_LARGE');
  });

  test('MCP: a tools/call answered with bytes that are not JSON-RPC is checked (text) or withheld (unscannable)', async () => {
    const call = (prefix: string, name: string) => rawRequest(gw.url, 'POST', `${prefix}`, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_kb', arguments: { query: name } } }), {
      'content-type': 'application/json', accept: 'application/json, text/event-stream',
    });
    const text = await call('/mcp', 'text');
    assert.equal(text.status, 200);
    assert.ok(!text.body.includes(OPENAI_KEY), 'the secret in the text answer is withheld');
    assert.equal(JSON.parse(text.body).result.isError, true);
    const pdf = await call('/mcp', 'pdf');
    const answer = JSON.parse(pdf.body);
    assert.equal(answer.id, 7);
    assert.equal(answer.result.isError, true);
    const meta = Object.values(answer.result._meta)[0] as { envelope_id: string; failures: Array<{ code: string }> };
    assert.ok(meta.failures.some((f) => f.code === 'RESULT_UNSCANNABLE'), JSON.stringify(meta.failures));
    assert.ok(!pdf.body.includes(OPENAI_KEY));
    assert.deepEqual(await sidecarRecord(meta.envelope_id).then((r) => r.unscannable), { content_type: 'application/pdf', bytes: PDF.length, action: 'block' });
    const released = await call('/mcp-opt-out', 'pdf');
    assert.equal(released.status, 200);
    assert.equal(released.headers['content-type'], 'application/pdf');
  });

  test('withheld and released unscannable results are counted', async () => {
    const metrics = await gw.call('GET', '/metrics');
    assert.match(metrics.text, /sidecar_events_total\{route="files",event="unscannable_blocked"\} [1-9]/);
    assert.match(metrics.text, /sidecar_events_total\{route="opt-out",event="unscannable_released"\} [1-9]/);
    assert.match(metrics.text, /sidecar_events_total\{route="tools-mcp",event="unscannable_blocked"\} [1-9]/);
  });
});
