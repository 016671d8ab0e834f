// Headers across the proxy hop: hop-by-hop headers stay behind, X-Forwarded-* and traceparent
// are set, and a replaced body drops what described the original bytes.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { agentResponseHeaders, childTraceparent, endToEndHeaders, upstreamRequestHeaders } from '../../../src/proxy/upstream/forward-headers.ts';

describe('endToEndHeaders', () => {
  test('drops the RFC 9110 hop-by-hop headers and those the Connection header names', () => {
    const out = endToEndHeaders({
      connection: 'keep-alive, X-Private', 'keep-alive': 'timeout=5', 'x-private': 'secret', 'transfer-encoding': 'chunked',
      te: 'trailers', upgrade: 'h2c', 'proxy-authorization': 'Basic x', 'proxy-connection': 'keep-alive',
      'content-type': 'application/json', 'x-session-id': 's1',
    });
    assert.deepEqual(out, { 'content-type': 'application/json', 'x-session-id': 's1' });
  });
});

describe('upstreamRequestHeaders', () => {
  const req = (headers: Record<string, string>) => ({ headers } as unknown as IncomingMessage);

  test('sets X-Forwarded-*, asks for identity encoding, drops host, expect and (for a read body) content-length', () => {
    const out = upstreamRequestHeaders(req({ host: 'sidecar:8000', expect: '100-continue', 'content-length': '12', 'accept-encoding': 'gzip, br' }), {
      clientAddress: '::ffff:10.0.0.7', identityEncoding: true, bufferedBody: true,
    });
    assert.equal(out.host, undefined);
    assert.equal(out.expect, undefined);
    assert.equal(out['content-length'], undefined);
    assert.equal(out['accept-encoding'], 'identity');
    assert.equal(out['x-forwarded-for'], '10.0.0.7');
    assert.equal(out['x-forwarded-proto'], 'http');
    assert.equal(out['x-forwarded-host'], 'sidecar:8000');
    assert.match(String(out.traceparent), /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  test('appends to an existing X-Forwarded-For and keeps a streamed body\'s length', () => {
    const out = upstreamRequestHeaders(req({ 'x-forwarded-for': '203.0.113.9', 'content-length': '12' }), { clientAddress: '10.0.0.7', identityEncoding: false, bufferedBody: false });
    assert.equal(out['x-forwarded-for'], '203.0.113.9, 10.0.0.7');
    assert.equal(out['content-length'], '12');
  });
});

describe('childTraceparent', () => {
  test('property: a valid parent keeps its trace id and flags and gets a new span id', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[0-9a-f]{16}$/), fc.constantFrom('00', '01'), (trace, span, flags) => {
      fc.pre(!/^0+$/.test(trace) && !/^0+$/.test(span));
      const child = childTraceparent(`00-${trace}-${span}-${flags}`);
      const [version, childTrace, childSpan, childFlags] = child.split('-');
      return version === '00' && childTrace === trace && childFlags === flags && /^[0-9a-f]{16}$/.test(childSpan) && childSpan !== span;
    }));
  });

  const invalid = [undefined, 'garbage', '00-00000000000000000000000000000000-b7ad6b7169203331-01', '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'];
  for (const value of invalid) {
    test(`starts a new trace for ${JSON.stringify(value)}`, () => {
      const child = childTraceparent(value);
      assert.match(child, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      assert.ok(!child.includes('0af7651916cd43dd8448eb211c80319c'));
    });
  }
});

describe('agentResponseHeaders', () => {
  const upstream = { 'content-type': 'application/json', 'content-length': '10', 'content-encoding': 'gzip', etag: '"1"', connection: 'close', 'x-upstream': 'a' };
  // Sandboxed wherever it is opened: hostless routes share the console's origin.
  test('unchanged body: everything end-to-end passes', () => {
    assert.deepEqual(agentResponseHeaders(upstream, false), { 'content-type': 'application/json', 'content-length': '10', 'content-encoding': 'gzip', etag: '"1"', 'x-upstream': 'a', 'content-security-policy': 'sandbox' });
  });
  test('replaced body: length, encoding and validators go', () => {
    assert.deepEqual(agentResponseHeaders(upstream, true), { 'content-type': 'application/json', 'x-upstream': 'a', 'content-security-policy': 'sandbox' });
  });
  test('the upstream\'s own policy stays beside the sandbox; it may not set the console\'s session or login cookie', () => {
    const set = ['gg_session=x', 'a=1', '__Host-gg_session=y; Secure', '__Secure-gg_sso_login=z; Path=/v1/sso/acs; SameSite=None; Secure', 'gg_sso_login=w'];
    const out = agentResponseHeaders({ 'content-security-policy': "img-src 'none'", 'set-cookie': set }, false);
    assert.deepEqual(out, { 'content-security-policy': ["img-src 'none'", 'sandbox'], 'set-cookie': ['a=1'] });
  });
});
