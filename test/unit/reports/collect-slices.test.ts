// Collecting a report's figures gives the event loop back as it walks the ledger: a SQLite page is
// read synchronously, so awaiting it lets no call in, and a year's walk held the loop for seconds.
// A slice that is always spent makes the walk yield before every page; the figures are the same.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqliteLedger } from '../../../src/ledger/index.ts';
import { collectReport, type FigureSources, type ReportRequest } from '../../../src/reports/index.ts';
import type { TimeSlice } from '../../../src/workers/index.ts';
import { makeEntry } from '../ledger/ledger-fixtures.ts';

test('the walk yields before each page of the ledger and collects the same figures', async (t) => {
  const ledger = openSqliteLedger({ path: ':memory:' });
  t.after(() => ledger.close());
  const ROWS = 2_500; // three pages of 1,000
  for (let i = 0; i < ROWS; i += 1) await ledger.append(makeEntry({ agent_id: `agent-${i % 3}`, outcome: i % 10 === 0 ? 'block' : 'approve' }));
  const sources: FigureSources = {
    ledger, trustedKeys: () => [], teamPrincipals: async () => new Set(), currentCertificate: async () => undefined, policyVersion: () => 'policy-1',
  };
  const now = Date.now();
  const request: ReportRequest = { period: { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 60_000).toISOString() }, scope: { kind: 'all' }, formats: ['json'] };
  const plain = await collectReport(sources, request, { maxRows: 10_000, now: () => now });
  let yields = 0;
  let interleaved = 0;
  const everyPage: TimeSlice = {
    spent: () => true,
    async yield() {
      yields += 1;
      setImmediate(() => (interleaved += 1));
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
  const sliced = await collectReport(sources, request, { maxRows: 10_000, now: () => now, slice: everyPage });
  assert.equal(sliced.rows.length, ROWS);
  assert.deepEqual(sliced.figures, plain.figures);
  assert.deepEqual(sliced.rows, plain.rows);
  assert.equal(yields, 3, 'before each of the three pages');
  assert.equal(interleaved, 3, 'other work ran at each yield');
});
