// Reading an upstream answer for its post-check: bounded, inflated when compressed, and turned
// into the output object (JSON objects as they are, anything else wrapped).

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ApiError } from '../../../src/http/index.ts';
import { parseGatewayFile } from '../../../src/proxy/index.ts';
import { bodyOf, decodeBody, outputOf, readBounded } from '../../../src/proxy/upstream/response-body.ts';

const route = parseGatewayFile('routes:\n  - name: r\n    match: { path_prefix: /r }\n    upstream: http://r\n    tool: { name: t }\n    max_response_bytes: 1024\n', 'g').routes[0];

describe('outputOf', () => {
  const cases: Array<[string, string, string | undefined, unknown, string]> = [
    ['a JSON object', '{"a":1}', 'application/json', { a: 1 }, 'object'],
    ['a +json object', '{"a":1}', 'application/problem+json; charset=utf-8', { a: 1 }, 'object'],
    ['a JSON array', '[1,2]', 'application/json', { json: [1, 2] }, 'json'],
    ['a JSON string', '"hi"', 'application/json', { json: 'hi' }, 'json'],
    ['broken JSON', '{"a":', 'application/json', { text: '{"a":' }, 'text'],
    ['plain text', 'hello', 'text/plain; charset=utf-8', { text: 'hello' }, 'text'],
    ['XML', '<a/>', 'application/xml', { text: '<a/>' }, 'text'],
    ['no type, JSON', '{"a":1}', undefined, { a: 1 }, 'object'],
    ['no type, text', 'hello', undefined, { text: 'hello' }, 'text'],
    ['empty', '', 'application/json', { text: '' }, 'text'],
  ];
  for (const [name, body, type, output, form] of cases) {
    test(name, () => assert.deepEqual(outputOf(Buffer.from(body), type), { output, form }));
  }

  test('binary bodies are described, not inlined', () => {
    assert.deepEqual(outputOf(Buffer.from([0xff, 0x00, 0xfe]), 'image/png'), { output: { binary: { content_type: 'image/png', bytes: 3, scanned: false } }, form: 'binary' });
  });

  test('text the agent would read otherwise than UTF-8 (UTF-16, a raw NUL) is not read as text', () => {
    const secret = 'key: AKIAABCDEFGHIJKLMNOP';
    for (const type of ['text/plain; charset=utf-16le', 'application/json', 'text/plain', undefined]) {
      assert.equal(outputOf(Buffer.from(secret, 'utf16le'), type).form, 'binary', String(type));
    }
    assert.equal(outputOf(Buffer.from(JSON.stringify({ secret }), 'utf16le'), 'application/json').form, 'binary');
    assert.deepEqual(outputOf(Buffer.from('plain ascii'), 'text/html; charset=ISO-8859-1'), { output: { text: 'plain ascii' }, form: 'text' });
    assert.deepEqual(outputOf(Buffer.from('{"a":"\\u0000"}'), 'application/json'), { output: { a: '\u0000' }, form: 'object' }, 'an escaped NUL is data');
    assert.equal(outputOf(Buffer.from('x'), 'text/plain; charset=no-such-charset').form, 'binary');
  });

  test('bodyOf writes an output back in its own form', () => {
    assert.equal(bodyOf({ a: 1 }, 'object')?.toString(), '{"a":1}');
    assert.equal(bodyOf({ json: [1] }, 'json')?.toString(), '[1]');
    assert.equal(bodyOf({ text: 'x' }, 'text')?.toString(), 'x');
    assert.equal(bodyOf({ binary: {} }, 'binary'), undefined);
  });
});

describe('readBounded and decodeBody', () => {
  test('reads a body under the limit', async () => {
    assert.equal((await readBounded(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), route, undefined)).toString(), 'abcd');
  });

  test('refuses a declared or an actual length over max_response_bytes', async () => {
    await assert.rejects(readBounded(Readable.from([Buffer.from('x')]), route, '2048'), (e: ApiError) => e.code === 'UPSTREAM_RESPONSE_TOO_LARGE');
    await assert.rejects(readBounded(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), route, undefined), (e: ApiError) => e.code === 'UPSTREAM_RESPONSE_TOO_LARGE');
  });

  test('inflates gzip, deflate and br; refuses a bomb past the limit and unknown encodings', () => {
    const text = Buffer.from('{"a":1}');
    assert.deepEqual(decodeBody(zlib.gzipSync(text), 'gzip', route), text);
    assert.deepEqual(decodeBody(zlib.deflateSync(text), 'deflate', route), text);
    assert.deepEqual(decodeBody(zlib.brotliCompressSync(text), 'br', route), text);
    assert.deepEqual(decodeBody(text, undefined, route), text);
    assert.throws(() => decodeBody(zlib.gzipSync(Buffer.alloc(10_000)), 'gzip', route), (e: ApiError) => e.code === 'UPSTREAM_RESPONSE_TOO_LARGE');
    assert.throws(() => decodeBody(text, 'zstd', route), (e: ApiError) => e.code === 'UPSTREAM_RESPONSE_UNREADABLE');
    assert.throws(() => decodeBody(text, 'gzip', route), (e: ApiError) => e.code === 'UPSTREAM_RESPONSE_UNREADABLE');
  });
});
