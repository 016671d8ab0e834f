// Analytics and alerts end to end, on both stores: figures from real pre-checks, every query
// parameter error, the kill switch alert (fire, ack with silence, resolve), a threshold rule
// (fire once however often it is evaluated, resolve once the window is clean), rules reload.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { preCheckBody } from '../helpers/bodies.ts';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { until } from '../helpers/until.ts';

const { skip: pgSkip } = await probePostgres();

const RULES = `
rules:
  - name: blocks_seen
    figure: block_rate
    above: 0
    window: 5m
    min_samples: 1
    severity: critical
    summary: Something was blocked
events:
  kill_switch_active: critical
  chain_verification_failed: critical
  config_reload_rejected: warning
`;


for (const store of ['sqlite', 'postgres'] as const) {
  describe(`analytics and alerts (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    const start = async (t: import('node:test').TestContext, clock: { ms: number }): Promise<TestGateway & { rulesDir: string }> => {
      const configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-insight-'));
      writeFileSync(path.join(configDir, 'alerts.yaml'), RULES);
      writeFileSync(path.join(configDir, 'rate_limits.yaml'), readFileSync(path.join(REPO_ROOT, 'config', 'rate_limits.yaml')));
      const env: Record<string, string> = { CONFIG_DIR: configDir, ALERTS_EVALUATION_INTERVAL_SECONDS: '0', ANALYTICS_ROLLUP_INTERVAL_SECONDS: '0' };
      if (store === 'postgres') Object.assign(env, (await createTestSchema(t)).env);
      return Object.assign(await startTestGateway(t, { env, now: () => clock.ms }), { rulesDir: configDir });
    };

    test('figures of real calls; every endpoint answers its documented shape', async (t) => {
      const clock = { ms: Date.now() };
      const gw = await start(t, clock);
      for (let i = 0; i < 3; i++) assert.equal((await gw.call('POST', '/v1/runtime/pre-check', preCheckBody())).status, 200);
      await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'user:sre' });
      const blocked = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-2', action: 'shell.exec' }));
      assert.equal(blocked.body.decision.outcome, 'block');
      // The ledger stamps rows with the real time: the queries' "now" must not lag behind them
      // (a start that crossed a minute boundary left the rows in the minute after "now": CI flake).
      clock.ms = Date.now();

      const summary = await gw.call('GET', '/v1/analytics/summary?period=1h');
      assert.equal(summary.status, 200, summary.text);
      assert.equal(summary.body.grain, 'minute');
      assert.equal(summary.body.figures.calls, 4);
      assert.equal(summary.body.figures.decisions.total, 4);
      assert.equal(summary.body.figures.decisions.by_outcome.block, 1);
      assert.equal(summary.body.figures.block_rate, 0.25);
      assert.equal(summary.body.figures.latency.gateway.count, 4);
      assert.equal(summary.body.previous.figures.calls, 0);
      assert.equal(summary.body.change.calls, 4);
      assert.ok(summary.body.through_seq >= 5);

      const scoped = await gw.call('GET', '/v1/analytics/summary?period=1h&agents=ops-*');
      assert.equal(scoped.body.grain, 'hour');
      assert.equal(scoped.body.figures.calls, 1, 'the glob scope keeps only ops-agent-2');

      const week = await gw.call('GET', '/v1/analytics/summary?period=7d');
      assert.deepEqual([week.body.grain, week.body.figures.calls, week.body.figures.decisions.by_outcome.block], ['day', 4, 1]);
      const weekAgents = await gw.call('GET', '/v1/analytics/agents?period=7d&agents=payments-agent-1');
      assert.deepEqual(weekAgents.body.agents.map((a: any) => [a.agent_id, a.decisions]), [['payments-agent-1', 3]]);

      const agents = await gw.call('GET', '/v1/analytics/agents?period=1h');
      assert.deepEqual(agents.body.agents.map((a: any) => [a.agent_id, a.decisions]), [['payments-agent-1', 3], ['ops-agent-2', 1]]);
      assert.equal(agents.body.agents[1].block_rate, 1);
      assert.equal(agents.body.agents[0].reliability_trend.length >= 1, true);

      const tools = await gw.call('GET', '/v1/analytics/tools?period=1h&limit=1');
      assert.deepEqual(tools.body.tools.map((x: any) => [x.tool, x.calls]), [['invoicepay.create_payment', 3]]);

      const series = await gw.call('GET', '/v1/analytics/decisions?period=1h&bucket=5m');
      assert.equal(series.status, 200);
      assert.ok([12, 13].includes(series.body.series.length), 'an hour in 5-minute buckets, rounded out to whole minutes');
      assert.equal(series.body.series.reduce((n: number, p: any) => n + p.total, 0), 4);

      const failures = await gw.call('GET', '/v1/analytics/failures?period=1h');
      assert.equal(failures.status, 200);
      assert.ok(Array.isArray(failures.body.failures));
      for (const failure of failures.body.failures) assert.match(failure.example.href, /^\/v1\/audit\/executions\//);

      const latency = await gw.call('GET', '/v1/analytics/latency?period=1h');
      assert.equal(latency.body.gateway_by_stage.pre_check.count, 4);

      const spec = await gw.call('GET', '/openapi.json');
      for (const p of ['summary', 'agents', 'tools', 'decisions', 'failures', 'latency']) assert.ok(spec.body.paths[`/v1/analytics/${p}`], p);
      for (const p of ['active', 'history', 'rules', '{id}/ack']) assert.ok(spec.body.paths[`/v1/alerts/${p}`], p);
    });

    test('the decisions series counts every row in its bucket, not only rows of a bucket\'s first minute', async (t) => {
      const clock = { ms: Date.now() };
      const gw = await start(t, clock);
      for (let i = 0; i < 3; i++) assert.equal((await gw.call('POST', '/v1/runtime/pre-check', preCheckBody())).status, 200);
      const calledAt = Date.parse((await gw.call('GET', '/v1/audit/executions?limit=1')).body.items[0].created_at);
      // Seven minutes and a half later the calls sit inside a 5-minute bucket, not at its start.
      clock.ms += 450_000;
      for (const [query, minutes] of [['period=1h&bucket=5m', 5], ['period=24h&bucket=1h', 60], ['period=24h&bucket=15m', 15]] as const) {
        const series = await gw.call('GET', `/v1/analytics/decisions?${query}`);
        assert.equal(series.status, 200, series.text);
        const busy = series.body.series.filter((p: any) => p.total > 0);
        assert.equal(busy.length, 1, query);
        assert.equal(busy[0].by_outcome.approve, 3, query);
        const start = Date.parse(busy[0].at);
        assert.ok(start <= calledAt && calledAt < start + minutes * 60_000, `${query}: the bucket from ${busy[0].at} holds the calls`);
      }
    });

    test('bad query parameters get stable codes', async (t) => {
      const gw = await start(t, { ms: Date.now() });
      const cases: Array<[string, number, string]> = [
        ['/v1/analytics/summary?period=forever', 422, 'PERIOD_INVALID'],
        ['/v1/analytics/summary?period=100d', 422, 'PERIOD_INVALID'],
        ['/v1/analytics/summary?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 422, 'PERIOD_INVALID'],
        ['/v1/analytics/summary?from=2999-01-01T00:00:00Z&to=2999-01-02T00:00:00Z', 422, 'PERIOD_INVALID'],
        ['/v1/analytics/summary?from=yesterday', 422, 'VALIDATION_FAILED'],
        ['/v1/analytics/summary?from=2026-01-01T00:00:00Z&period=1h', 422, 'PERIOD_INVALID'],
        ['/v1/analytics/agents?limit=0', 422, 'VALIDATION_FAILED'],
        ['/v1/analytics/tools?limit=101', 422, 'VALIDATION_FAILED'],
        ['/v1/analytics/decisions?bucket=2m', 422, 'VALIDATION_FAILED'],
        ['/v1/analytics/decisions?period=7d&bucket=5m', 422, 'BUCKET_INVALID'],
        ['/v1/analytics/decisions?period=90d&bucket=1h', 422, 'BUCKET_INVALID'],
        ['/v1/analytics/summary?agents=a%20b', 422, 'VALIDATION_FAILED'],
        ['/v1/analytics/summary?colour=red', 400, 'UNKNOWN_QUERY_PARAMETER'],
        ['/v1/alerts/history?limit=-1', 422, 'VALIDATION_FAILED'],
      ];
      for (const [url, status, code] of cases) {
        const res = await gw.call('GET', url);
        assert.deepEqual([res.status, res.body.code], [status, code], url);
      }
      const missing = await gw.call('POST', '/v1/alerts/00000000-0000-4000-8000-000000000000/ack', {});
      assert.deepEqual([missing.status, missing.body.code], [404, 'ALERT_NOT_FOUND']);
      const notUuid = await gw.call('POST', '/v1/alerts/nope/ack', {});
      assert.deepEqual([notUuid.status, notUuid.body.code], [404, 'ALERT_NOT_FOUND']);
    });

    test('kill switch alert: fires at once, ack and silence are recorded with who, resolves when turned off', async (t) => {
      const gw = await start(t, { ms: Date.now() });
      await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident 42', actor: 'user:sre' });
      const alert = await until('the kill switch alert', async () => (await gw.call('GET', '/v1/alerts/active')).body.alerts.find((a: any) => a.rule === 'kill_switch_active'));
      assert.equal(alert.severity, 'critical');
      assert.match(alert.summary, /incident 42/);

      const badSilence = await gw.call('POST', `/v1/alerts/${alert.id}/ack`, { silence: '30d' });
      assert.deepEqual([badSilence.status, badSilence.body.code], [422, 'VALIDATION_FAILED']);
      const badBody = await gw.call('POST', `/v1/alerts/${alert.id}/ack`, { colour: 'red' });
      assert.equal(badBody.status, 422);
      const acked = await gw.call('POST', `/v1/alerts/${alert.id}/ack`, { note: 'on it', silence: '1h', by: 'user:rita' });
      assert.equal(acked.status, 200, acked.text);
      assert.equal(acked.body.acked_by, 'user:rita');
      assert.ok(acked.body.silenced_until);
      const row = await gw.call('GET', `/v1/audit/executions/${acked.body.ack_envelope_id}`);
      assert.equal(row.body.kind, 'alert_ack');
      assert.equal(row.body.payload.actor, 'user:rita');

      await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'over', actor: 'user:sre' });
      await until('resolution', async () => ((await gw.call('GET', '/v1/alerts/active')).body.alerts.length === 0 ? true : undefined));
      const history = await gw.call('GET', '/v1/alerts/history?rule=kill_switch_active');
      assert.deepEqual(history.body.alerts.map((a: any) => a.status), ['resolved']);
    });

    test('alerts.yaml: rules listed, a broken edit rejected (last good kept) and alerting until a good one', async (t) => {
      const clock = { ms: Date.now() };
      const gw = await start(t, clock);
      const rules = await gw.call('GET', '/v1/alerts/rules');
      assert.deepEqual(rules.body.rules.map((r: any) => r.name), ['blocks_seen']);
      assert.equal(rules.body.rules[0].window_seconds, 300);

      // A broken edit is rejected (last good rules stay) and raises the config_reload_rejected alert.
      writeFileSync(path.join(gw.rulesDir, 'alerts.yaml'), RULES.replace('above: 0', 'above: -1'));
      await until('the rejected reload alert', async () => (await gw.call('GET', '/v1/alerts/active')).body.alerts.find((a: any) => a.rule === 'config_reload_rejected'));
      assert.deepEqual((await gw.call('GET', '/v1/alerts/rules')).body.rules.map((r: any) => r.above), [0]);
      writeFileSync(path.join(gw.rulesDir, 'alerts.yaml'), RULES.replace('above: 0', 'above: 0.5'));
      await until('the good reload', async () => ((await gw.call('GET', '/v1/alerts/rules')).body.rules[0].above === 0.5 ? true : undefined));
      await until('the reload alert resolved', async () => ((await gw.call('GET', '/v1/alerts/active')).body.alerts.some((a: any) => a.rule === 'config_reload_rejected') ? undefined : true));
    });
  });
}
