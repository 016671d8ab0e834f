// Properties of the PostgreSQL store end to end: whatever JSON is appended (quotes, backslashes,
// control characters, any Unicode, odd keys) and however appends, erasures and expiries mix,
// reads give back what was appended and verify() stays valid.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { openPostgresLedger } from '../../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';
import { makeEntry } from './ledger-fixtures.ts';

const { skip } = await probePostgres();

const text = fc.string({
  unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '\t', '{', '}', ',', 'NULL', ' ', 'é', '😀', '\u2028'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
}).filter((s) => s.isWellFormed());
const payloadArb = fc.record({
  request: fc.record({ user: text, input: fc.oneof(text, fc.constant('reach me at a@b.io or +1 202 555 0100')) }),
  data: fc.jsonValue(),
  extra: fc.dictionary(text, fc.jsonValue(), { maxKeys: 4 }),
});

describe('postgres properties', { skip }, () => {
  test('property: any JSON payload and metadata text round-trips; erasures and expiries keep the chain valid', async (t) => {
    const db = await createTestSchema(t);
    let tick = Date.UTC(2030, 0, 1);
    const ledger = await openPostgresLedger({ ...db.options, now: () => new Date(tick++) });
    t.after(() => ledger.close());
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ payload: payloadArb, agent: text.filter((s) => !s.includes('\u0000')), erase: fc.boolean() }), { minLength: 1, maxLength: 12 }),
      async (steps) => {
        const rows = await Promise.all(steps.map((step) => ledger.append(makeEntry({ payload: step.payload, agent_id: step.agent }))));
        for (const [i, row] of rows.entries()) {
          const back = await ledger.get(row.envelope_id);
          assert.deepEqual(back?.payload, JSON.parse(JSON.stringify(steps[i].payload)));
          assert.equal(back?.agent_id, steps[i].agent);
          assert.equal(back?.hash, row.hash);
          if (steps[i].erase) await ledger.erasePii(row.envelope_id);
        }
        await ledger.expirePayloads(new Date(tick - steps.length / 2).toISOString());
        const report = await ledger.verify();
        assert.equal(report.valid, true, report.detail ?? '');
      },
    ), { numRuns: 30 });
  });
});
