// The analytics roll-up's figures from known ledger rows, on both stores: failure codes (only
// decided rows, only object elements with a code, only when failures is an array), upstream and
// judge counts, and latencies. Guards the roll-up SQL's rewrites (rollup-sql.ts).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newEnvelopeId, openLedgerDatabase, openPostgresLedger, openSqliteLedger, type Ledger, type LedgerEntry } from '../../src/ledger/index.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from '../../src/insight/insight-db.ts';
import { Rollup } from '../../src/insight/analytics/rollup.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip: pgSkip } = await probePostgres();

function entry(kind: LedgerEntry['kind'], payload: Record<string, unknown>, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    envelope_id: newEnvelopeId(), parent_envelope_id: null, kind, agent_id: 'agent-1', action: null, outcome: 'approve',
    risk_tier: 'low', risk_score: 1, final_confidence: 99, policy_version: 'pol-1', score_version: 'score-1',
    reviewer_id: null, review_deadline: null, payload, ...extra,
  };
}

const failures = (list: unknown) => ({ response: { latency_ms: 3, validation: { failures: list } } });

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`analytics roll-up figures (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    test('failure codes, upstream and judge counts, latency buckets', async (t) => {
      let ledger: Ledger;
      let db: InsightDb;
      if (store === 'sqlite') {
        const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-')), 'ledger.db');
        ledger = openSqliteLedger({ path: file });
        db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }), file);
      } else {
        const schema = await createTestSchema(t);
        ledger = await openPostgresLedger(schema.options);
        db = postgresInsightDb(openInsightPool({ connectionString: schema.url, options: `-c search_path=${schema.schema}` }, () => {}), schema.schema);
      }
      t.after(async () => { await db.close(); await ledger.close(); });

      const pre = entry('pre_check', { ...failures([{ code: 'SCHEMA_INVALID' }]) }, { action: 'tool.x' });
      const rows = [
        entry('validate', failures([{ code: 'SCHEMA_INVALID' }, { code: 'EVIDENCE_MISSING' }, 'not an object', { no_code: 1 }, [{ code: 'NESTED' }]])),
        pre,
        entry('validate', failures('not an array')),
        entry('validate', { response: { latency_ms: 700 } }),
        entry('judge', { status: 'failed', response: { validation: { failures: [{ code: 'NOT_DECIDED' }] } } }, { outcome: null, risk_tier: null }),
        entry('post_check', { response: { latency_ms: 1.5, validation: { failures: [] } }, sidecar: { upstream_ms: 12, upstream_status: 502 }, judge: { status: 'scored' } },
          { parent_envelope_id: pre.envelope_id, action: 'tool.x' }),
        entry('validate', failures([{ code: 'SCHEMA_INVALID' }])),
      ];
      for (const row of rows) await ledger.append(row);

      const report = await new Rollup(db).run();
      assert.equal(report.rows, rows.length);

      const failureRows = await db.all(`SELECT agent_id, action, code, failures, example_seq FROM analytics_failures ORDER BY action, code`);
      const seqs = (await db.all('SELECT seq FROM ledger ORDER BY seq')).map((row) => Number(row.seq));
      assert.deepEqual(failureRows.map((row) => ({ ...row, failures: Number(row.failures), example_seq: Number(row.example_seq) })), [
        { agent_id: 'agent-1', action: '', code: 'EVIDENCE_MISSING', failures: 1, example_seq: seqs[0] },
        { agent_id: 'agent-1', action: '', code: 'SCHEMA_INVALID', failures: 2, example_seq: seqs[6] },
        { agent_id: 'agent-1', action: 'tool.x', code: 'SCHEMA_INVALID', failures: 1, example_seq: seqs[1] },
      ]);
      const days = await db.all('SELECT SUM(failures) AS n FROM analytics_failure_days');
      assert.equal(Number(days[0].n), 4);

      const [hours] = await db.all(`SELECT SUM(calls) AS calls, SUM(judged) AS judged, SUM(judge_failed) AS judge_failed,
        SUM(upstream_calls) AS upstream_calls, SUM(upstream_errors) AS upstream_errors, SUM(gateway_ms_count) AS gateway_ms_count,
        SUM(gateway_ms_sum) AS gateway_ms_sum, SUM(upstream_ms_sum) AS upstream_ms_sum FROM analytics_hours`);
      assert.deepEqual(Object.fromEntries(Object.entries(hours).map(([k, v]) => [k, Number(v)])), {
        calls: 7, judged: 2, judge_failed: 1, upstream_calls: 1, upstream_errors: 1, gateway_ms_count: 6,
        gateway_ms_sum: 3 + 3 + 3 + 700 + 1.5 + 3, upstream_ms_sum: 12,
      });

      // Nothing new: a second round adds nothing.
      assert.equal((await new Rollup(db).run()).rows, 0);
      assert.equal(Number((await db.all('SELECT SUM(calls) AS n FROM analytics_minutes'))[0].n), 7);
    });
  });
}
