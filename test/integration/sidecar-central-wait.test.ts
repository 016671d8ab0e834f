// A sidecar (CENTRAL_GATEWAY_URL) started before its central gateway answers: it listens at once,
// /health/live 200, /health 503 saying it waits for the central gateway, and its governed routes
// 503 LEDGER_UNAVAILABLE without forwarding anything upstream; once the central gateway answers
// (a TCP relay on port 0 that drops connections at first, then forwards to a real central gateway
// on PostgreSQL), it becomes ready and governs. A central gateway that refuses the token (401,
// 403) is not waited for: one line, exit 1. Also the classification, table-driven.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { hs256, TEST_JWT_SECRET } from '../helpers/credentials.ts';
import { CentralUnavailable } from '../../src/central/index.ts';
import { isCentralUnreachable } from '../../src/gateway/wait-for-database.ts';
import { friendlyFailure } from '../../src/cli/friendly-failure.ts';
import { startSwitchableRelay } from '../helpers/switchable-relay.ts';

const { skip } = await probePostgres();

/** A CONFIG_DIR holding only the sidecar's routes to `upstream`. */
function sidecarConfigDir(t: { after(fn: () => unknown): void }, upstream: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-sidecar-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'gateway.yaml'), `
routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
`);
  return dir;
}

async function startCentral(t: Parameters<typeof startTestGateway>[0] & object) {
  const db = await createTestSchema(t);
  return startTestGateway(t, { env: { ...db.env, GATEWAY_VARIANT: 'edge', AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET } });
}

const sidecarEnv = (configDir: string, url: string, token: string) => ({
  GATEWAY_VARIANT: 'edge', CENTRAL_GATEWAY_URL: url, CENTRAL_GATEWAY_TOKEN: token, CONFIG_DIR: configDir, AGENT_ID: 'support-agent-1',
});

describe('a sidecar started before its central gateway', { skip }, () => {
  test('waits (live, not ready, governed routes 503 and not forwarded), then becomes ready and governs', async (t) => {
    const upstream = await startToolServer(t);
    upstream.on('/api', json(200, { results: [{ title: 'Reset your password' }] }));
    const central = await startCentral(t);
    const centralUrl = new URL(central.url);
    const relay = await startSwitchableRelay(t, centralUrl.hostname, Number(centralUrl.port));
    const token = await hs256({ sub: 'sidecar-support-agent-1', tier: 'enterprise', team: null as unknown as string });
    const sidecar = await startGatewayProcess(t, sidecarEnv(sidecarConfigDir(t, upstream.origin), `http://127.0.0.1:${relay.port}`, token));

    assert.match(sidecar.output(), /"msg":"waiting for the central gateway: not ready until it answers"/);
    assert.equal((await sidecar.call('GET', '/health/live')).status, 200);
    const health = await sidecar.call('GET', '/health');
    assert.equal(health.status, 503);
    assert.equal(health.body.status, 'not_ready');
    assert.deepEqual(health.body.ledger, { kind: 'central', reachable: false });
    assert.match(health.body.reason, /^waiting for the central gateway: the central gateway at http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
    const refused = await sidecar.call('POST', '/kb', { query: 'reset password' });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'LEDGER_UNAVAILABLE');
    assert.match(refused.body.detail, /waiting for the central gateway/);
    assert.equal(upstream.received.length, 0, 'nothing was forwarded while the central gateway was unreachable');

    relay.open();
    await new Promise<void>((resolve, reject) => {
      const check = (): void => { if (/"msg":"gateway listening"/.test(sidecar.output())) resolve(); };
      sidecar.child.stdout!.on('data', check);
      sidecar.child.once('exit', (code) => reject(new Error(`the sidecar exited (${code}):\n${sidecar.output()}`)));
      check();
    });
    const ready = await sidecar.call('GET', '/health');
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    assert.deepEqual(ready.body.ledger, { kind: 'central', reachable: true });
    const allowed = await sidecar.call('POST', '/kb', { query: 'reset password' });
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    assert.equal(upstream.received.length, 1);
    const pre = await central.ledger.get(allowed.headers.get('x-governance-pre-check')!);
    assert.equal(pre?.agent_id, 'support-agent-1', 'the decision was recorded in the central ledger');
  });

  const refusals = [
    { name: 'a token the central gateway does not accept (401)', token: () => 'not-a-valid-token', status: 401 },
    { name: 'a token without the Enterprise tier (403)', token: () => hs256({ sub: 'sidecar-x', tier: 'developer', team: null as unknown as string }), status: 403 },
  ];
  for (const refusal of refusals) {
    test(`${refusal.name}: not waited for, one line, exit 1`, async (t) => {
      const central = await startCentral(t);
      const env = sidecarEnv(sidecarConfigDir(t, 'http://127.0.0.1:9'), central.url, await refusal.token());
      await assert.rejects(startGatewayProcess(t, env), (error: Error) => {
        assert.match(error.message, /exited \(1\) before listening/);
        assert.match(error.message, new RegExp(`govgate: the central gateway at http://127\\.0\\.0\\.1:\\d+ answered ${refusal.status} .*; correct CENTRAL_GATEWAY_TOKEN`));
        assert.doesNotMatch(error.message, /\n\s+at /);
        assert.doesNotMatch(error.message, /waiting for the central gateway/);
        return true;
      });
    });
  }
});

test('which central gateway failures are waited for, and which stop start-up with one line', () => {
  const rows: { error: unknown; waits: boolean; line?: RegExp }[] = [
    { error: new CentralUnavailable('the central gateway at http://c cannot be reached (ECONNREFUSED)'), waits: true },
    { error: new CentralUnavailable('the central gateway at http://c answered 502', 502), waits: true },
    { error: new CentralUnavailable('the central gateway at http://c answered 503 LEDGER_UNAVAILABLE', 503, 'LEDGER_UNAVAILABLE'), waits: true },
    { error: new CentralUnavailable('the central gateway at http://c answered 429', 429), waits: true },
    { error: new CentralUnavailable('the central gateway at http://c answered 401 UNAUTHORIZED', 401, 'UNAUTHORIZED'), waits: false, line: /answered 401 UNAUTHORIZED; correct CENTRAL_GATEWAY_TOKEN/ },
    { error: new CentralUnavailable('the central gateway at http://c answered 403 FEATURE_NOT_AVAILABLE', 403), waits: false, line: /answered 403 .*; correct CENTRAL_GATEWAY_TOKEN/ },
    { error: new CentralUnavailable('the central gateway at http://c answered 404', 404), waits: false, line: /answered 404; check that CENTRAL_GATEWAY_URL is the central gateway/ },
    { error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), waits: false },
  ];
  for (const { error, waits, line } of rows) {
    assert.equal(isCentralUnreachable(error), waits, String((error as Error).message));
    const friendly = friendlyFailure(error, {});
    if (line) assert.match(friendly ?? '', line);
    else assert.equal(friendly, undefined, String((error as Error).message));
  }
});
