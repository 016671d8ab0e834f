// The independent verification script in docs/ledger.md must keep agreeing with verify():
// this test extracts it, runs it on a real ledger file, then on a tampered copy.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { openSqliteLedger, retireMetadata } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';

const run = promisify(execFile);
const DOC = new URL('../../../docs/ledger.md', import.meta.url);

function extractScript(): string {
  const markdown = readFileSync(DOC, 'utf8');
  const match = /```js\n(\/\/ verify-ledger\.mjs[\s\S]*?)```/.exec(markdown);
  assert.ok(match, 'docs/ledger.md holds the verify-ledger.mjs block');
  return match[1];
}

async function runScript(script: string, dbPath: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [script, dbPath]);
    return { code: 0, out: stdout.trim() };
  } catch (err) {
    const failure = err as { code: number; stdout: string };
    return { code: failure.code, out: failure.stdout.trim() };
  }
}

/** The documented script written to a fresh folder, and where the test's ledger file goes. */
function scriptInTempDir(t: { after(fn: () => unknown): void }): { script: string; dbPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-recipe-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dir, 'verify-ledger.mjs');
  writeFileSync(script, extractScript());
  return { script, dbPath: join(dir, 'ledger.db') };
}

test('the documented verification script agrees with verify(), then catches tampering', async (t) => {
  const { script, dbPath } = scriptInTempDir(t);

  let tick = Date.UTC(2030, 0, 1);
  const ledger = openSqliteLedger({ path: dbPath, now: () => new Date(tick++) });
  const rows = await appendInOrder(ledger, Array.from({ length: 6 }, (_, i) => makeEntry({
    outcome: i % 2 ? 'escalate' : 'approve',
    review_deadline: i % 2 ? '2030-01-01T00:00:00Z' : null,
    payload: { request: { user: `u${i}`, input: `mail x${i}@example.com` }, 'odd.key': { email: 'e@example.com' }, list: [{ n: i }] },
  })));
  await ledger.erasePii(rows[1].envelope_id);
  assert.equal(await ledger.expirePayloads(rows[1].created_at), 1, 'row 1 expires');
  const report = await ledger.verify();
  await ledger.close();
  assert.equal(report.valid, true);

  const clean = await runScript(script, dbPath);
  assert.deepEqual(clean, { code: 0, out: `valid: 6 rows, head ${report.head_hash}` });

  const db = new DatabaseSync(dbPath);
  db.exec('DROP TRIGGER ledger_no_rewrite');
  // A duplicate key first: json_extract reads it, JSON.parse (and the digest) the original after it.
  const original = (db.prepare('SELECT payload FROM ledger WHERE seq = 3').get() as { payload: string }).payload;
  db.prepare('UPDATE ledger SET payload = ? WHERE seq = 3').run(`{"list":[{"n":99}],${original.slice(1)}`);
  assert.deepEqual(await runScript(script, dbPath), { code: 1, out: 'seq 3: payload_tampered' });
  assert.equal((await ledgerVerify(dbPath)).first_bad_seq, 3);
  db.prepare('UPDATE ledger SET payload = ? WHERE seq = 3').run(original);
  db.exec(`UPDATE ledger SET payload = json_set(payload, '$.list[0].n', 99) WHERE seq = 4`);
  db.close();
  assert.deepEqual(await runScript(script, dbPath), { code: 1, out: 'seq 4: payload_tampered' });
});

async function ledgerVerify(path: string) {
  const ledger = openSqliteLedger({ path, writer: 'main' });
  try {
    return await ledger.verify();
  } finally {
    await ledger.close();
  }
}

test('after metadata retention the documented script starts from the anchor', async (t) => {
  const { script, dbPath } = scriptInTempDir(t);
  let tick = Date.UTC(2030, 0, 1);
  const ledger = openSqliteLedger({ path: dbPath, now: () => new Date(tick += 1000) });
  const rows = await appendInOrder(ledger, Array.from({ length: 5 }, () => makeEntry()));
  assert.equal((await retireMetadata(ledger, rows[2].created_at)).rows_deleted, 2);
  await ledger.close();
  assert.deepEqual(await runScript(script, dbPath), { code: 0, out: `valid: 5 rows, head ${rows[4].hash}` });

  const db = new DatabaseSync(dbPath);
  db.exec('DROP TRIGGER ledger_anchors_no_update');
  db.exec(`UPDATE ledger_anchors SET hash = '${'f'.repeat(64)}'`);
  db.close();
  assert.deepEqual(await runScript(script, dbPath), { code: 1, out: 'seq 3: prev_hash_mismatch' });
});
