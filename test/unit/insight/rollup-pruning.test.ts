// Roll-up pruning on both stores: a ledger spanning years is rolled up, then pruned with the
// default horizons (minute rows 14 days, hour rows 186 days, day rows METADATA_YEARS) in batches of
// a few rows. Rows older than each grain's horizon are gone, newer ones kept, the figures of every
// kept period unchanged, and a query reaching before a grain's horizon answers from a coarser one.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLedgerDatabase, openPostgresLedger, openSqliteLedger, postgresClientConfig, type Ledger, type LedgerEntry } from '../../../src/ledger/index.ts';
import { AnalyticsQueries, keptFrom, keptGrain, PRUNED_TABLES, Rollup, RollupPruning, type Grain, type Period } from '../../../src/insight/analytics/index.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from '../../../src/insight/insight-db.ts';
import { loadConfig } from '../../../src/config/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip: pgSkip } = await probePostgres();
const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00.000Z');
const HORIZONS = { minuteDays: 14, hourDays: 186, dayDays: null, metadataYears: 7 };

async function open(t: TestContext, store: 'sqlite' | 'postgres', clock: { at: Date }): Promise<{ ledger: Ledger; db: InsightDb }> {
  const now = () => clock.at;
  if (store === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-prune-'));
    const file = path.join(dir, 'ledger.db');
    const ledger = openSqliteLedger({ path: file, now });
    const db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }), file);
    t.after(async () => { await ledger.close(); await db.close(); rmSync(dir, { recursive: true, force: true }); });
    return { ledger, db };
  }
  const schema = await createTestSchema(t);
  const ledger = await openPostgresLedger({ ...schema.options, now });
  const db = postgresInsightDb(openInsightPool(postgresClientConfig(schema.options), () => {}), schema.schema);
  t.after(async () => { await ledger.close(); await db.close(); });
  return { ledger, db };
}

function decision(outcome: 'approve' | 'block', agent: string, latency: number): LedgerEntry {
  return {
    envelope_id: crypto.randomUUID(), parent_envelope_id: null, kind: 'pre_check', agent_id: agent, action: 'tool.a',
    outcome, risk_tier: 'low', risk_score: 0.1, final_confidence: 0.9, policy_version: 'p', score_version: 's', reviewer_id: null, review_deadline: null,
    payload: { response: { latency_ms: latency, validation: { failures: outcome === 'block' ? [{ code: 'POLICY_RULE_BLOCK' }] : [] } } },
  };
}

/** Ages (days before NOW) of the seeded decisions: past every horizon, past the hour one, past the minute one, recent. */
const AGES_DAYS = [8 * 365, 400, 300, 30, 20, 3, 1, 0.5, 0.01];

async function rowsByTable(db: InsightDb): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const { table } of PRUNED_TABLES) out[table] = (await db.all(`SELECT bucket FROM ${table} ORDER BY bucket`)).map((row) => Number(row.bucket));
  return out;
}

const period = (fromDaysAgo: number, toDaysAgo: number): Period => ({ from: new Date(NOW.getTime() - fromDaysAgo * DAY), to: new Date(NOW.getTime() - toDaysAgo * DAY) });

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`analytics roll-up pruning (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    test('each grain loses the rows past its horizon, keeps the rest, and the kept periods read the same', async (t) => {
      const clock = { at: NOW };
      const { ledger, db } = await open(t, store, clock);
      let i = 0;
      for (const age of AGES_DAYS) {
        clock.at = new Date(NOW.getTime() - age * DAY);
        for (const outcome of ['approve', 'block', 'approve'] as const) await ledger.append(decision(outcome, `agent-${i++ % 2}`, 3 + i));
      }
      clock.at = NOW;
      const rollup = new Rollup(db);
      assert.equal((await rollup.run()).rows, AGES_DAYS.length * 3);
      const kept = keptFrom(HORIZONS, NOW);
      const plain = new AnalyticsQueries(db, rollup);
      const pruned = new AnalyticsQueries(db, rollup, { kept: () => kept });

      // Figures of kept periods, each at the grain that answers it, before pruning.
      const keptPeriods: Array<[Period, Grain]> = [[period(2, 0), 'minute'], [period(13, 0), 'hour'], [period(40, 10), 'hour'], [period(92, 0), 'day'], [period(420, 330), 'day'], [period(2000, 1950), 'day']];
      const before = await Promise.all(keptPeriods.map(([p, grain]) => plain.figures({ period: p }, grain)));
      const beforeRows = await rowsByTable(db);
      // An old short period that the minute table answers before pruning, and only coarser grains after.
      const oldDay = period(20.5, 19.5);
      const oldDayByHour = await plain.figures({ period: oldDay }, 'hour');

      const report = await new RollupPruning(db, { batchRows: 2 }).run(kept);
      assert.equal(report.ran, true);
      const afterRows = await rowsByTable(db);
      for (const { table, grain } of PRUNED_TABLES) {
        const cut = kept[grain].getTime() / 60_000;
        const old = beforeRows[table].filter((bucket) => bucket < cut);
        assert.ok(old.length > 0, `${table}: the seeded ledger has rows past the ${grain} horizon`);
        assert.deepEqual(afterRows[table], beforeRows[table].filter((bucket) => bucket >= cut), `${table}: newer rows kept, older gone`);
        assert.equal(report.rows_deleted[table], old.length, `${table}: rows deleted`);
      }
      // The day table holds the 400- and 300-day-old rows (past the hour horizon), not the 8-year-old one (past METADATA_YEARS).
      assert.ok(afterRows.analytics_days.some((bucket) => bucket * 60_000 < NOW.getTime() - 186 * DAY));
      assert.ok(afterRows.analytics_days.every((bucket) => bucket * 60_000 >= NOW.getTime() - 7 * 366 * DAY));
      assert.ok(afterRows.analytics_minutes.every((bucket) => bucket * 60_000 >= NOW.getTime() - 15 * DAY));
      assert.ok(afterRows.analytics_hours.every((bucket) => bucket * 60_000 >= NOW.getTime() - 187 * DAY));

      const after = await Promise.all(keptPeriods.map(([p, grain]) => pruned.figures({ period: p }, grain)));
      assert.deepEqual(after, before, 'the figures of every kept period are unchanged');
      assert.ok(before[0].figures.calls > 0 && before[4].figures.calls > 0, 'the kept periods hold calls');

      // A 1-day period 20 days ago would read the (pruned) minute table; it is answered per hour instead.
      assert.equal(plain.grainOf({ period: oldDay }), 'minute');
      assert.equal(pruned.grainOf({ period: oldDay }), 'hour');
      const summary = await pruned.summary({ period: oldDay, now: NOW, backlogLookbackMs: DAY });
      assert.equal(summary.grain, 'hour');
      assert.deepEqual(summary.figures, oldDayByHour.figures);
      assert.equal(summary.figures.calls, 3);

      const again = await new RollupPruning(db).run(kept);
      assert.ok(Object.values(again.rows_deleted).every((n) => n === 0), 'a second run finds nothing to prune');
    });
  });
}

describe('roll-up horizons', () => {
  test('each grain kept from its horizon, never past METADATA_YEARS; coarser grains for older periods', () => {
    const kept = keptFrom(HORIZONS, NOW);
    assert.equal(kept.minute.toISOString(), '2026-06-01T12:00:00.000Z');
    assert.equal(kept.hour.toISOString(), new Date(NOW.getTime() - 186 * DAY).toISOString());
    assert.equal(kept.day.toISOString(), '2019-06-15T00:00:00.000Z');
    const short = keptFrom({ minuteDays: 3650, hourDays: 3650, dayDays: 3650, metadataYears: 1 }, NOW);
    assert.deepEqual([short.minute, short.hour, short.day].map((d) => d.toISOString().slice(0, 10)), ['2025-06-15', '2025-06-15', '2025-06-15']);
    assert.equal(keptGrain('minute', NOW.getTime() - DAY, kept), 'minute');
    assert.equal(keptGrain('minute', NOW.getTime() - 20 * DAY, kept), 'hour');
    assert.equal(keptGrain('minute', NOW.getTime() - 200 * DAY, kept), 'day');
    assert.equal(keptGrain('hour', NOW.getTime() - 200 * DAY, null), 'hour');
  });

  test('settings: bounded, and a finer grain never kept longer than a coarser one', () => {
    const config = loadConfig({ LEDGER_PATH: ':memory:' });
    assert.deepEqual([config.insight.minuteRetentionDays, config.insight.hourRetentionDays, config.insight.dayRetentionDays], [14, 186, null]);
    assert.throws(() => loadConfig({ LEDGER_PATH: ':memory:', ANALYTICS_MINUTE_RETENTION_DAYS: '30', ANALYTICS_HOUR_RETENTION_DAYS: '20' }), /ANALYTICS_HOUR_RETENTION_DAYS: 20 days is shorter than ANALYTICS_MINUTE_RETENTION_DAYS \(30\)/);
    assert.throws(() => loadConfig({ LEDGER_PATH: ':memory:', ANALYTICS_DAY_RETENTION_DAYS: '100' }), /ANALYTICS_DAY_RETENTION_DAYS: 100 days is shorter than ANALYTICS_HOUR_RETENTION_DAYS \(186\)/);
    assert.throws(() => loadConfig({ LEDGER_PATH: ':memory:', ANALYTICS_MINUTE_RETENTION_DAYS: '1' }), /ANALYTICS_MINUTE_RETENTION_DAYS/);
  });
});
