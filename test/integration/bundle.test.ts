// The bundle the container image runs (npm run build -> dist/govgate.mjs + dist/ledger-writer.mjs)
// must behave as the sources do: same version, and a durable ledger through its own writer thread.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/gateway.ts';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { validateBody } from '../helpers/bodies.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { startOtlpReceiver } from '../helpers/otlp-receiver.ts';

const { skip: pgSkip } = await probePostgres();

// Inside the repository, as dist/ is: the bundle finds swagger-ui-dist's assets in node_modules.
const out = mkdtempSync(path.join(REPO_ROOT, '.tmp-bundle-'));
process.on('exit', () => rmSync(out, { recursive: true, force: true }));
execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.ts'), out], { stdio: 'pipe' });
const entry = path.join(out, 'govgate.mjs');
const PACKAGE_VERSION = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version as string;

test('every chunk of the bundle is ASCII, so V8 holds its source one byte a character', () => {
  const chunks = readdirSync(out).filter((name) => name.endsWith('.mjs') || name.endsWith('.cjs'));
  assert.ok(chunks.includes('govgate.cjs') && chunks.length > 2);
  for (const chunk of chunks) assert.match(readFileSync(path.join(out, chunk), 'latin1'), /^[\x00-\x7f]*$/, chunk);
});

/** What the bundle's entry says about its code cache (NODE_DEBUG=govgate-code-cache) on `govgate --version`. */
function codeCacheUse(dir: string, options: { env?: Record<string, string>; nodeFlags?: string[] } = {}): { version: string; said: string } {
  const run = spawnSync(process.execPath, [...(options.nodeFlags ?? []), path.join(dir, 'govgate.mjs'), '--version'], {
    encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'govgate-code-cache', ...options.env },
  });
  assert.equal(run.status, 0, run.stderr);
  return { version: run.stdout.trim(), said: /GOVGATE-CODE-CACHE \d+: (.*)/.exec(run.stderr)?.[1] ?? `nothing (stderr: ${run.stderr})` };
}

test('the build starts the gateway once and leaves a code cache that a start uses', () => {
  const cache = readFileSync(path.join(out, 'govgate.code-cache'));
  // The digest of the script it was made from, then V8's data.
  assert.deepEqual(cache.subarray(0, 32), createHash('sha256').update(readFileSync(path.join(out, 'govgate.cjs'))).digest());
  assert.ok(cache.length > 100_000, `${cache.length} bytes: the bytecode of a start, not of an empty script`);
  // A script compiled by vm.Script can import() only through an experimental loader: everything
  // it loads on demand goes through require() (scripts/build.ts).
  assert.doesNotMatch(readFileSync(path.join(out, 'govgate.cjs'), 'latin1'), /\bimport\(/);
  assert.deepEqual(codeCacheUse(out), { version: PACKAGE_VERSION, said: 'used' });
  assert.deepEqual(codeCacheUse(out, { env: { GOVGATE_CODE_CACHE: 'off' } }), { version: PACKAGE_VERSION, said: 'not used: turned off' });
  // Heap sizes (what the chart's NODE_OPTIONS set) leave V8's check alone; other V8 flags fail it,
  // and the script compiles as it would without a cache.
  assert.deepEqual(codeCacheUse(out, { nodeFlags: ['--max-old-space-size=200', '--max-semi-space-size=16'] }), { version: PACKAGE_VERSION, said: 'used' });
  assert.deepEqual(codeCacheUse(out, { nodeFlags: ['--stack-size=900'] }), { version: PACKAGE_VERSION, said: 'rejected by V8 (another Node or other V8 flags)' });
});

test('a code cache made from another script, or none, is not used, and the gateway still serves', async (t) => {
  // A copy of the bundle, inside the repository as dist/ is (it loads packages from node_modules).
  const copy = mkdtempSync(path.join(REPO_ROOT, '.tmp-bundle-copy-'));
  t.after(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(out, copy, { recursive: true });
  // The same length and the same cache: V8's own check (the length) would take it, the digest does not.
  const script = readFileSync(path.join(copy, 'govgate.cjs'), 'latin1');
  const words = 'runtime governance gateway for software agents';
  const at = script.indexOf(words);
  assert.ok(at > 0);
  writeFileSync(path.join(copy, 'govgate.cjs'), `${script.slice(0, at)}R${script.slice(at + 1)}`, 'latin1');
  assert.deepEqual(codeCacheUse(copy), { version: PACKAGE_VERSION, said: 'not used: made from another govgate.cjs' });
  const gateway = await startGatewayProcess(t, {}, path.join(copy, 'govgate.mjs'));
  assert.equal((await gateway.call('POST', '/v1/runtime/validate', validateBody())).status, 200);
  await gateway.stop();

  writeFileSync(path.join(copy, 'govgate.code-cache'), Buffer.alloc(16));
  assert.deepEqual(codeCacheUse(copy), { version: PACKAGE_VERSION, said: 'not used: made from another govgate.cjs' });
  rmSync(path.join(copy, 'govgate.code-cache'));
  assert.deepEqual(codeCacheUse(copy), { version: PACKAGE_VERSION, said: 'not used: no govgate.code-cache' });
});

test('the bundled gateway serves, records through its writer thread, and verifies', async (t) => {
  const version = execFileSync(process.execPath, [entry, '--version'], { encoding: 'utf8' }).trim();
  assert.equal(version, PACKAGE_VERSION);

  const gateway = await startGatewayProcess(t, {}, entry);
  const decided = await gateway.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(decided.status, 200);
  assert.equal(decided.body.decision.outcome, 'approve');
  // A second decision goes through the same writer thread and extends the chain.
  assert.equal((await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-2' }))).status, 200);
  const verified = await gateway.call('GET', '/v1/audit/chain/verify');
  assert.equal(verified.status, 200);
  assert.equal(verified.body.valid, true);
  assert.equal(verified.body.rows_checked, 2);
  await gateway.stop();
  assert.equal(gateway.child.exitCode, 0);
});

// What the bundle loads on demand comes from chunks (code splitting): undici for upstream calls
// and for the central gateway's internal API is one of them, a CommonJS package whose chunk
// exports only `default` (src/interop/commonjs.ts).
async function kbRoute(t: TestContext) {
  const upstream = await startToolServer(t);
  upstream.on('/', json(200, { answer: 'reset it from the account page' }));
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-bundle-routes-'));
  t.after(() => rmSync(configDir, { recursive: true, force: true }));
  writeFileSync(path.join(configDir, 'gateway.yaml'), [
    'routes:', '  - name: kb', '    match: { path_prefix: /kb }', `    upstream: ${upstream.origin}`,
    '    strip_prefix: true', '    tool: { name: search_kb }',
    // Ungoverned: streamed through http-proxy-3, which the bundle loads on first use.
    '  - name: status', '    match: { path_prefix: /status }', `    upstream: ${upstream.origin}`,
    '    strip_prefix: true', '    governed: false', '',
  ].join('\n'));
  return { upstream, env: { CONFIG_DIR: configDir, AGENT_ID: 'support-agent-bundle', GATEWAY_VARIANT: 'edge' } };
}

async function governedCall(sidecar: GatewayProcess): Promise<void> {
  const answered = await sidecar.call('POST', '/kb/search', { query: 'how do I reset my password' }, { 'x-session-id': `bundle-${sidecar.url}` });
  assert.equal(answered.status, 200, answered.text);
  assert.deepEqual(answered.body, { answer: 'reset it from the account page' });
}

test('the bundled sidecar forwards a governed call, and streams an ungoverned one', async (t) => {
  const { upstream, env } = await kbRoute(t);
  const sidecar = await startGatewayProcess(t, env, entry);
  await governedCall(sidecar);
  assert.equal(upstream.received.length, 1);
  const streamed = await sidecar.call('POST', '/status', { ping: true });
  assert.equal(streamed.status, 200, streamed.text);
  assert.deepEqual(streamed.body, { answer: 'reset it from the account page' });
  assert.equal(upstream.received.length, 2);
  await sidecar.stop();
});

test('a bundled sidecar records through a bundled central gateway', { skip: pgSkip }, async (t) => {
  const { upstream, env } = await kbRoute(t);
  const schema = await createTestSchema(t);
  const central = await startGatewayProcess(t, { ...schema.env, GATEWAY_VARIANT: 'edge' }, entry);
  const sidecar = await startGatewayProcess(t, { ...env, CENTRAL_GATEWAY_URL: central.url, CENTRAL_GATEWAY_TOKEN: 'unused-with-auth-off' }, entry);
  await governedCall(sidecar);
  assert.equal(upstream.received.length, 1);
  // The central gateway holds the call's rows: its pre- and post-check.
  const rows = await central.call('GET', '/v1/audit/executions?agent_id=support-agent-bundle');
  assert.equal(rows.status, 200, rows.text);
  assert.deepEqual(rows.body.items.map((row: { kind: string }) => row.kind).sort(), ['post_check', 'pre_check']);
  await sidecar.stop();
  await central.stop();
});

// OpenTelemetry's SDK is loaded on demand too (CommonJS builds in the bundle).
test('the bundled gateway exports its spans over OTLP, continuing the caller\'s trace', async (t) => {
  const receiver = await startOtlpReceiver(t);
  const gateway = await startGatewayProcess(t, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, entry);
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const result = await gateway.call('POST', '/v1/runtime/validate', validateBody(), { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
  assert.equal(result.status, 200, result.text);
  await gateway.stop();
  const spans = receiver.spans.filter((span) => span.traceId === traceId);
  assert.ok(spans.some((span) => span.name === 'POST /v1/runtime/validate'), `spans: ${spans.map((span) => span.name).join(', ')}`);
});
