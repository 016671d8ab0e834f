// Someone with write access to the PostgreSQL ledger changes it behind the gateway's back (with
// the append-only triggers disabled first). verify() names the first bad seq and the problem,
// and a signed checkpoint catches what the tables alone cannot: a chain rewritten with
// recomputed hashes, or truncated with its head row rewound.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  auditCheckpoints, canonicalJson, retireMetadata, checkpointHead, defaultPiiDetector, GENESIS_HEAD, linkRow, loadCheckpointSigner, migratePostgres, openPostgresLedger,
  rowHash, sealEntry, validateEntry, type LedgerRow, type PostgresLedger, type VerifyReport,
} from '../../../src/ledger/index.ts';
import { POSTGRES_MIGRATIONS } from '../../../src/ledger/postgres/postgres-migrations.ts';
import { ALL_COLUMNS, rowValues } from '../../../src/ledger/row-codec.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../../helpers/postgres.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';
import { forgeryCases, storeVerifier } from './ledger-contract-forgeries.ts';
import { openPostgresForgeryStore } from './forgery-stores.ts';

const { skip } = await probePostgres();

interface Fixture { db: TestSchema; ledger: PostgresLedger; rows: LedgerRow[]; tamper(sql: string, values?: unknown[]): Promise<void> }

async function fixture(t: { after(fn: () => unknown): void }): Promise<Fixture> {
  const db = await createTestSchema(t);
  const ledger = await openPostgresLedger(db.options);
  t.after(() => ledger.close());
  const rows = await appendInOrder(ledger, [1, 2, 3, 4, 5].map((n) => makeEntry({
    outcome: 'block',
    payload: { request: { user: `user-${n}`, input: 'plain question' }, output: { total: n, note: 'ok' } },
  })));
  const tamper = async (sql: string, values?: unknown[]) => {
    await db.query('ALTER TABLE ledger DISABLE TRIGGER USER');
    await db.query(sql, values);
    await db.query('ALTER TABLE ledger ENABLE TRIGGER USER');
  };
  return { db, ledger, rows, tamper };
}

function assertBad(report: VerifyReport, seq: number, problem: VerifyReport['problem'], detail: RegExp): void {
  assert.deepEqual([report.valid, report.first_bad_seq, report.problem], [false, seq, problem], report.detail ?? '');
  assert.match(report.detail ?? '', detail);
  assert.equal(report.rows_checked, seq - 1, 'rows before the bad one were verified');
}

describe('postgres tampering', { skip }, () => {
  test('the triggers refuse DELETE, TRUNCATE, UPDATE of hashed columns and moving the head back', async (t) => {
    const { db } = await fixture(t);
    await assert.rejects(db.query('DELETE FROM ledger WHERE seq = 5'), /append-only: DELETE refused/);
    await assert.rejects(db.query('TRUNCATE ledger'), /append-only: TRUNCATE refused/);
    await assert.rejects(db.query("UPDATE ledger SET outcome = 'approve' WHERE seq = 1"), /only payload columns may change/);
    await assert.rejects(db.query('UPDATE ledger_head SET seq = 2'), /only moves forward/);
    await db.query("UPDATE ledger SET payload_state = payload_state WHERE seq = 1"); // payload columns stay writable
  });

  test('a changed metadata column breaks that row\'s hash', async (t) => {
    const { ledger, tamper } = await fixture(t);
    await tamper("UPDATE ledger SET outcome = 'approve' WHERE seq = 3");
    assertBad(await ledger.verify(), 3, 'hash_mismatch', /hash/);
  });

  test('a changed row whose hash was recomputed breaks the link of the next row', async (t) => {
    const { db, ledger, tamper } = await fixture(t);
    const { rows: [stored] } = await db.query('SELECT * FROM ledger WHERE seq = 3');
    const forged = { ...stored, seq: Number(stored.seq), outcome: 'approve', pii_commitments: JSON.parse(stored.pii_commitments) };
    await tamper('UPDATE ledger SET outcome = $1, hash = $2 WHERE seq = 3', ['approve', rowHash(forged)]);
    assertBad(await ledger.verify(), 4, 'prev_hash_mismatch', /prev_hash .* row 3/);
  });

  test('a changed payload value no longer matches payload_digest; a fake erasure fails its commitment', async (t) => {
    const { ledger, tamper } = await fixture(t);
    await tamper(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{output,total}', '999')::text WHERE seq = 2`);
    assertBad(await ledger.verify(), 2, 'payload_tampered', /payload_digest/);
    await tamper(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{output,total}', '2')::text WHERE seq = 2`);
    assert.equal((await ledger.verify()).valid, true, 'a value put back verifies again (key order does not matter)');
    await tamper(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{request,user}', '"[erased]"')::text WHERE seq = 4`);
    assertBad(await ledger.verify(), 4, 'payload_tampered', /request\.user does not match its commitment/);
  });

  test('erasure by policy still verifies; a value written into an erased leaf does not', async (t) => {
    const { ledger, rows, tamper } = await fixture(t);
    await ledger.erasePii(rows[1].envelope_id);
    assert.equal((await ledger.verify()).valid, true);
    await tamper(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{request,user}', '"someone-else"')::text WHERE seq = 2`);
    assertBad(await ledger.verify(), 2, 'payload_tampered', /request\.user/);
  });

  test('a deleted row is a seq gap; rows deleted from the end are a gap against ledger_head', async (t) => {
    const { ledger, tamper } = await fixture(t);
    await tamper('DELETE FROM ledger WHERE seq = 3');
    assertBad(await ledger.verify(), 3, 'seq_gap', /expected seq 3, found 4/);
    const other = await fixture(t);
    await other.tamper('DELETE FROM ledger WHERE seq >= 4');
    assertBad(await other.ledger.verify(), 4, 'seq_gap', /rows 4\.\.5 are missing/);
  });

  test('a truncation with the head rewound fools a fresh process, but not the signed checkpoint', async (t) => {
    const { db, ledger, tamper } = await fixture(t);
    const dir = mkdtempSync(join(tmpdir(), 'ledger-key-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const signer = await loadCheckpointSigner({ generatedKeyPath: join(dir, 'key.jwk') });
    assert.equal((await checkpointHead(ledger, signer))?.seq, 5);
    await tamper('DELETE FROM ledger WHERE seq >= 4');
    await db.query('ALTER TABLE ledger_head DISABLE TRIGGER USER');
    await db.query("UPDATE ledger_head SET seq = 3, hash = (SELECT hash FROM ledger WHERE seq = 3)");
    const fresh = await openPostgresLedger({ ...db.options, migrate: false });
    t.after(() => fresh.close());
    assert.equal((await fresh.verify()).valid, true, 'the remaining rows link up');
    const audit = await auditCheckpoints(fresh, [signer.publicJwk]);
    assert.deepEqual([audit.valid, audit.problem, audit.checkpoint_seq], [false, 'row_missing', 5]);
  });

  test('a payload column that is not JSON is reported, not thrown; a dropped payload must be marked expired', async (t) => {
    const { ledger, tamper } = await fixture(t);
    await tamper("UPDATE ledger SET payload = '{not json' WHERE seq = 3");
    assertBad(await ledger.verify(), 3, 'payload_tampered', /does not decode/);
    await tamper("UPDATE ledger SET payload = NULL WHERE seq = 2");
    assertBad(await ledger.verify(), 2, 'payload_tampered', /payload is missing but payload_state is present/);
  });

  test('pii_spans only say where to look: wrong spans fall back to the full check, which still names a changed PII value', async (t) => {
    const { db, ledger, tamper } = await fixture(t);
    const { rows: [stored] } = await db.query('SELECT payload, pii_spans FROM ledger WHERE seq = 3');
    assert.equal(stored.payload, canonicalJson(JSON.parse(stored.payload)), 'schema v2 stores the canonical text');
    assert.deepEqual(JSON.parse(stored.pii_spans).map(([s, e]: number[]) => stored.payload.slice(s, e)), ['"user-3"']);
    await tamper(`UPDATE ledger SET pii_spans = '[[0,1]]' WHERE seq = 2`);
    await tamper(`UPDATE ledger SET pii_spans = 'not json' WHERE seq = 3`);
    await tamper(`UPDATE ledger SET pii_spans = NULL WHERE seq = 4`);
    assert.equal((await ledger.verify()).valid, true, 'spans are not hashed: the payload itself is what counts');
    await tamper(`UPDATE ledger SET payload = replace(payload, '"user-5"', '"user-6"') WHERE seq = 5`);
    assertBad(await ledger.verify(), 5, 'payload_tampered', /request\.user does not match its commitment/);
  });

  test('rows written before schema v2 (no spans, payload as JSON.stringify wrote it) verify beside new ones; tampering with them is named', async (t) => {
    const db = await createTestSchema(t);
    const pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${db.schema}`, max: 1 });
    t.after(() => pool.end());
    assert.deepEqual((await migratePostgres(pool, POSTGRES_MIGRATIONS.slice(0, 1))).applied, [1]);
    // Three rows exactly as the v1 writer stored them.
    let head = GENESIS_HEAD;
    for (const n of [1, 2, 3]) {
      const entry = validateEntry(makeEntry({ payload: { request: { user: `old-${n}`, input: 'plain question' }, output: { total: n } } }));
      const payloadJson = JSON.stringify(entry.payload);
      const row = linkRow(sealEntry(entry, defaultPiiDetector(entry.payload)), head, new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString());
      await pool.query(`INSERT INTO ledger (${ALL_COLUMNS.join(', ')}) VALUES (${ALL_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, rowValues(row, payloadJson));
      head = { seq: row.seq, hash: row.hash };
    }
    await pool.query('UPDATE ledger_head SET seq = $1, hash = $2', [head.seq, head.hash]);
    const ledger = await openPostgresLedger(db.options); // migrates to v2
    t.after(() => ledger.close());
    await appendInOrder(ledger, [4, 5].map((n) => makeEntry({ payload: { request: { user: `new-${n}` } } })));
    const { rows } = await db.query('SELECT seq, pii_spans FROM ledger ORDER BY seq');
    assert.deepEqual(rows.map((r) => r.pii_spans === null), [true, true, true, false, false]);
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 5]);
    await ledger.erasePii((await ledger.list({ limit: 10, offset: 0 })).rows.find((r) => r.seq === 2)!.envelope_id);
    assert.equal((await ledger.verify()).valid, true, 'an old row erased after the migration');
    await db.query('ALTER TABLE ledger DISABLE TRIGGER USER');
    await db.query(`UPDATE ledger SET payload = replace(payload, '"total":3', '"total":4') WHERE seq = 3`);
    assertBad(await ledger.verify(), 3, 'payload_tampered', /payload_digest/);
  });

  test('a range verify anchors on the row before it and names the first bad seq inside it', async (t) => {
    const { ledger, tamper } = await fixture(t);
    await tamper("UPDATE ledger SET outcome = 'approve' WHERE seq = 2");
    assert.equal((await ledger.verify({ from_seq: 3 })).valid, true);
    const covering = await ledger.verify({ from_seq: 2, to_seq: 4 });
    assert.deepEqual([covering.valid, covering.first_bad_seq, covering.rows_checked], [false, 2, 0]);
  });

  test('metadata retention refuses to delete a prefix that does not verify, and deletes nothing', async (t) => {
    const { db, ledger, tamper } = await fixture(t);
    await tamper("UPDATE ledger SET payload_digest = $1 WHERE seq = 2", ['0'.repeat(64)]);
    const result = await retireMetadata(ledger, '2999-01-01T00:00:00Z');
    assert.deepEqual([result.rows_deleted, result.anchor_seq, result.refused?.first_bad_seq], [0, null, 2]);
    assert.match(result.refused?.detail ?? '', /rows 1\.\.4 do not verify, so they are kept as evidence/);
    const { rows: [{ n }] } = await db.query('SELECT count(*)::int AS n FROM ledger');
    assert.equal(n, 5);
  });

  test('the delete trigger refuses rows no retention anchor covers, and anchors only move forward', async (t) => {
    const { db, rows } = await fixture(t);
    await assert.rejects(db.query('DELETE FROM ledger WHERE seq = 1'), /DELETE refused above the retention anchor/);
    await db.query(`INSERT INTO ledger_anchors (seq, hash, retired_at, rows_deleted) VALUES (2, $1, '2030-01-01T00:00:00.000Z', 2)`, [rows[1].hash]);
    await assert.rejects(db.query('DELETE FROM ledger WHERE seq = 3'), /DELETE refused above the retention anchor/);
    await db.query('DELETE FROM ledger WHERE seq <= 2');
    await assert.rejects(db.query(`INSERT INTO ledger_anchors (seq, hash, retired_at, rows_deleted) VALUES (1, 'x', 'y', 1)`), /only move forward/);
    await assert.rejects(db.query('DELETE FROM ledger_anchors'), /append-only/);
    await assert.rejects(db.query('UPDATE ledger_anchors SET seq = 9'), /append-only/);
  });
});

describe('postgres forgeries that only signatures reveal (store API)', { skip }, () => {
  forgeryCases(openPostgresForgeryStore, [storeVerifier]);
});
