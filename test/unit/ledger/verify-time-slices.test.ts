// verify() gives the event loop back while it checks: after every slice of work measured in time
// (one row can be megabytes), not only between pages of rows. A slice that is always spent makes
// the walk yield after every row, on both stores, and the report is the same as without it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openPostgresLedger, openSqliteLedger, type Ledger } from '../../../src/ledger/index.ts';
import { walkSqliteChain } from '../../../src/ledger/sqlite/sqlite-chain-walk.ts';
import { walkPostgresChain } from '../../../src/ledger/postgres/postgres-chain-walk.ts';
import { createPool } from '../../../src/ledger/postgres/postgres-connection.ts';
import type { TimeSlice } from '../../../src/workers/time-slice.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';

const ROWS = 7;

/** A slice that is always spent: counts the yields, and lets other work run at each one. */
function everyRow(): TimeSlice & { yields: number; interleaved: number } {
  const slice = {
    yields: 0,
    interleaved: 0,
    spent: () => true,
    async yield() {
      slice.yields += 1;
      setImmediate(() => (slice.interleaved += 1));
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
  return slice;
}

async function fill(ledger: Ledger): Promise<{ seq: number; hash: string }> {
  const rows = await appendInOrder(ledger, Array.from({ length: ROWS }, (_, n) => makeEntry({ payload: { request: { input: `call ${n}` } } })));
  const last = rows.at(-1)!;
  return { seq: last.seq, hash: last.hash };
}

test('SQLite: the walk yields after each spent slice and reports the same', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'verify-slices-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const ledger = openSqliteLedger({ path: join(dir, 'ledger.db') });
  const head = await fill(ledger);
  await ledger.close();
  const db = new DatabaseSync(join(dir, 'ledger.db'), { readOnly: true });
  t.after(() => db.close());
  const plain = await walkSqliteChain(db, head);
  const slice = everyRow();
  const sliced = await walkSqliteChain(db, head, {}, null, slice);
  assert.deepEqual([sliced.valid, sliced.rows_checked], [true, ROWS]);
  assert.deepEqual({ ...sliced, duration_ms: 0 }, { ...plain, duration_ms: 0 });
  assert.equal(slice.yields, ROWS, 'after each row');
  assert.equal(slice.interleaved, ROWS, 'other work ran at each yield');
});

const { skip } = await probePostgres();

test('PostgreSQL: the walk yields after each spent slice and reports the same', { skip }, async (t) => {
  const schema = await createTestSchema(t);
  const ledger = await openPostgresLedger(schema.options);
  const head = await fill(ledger);
  await ledger.close();
  const pool = createPool(schema.options, () => {});
  t.after(() => pool.end());
  const plain = await walkPostgresChain(pool, head);
  const slice = everyRow();
  const sliced = await walkPostgresChain(pool, head, {}, null, undefined, slice);
  assert.deepEqual([sliced.valid, sliced.rows_checked], [true, ROWS]);
  assert.deepEqual({ ...sliced, duration_ms: 0 }, { ...plain, duration_ms: 0 });
  assert.equal(slice.yields, ROWS, 'after each row');
  assert.equal(slice.interleaved, ROWS);
});
