// /console as the gateway serves it: the page and its hashed assets with strict security headers,
// public (it holds no data), off in production unless CONSOLE_ENABLED=true, and a clear 503 when
// the assets were never built.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway } from '../helpers/gateway.ts';
import { buildConsole, consoleIsBuilt } from '../../scripts/build-console.ts';
import { loadConfig } from '../../src/config/index.ts';
import { consoleAssetDir, consoleRoutes } from '../../src/console/index.ts';
import { Router } from '../../src/http/index.ts';

await buildConsole({ quiet: true });
const ASSETS = readdirSync(path.join(consoleAssetDir()!, 'assets'));

function assertSecurityHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "connect-src 'self'"]) {
    assert.ok(csp.includes(directive), `CSP has ${directive}: ${csp}`);
  }
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  assert.equal(headers.get('x-content-type-options'), 'nosniff');
  assert.equal(headers.get('x-frame-options'), 'DENY');
  assert.equal(headers.get('referrer-policy'), 'no-referrer');
}

test('the page and its assets come with the security headers, and the page has no inline script or style', async (t) => {
  const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
  const page = await gw.call('GET', '/console');
  assert.equal(page.status, 200, 'public: no credential needed for the page');
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assertSecurityHeaders(page.headers);
  assert.doesNotMatch(page.text, /<script(?![^>]*\bsrc=)[^>]*>/, 'every script has a src');
  assert.doesNotMatch(page.text, /<style|style=/, 'no inline style');
  assert.doesNotMatch(page.text, /https?:\/\//, 'nothing from a CDN');
  assert.equal((await gw.call('GET', '/console/')).status, 200);
  // A link into the console may carry its own query (a mail campaign's ?utm_source=): the page still opens.
  assert.equal((await gw.call('GET', '/console?utm_source=mail&x=1')).status, 200);
  assert.equal((await gw.call('GET', '/console/?utm_source=mail')).status, 200);
  const script = /<script type="module" crossorigin src="\/console\/assets\/([\w.-]+\.js)"><\/script>/.exec(page.text)?.[1];
  assert.ok(script && ASSETS.includes(script), `the page loads a built script: ${page.text}`);
  const asset = await gw.call('GET', `/console/assets/${script}`);
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get('content-type')!, /^text\/javascript/);
  assert.match(asset.headers.get('cache-control')!, /immutable/);
  assertSecurityHeaders(asset.headers);
});

test('only files Vite wrote are served: unknown names, other extensions and traversal get 404', async (t) => {
  const gw = await startTestGateway(t);
  for (const name of ['nope.js', 'index.html', '..%2F..%2Fpackage.json', '..%2Findex.html', '%2Fetc%2Fpasswd', 'x.map']) {
    const res = await gw.call('GET', `/console/assets/${name}`);
    assert.deepEqual([res.status, res.body?.code], [404, 'ROUTE_NOT_FOUND'], name);
  }
});

test('off in production unless CONSOLE_ENABLED=true; on elsewhere unless CONSOLE_ENABLED=false', () => {
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }, { port: 0 });
  assert.equal(config({ SERVICE_ENV: 'production' }).consoleEnabled, false);
  assert.equal(config({ SERVICE_ENV: 'production', CONSOLE_ENABLED: 'true' }).consoleEnabled, true);
  assert.equal(config({ SERVICE_ENV: 'development' }).consoleEnabled, true);
  assert.equal(config({ SERVICE_ENV: 'test', CONSOLE_ENABLED: 'false' }).consoleEnabled, false);
  assert.throws(() => config({ CONSOLE_ENABLED: 'maybe' }), /CONSOLE_ENABLED/);
});

test('a disabled console answers 404, on both variants', async (t) => {
  for (const variant of ['embedded', 'edge']) {
    const gw = await startTestGateway(t, { env: { CONSOLE_ENABLED: 'false', GATEWAY_VARIANT: variant } });
    const res = await gw.call('GET', '/console');
    assert.deepEqual([res.status, res.body.code], [404, 'ROUTE_NOT_FOUND'], variant);
  }
  const edge = await startTestGateway(t, { env: { GATEWAY_VARIANT: 'edge' } });
  assert.equal((await edge.call('GET', '/console')).status, 200, 'edge serves it when enabled');
});

test('assets that were never built: 503 CONSOLE_NOT_BUILT naming the command, not a crash', async (t) => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'govgate-console-'));
  t.after(() => rmSync(empty, { recursive: true, force: true }));
  const router = new Router();
  for (const route of consoleRoutes(empty)) router.add(route);
  const match = router.match('GET', '/console');
  assert.equal(match.kind, 'found');
  assert.throws(
    () => (match as { route: { handler: (ctx: unknown) => unknown } }).route.handler({ params: {} }),
    (error: { code?: string; message?: string }) => error.code === 'CONSOLE_NOT_BUILT' && /npm run console:build/.test(error.message ?? ''),
  );
  const asset = router.match('GET', '/console/assets/index.js');
  assert.throws(() => (asset as { route: { handler: (ctx: unknown) => unknown }; params: Record<string, string> }).route.handler({ params: { file: 'index.js' } }), { code: 'ROUTE_NOT_FOUND' });
});

test('a second build of unchanged sources is skipped (npm ci runs it every time)', async () => {
  assert.equal(consoleIsBuilt(), true);
  assert.equal(await buildConsole({ quiet: true }), false);
});

test('/openapi.json lists /console', async (t) => {
  const gw = await startTestGateway(t);
  const doc = await gw.call('GET', '/openapi.json');
  assert.ok(doc.body.paths['/console'], 'documented');
});
