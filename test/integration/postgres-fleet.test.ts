// Several gateway processes on one PostgreSQL ledger, as a fleet of sidecars and replicas runs:
// they start (and migrate) together, a kill switch flipped on one blocks pre-checks on all of
// them through LISTEN/NOTIFY (the periodic re-read is set to 10 minutes here, so only NOTIFY can
// make it quick; the time is measured and printed, not asserted), and a post-check raced from
// two processes leaves one row.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { openPostgresLedger } from '../../src/ledger/index.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip } = await probePostgres();
const PROCESSES = 3;

const isKillSwitchBlock = (body: any): boolean => body?.decision?.outcome === 'block' && /kill switch/i.test(body.decision.reason);

/** Pre-checks on `gw` until one is blocked by the kill switch; ms since `since`. */
async function untilBlocked(gw: GatewayProcess, since: number, deadline: number): Promise<number> {
  while (performance.now() < deadline) {
    const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    assert.equal(res.status, 200);
    if (isKillSwitchBlock(res.body)) return performance.now() - since;
  }
  throw new Error(`${gw.url} was not blocked in time: the NOTIFY did not arrive`);
}

async function untilOpen(gw: GatewayProcess, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    if (!isKillSwitchBlock(res.body)) return;
  }
  throw new Error(`${gw.url} stayed blocked`);
}

describe('a fleet of gateway processes on one PostgreSQL ledger', { skip }, () => {
  test('a kill switch flip on one process blocks pre-checks on every process', async (t) => {
    const db = await createTestSchema(t);
    const env = { ...db.env, FLEET_SYNC_INTERVAL_MS: '600000', CHECKPOINT_INTERVAL_SECONDS: '0' };
    const gateways = await Promise.all(Array.from({ length: PROCESSES }, () => startGatewayProcess(t, env)));
    for (const gw of gateways) assert.equal(isKillSwitchBlock((await gw.call('POST', '/v1/runtime/pre-check', preCheckBody())).body), false);

    const worst: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const flipper = gateways[round % PROCESSES];
      const on = await flipper.call('POST', '/v1/runtime/kill-switch', { active: true, reason: `drill ${round}`, actor: 'sre-alice' });
      assert.equal(on.status, 200);
      const acknowledged = performance.now();
      const latencies = await Promise.all(gateways.map((gw) => untilBlocked(gw, acknowledged, acknowledged + 10_000)));
      worst.push(Math.max(...latencies));
      const off = await flipper.call('POST', '/v1/runtime/kill-switch', { active: false, reason: `drill ${round} over`, actor: 'sre-alice' });
      assert.equal(off.status, 200);
      await Promise.all(gateways.map((gw) => untilOpen(gw, performance.now() + 10_000)));
    }
    worst.sort((a, b) => a - b);
    t.diagnostic(`kill switch propagation to ${PROCESSES} processes (flip acknowledged -> every process blocks, incl. one pre-check round trip): `
      + `median ${worst[2].toFixed(1)} ms, worst ${worst[4].toFixed(1)} ms over 5 flips`);

    for (const gw of gateways) {
      const state = await gw.call('GET', '/v1/runtime/kill-switch');
      assert.equal(state.body.active, false);
    }
    const ledger = await openPostgresLedger({ ...db.options, migrate: false });
    t.after(() => ledger.close());
    const report = await ledger.verify();
    assert.equal(report.valid, true, report.detail ?? '');
    assert.equal((await ledger.list({ kind: 'kill_switch', limit: 1, offset: 0 })).total, 10);
  });

  test('two processes post-checking the same pre-check at the same moment: one post-check row, one answer', async (t) => {
    const db = await createTestSchema(t);
    const env = { ...db.env, CHECKPOINT_INTERVAL_SECONDS: '0' };
    const [a, b] = await Promise.all([startGatewayProcess(t, env), startGatewayProcess(t, env)]);
    const execution = { model: 'gpt-4o', latency_ms: 310, tokens: 220 };
    const output = { payment_id: 'PAY-ABCDEFGH12', status: 'created', amount: 1200, currency: 'EUR' };
    for (let round = 0; round < 10; round += 1) {
      const pre = await a.call('POST', '/v1/runtime/pre-check', preCheckBody());
      assert.equal(pre.status, 200);
      const body = { pre_check_envelope_id: pre.body.envelope_id, execution, output };
      const results = await Promise.all([a, b, a, b].map((gw) => gw.call('POST', '/v1/runtime/post-check', body)));
      assert.ok(results.every((r) => r.status === 200), results.map((r) => r.text).join('\n'));
      assert.equal(new Set(results.map((r) => r.body.envelope_id)).size, 1, 'every caller gets the same post-check');
    }
    const rows = await a.call('GET', '/v1/audit/executions?kind=post_check');
    assert.equal(rows.body.total, 10);
  });

  test('a post-check with a different body through another gateway is 409 IDEMPOTENCY_CONFLICT, recorded once', async (t) => {
    const db = await createTestSchema(t);
    const env = { ...db.env, CHECKPOINT_INTERVAL_SECONDS: '0' };
    // Two gateways in this process share nothing but the database (each its own runtime, pool and
    // in-flight map), which is what the rule must hold across; processes only make it slower.
    const a = await startTestGateway(t, { env });
    const b = await startTestGateway(t, { env });
    const execution = { model: 'gpt-4o', latency_ms: 310, tokens: 220 };
    const output = { payment_id: 'PAY-ABCDEFGH12', status: 'created', amount: 1200, currency: 'EUR' };
    const pre = await a.call('POST', '/v1/runtime/pre-check', preCheckBody());
    const body = { pre_check_envelope_id: pre.body.envelope_id, execution, output };
    const first = await a.call('POST', '/v1/runtime/post-check', body);
    assert.equal(first.status, 200);
    const same = await b.call('POST', '/v1/runtime/post-check', body);
    assert.deepEqual([same.status, same.headers.get('idempotent-replayed'), same.body.envelope_id], [200, 'true', first.body.envelope_id]);
    const other = await b.call('POST', '/v1/runtime/post-check', { ...body, output: { ...output, amount: 99 } });
    assert.deepEqual([other.status, other.body.code], [409, 'IDEMPOTENCY_CONFLICT']);
    const conflicts = await a.call('GET', '/v1/audit/executions?kind=idempotency_conflict');
    assert.equal(conflicts.body.total, 1);
  });
});
