// The summary's review figures on both stores, from escalations made through the real API: some
// decided by a person (review resolution), some expired at their deadline, some still open. The
// backlog (open, overdue, oldest, its age) and time to decision (decided, expired, mean,
// percentiles) are checked against values the test computes itself from each item's own record
// (GET /v1/review/queue/{id}: the call's time and the verdict's time).

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../helpers/postgres.ts';
import { ReviewDesk, expireOverdueReviews } from '../../src/oversight/index.ts';
import { loadPolicyBundleSync } from '../../src/policy/index.ts';
import { openLedgerDatabase, postgresClientConfig } from '../../src/ledger/index.ts';
import { AnalyticsQueries, Rollup } from '../../src/insight/analytics/index.ts';
import { REVIEW_BOUNDS_MS } from '../../src/insight/analytics/rollup-columns.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from '../../src/insight/insight-db.ts';

const { skip: pgSkip } = await probePostgres();
const HOUR = 3_600_000;

/** The bound of the histogram bucket holding the q-quantile (rank ceil(q n)) of `values`, computed from the values themselves. */
function expectedBound(values: number[], q: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.ceil(q * sorted.length) - 1];
  return REVIEW_BOUNDS_MS.find((bound) => value <= bound) ?? null;
}

async function escalate(gw: TestGateway, service: string): Promise<string> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it' }));
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.decision.outcome, 'escalate', res.text);
  return res.body.envelope_id;
}

async function itemOf(gw: TestGateway, id: string) {
  const view = await gw.call('GET', `/v1/review/queue/${id}`);
  assert.equal(view.status, 200, view.text);
  return view.body as { status: string; review_deadline: string; call: { created_at: string }; verdict: { at: string; by: string | null } | null };
}

/** A second insight connection on the gateway's store, as another process would open it. */
function insightOn(t: TestContext, gw: TestGateway, pg: TestSchema | undefined): InsightDb {
  const config = gw.config.ledger;
  const db = pg
    ? postgresInsightDb(openInsightPool(postgresClientConfig(pg.options), () => {}), pg.schema)
    : sqliteInsightDb(openLedgerDatabase((config as { path: string }).path, { migrate: false }), (config as { path: string }).path);
  t.after(() => db.close());
  return db;
}

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`review backlog and time to decision (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    test('figures match what the items\' own records say', async (t) => {
      const pg = store === 'postgres' ? await createTestSchema(t) : undefined;
      const policies = writeOpsBundle(t);
      // The gateway's clock (deadlines, the summary's now) is pinned; the ledger stamps rows with the real clock.
      const clock = { at: Date.now() };
      const gw = await startTestGateway(t, { env: { POLICIES_DIR: policies, ANALYTICS_ROLLUP_INTERVAL_SECONDS: '0', ...pg?.env }, now: () => clock.at });

      // Two to expire, three to decide.
      const toExpire = [await escalate(gw, 'billing'), await escalate(gw, 'search')];
      const toDecide = [await escalate(gw, 'mail'), await escalate(gw, 'auth'), await escalate(gw, 'cache')];
      const resolve = async (id: string, outcome: 'approve' | 'reject') => {
        const res = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome, note: 'checked', reviewer_id: 'user:rita' });
        assert.equal(res.status, 201, res.text);
      };
      await resolve(toDecide[0], 'approve');
      // Waits spread the times to decision over more than one bucket of the histogram.
      await sleep(1100);
      await resolve(toDecide[1], 'reject');
      await sleep(1100);
      await resolve(toDecide[2], 'approve');
      // The expiry job of another process (a desk on the same ledger) whose clock is past every deadline.
      const bundle = loadPolicyBundleSync(policies);
      const desk = new ReviewDesk({ ledger: gw.ledger, policies: { current: () => bundle }, now: () => clock.at + 100 * HOUR });
      assert.deepEqual(await expireOverdueReviews(desk), { ran: true, expired: 2 });

      // Still open: one queued now, two half an hour later (later deadlines).
      const open = [await escalate(gw, 'queue')];
      clock.at += HOUR / 2;
      open.push(await escalate(gw, 'dns'), await escalate(gw, 'ldap'));

      // What the items' records say.
      const decided = await Promise.all([...toDecide, ...toExpire].map((id) => itemOf(gw, id)));
      assert.deepEqual(decided.map((item) => item.status), ['approved', 'rejected', 'approved', 'expired', 'expired']);
      const durations = decided.map((item) => Date.parse(item.verdict!.at) - Date.parse(item.call.created_at));
      const openItems = await Promise.all(open.map((id) => itemOf(gw, id)));
      assert.ok(openItems.every((item) => item.status === 'pending' && item.verdict === null));
      const oldestOpen = openItems.map((item) => item.call.created_at).sort()[0];

      const summary = await gw.call('GET', '/v1/analytics/summary?period=2h');
      assert.equal(summary.status, 200, summary.text);
      const review = summary.body.figures.review;
      assert.equal(review.queued, toExpire.length + toDecide.length + open.length);
      assert.equal(review.decided, durations.length, 'verdicts: decisions and expiries');
      assert.equal(review.expired, toExpire.length);
      const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
      assert.ok(Math.abs(review.mean_time_to_decision_ms - mean) <= 1, `mean ${review.mean_time_to_decision_ms} vs ${mean}`);
      assert.deepEqual(review.time_to_decision, {
        count: durations.length, p50_ms: expectedBound(durations, 0.5), p90_ms: expectedBound(durations, 0.9), p99_ms: expectedBound(durations, 0.99),
      }, `durations ${durations.join(', ')} ms`);
      assert.ok(durations.some((ms) => ms > 1000), 'the waits put some verdicts past the first bucket');

      assert.deepEqual(summary.body.backlog, {
        open: open.length, overdue: 0, oldest_open_at: oldestOpen, oldest_open_age_ms: clock.at - Date.parse(oldestOpen),
      });

      // Overdue: the same query a minute past the first open item's deadline (the gateway's clock
      // stays put, so its own expiry job leaves the items alone).
      const db = insightOn(t, gw, pg);
      const analytics = new AnalyticsQueries(db, new Rollup(db));
      const deadlines = openItems.map((item) => Date.parse(item.review_deadline));
      assert.ok(deadlines[0] < Math.min(deadlines[1], deadlines[2]));
      const later = new Date(deadlines[0] + 60_000);
      const backlog = await analytics.backlog({ now: later, lookbackMs: 80 * HOUR });
      assert.deepEqual(backlog, { open: 3, overdue: 1, oldest_open_at: oldestOpen, oldest_open_age_ms: later.getTime() - Date.parse(oldestOpen) });
    });
  });
}
