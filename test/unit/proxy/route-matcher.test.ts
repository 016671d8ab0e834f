// Route matching (origin-form by prefix and Host, absolute-form by host only), the path sent
// upstream, paths refused because they could escape their route, and the CONNECT allow-list.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { parseGatewayFile } from '../../../src/proxy/index.ts';
import { connectAllowed, matchRoute, requestTarget, routedHost, unsafePathReason, upstreamPath } from '../../../src/proxy/routes/route-matcher.ts';

const settings = parseGatewayFile(`
connect:
  allow: ["*.openai.com", "git.example.com:22"]
routes:
  - name: kb-host
    match: { host: kb.internal, path_prefix: /kb }
    upstream: http://kb-a.internal
    governed: false
  - name: kb
    match: { path_prefix: /kb }
    upstream: http://kb-b.internal/api/
    strip_prefix: true
    governed: false
  - name: tools-8080
    match: { host: tools.internal:8080 }
    upstream: http://tools.internal:8080
    governed: false
  - name: root-host
    match: { host: mcp.internal }
    upstream: http://mcp.internal/base
    governed: false
`, 'g');

function request(url: string, host?: string): IncomingMessage {
  return { url, headers: host === undefined ? {} : { host } } as IncomingMessage;
}

function routeFor(url: string, host?: string): string | undefined {
  const target = requestTarget(request(url, host));
  return target && matchRoute(settings.routes, target)?.name;
}

describe('matchRoute', () => {
  const cases: Array<[string, string | undefined, string | undefined]> = [
    ['/kb/search', 'kb.internal', 'kb-host'],
    ['/kb/search', 'KB.INTERNAL:8000', 'kb-host'],
    ['/kb/search', 'localhost:8000', 'kb'],
    ['/kb', 'localhost:8000', 'kb'],
    ['/kbx/search', 'localhost:8000', undefined],
    ['/v1/runtime/pre-check', 'localhost:8000', undefined],
    ['http://kb.internal/kb/search', undefined, 'kb-host'],
    ['http://kb.internal/other', undefined, undefined],
    ['http://elsewhere.test/kb/search', undefined, undefined],
    ['http://tools.internal:8080/x', undefined, 'tools-8080'],
    ['http://tools.internal/x', undefined, undefined],
    ['http://tools.internal:9090/x', undefined, undefined],
    ['/x', 'tools.internal:8080', 'tools-8080'],
    ['http://mcp.internal/anything?q=1', undefined, 'root-host'],
    ['ftp://kb.internal/kb', undefined, undefined],
  ];
  for (const [url, host, expected] of cases) {
    test(`${url}${host ? ` (Host: ${host})` : ''} -> ${expected ?? 'no route'}`, () => assert.equal(routeFor(url, host), expected));
  }
});

describe('upstreamPath', () => {
  const cases: Array<[string, string, string]> = [
    ['kb', '/kb/search?q=1', '/api/search?q=1'],
    ['kb', '/kb', '/api'],
    ['kb-host', '/kb/search', '/kb/search'],
    ['root-host', '/anything?q=1', '/base/anything?q=1'],
  ];
  for (const [name, path, expected] of cases) {
    test(`${name}: ${path} -> ${expected}`, () => {
      const route = settings.routes.find((r) => r.name === name)!;
      const target = requestTarget(request(path, 'localhost'))!;
      assert.equal(upstreamPath(route, target), expected);
    });
  }
});

describe('unsafePathReason', () => {
  const cases: Array<[string, boolean]> = [
    ['/kb/search', false],
    ['/kb/a.b/c..d', false],
    ['/kb/../admin', true],
    ['/kb/./x', true],
    ['/kb/%2e%2E/admin', true],
    ['/kb/a%2fb', true],
    ['/kb/a%5Cb', true],
    ['/kb\\admin', true],
    ['/kb/%zz', true],
  ];
  for (const [path, unsafe] of cases) {
    test(`${path} is ${unsafe ? 'refused' : 'fine'}`, () => assert.equal(unsafePathReason(path) !== undefined, unsafe));
  }

  test('property: a path of plain segments is never refused', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { maxLength: 6 }), (segments) => unsafePathReason(`/${segments.join('/')}`) === undefined));
  });
});

describe('CONNECT allow-list and routed hosts', () => {
  const cases: Array<[string, boolean]> = [
    ['api.openai.com:443', true],
    ['API.OPENAI.COM:443', true],
    ['api.openai.com:80', false],
    ['openai.com:443', false],
    ['git.example.com:22', true],
    ['git.example.com:443', false],
    ['evil.example:443', false],
    ['api.openai.com', false],
  ];
  for (const [authority, allowed] of cases) {
    test(`${authority} ${allowed ? 'tunnels' : 'is refused'}`, () => assert.equal(connectAllowed(settings.connectAllow, authority), allowed));
  }

  test('routedHost: a CONNECT to a host a route names', () => {
    assert.equal(routedHost(settings.routes, 'kb.internal', '80'), true);
    assert.equal(routedHost(settings.routes, 'tools.internal', '8080'), true);
    assert.equal(routedHost(settings.routes, 'tools.internal', '80'), false);
    assert.equal(routedHost(settings.routes, 'localhost', '8000'), false);
  });
});
