// Properties of the SQLite store end to end: whatever is appended, erased and expired,
// verify() stays valid and reads give back what was appended (as JSON).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ERASED_VALUE, getAtPath, openSqliteLedger, parsePath, retireMetadata } from '../../../src/ledger/index.ts';
import { makeEntry } from './ledger-fixtures.ts';

const payloadArb = fc.record({
  request: fc.record({ user: fc.string(), input: fc.oneof(fc.string(), fc.constant('reach me at a@b.io or +1 202 555 0100')) }),
  data: fc.jsonValue(),
  extra: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
});

test('property: appends, erasures and expiries in any mix leave a valid chain', async () => {
  await fc.assert(fc.asyncProperty(
    fc.array(fc.record({ payload: payloadArb, erase: fc.boolean(), concurrent: fc.boolean() }), { minLength: 1, maxLength: 15 }),
    fc.nat({ max: 15 }),
    async (steps, expireBefore) => {
      let tick = Date.UTC(2030, 0, 1);
      const ledger = openSqliteLedger({ path: ':memory:', now: () => new Date(tick++) });
      try {
        const concurrent = steps.filter((s) => s.concurrent);
        const rows = [
          ...await Promise.all(concurrent.map((s) => ledger.append(makeEntry({ payload: s.payload })))),
        ];
        for (const step of steps.filter((s) => !s.concurrent)) rows.push(await ledger.append(makeEntry({ payload: step.payload })));
        const ordered = [...concurrent, ...steps.filter((s) => !s.concurrent)];

        for (const [i, row] of rows.entries()) {
          assert.deepEqual((await ledger.get(row.envelope_id))?.payload, JSON.parse(JSON.stringify(ordered[i].payload)));
          if (ordered[i].erase) await ledger.erasePii(row.envelope_id);
        }
        const cutoff = new Date(Date.UTC(2030, 0, 1) + expireBefore).toISOString();
        const expiredCount = await ledger.expirePayloads(cutoff);
        assert.equal(expiredCount, Math.min(expireBefore, rows.length));

        const report = await ledger.verify();
        assert.equal(report.valid, true, report.detail ?? '');
        assert.equal(report.rows_checked, rows.length);
        assert.equal(report.expired_rows, expiredCount);
        const erasedRows = rows.filter((row, i) => row.seq > expiredCount && ordered[i].erase && row.pii_paths.length > 0);
        assert.equal(report.erased_rows, erasedRows.length);
        for (const row of erasedRows) {
          const back = await ledger.get(row.envelope_id);
          for (const path of row.pii_paths) assert.equal(getAtPath(back?.payload, parsePath(path)).value, ERASED_VALUE);
        }
      } finally {
        await ledger.close();
      }
    },
  ), { numRuns: 40 });
});

test('property: after metadata retention at any cutoffs, verify is valid and starts at anchor + 1', async () => {
  await fc.assert(fc.asyncProperty(
    fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 20 }),
    fc.array(fc.nat({ max: 120 }), { minLength: 1, maxLength: 3 }),
    async (gaps, cutoffs) => {
      let tick = Date.UTC(2030, 0, 1);
      const ledger = openSqliteLedger({ path: ':memory:', now: () => new Date(tick) });
      try {
        const times: number[] = [];
        for (const gap of gaps) {
          tick += gap * 1000;
          times.push(tick);
          await ledger.append(makeEntry());
        }
        let previous = 0;
        for (const offset of [...cutoffs].sort((a, b) => a - b)) {
          const cutoff = Date.UTC(2030, 0, 1) + offset * 1000;
          const result = await retireMetadata(ledger, new Date(cutoff).toISOString());
          // Rows strictly older than the cutoff, as a prefix, never the head, never back.
          const older = times.findIndex((time) => time >= cutoff);
          const expected = Math.max(previous, Math.min(older === -1 ? times.length : older, times.length - 1));
          assert.equal(result.anchor_seq ?? 0, expected);
          assert.equal(result.rows_deleted, expected - previous);
          previous = expected;
          const report = await ledger.verify();
          assert.equal(report.valid, true, report.detail ?? '');
          assert.deepEqual([report.from_seq, report.to_seq, report.rows_checked, report.rows_deleted_before], [expected + 1, times.length, times.length - expected, expected]);
          assert.equal(result.first_seq, expected + 1);
        }
      } finally {
        await ledger.close();
      }
    },
  ), { numRuns: 60 });
});
