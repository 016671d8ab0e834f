// The auditor's script for the PostgreSQL ledger in docs/ledger.md (rows as JSON lines from psql,
// checkpoints checked with the auditor's public key) must keep agreeing with verify(): this test
// extracts it and runs the documented psql pipeline on a real schema, then on tampered data.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkpointHead, loadCheckpointSigner, openPostgresLedger, retireMetadata } from '../../../src/ledger/index.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../../helpers/postgres.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';

const { skip } = await probePostgres();
const run = promisify(execFile);
const DOC = new URL('../../../docs/ledger.md', import.meta.url);

function extractScript(): string {
  const match = /```js\n(\/\/ verify-ledger-stream\.mjs[\s\S]*?)```/.exec(readFileSync(DOC, 'utf8'));
  assert.ok(match, 'docs/ledger.md holds the verify-ledger-stream.mjs block');
  return match[1];
}

/** The documented pipeline: psql prints one row_to_json line per row, the script reads stdin. */
async function audit(db: TestSchema, script: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const { stdout: rows } = await run('psql', [db.url, '-XAt', '-v', 'FETCH_COUNT=10000', '-c', 'SELECT row_to_json(l) FROM ledger l ORDER BY seq'], {
    env: { ...process.env, PGOPTIONS: `-c search_path=${db.schema}` }, maxBuffer: 64 * 1024 * 1024,
  });
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
  child.stdin.end(rows);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out: out.trim() };
}

/** The documented script written to a fresh folder (which the test may use for key files too). */
function scriptInTempDir(t: { after(fn: () => unknown): void }): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-recipe-pg-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dir, 'verify-ledger-stream.mjs');
  writeFileSync(script, extractScript());
  return { dir, script };
}

describe('the documented PostgreSQL verification script', { skip }, () => {
  test('agrees with verify(), checks checkpoints with the auditor\'s key, then catches tampering and truncation', async (t) => {
    const { dir, script } = scriptInTempDir(t);
    const db = await createTestSchema(t);
    let tick = Date.UTC(2030, 0, 1);
    const ledger = await openPostgresLedger({ ...db.options, now: () => new Date(tick++) });
    t.after(() => ledger.close());
    const rows = await appendInOrder(ledger, Array.from({ length: 6 }, (_, i) => makeEntry({
      outcome: i % 2 ? 'escalate' : 'approve', risk_score: i / 3,
      review_deadline: i % 2 ? '2030-01-01T00:00:00Z' : null,
      payload: { request: { user: `u${i}`, input: `mail x${i}@example.com` }, 'odd.key': { email: 'e@example.com' }, list: [{ n: i, f: 1e21 }] },
    })));
    await ledger.erasePii(rows[1].envelope_id);
    assert.equal(await ledger.expirePayloads(rows[1].created_at), 1, 'row 1 expires');
    const signer = await loadCheckpointSigner({ generatedKeyPath: join(dir, 'gateway-key.jwk') });
    await checkpointHead(ledger, signer);
    const report = await ledger.verify();
    assert.equal(report.valid, true);
    const keyFile = join(dir, 'auditor-key.jwk');
    writeFileSync(keyFile, JSON.stringify(signer.publicJwk));
    const checkpointsFile = join(dir, 'checkpoints.txt');
    writeFileSync(checkpointsFile, (await ledger.checkpoints({ limit: 10, offset: 0 })).map((c) => c.jws).join('\n') + '\n');

    assert.deepEqual(await audit(db, script, []), { code: 0, out: `valid: 6 rows, head ${report.head_hash}, 0 checkpoint(s) matched` });
    assert.deepEqual(await audit(db, script, [keyFile, checkpointsFile]), { code: 0, out: `valid: 6 rows, head ${report.head_hash}, 1 checkpoint(s) matched` });

    await db.query('ALTER TABLE ledger DISABLE TRIGGER USER');
    await db.query(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{list,0,n}', '99')::text WHERE seq = 4`);
    assert.deepEqual(await audit(db, script, []), { code: 1, out: 'seq 4: payload_tampered' });
    await db.query(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{list,0,n}', '3')::text WHERE seq = 4`);
    await db.query('DELETE FROM ledger WHERE seq = 6');
    assert.deepEqual((await audit(db, script, [])).code, 0, 'without a checkpoint, a truncated end looks like a shorter chain');
    assert.deepEqual(await audit(db, script, [keyFile, checkpointsFile]), { code: 1, out: 'seq 6: missing_signed_rows' });
  });

  test('after metadata retention the script starts at the signed anchor, and refuses an unsigned start', async (t) => {
    const { dir, script } = scriptInTempDir(t);
    const db = await createTestSchema(t);
    let tick = Date.UTC(2030, 0, 1);
    const ledger = await openPostgresLedger({ ...db.options, now: () => new Date(tick += 1000) });
    t.after(() => ledger.close());
    const rows = await appendInOrder(ledger, Array.from({ length: 6 }, () => makeEntry()));
    const signer = await loadCheckpointSigner({ generatedKeyPath: join(dir, 'gateway-key.jwk') });
    const retired = await retireMetadata(ledger, rows[3].created_at, { signer });
    assert.deepEqual([retired.rows_deleted, retired.anchor_seq, retired.checkpoint_seq], [3, 3, 3]);
    const keyFile = join(dir, 'auditor-key.jwk');
    writeFileSync(keyFile, JSON.stringify(signer.publicJwk));
    const checkpointsFile = join(dir, 'checkpoints.txt');
    writeFileSync(checkpointsFile, (await ledger.checkpoints({ limit: 10, offset: 0 })).map((c) => c.jws).join('\n') + '\n');

    assert.deepEqual(await audit(db, script, [keyFile, checkpointsFile]), {
      code: 0, out: `valid: 6 rows, head ${rows[5].hash}, 1 checkpoint(s) matched (from seq 4: rows before it were retired at a signed checkpoint)`,
    });
    assert.deepEqual(await audit(db, script, []), { code: 1, out: 'seq 1: seq_gap' }, 'an unsigned start is not trusted');
  });
});
