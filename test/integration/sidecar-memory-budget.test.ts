// The sidecar's memory budget (SIDECAR_MEMORY_MB, docs/performance.md "Memory") with a real
// gateway: the smallest budget (128 MiB) allows 512 governed calls under way, 32 MiB of bodies,
// 4 MiB per request. Bodies are held by requests that send most of their body and stall (the
// sidecar holds what it read, waiting for the rest), so the bounds are reached without any ledger
// work. Past each bound the answer is a problem+json with a stable code, never a crash, and once
// the stalled requests go the sidecar answers as before; /metrics shows the figures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { splitMemoryBudget } from '../../src/proxy/memory-budget.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { until } from '../helpers/until.ts';

const MIB = 1024 * 1024;

async function budgetGateway(t: TestContext): Promise<TestGateway> {
  const upstream = await startToolServer(t);
  upstream.on('/', json(200, { results: [] }));
  return startTestGateway(t, {
    agentId: 'support-agent-1',
    env: { SIDECAR_MEMORY_MB: '128' },
    gatewayYaml: `routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: ${upstream.origin}\n    tool: { name: search_kb }\n`,
  });
}

/** A POST to /kb that declares `declared` body bytes, sends `sent` of them and waits. */
async function stalled(t: TestContext, gw: TestGateway, declared: number, sent: number): Promise<net.Socket> {
  const { hostname, port } = new URL(gw.url);
  const socket = net.connect(Number(port), hostname);
  t.after(() => socket.destroy());
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST /kb HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`);
  if (sent > 0) socket.write(Buffer.alloc(sent, 0x20));
  return socket;
}

async function gauge(gw: TestGateway, name: string, label: string): Promise<number> {
  const text = (await gw.call('GET', '/metrics')).text;
  return Number(new RegExp(`^${name}\\{${label}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}


test('memory budget: the split is on /metrics; a body over the per-request bound is 413', async (t) => {
  const gw = await budgetGateway(t);
  assert.equal(await gauge(gw, 'sidecar_memory_budget_bytes', 'part="budget"'), 128 * MIB);
  assert.equal(await gauge(gw, 'sidecar_memory_budget_bytes', 'part="buffers"'), 32 * MIB);
  assert.equal(await gauge(gw, 'sidecar_memory_bound', 'bound="max_in_flight"'), 512);
  assert.equal(await gauge(gw, 'sidecar_memory_bound', 'bound="max_request_bytes"'), 4 * MIB);

  const big = await gw.call('POST', '/kb', { query: 'x'.repeat(4 * MIB) });
  assert.equal(big.status, 413);
  assert.equal(big.body.code, 'PAYLOAD_TOO_LARGE');
  assert.equal(big.body.limit_bytes, 4 * MIB);
  assert.match(big.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal((await gw.call('POST', '/kb', { query: 'reset password' })).status, 200);
});

test('memory budget: bodies past the buffer bound are refused with 503 SIDECAR_OVERLOADED, and the bytes come back', async (t) => {
  const gw = await budgetGateway(t);
  // Eight requests hold 3.9 MiB each (31.2 of the 32 MiB); a ninth body does not fit.
  const held = 3.9 * MIB;
  const sockets: net.Socket[] = [];
  for (let i = 0; i < 8; i += 1) sockets.push(await stalled(t, gw, 4 * MIB, Math.floor(held)));
  await until('the sidecar holding the bodies', async () => (await gauge(gw, 'sidecar_buffered_bytes', 'value="now"')) >= 8 * Math.floor(held));

  const refused = await gw.call('POST', '/kb', { query: 'y'.repeat(2 * MIB) });
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, 'SIDECAR_OVERLOADED');
  assert.equal(refused.body.bound, 'buffers');
  assert.equal(refused.body.route, 'kb');
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.match(refused.body.detail, /SIDECAR_MEMORY_MB/);

  for (const socket of sockets) socket.destroy();
  await until('the bytes given back', async () => (await gauge(gw, 'sidecar_buffered_bytes', 'value="now"')) === 0);
  assert.equal((await gw.call('POST', '/kb', { query: 'reset password' })).status, 200);
  assert.ok(await gauge(gw, 'sidecar_buffered_bytes', 'value="peak"') >= 8 * Math.floor(held));
  assert.match((await gw.call('GET', '/metrics')).text, /^sidecar_events_total\{route="kb",event="overloaded"\} 1$/m);
});

test('memory budget: a call past the in-flight bound is refused with 503 SIDECAR_OVERLOADED before anything is read', async (t) => {
  const gw = await budgetGateway(t);
  const sockets: net.Socket[] = [];
  for (let i = 0; i < 512; i += 1) sockets.push(await stalled(t, gw, 16, 1));
  await until('512 calls under way', async () => (await gauge(gw, 'sidecar_calls_in_flight', 'value="now"')) === 512);

  const refused = await gw.call('POST', '/kb', { query: 'reset password' });
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, 'SIDECAR_OVERLOADED');
  assert.equal(refused.body.bound, 'in_flight');
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.equal((await gw.call('GET', '/health')).status, 200, 'the gateway itself still answers');

  for (const socket of sockets) socket.destroy();
  await until('the calls given back', async () => (await gauge(gw, 'sidecar_calls_in_flight', 'value="now"')) === 0);
  assert.equal((await gw.call('POST', '/kb', { query: 'reset password' })).status, 200);
  assert.equal(await gauge(gw, 'sidecar_calls_in_flight', 'value="peak"'), 512);
});

test('memory budget: what a call leaves behind holds its values, not the body they were read from', async (t) => {
  // The session history keeps each call's parameters, counted by their JSON size. A parameter
  // read from a body used to be a view into it, so it kept the whole body: eighty 900 KiB bodies
  // of whitespace around a small query held 70 MiB against this budget's 40 MiB old space, and the
  // sidecar died of heap exhaustion (bodies over ~1 MiB are Node's external strings: they grew
  // the RSS past the budget instead). A real process, with the heap flags the chart gives it.
  const upstream = await startToolServer(t);
  upstream.on('/', json(200, { results: [] }));
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-padded-'));
  t.after(() => rmSync(configDir, { recursive: true, force: true }));
  writeFileSync(path.join(configDir, 'gateway.yaml'), `routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: ${upstream.origin}\n    tool: { name: search_kb }\n`);
  const budget = splitMemoryBudget(128, { maxBodyBytes: Infinity, maxSessions: Infinity });
  const gw = await startGatewayProcess(t, { SIDECAR_MEMORY_MB: '128', NODE_OPTIONS: budget.nodeOptions, AGENT_ID: 'support-agent-1', CONFIG_DIR: configDir });
  const padding = ' '.repeat(900 * 1024);
  for (let i = 0; i < 80; i += 1) {
    const res = await fetch(`${gw.url}/kb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': `padded-${i}` },
      body: `{"query":"how do I reset my password, take ${i}"${padding}}`,
    });
    await res.arrayBuffer();
    assert.equal(res.status, 200, `call ${i}: ${gw.output().slice(-2000)}`);
  }
  assert.equal(gw.child.exitCode, null, 'the sidecar is still running');
  assert.equal((await gw.call('GET', '/health')).status, 200);
});
