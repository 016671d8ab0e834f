// Metadata retention on PostgreSQL while the fleet keeps working: one process deletes the old
// prefix (under the retention advisory lock) while others append at the head and verify. The
// chain must stay one valid chain from the newest anchor, and no verify may see a false gap.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPostgresLedger, retireMetadata, type VerifyReport } from '../../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';
import { makeEntry } from './ledger-fixtures.ts';

const { skip } = await probePostgres();

describe('postgres metadata retention', { skip }, () => {
  test('deleting the prefix while another process appends and a third verifies keeps one valid chain', async (t) => {
    const db = await createTestSchema(t);
    // One clock for the fleet: each created_at is a second after the previous one.
    let clock = Date.parse('2020-01-01T00:00:00.000Z');
    const now = () => new Date(clock += 1000);
    const appender = await openPostgresLedger({ ...db.options, now });
    const retainer = await openPostgresLedger({ ...db.options, now });
    const verifier = await openPostgresLedger(db.options);
    t.after(() => Promise.all([appender, retainer, verifier].map((ledger) => ledger.close())));
    for (let i = 0; i < 5; i += 1) await Promise.all(Array.from({ length: 40 }, () => appender.append(makeEntry())));

    let appending = true;
    const appends = (async () => {
      let count = 0;
      while (appending) {
        await Promise.all(Array.from({ length: 25 }, () => appender.append(makeEntry())));
        count += 25;
      }
      return count;
    })();
    const reports: VerifyReport[] = [];
    const verifies = (async () => {
      while (appending) reports.push(await verifier.verify());
    })();
    const anchors: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      // Everything but the newest ~100 seconds is past retention.
      const cutoff = new Date(clock - 100_000).toISOString();
      const result = await retainer.runExclusive('retention', () => retireMetadata(retainer, cutoff));
      assert.equal(result.ran, true);
      if (result.ran) {
        assert.equal(result.value.refused, null);
        if (result.value.anchor_seq !== null) anchors.push(result.value.anchor_seq);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    appending = false;
    const appended = await appends;
    await verifies;

    t.diagnostic(`${appended} rows appended and ${reports.length} verifies during ${anchors.length} retention runs (anchors ${anchors.join(', ')})`);
    assert.ok(appended > 0 && anchors.length > 0);
    assert.deepEqual(anchors, [...anchors].sort((a, b) => a - b), 'the anchor only moves forward');
    assert.ok(reports.length > 0);
    for (const report of reports) assert.equal(report.valid, true, report.detail ?? '');
    const anchor = await verifier.anchor();
    const head = await verifier.head();
    const final = await verifier.verify();
    assert.deepEqual(
      [final.valid, final.from_seq, final.to_seq, final.anchored_at_seq, final.rows_checked],
      [true, anchor!.seq + 1, head.seq, anchor!.seq, head.seq - anchor!.seq],
    );
    const { rows: [{ n, first }] } = await db.query('SELECT count(*)::int AS n, min(seq)::int AS first FROM ledger');
    assert.deepEqual([n, first], [head.seq - anchor!.seq, anchor!.seq + 1]);
    assert.equal((await verifier.list({ limit: 1, offset: 0 })).total, n);
  });
});
