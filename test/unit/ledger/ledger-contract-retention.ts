// Contract cases for metadata retention: a prefix of the chain older than the cutoff is deleted
// (never a hole, never the head), the anchor it leaves is where verify starts, reads keep
// working, repeated runs move the anchor forward, and a signed checkpoint covers the anchor.
// The ledger's clock is injected: each append is a day after the previous one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditCheckpoints, retireMetadata, type LedgerEntry } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry, signer, withLedger, type OpenLedger } from './ledger-fixtures.ts';

const DAY = 86_400_000;
const START = Date.parse('2020-01-01T00:00:00.000Z');

/** A clock that moves one day per call (one append, one created_at), or as told. */
function dailyClock(): { now: () => Date; set(ms: number): void } {
  let next = START;
  return {
    now: () => { const at = new Date(next); next += DAY; return at; },
    set(ms: number) { next = ms; },
  };
}

const day = (n: number) => new Date(START + n * DAY).toISOString();

const entries = (count: number, overrides: (i: number) => Partial<LedgerEntry> = () => ({})) =>
  Array.from({ length: count }, (_, i) => makeEntry({ agent_id: i % 2 === 0 ? 'agent-a' : 'agent-b', ...overrides(i) }));

export function retentionCases(open: OpenLedger): void {
  test('metadata retention deletes the prefix older than the cutoff; verify starts at the anchor and says so', async () => {
    const clock = dailyClock();
    await withLedger(open, async (ledger) => {
      const rows = await appendInOrder(ledger, entries(10)); // created on days 0..9
      assert.equal(await ledger.anchor(), null);
      assert.equal(await ledger.retirablePrefix(day(4)), 4);
      const result = await retireMetadata(ledger, day(4), { now: () => new Date(START + 100 * DAY) });
      assert.deepEqual(result, { rows_deleted: 4, first_seq: 5, anchor_seq: 4, anchor_hash: rows[3].hash, checkpoint_seq: null, refused: null });
      assert.deepEqual(await ledger.anchor(), { seq: 4, hash: rows[3].hash, retired_at: day(100), rows_deleted: 4 });

      const report = await ledger.verify();
      assert.deepEqual(
        [report.valid, report.from_seq, report.to_seq, report.rows_checked, report.anchored_at_seq, report.rows_deleted_before, report.head_hash, report.detail],
        [true, 5, 10, 6, 4, 4, rows[9].hash, null],
      );
      // A range from inside the deleted prefix is verified from the retained start, with a note.
      const inside = await ledger.verify({ from_seq: 2, to_seq: 7 });
      assert.deepEqual([inside.valid, inside.from_seq, inside.to_seq, inside.rows_checked], [true, 5, 7, 3]);
      assert.match(inside.detail ?? '', /rows 1\.\.4 were deleted by metadata retention.*verified from seq 5/);
      const gone = await ledger.verify({ to_seq: 3 });
      assert.deepEqual([gone.valid, gone.rows_checked, gone.anchored_at_seq], [true, 0, 4]);
      assert.match(gone.detail ?? '', /deleted by metadata retention/);
      const fromAnchor = await ledger.verify({ from_seq: 5, to_seq: 6 });
      assert.deepEqual([fromAnchor.valid, fromAnchor.rows_checked, fromAnchor.detail], [true, 2, null]);
      const later = await ledger.verify({ from_seq: 8 });
      assert.deepEqual([later.valid, later.rows_checked], [true, 3]);

      // Reads: deleted rows are gone, the rest (and totals) are intact.
      assert.equal(await ledger.get(rows[0].envelope_id), undefined);
      assert.deepEqual(await ledger.get(rows[4].envelope_id), rows[4]);
      const listed = await ledger.list({ limit: 100, offset: 0 });
      assert.deepEqual([listed.total, listed.rows.map((r) => r.seq)], [6, [10, 9, 8, 7, 6, 5]]);
      assert.equal((await ledger.list({ agent_id: 'agent-a', limit: 100, offset: 0 })).total, 3);
      assert.equal((await ledger.recentOutcomes('agent-a', 10)).length, 3);

      // Appends continue the chain at the head, and it still verifies.
      const next = await ledger.append(makeEntry());
      assert.deepEqual([next.seq, next.prev_hash], [11, rows[9].hash]);
      assert.deepEqual([(await ledger.verify()).valid, (await ledger.verify()).rows_checked], [true, 7]);
    }, { now: clock.now });
  });

  test('metadata retention stops at the first row still within retention: a prefix, never a hole', async () => {
    const clock = dailyClock();
    await withLedger(open, async (ledger) => {
      const rows = await appendInOrder(ledger, entries(3)); // days 0, 1, 2
      clock.set(START + 50 * DAY);
      rows.push(...await appendInOrder(ledger, entries(1))); // day 50
      clock.set(START + 3 * DAY);
      rows.push(...await appendInOrder(ledger, entries(2))); // days 3, 4: older, but after a newer row
      clock.set(START + 60 * DAY);
      rows.push(...await appendInOrder(ledger, entries(1)));
      const result = await retireMetadata(ledger, day(10));
      assert.deepEqual([result.rows_deleted, result.first_seq, result.anchor_seq], [3, 4, 3]);
      assert.ok(await ledger.get(rows[4].envelope_id), 'row 5 is older than the cutoff but after a row within retention');
      assert.equal((await ledger.verify()).valid, true);
    }, { now: clock.now });
  });

  test('the head row is never deleted; repeated runs move the anchor forward only', async () => {
    const clock = dailyClock();
    await withLedger(open, async (ledger) => {
      const rows = await appendInOrder(ledger, entries(5));
      const first = await retireMetadata(ledger, day(1000));
      assert.deepEqual([first.rows_deleted, first.first_seq, first.anchor_seq], [4, 5, 4], 'everything but the head');
      assert.deepEqual(await ledger.head(), { seq: 5, hash: rows[4].hash });
      const again = await retireMetadata(ledger, day(1000));
      assert.deepEqual([again.rows_deleted, again.first_seq, again.anchor_seq, again.anchor_hash], [0, 5, 4, rows[3].hash]);
      assert.equal(await ledger.retirablePrefix(day(1000)), null);

      const more = await appendInOrder(ledger, entries(4)); // rows 6..9
      const second = await retireMetadata(ledger, day(1000));
      assert.deepEqual([second.rows_deleted, second.first_seq, second.anchor_seq, second.anchor_hash], [4, 9, 8, more[2].hash]);
      const report = await ledger.verify();
      assert.deepEqual([report.valid, report.rows_checked, report.from_seq, report.anchored_at_seq, report.rows_deleted_before], [true, 1, 9, 8, 8]);
      assert.equal((await ledger.list({ limit: 10, offset: 0 })).total, 1);

      // The store refuses what the job never asks: going back, deleting the head, another hash.
      const refused = { code: 'LEDGER_INVALID_ARGUMENT' };
      await assert.rejects(ledger.retirePrefix({ seq: 8, hash: more[2].hash }, day(2000)), refused);
      await assert.rejects(ledger.retirePrefix({ seq: 9, hash: more[3].hash }, day(2000)), refused);
      await ledger.append(makeEntry());
      await assert.rejects(ledger.retirePrefix({ seq: 9, hash: 'f'.repeat(64) }, day(2000)), refused);
      await assert.rejects(ledger.retirablePrefix('not a time'), refused);
      assert.equal((await ledger.anchor())?.seq, 8);
    }, { now: clock.now });
  });

  test('the review queue works on a chain that starts after seq 1', async () => {
    const clock = dailyClock();
    await withLedger(open, async (ledger) => {
      const [oldEscalation] = await appendInOrder(ledger, [makeEntry({ outcome: 'escalate', risk_tier: 'high' })]);
      await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: oldEscalation.envelope_id, outcome: 'approve' }));
      clock.set(START + 400 * DAY);
      const [pending, resolvedItem] = await appendInOrder(ledger, [
        makeEntry({ outcome: 'escalate', risk_tier: 'high' }),
        makeEntry({ kind: 'decision', outcome: 'request_evidence', risk_tier: 'low' }),
      ]);
      await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: resolvedItem.envelope_id, outcome: 'block', reviewer_id: 'user:rita' }));
      assert.equal((await retireMetadata(ledger, day(365))).rows_deleted, 2);
      const queue = await ledger.reviewQueue({ limit: 10, offset: 0, now: START + 500 * DAY });
      assert.deepEqual(queue.items.map((i) => [i.seq, i.status]), [[resolvedItem.seq, 'rejected'], [pending.seq, 'pending']]);
      assert.equal(queue.total, 2);
    }, { now: clock.now });
  });

  test('a long prefix is retired in chunks, each verified, signed and anchored on its own', async () => {
    const clock = dailyClock();
    const key = await signer();
    await withLedger(open, async (ledger) => {
      const rows = await appendInOrder(ledger, entries(10)); // days 0..9
      const result = await retireMetadata(ledger, day(8), { signer: key, chunkRows: 3 });
      assert.deepEqual(result, { rows_deleted: 8, first_seq: 9, anchor_seq: 8, anchor_hash: rows[7].hash, checkpoint_seq: 8, refused: null });
      assert.equal((await ledger.anchor())?.rows_deleted, 2, 'the last chunk: rows 7..8');
      const signed = (await ledger.checkpoints({ limit: 10, offset: 0 })).map((checkpoint) => checkpoint.seq).sort((a, b) => a - b);
      assert.deepEqual(signed, [3, 6, 8], 'one checkpoint at each chunk\'s anchor');
      const report = await ledger.verify();
      assert.deepEqual([report.valid, report.from_seq, report.rows_checked, report.anchored_at_seq], [true, 9, 2, 8]);
      const audit = await auditCheckpoints(ledger, [key.publicJwk]);
      assert.deepEqual([audit.valid, audit.anchor_seq, audit.anchor_signed], [true, 8, true]);
    }, { now: clock.now });
  });

  test('with a signer the anchor is checkpointed before deleting; older checkpoints are "before the retained chain"', async () => {
    const clock = dailyClock();
    const key = await signer();
    await withLedger(open, async (ledger) => {
      const rows = await appendInOrder(ledger, entries(8));
      assert.equal(await ledger.addCheckpoint(await key.sign({ seq: 2, hash: rows[1].hash }, new Date(START))), true);
      const result = await retireMetadata(ledger, day(5), { signer: key });
      assert.deepEqual([result.rows_deleted, result.anchor_seq, result.checkpoint_seq], [5, 5, 5]);
      const [newest] = await ledger.checkpoints({ limit: 1, offset: 0 });
      assert.deepEqual([newest.seq, newest.head_hash], [5, rows[4].hash]);
      await ledger.addCheckpoint(await key.sign({ seq: 8, hash: rows[7].hash }, new Date(START)));

      const audit = await auditCheckpoints(ledger, [key.publicJwk]);
      assert.deepEqual(
        [audit.valid, audit.checkpoints_checked, audit.newest_verified_seq, audit.before_retained_chain, audit.anchor_seq, audit.anchor_signed],
        [true, 3, 8, 2, 5, true],
      );
      // A checkpoint already at the next anchor's seq is kept, and the audit compares it with the anchor.
      assert.equal(await ledger.addCheckpoint(await key.sign({ seq: 6, hash: 'f'.repeat(64) }, new Date(START))), true);
      const moved = await retireMetadata(ledger, day(6), { signer: key });
      assert.deepEqual([moved.rows_deleted, moved.anchor_seq, moved.checkpoint_seq], [1, 6, null]);
      const mismatch = await auditCheckpoints(ledger, [key.publicJwk]);
      assert.deepEqual([mismatch.valid, mismatch.problem, mismatch.checkpoint_seq, mismatch.anchor_signed], [false, 'hash_mismatch', 6, false]);
      assert.match(mismatch.detail ?? '', /retention anchor at seq 6/);
    }, { now: clock.now });
  });
}
