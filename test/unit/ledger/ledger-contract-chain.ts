// Contract cases for the chain itself: concurrent appends, verify (whole and ranges), PII
// erasure and payload expiry staying verifiable, and close() flushing what is pending.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ERASED_VALUE } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';

const personal = (n: number) => ({
  request: { user: `user-${n}`, input: `write to person${n}@example.com` },
  output: { customer: { email: `c${n}@example.org`, tier: 'gold' }, total: n },
});

export function chainCases(open: OpenLedger): void {
  test('500 concurrent appends get contiguous seqs and a valid chain', () => withLedger(open, async (ledger) => {
    const rows = await Promise.all(Array.from({ length: 500 }, (_, i) => ledger.append(makeEntry({ payload: personal(i) }))));
    assert.deepEqual(rows.map((r) => r.seq).sort((a, b) => a - b), Array.from({ length: 500 }, (_, i) => i + 1));
    assert.equal(new Set(rows.map((r) => r.envelope_id)).size, 500);
    const report = await ledger.verify();
    assert.deepEqual(
      [report.valid, report.rows_checked, report.from_seq, report.to_seq, report.first_bad_seq, report.problem],
      [true, 500, 1, 500, null, null],
    );
    assert.equal(report.head_hash, rows.find((r) => r.seq === 500)?.hash);
  }));

  test('verify on an empty ledger is valid and checks nothing', () => withLedger(open, async (ledger) => {
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.rows_checked, report.from_seq, report.head_hash], [true, 0, null, null]);
  }));

  test('verify ranges anchor on the row before from_seq', () => withLedger(open, async (ledger) => {
    const rows = await appendInOrder(ledger, Array.from({ length: 12 }, (_, i) => makeEntry({ payload: personal(i) })));
    const mid = await ledger.verify({ from_seq: 4, to_seq: 9 });
    assert.deepEqual([mid.valid, mid.rows_checked, mid.from_seq, mid.to_seq, mid.head_hash], [true, 6, 4, 9, rows[8].hash]);
    const tail = await ledger.verify({ from_seq: 10 });
    assert.deepEqual([tail.valid, tail.rows_checked, tail.to_seq], [true, 3, 12]);
    const clamped = await ledger.verify({ to_seq: 99 });
    assert.deepEqual([clamped.valid, clamped.rows_checked], [true, 12]);
    const empty = await ledger.verify({ from_seq: 50 });
    assert.deepEqual([empty.valid, empty.rows_checked], [true, 0]);
    await assert.rejects(ledger.verify({ from_seq: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('erasing PII keeps the chain valid and reads back as [erased]', () => withLedger(open, async (ledger) => {
    const rows = await appendInOrder(ledger, [1, 2, 3].map((n) => makeEntry({ payload: personal(n) })));
    const target = rows[1];
    assert.deepEqual(target.pii_paths, ['output.customer.email', 'request.input', 'request.user']);
    const result = await ledger.erasePii(target.envelope_id);
    assert.deepEqual(result, { envelope_id: target.envelope_id, seq: 2, erased_paths: target.pii_paths, already_erased: false });
    const erased = await ledger.get(target.envelope_id);
    assert.equal(erased?.payload_state, 'erased');
    assert.deepEqual(erased?.payload, {
      request: { user: ERASED_VALUE, input: ERASED_VALUE },
      output: { customer: { email: ERASED_VALUE, tier: 'gold' }, total: 2 },
    });
    assert.deepEqual([erased?.hash, erased?.payload_digest], [target.hash, target.payload_digest], 'hashed columns untouched');
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.erased_rows, report.rows_checked], [true, 1, 3]);

    const again = await ledger.erasePii(target.envelope_id);
    assert.equal(again?.already_erased, true);
    assert.deepEqual(await ledger.get(target.envelope_id), erased);
    assert.equal(await ledger.erasePii('unknown-envelope'), undefined);
  }));

  test('erasing a row without PII changes nothing', () => withLedger(open, async (ledger) => {
    const row = await ledger.append(makeEntry({ payload: { output: { total: 3 } } }));
    assert.deepEqual(await ledger.erasePii(row.envelope_id), { envelope_id: row.envelope_id, seq: 1, erased_paths: [], already_erased: false });
    assert.deepEqual(await ledger.get(row.envelope_id), row);
  }));

  test('expiring payloads keeps the chain valid; metadata stays', () => withLedger(open, async (ledger) => {
    const rows = await appendInOrder(ledger, [1, 2, 3].map((n) => makeEntry({ payload: personal(n) })));
    await ledger.erasePii(rows[0].envelope_id);
    const cutoff = new Date(Date.parse(rows[2].created_at) + 1).toISOString();
    assert.equal(await ledger.expirePayloads(cutoff), 3);
    assert.equal(await ledger.expirePayloads(cutoff), 0, 'already expired rows are not counted again');
    const expired = await ledger.get(rows[1].envelope_id);
    assert.deepEqual([expired?.payload, expired?.payload_state, expired?.hash], [null, 'expired', rows[1].hash]);
    assert.equal(expired?.outcome, rows[1].outcome);
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.expired_rows, report.erased_rows], [true, 3, 0]);
    assert.equal((await ledger.erasePii(rows[1].envelope_id))?.already_erased, true);
    assert.equal(await ledger.expirePayloads('1970-01-01T00:00:00Z'), 0);
    await assert.rejects(ledger.expirePayloads('not a time'), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('close flushes pending appends, then refuses new ones', async () => {
    const { ledger, cleanup } = await open();
    try {
      const pending = Array.from({ length: 40 }, (_, i) => ledger.append(makeEntry({ payload: personal(i) })));
      await ledger.close();
      const rows = await Promise.all(pending);
      assert.deepEqual(rows.map((r) => r.seq), Array.from({ length: 40 }, (_, i) => i + 1));
      await assert.rejects(ledger.append(makeEntry()), { code: 'LEDGER_CLOSED' });
      await ledger.close();
    } finally {
      await cleanup();
    }
  });
}
