// Threshold rules on both stores, driven directly (no timers): a breach fires once however often
// it is evaluated (de-duplication), a clean window resolves it, a silence keeps transitions off
// `gateway:alert`, and the roll-up counts every ledger row once (also a payload that is not JSON).

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLedgerDatabase, openPostgresLedger, openSqliteLedger, postgresClientConfig, type Ledger, type LedgerEntry } from '../../../src/ledger/index.ts';
import { AnalyticsQueries, Rollup } from '../../../src/insight/analytics/index.ts';
import { ALERT_CHANNEL, AlertService, AlertStore, parseAlertRules, type AlertEvent } from '../../../src/insight/alerts/index.ts';
import { KILL_SWITCH_EVENTS_CHANNEL } from '../../../src/runtime/index.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from '../../../src/insight/insight-db.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip: pgSkip } = await probePostgres();

async function open(t: TestContext, store: 'sqlite' | 'postgres'): Promise<{ ledger: Ledger; db: InsightDb; tamper(seq: number): Promise<void> }> {
  if (store === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-alerts-'));
    const file = path.join(dir, 'ledger.db');
    const ledger = openSqliteLedger({ path: file });
    const db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }));
    t.after(async () => { await ledger.close(); await db.close(); rmSync(dir, { recursive: true, force: true }); });
    const raw = openLedgerDatabase(file, { migrate: false });
    t.after(() => raw.close());
    return { ledger, db, tamper: async (seq) => { raw.prepare(`UPDATE ledger SET payload = 'not json' WHERE seq = ?`).run(seq); } };
  }
  const schema = await createTestSchema(t);
  const ledger = await openPostgresLedger({ ...schema.options });
  const db = postgresInsightDb(openInsightPool(postgresClientConfig(schema.options), () => {}), schema.schema);
  t.after(async () => { await ledger.close(); await db.close(); });
  return { ledger, db, tamper: async (seq) => { await schema.query(`UPDATE ${schema.schema}.ledger SET payload = 'not json' WHERE seq = $1`, [seq]); } };
}

function decision(outcome: 'approve' | 'block', latency: number): LedgerEntry {
  return {
    envelope_id: crypto.randomUUID(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'agent-1', action: 'tool.a',
    outcome, risk_tier: 'low', risk_score: 0.1, final_confidence: 0.9, policy_version: 'p', score_version: 's', reviewer_id: null, review_deadline: null,
    payload: { response: { latency_ms: latency, validation: { failures: outcome === 'block' ? [{ code: 'POLICY_RULE_BLOCK' }] : [] } } },
  };
}

const RULES = parseAlertRules(`
rules:
  - name: blocks
    figure: block_rate
    above: 0.3
    window: 5m
    min_samples: 1
    severity: critical
  - name: needs_many
    figure: block_rate
    above: 0.3
    window: 5m
    min_samples: 100
`, 'alerts.yaml');

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`alert evaluation (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    test('fires once, de-duplicates, resolves on a clean window; silence keeps it off the channel', async (t) => {
      const { ledger, db } = await open(t, store);
      for (const outcome of ['block', 'block', 'approve', 'approve'] as const) await ledger.append(decision(outcome, 3));
      const clock = { ms: Date.now() + 1000 };
      const rollup = new Rollup(db);
      const store_ = new AlertStore(db);
      const alerts = new AlertService({ db, store: store_, analytics: new AnalyticsQueries(db, rollup), rules: () => RULES, now: () => new Date(clock.ms), backlogLookbackMs: () => 86_400_000 });
      const published: AlertEvent[] = [];
      const listener = (message: unknown) => published.push(message as AlertEvent);
      diagnostics_channel.subscribe(ALERT_CHANNEL, listener);
      t.after(() => diagnostics_channel.unsubscribe(ALERT_CHANNEL, listener));

      assert.deepEqual(await alerts.evaluate(), { ran: true, fired: ['blocks'], resolved: [] });
      assert.deepEqual(await alerts.evaluate(), { ran: true, fired: [], resolved: [] }, 'still breaching: no second alert');
      const active = await store_.active();
      assert.deepEqual(active.map((a) => [a.rule, a.value, a.threshold, a.severity]), [['blocks', 0.5, 0.3, 'critical']]);
      assert.equal((await store_.history({ limit: 10, offset: 0 })).total, 1);
      assert.deepEqual(published.map((e) => [e.type, e.rule, e.value, e.threshold]), [['alert.firing', 'blocks', 0.5, 0.3]]);

      clock.ms += 10 * 60_000;
      assert.deepEqual(await alerts.evaluate(), { ran: true, fired: [], resolved: ['blocks'] });
      assert.deepEqual(published.map((e) => e.type), ['alert.firing', 'alert.resolved']);
      assert.deepEqual(await store_.active(), []);

      // Fires again with new blocks; silenced, its transitions are stored but not published.
      for (let i = 0; i < 3; i++) await ledger.append(decision('block', 3));
      clock.ms = Date.now() + 1000;
      assert.deepEqual((await alerts.evaluate()).fired, ['blocks']);
      const [again] = await store_.active();
      await store_.acknowledge(again.id, { by: 'user:rita', at: new Date(clock.ms), silencedUntil: new Date(clock.ms + 3_600_000), envelopeId: crypto.randomUUID() });
      clock.ms += 10 * 60_000;
      assert.deepEqual((await alerts.evaluate()).resolved, ['blocks']);
      assert.deepEqual(published.map((e) => e.type), ['alert.firing', 'alert.resolved', 'alert.firing'], 'the resolution in the silence is not published');
      const history = await store_.history({ limit: 10, offset: 0, rule: 'blocks' });
      assert.deepEqual(history.alerts.map((a) => [a.status, a.acked_by]), [['resolved', 'user:rita'], ['resolved', null]]);
    });

    test('event conditions are reconciled each round: a kill switch seen on while nobody listened fires, then resolves', async (t) => {
      const { db } = await open(t, store);
      const state = { on: true };
      const store_ = new AlertStore(db);
      const alerts = new AlertService({
        db, store: store_, analytics: new AnalyticsQueries(db, new Rollup(db)), rules: () => RULES, backlogLookbackMs: () => 86_400_000,
        conditions: () => [{ name: 'kill_switch_active', firing: state.on, summary: 'Kill switch on: drill' }],
      });
      assert.deepEqual((await alerts.evaluate()).fired, ['kill_switch_active']);
      assert.deepEqual((await alerts.evaluate()).fired, []);
      state.on = false;
      assert.deepEqual((await alerts.evaluate()).resolved, ['kill_switch_active']);
      assert.deepEqual((await store_.history({ limit: 5, offset: 0 })).alerts.map((a) => [a.rule, a.status, a.summary]), [['kill_switch_active', 'resolved', 'Kill switch on: drill']]);
    });

    test('the roll-up counts each row once, whatever the batch size, and reads a tampered payload as no facts', async (t) => {
      const { ledger, db, tamper } = await open(t, store);
      for (let i = 0; i < 7; i++) await ledger.append(decision(i % 2 === 0 ? 'approve' : 'block', i));
      await tamper(2);
      const rollup = new Rollup(db, { batchRows: 3 });
      assert.deepEqual(await rollup.run(), { ran: true, rows: 7, through_seq: 7 });
      assert.deepEqual(await rollup.run(), { ran: true, rows: 0, through_seq: 7 });
      const q = new AnalyticsQueries(db, rollup);
      const period = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) };
      const { figures } = await q.figures({ period }, 'minute');
      assert.equal(figures.decisions.total, 7);
      assert.deepEqual(figures.decisions.by_outcome, { approve: 4, block: 3, escalate: 0, request_evidence: 0 });
      assert.equal(figures.latency.gateway.count, 6, 'the tampered row has no latency');
      const hourly = await q.figures({ period, scope: { agents: ['agent-*'] } });
      assert.equal(hourly.figures.decisions.total, 7);
      const none = await q.figures({ period, scope: { agents: ['AGENT-*'] } });
      assert.equal(none.figures.decisions.total, 0, 'globs match case-sensitively');
      const failures = await q.failures({ period, limit: 5 });
      assert.deepEqual(failures.failures.map((f) => [f.code, f.count]), [['POLICY_RULE_BLOCK', 2]], 'the tampered row (a block) has no failure codes');
    });
  });
}

// Events arrive on process-wide channels while the database may be failing (a schema gone, a
// lost connection): each is handled after the one before, and a failure is reported, never an
// unhandled rejection that would bring the gateway down.
test('always-alerting events whose writes fail are reported through onError, one after the other, never thrown', async (t) => {
  const { db } = await open(t, 'sqlite');
  await db.all('DROP TABLE alerts');
  const errors: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  t.after(() => process.off('unhandledRejection', onUnhandled));
  const alerts = new AlertService({
    db, store: new AlertStore(db), analytics: new AnalyticsQueries(db, new Rollup(db)), rules: () => RULES, backlogLookbackMs: () => 86_400_000,
    onError: (error) => errors.push(error.message),
  });
  alerts.listen();
  t.after(() => alerts.close());
  const channel = diagnostics_channel.channel(KILL_SWITCH_EVENTS_CHANNEL);
  for (const active of [true, false, true]) {
    channel.publish({ type: 'kill_switch.changed', envelope_id: null, at: new Date().toISOString(), active, reason: 'drill', actor: 'test', by: null, recorded_here: true });
  }
  await alerts.settled();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(errors.length, 3, errors.join('; '));
  assert.ok(errors.every((message) => /no such table: alerts/.test(message)), errors.join('; '));
  assert.deepEqual(unhandled, []);
});
