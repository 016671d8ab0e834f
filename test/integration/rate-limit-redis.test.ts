// The shared rate limiter (REDIS_URL) against a real Redis server: two gateway processes admit
// exactly the threshold together, in sequence and all at once; the 429 carries the same headers
// as the per-process limiter; when Redis goes away mid-test, `local` falls back to a share of the
// threshold (counted in metrics, shown in /health) and `fail_closed` answers 503. Skips visibly
// without a Redis server unless REQUIRE_REDIS=1.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway, type CallResult, type TestGateway } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { probeRedis, startTcpRelay, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const skip = await probeRedis();

// 5 + 2 = 7 a window; payments-* agents 1 + 1 = 2.
const LIMITS = 'window_seconds: 60\ndefault: {requests_per_minute: 5, burst: 2}\nagent_overrides:\n  "payments-*": {requests_per_minute: 1, burst: 1}\n';

function limitsDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-redis-limits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'rate_limits.yaml'), LIMITS);
  return dir;
}

// A cut relay fails a decision at once (no offline queue), so a generous timeout only keeps a
// slow answer on a busy machine from counting as a fallback decision before the cut.
const RELAY_TIMEOUT = { RATE_LIMIT_REDIS_TIMEOUT_MS: '5000' };

type Caller = { call: TestGateway['call'] };
const pay = (gw: Caller, agent: string) => gw.call('POST', '/v1/invoicepay/payments', { amount: 1 }, { 'x-agent-id': agent });
const admitted = (results: CallResult[]) => results.filter((res) => res.status !== 429).length;

function assert429(res: CallResult, agent: string, limit: number): void {
  assert.equal(res.status, 429, res.text);
  assert.equal(res.body.code, 'RATE_LIMITED');
  assert.deepEqual(responseErrors('Problem', res.body), []);
  assert.equal(res.headers.get('x-ratelimit-agent'), agent);
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${res.headers.get('retry-after')}`);
  assert.equal(res.headers.get('ratelimit-limit'), String(limit));
  assert.equal(res.headers.get('ratelimit-remaining'), '0');
}

async function twoGateways(t: TestContext, env: Record<string, string>): Promise<[TestGateway, TestGateway]> {
  const configDir = limitsDir(t);
  const a = await startTestGateway(t, { env: { RATE_LIMIT_ENABLED: 'true', CONFIG_DIR: configDir, ...env } });
  const b = await startTestGateway(t, { env: { RATE_LIMIT_ENABLED: 'true', CONFIG_DIR: configDir, ...env } });
  return [a, b];
}

describe('rate limits shared through Redis', { skip }, () => {
  test('two gateway processes admit exactly the threshold together, per agent and per override', async (t) => {
    const env = { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_REDIS_PREFIX: uniquePrefix(), RATE_LIMIT_ENABLED: 'true', CONFIG_DIR: limitsDir(t) };
    const a = await startGatewayProcess(t, env);
    const b = await startGatewayProcess(t, env);
    const results: CallResult[] = [];
    for (let i = 0; i < 20; i++) results.push(await pay(i % 2 === 0 ? a : b, 'support-agent-1'));
    assert.equal(admitted(results), 7);
    assert.deepEqual(results.slice(0, 7).map((res) => res.headers.get('ratelimit-remaining')), ['6', '5', '4', '3', '2', '1', '0']);
    assert429(results[7], 'support-agent-1', 7);
    assert429(results[8], 'support-agent-1', 7);

    const payments: CallResult[] = [];
    for (let i = 0; i < 6; i++) payments.push(await pay(i % 2 === 0 ? b : a, 'payments-eu'));
    assert.equal(admitted(payments), 2);
    assert429(payments[2], 'payments-eu', 2);
    // Another agent has its own window.
    assert.equal((await pay(a, 'support-agent-2')).status, 404);
  });

  test('requests arriving at once on two gateways: still exactly the threshold (one atomic script per decision)', async (t) => {
    const [a, b] = await twoGateways(t, { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_REDIS_PREFIX: uniquePrefix() });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pay(i % 2 === 0 ? a : b, 'support-agent-1')));
    assert.equal(admitted(results), 7);
    assert.equal(results.filter((res) => res.status === 429).length, 33);
  });

  test('Redis going away: `local` falls back to ceil(threshold / RATE_LIMIT_FLEET_REPLICAS) per process, counted and shown', async (t) => {
    const relay = await startTcpRelay(t);
    const [a, b] = await twoGateways(t, { REDIS_URL: relay.url, RATE_LIMIT_REDIS_PREFIX: uniquePrefix(), RATE_LIMIT_FLEET_REPLICAS: '2', ...RELAY_TIMEOUT });
    assert.equal((await pay(a, 'support-agent-1')).status, 404);
    assert.equal((await pay(b, 'support-agent-1')).status, 404);
    const healthy = await a.call('GET', '/health');
    assert.equal(healthy.status, 200);
    assert.deepEqual(healthy.body.rate_limit, {
      store: 'redis', redis_reachable: true, fallback: 'local', fleet_replicas: 2, fallback_decisions: 0, last_error: null,
    });

    await relay.cut();
    // ceil(7 / 2) = 4 for each process, counted from zero in its own window.
    const onA: CallResult[] = [];
    for (let i = 0; i < 6; i++) onA.push(await pay(a, 'support-agent-1'));
    assert.equal(admitted(onA), 4);
    assert429(onA[4], 'support-agent-1', 4);
    const onB: CallResult[] = [];
    for (let i = 0; i < 6; i++) onB.push(await pay(b, 'support-agent-1'));
    assert.equal(admitted(onB), 4);

    const health = await a.call('GET', '/health');
    assert.equal(health.status, 200, 'the gateway stays ready: the fallback decides');
    assert.equal(health.body.rate_limit.redis_reachable, false);
    assert.equal(health.body.rate_limit.fallback_decisions, 6);
    assert.equal(typeof health.body.rate_limit.last_error, 'string');
    const metrics = await a.call('GET', '/metrics');
    assert.match(metrics.text, /rate_limit_fallback_decisions_total\{fallback="local"\} \d+/);
    assert.match(metrics.text, /rate_limit_redis_up 0/);
  });

  test('Redis going away with RATE_LIMIT_REDIS_FALLBACK=fail_closed: 503 RATE_LIMIT_UNAVAILABLE with Retry-After', async (t) => {
    const relay = await startTcpRelay(t);
    const [a] = await twoGateways(t, { REDIS_URL: relay.url, RATE_LIMIT_REDIS_PREFIX: uniquePrefix(), RATE_LIMIT_REDIS_FALLBACK: 'fail_closed', ...RELAY_TIMEOUT });
    assert.equal((await pay(a, 'support-agent-1')).status, 404);
    await relay.cut();
    const refused = await pay(a, 'support-agent-1');
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'RATE_LIMIT_UNAVAILABLE');
    assert.deepEqual(responseErrors('Problem', refused.body), []);
    assert.equal(refused.headers.get('retry-after'), '1');
    // Routes without a limit are not affected.
    assert.equal((await a.call('GET', '/v1/runtime/kill-switch')).status, 200);
  });
});

test('without REDIS_URL nothing changes: no shared limiter in /health, each process counts on its own', async (t) => {
  const [a, b] = await twoGateways(t, {});
  const health = await a.call('GET', '/health');
  assert.equal(health.body.rate_limit, undefined);
  const results: CallResult[] = [];
  for (let i = 0; i < 16; i++) results.push(await pay(i % 2 === 0 ? a : b, 'support-agent-1'));
  assert.equal(admitted(results), 14, 'each process admits its own 7');
});
