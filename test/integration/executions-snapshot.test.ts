// A page of executions and its total come from one snapshot, on both stores: rows committed while
// the listing is read (by the writer thread, another replica, the reconciler) show in both or in
// neither. Read on two connections, a page could be empty with a total of 1.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newEnvelopeId, openPostgresLedger, openSqliteLedger, type Ledger, type LedgerEntry } from '../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip: pgSkip } = await probePostgres();

function preCheck(i: number): LedgerEntry {
  return {
    envelope_id: newEnvelopeId(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'agent-1', action: 'search_kb',
    outcome: 'approve', risk_tier: 'low', risk_score: 1, final_confidence: 99, policy_version: 'pol-1', score_version: 'score-1',
    reviewer_id: null, review_deadline: null, payload: { i },
  };
}

async function open(t: TestContext, store: 'sqlite' | 'postgres'): Promise<Ledger> {
  if (store === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-snapshot-'));
    const ledger = openSqliteLedger({ path: path.join(dir, 'ledger.db') });
    t.after(async () => { await ledger.close(); rmSync(dir, { recursive: true, force: true }); });
    return ledger;
  }
  const schema = await createTestSchema(t);
  const ledger = await openPostgresLedger(schema.options);
  t.after(() => ledger.close());
  return ledger;
}

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`executions: a page and its total agree while rows are appended (${store})`, { skip: store === 'postgres' ? pgSkip : undefined }, () => {
    test('every read sees as many items as its total says (all fit in one page)', async (t) => {
      const ledger = await open(t, store);
      const appends: Array<Promise<unknown>> = [];
      for (let i = 0; i < 60; i++) {
        appends.push(ledger.append(preCheck(i)));
        const { items, total } = await ledger.executions({ status: 'in_flight', limit: 500, offset: 0 });
        assert.equal(items.length, total, `read ${i}: ${items.length} items, total ${total}`);
      }
      await Promise.all(appends);
      const { items, total } = await ledger.executions({ status: 'in_flight', limit: 500, offset: 0 });
      assert.deepEqual([items.length, total], [60, 60]);
    });
  });
}
