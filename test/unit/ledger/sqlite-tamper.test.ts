// Someone with write access to the SQLite file changes it behind the gateway's back (dropping
// the append-only triggers first). verify() must name the first bad seq and the problem, and
// must still accept what erasure and expiry do by policy.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { openSqliteLedger, retireMetadata, rowHash, type Ledger, type LedgerRow, type VerifyReport } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';
import { forgeryCases, storeVerifier } from './ledger-contract-forgeries.ts';
import { openSqliteForgeryStore } from './forgery-stores.ts';

interface Fixture {
  ledger: Ledger;
  rows: LedgerRow[];
  tamper(sql: string, ...params: SQLInputValue[]): void;
  readStored(seq: number): Record<string, unknown>;
}

async function fixture(t: { after(fn: () => unknown): void }): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-tamper-'));
  const path = join(dir, 'ledger.db');
  const ledger = openSqliteLedger({ path });
  t.after(async () => { await ledger.close(); rmSync(dir, { recursive: true, force: true }); });
  const rows = await appendInOrder(ledger, [1, 2, 3, 4, 5].map((n) => makeEntry({
    outcome: 'block',
    payload: { request: { user: `user-${n}`, input: 'plain question' }, output: { total: n, note: 'ok' } },
  })));
  const tamper = (sql: string, ...params: SQLInputValue[]) => {
    const db = new DatabaseSync(path);
    try {
      db.exec('DROP TRIGGER IF EXISTS ledger_no_delete; DROP TRIGGER IF EXISTS ledger_no_rewrite;');
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  };
  const readStored = (seq: number) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return { ...db.prepare('SELECT * FROM ledger WHERE seq = ?').get(seq) };
    } finally {
      db.close();
    }
  };
  return { ledger, rows, tamper, readStored };
}

function assertBad(report: VerifyReport, seq: number, problem: VerifyReport['problem'], detail: RegExp): void {
  assert.deepEqual([report.valid, report.first_bad_seq, report.problem], [false, seq, problem], report.detail ?? '');
  assert.match(report.detail ?? '', detail);
  assert.equal(report.rows_checked, seq - 1, 'rows before the bad one were verified');
}

test('(a) a changed metadata column breaks that row\'s hash', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET outcome = 'approve' WHERE seq = 3");
  assertBad(await ledger.verify(), 3, 'hash_mismatch', /hash/);
});

test('(a) a changed row whose hash was recomputed breaks the link of the next row', async (t) => {
  const { ledger, tamper, readStored } = await fixture(t);
  const stored = readStored(3);
  const forged = { ...stored, outcome: 'approve' as const, pii_commitments: JSON.parse(stored.pii_commitments as string) };
  tamper('UPDATE ledger SET outcome = ?, hash = ? WHERE seq = 3', 'approve', rowHash(forged as never));
  assertBad(await ledger.verify(), 4, 'prev_hash_mismatch', /prev_hash .* row 3/);
});

test('(b) a changed payload value no longer matches payload_digest', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET payload = json_set(payload, '$.output.total', 999) WHERE seq = 2");
  assertBad(await ledger.verify(), 2, 'payload_tampered', /payload_digest/);
});

test('(c) a PII value made to look erased, on a row that was not erased, fails its commitment', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET payload = json_set(payload, '$.request.user', '[erased]') WHERE seq = 4");
  assertBad(await ledger.verify(), 4, 'payload_tampered', /request\.user does not match its commitment/);
});

test('(c) faking an erasure that leaves a different value behind is tampering', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET payload = json_set(payload, '$.request.user', 'mallory'), pii_salts = NULL, payload_state = 'erased' WHERE seq = 4");
  assertBad(await ledger.verify(), 4, 'payload_tampered', /erased row holds a value other than \[erased\]/);
});

test('(c) a value written into an erased leaf after a genuine erasure is tampering', async (t) => {
  const { ledger, rows, tamper } = await fixture(t);
  await ledger.erasePii(rows[1].envelope_id);
  assert.equal((await ledger.verify()).valid, true);
  tamper("UPDATE ledger SET payload = json_set(payload, '$.request.user', 'someone-else') WHERE seq = 2");
  assertBad(await ledger.verify(), 2, 'payload_tampered', /request\.user/);
});

test('(d) a deleted row is a seq gap at the missing seq', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper('DELETE FROM ledger WHERE seq = 3');
  assertBad(await ledger.verify(), 3, 'seq_gap', /expected seq 3, found 4/);
});

test('(d) a row deleted from the end while the gateway runs is a seq gap too', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper('DELETE FROM ledger WHERE seq = 5');
  assertBad(await ledger.verify(), 5, 'seq_gap', /rows 5\.\.5 are missing/);
});

test('a payload dropped without marking the row expired is tampering', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper('UPDATE ledger SET payload = NULL WHERE seq = 2');
  assertBad(await ledger.verify(), 2, 'payload_tampered', /payload is missing but payload_state is present/);
});

test('a payload given a duplicate key (SQL reads the first, JSON.parse the last) is tampering', async (t) => {
  const { ledger, tamper, readStored } = await fixture(t);
  // SQLite's json_extract (the reliability history, analytics) reads the first of two equal keys and
  // JSON.parse the last, so a forged first key changes what SQL sees while the parsed payload still
  // matches payload_digest.
  const original = readStored(3).payload as string;
  const forged = `{"output":{"total":999,"note":"forged"},${original.slice(1)}`;
  tamper('UPDATE ledger SET payload = ? WHERE seq = 3', forged);
  const db = new DatabaseSync(':memory:');
  assert.equal(db.prepare("SELECT json_extract(?, '$.output.total') AS total").get(forged)?.total, 999, 'SQL reads the forged value');
  db.close();
  assertBad(await ledger.verify(), 3, 'payload_tampered', /duplicate key/);
});

test('a payload rewritten in another key order, or padded with whitespace: the same value is accepted, padding is not', async (t) => {
  const { ledger, tamper, readStored } = await fixture(t);
  const parsed = JSON.parse(readStored(2).payload as string) as Record<string, unknown>;
  tamper('UPDATE ledger SET payload = ? WHERE seq = 2', JSON.stringify({ output: parsed.output, request: parsed.request }));
  assert.equal((await ledger.verify()).valid, true, 'every reader sees the same value');
  tamper('UPDATE ledger SET payload = ? WHERE seq = 2', JSON.stringify(parsed, null, 1));
  assertBad(await ledger.verify(), 2, 'payload_tampered', /not the text/);
});

test('a payload column that is not JSON is reported, not thrown', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET payload = '{not json' WHERE seq = 3");
  assertBad(await ledger.verify(), 3, 'payload_tampered', /does not decode/);
});

test('a range verify only sees tampering inside the range (it trusts its anchor)', async (t) => {
  const { ledger, tamper } = await fixture(t);
  tamper("UPDATE ledger SET outcome = 'approve' WHERE seq = 2");
  assert.equal((await ledger.verify({ from_seq: 3 })).valid, true);
  const covering = await ledger.verify({ from_seq: 2, to_seq: 4 });
  assert.deepEqual([covering.valid, covering.first_bad_seq, covering.rows_checked], [false, 2, 0]);
});

test('metadata retention refuses to delete a prefix that does not verify, and deletes nothing', async (t) => {
  const { ledger, rows, tamper, readStored } = await fixture(t);
  tamper("UPDATE ledger SET outcome = 'approve' WHERE seq = 3");
  const result = await retireMetadata(ledger, '2999-01-01T00:00:00Z');
  assert.deepEqual([result.rows_deleted, result.anchor_seq, result.first_seq, result.refused?.first_bad_seq, result.refused?.problem], [0, null, 1, 3, 'hash_mismatch']);
  assert.match(result.refused?.detail ?? '', /rows 1\.\.4 do not verify, so they are kept as evidence/);
  assert.equal(await ledger.anchor(), null);
  assert.equal(readStored(1).envelope_id, rows[0].envelope_id, 'row 1 is still there');
});

describe('sqlite forgeries that only signatures reveal (store API)', () => {
  forgeryCases(openSqliteForgeryStore, [storeVerifier]);
});
