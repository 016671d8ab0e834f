// The write path of a file ledger runs in a writer thread: appends resolve only once their
// COMMIT is visible to other connections, the main thread keeps running while the writer waits,
// failures inside the writer keep their per-entry / per-batch meaning, and detectors either
// cross to the writer (createPiiDetector) or keep sealing on the calling thread (functions).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  createPiiDetector, openSqliteLedger, type OpenLedgerOptions, type PiiDetector,
} from '../../../src/ledger/index.ts';
import { startWriterThread } from '../../../src/ledger/sqlite/sqlite-ledger-writer.ts';
import { appendTogether, type AppendRequest, type BatchAppender, type BatchResult } from '../../../src/ledger/sqlite/sqlite-batch-append.ts';
import { makeEntry } from './ledger-fixtures.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function tempDir(t: { after(fn: () => unknown): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-writer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function fileLedger(t: { after(fn: () => unknown): void }, options: Partial<OpenLedgerOptions> = {}) {
  const path = join(tempDir(t), 'ledger.db');
  const ledger = openSqliteLedger({ path, ...options });
  t.after(() => ledger.close());
  return { ledger, path };
}

describe('sqlite writer thread', () => {
  test('an append resolves only once its row is committed and visible to another connection', async (t) => {
    const { ledger, path } = fileLedger(t);
    const row = await ledger.append(makeEntry());
    const other = new DatabaseSync(path, { readOnly: true });
    t.after(() => other.close());
    const stored = other.prepare('SELECT seq, hash FROM ledger WHERE envelope_id = ?').get(row.envelope_id);
    assert.deepEqual({ ...stored }, { seq: row.seq, hash: row.hash });
  });

  test('while the writer waits for the write lock, the main thread keeps serving reads', async (t) => {
    const { ledger, path } = fileLedger(t);
    const first = await ledger.append(makeEntry());
    const blocker = new DatabaseSync(path);
    t.after(() => blocker.close());
    blocker.exec('BEGIN IMMEDIATE'); // holds the write lock, as another process could
    let settled = false;
    const pending = ledger.append(makeEntry()).finally(() => { settled = true; });
    for (let i = 0; i < 20; i += 1) await nextTurn();
    assert.equal((await ledger.get(first.envelope_id))?.seq, 1, 'reads are served meanwhile');
    assert.equal(settled, false, 'the append waits for the lock, in the writer thread');
    blocker.exec('COMMIT');
    assert.equal((await pending).seq, 2);
  });

  test('a failing statement in the writer rolls its whole batch back; the chain continues after it', async (t) => {
    const { ledger, path } = fileLedger(t);
    await ledger.append(makeEntry());
    const admin = new DatabaseSync(path);
    t.after(() => admin.close());
    admin.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON ledger WHEN NEW.envelope_id = 'boom'
      BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END`);
    const batch = await Promise.allSettled([ledger.append(makeEntry()), ledger.append(makeEntry({ envelope_id: 'boom' }))]);
    assert.deepEqual(batch.map((r) => r.status === 'rejected' && r.reason.code), ['LEDGER_WRITE_FAILED', 'LEDGER_WRITE_FAILED']);
    assert.match((batch[1] as PromiseRejectedResult).reason.message, /refused by test trigger/);
    admin.exec('DROP TRIGGER refuse_boom');
    const next = await ledger.append(makeEntry());
    assert.equal(next.seq, 2, 'nothing of the failed batch was kept');
    assert.equal((await ledger.verify()).valid, true);
  });

  test('duplicates found in the writer fail only their own append, with their own code', async (t) => {
    const { ledger } = fileLedger(t);
    const pre = await ledger.append(makeEntry({ kind: 'pre_check' }));
    const taken = await ledger.append(makeEntry());
    const results = await Promise.allSettled([
      ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id })),
      ledger.append(makeEntry({ envelope_id: taken.envelope_id })),
      ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id })),
      ledger.append(makeEntry()),
    ]);
    assert.deepEqual(results.map((r) => (r.status === 'fulfilled' ? r.value.seq : r.reason.code)),
      [3, 'LEDGER_DUPLICATE_ENVELOPE', 'LEDGER_DUPLICATE_POST_CHECK', 4]);
    assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason.name === 'LedgerError'));
  });

  test('a createPiiDetector detector is rebuilt in the writer and finds exactly what it finds here', async (t) => {
    const detect = createPiiDetector({ personalKeys: ['customer_ref'], valuePatterns: [/ACCT-\d{3}/g, /\bvip\b/i] });
    const { ledger } = fileLedger(t, { piiDetector: detect });
    const payloads = [
      { customerRef: 'c-1', memo: 'ACCT-042 and more', user: 'not personal for this detector' },
      { list: ['VIP guest', 'vipx', { 'customer-ref': { id: 7 } }], empty: { customer_ref: '' } },
      { nothing: 'here', n: 1 },
    ];
    for (const payload of payloads) {
      const row = await ledger.append(makeEntry({ payload }));
      assert.deepEqual(row.pii_paths, [...detect(payload)].sort());
      assert.deepEqual((await ledger.get(row.envelope_id))?.pii_paths, row.pii_paths);
    }
    assert.equal((await ledger.verify()).valid, true);
  });

  test('a hand-written detector function seals on the calling thread: its errors still reject that append alone', async (t) => {
    const boom = new TypeError('detector broke');
    const detect: PiiDetector = (payload) => {
      if (payload.explode) throw boom;
      return payload.secret === undefined ? [] : ['secret', 'missing.path'].slice(0, payload.secret === 'bad' ? 2 : 1);
    };
    const { ledger } = fileLedger(t, { piiDetector: detect });
    const results = await Promise.allSettled([
      ledger.append(makeEntry({ payload: { secret: 's3cret' } })),
      ledger.append(makeEntry({ payload: { explode: true } })),
      ledger.append(makeEntry({ payload: { secret: 'bad' } })),
    ]);
    assert.equal(results[0].status === 'fulfilled' && results[0].value.pii_paths.join(), 'secret');
    assert.equal(results[1].status === 'rejected' && results[1].reason, boom);
    assert.equal(results[2].status === 'rejected' && results[2].reason.code, 'LEDGER_INVALID_PII_PATH');
    assert.equal((await ledger.verify()).rows_checked, 1);
  });

  test('the row an append returns reads back the same, payload included', async (t) => {
    const { ledger } = fileLedger(t);
    const original = { request: { user: 'ann', note: 'x'.repeat(50) }, nested: [{ a: 1 }, null, true], when: new Date(Date.UTC(2030, 0, 1)) };
    const row = await ledger.append(makeEntry({ payload: original }));
    assert.deepEqual(row.payload, JSON.parse(JSON.stringify(original)));
    original.request.user = 'changed after the append';
    assert.equal((row.payload as { request: { user: string } }).request.user, 'ann', 'the row does not share the caller\'s object');
    assert.deepEqual(await ledger.get(row.envelope_id), row);
    assert.deepEqual(JSON.parse(JSON.stringify(row)), JSON.parse(JSON.stringify(await ledger.get(row.envelope_id))), 'serializes the same');
  });

  test('writer must be thread or main, and an in-memory database cannot use a thread', () => {
    for (const path of [':memory:', 'file::memory:', 'file:mem1?mode=memory&cache=shared']) {
      assert.throws(() => openSqliteLedger({ path, writer: 'thread' }), { code: 'LEDGER_INVALID_ARGUMENT' }, path);
    }
    assert.throws(() => openSqliteLedger({ path: ':memory:', writer: 'elsewhere' as 'main' }), { code: 'LEDGER_INVALID_ARGUMENT' });
  });

  test('a writer thread that dies fails its batch as a result, and the next batch starts a new thread', async (t) => {
    const dir = tempDir(t);
    const writer = startWriterThread(dir, undefined); // a directory: the thread cannot open it and dies
    const first = await writer.write([]);
    assert.equal(first.ok, false);
    assert.match(first.ok ? '' : first.detail, /writer thread stopped/);
    const second = await writer.write([]);
    assert.equal(second.ok, false, 'a new thread was started, and it fails the same way');
    await writer.close();
  });

  test('batches that queue while the writer is busy are all committed, each answered with its own rows', async (t) => {
    const { ledger, path } = fileLedger(t);
    await ledger.append(makeEntry());
    const blocker = new DatabaseSync(path);
    t.after(() => blocker.close());
    blocker.exec('BEGIN IMMEDIATE');
    // Several turns, so the main thread hands over several batches (it keeps up to four in
    // flight); the writer is stuck on the first, the others wait in its port and share a commit.
    const duplicate = makeEntry();
    const pending: Promise<unknown>[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      pending.push(ledger.append(makeEntry()), ledger.append(turn === 2 ? duplicate : makeEntry()));
      await nextTurn();
    }
    pending.push(ledger.append(duplicate));
    blocker.exec('COMMIT');
    const settled = await Promise.allSettled(pending);
    const refused = settled.filter((s) => s.status === 'rejected');
    assert.equal(refused.length, 1, 'only the repeated envelope is refused');
    assert.equal((refused[0] as PromiseRejectedResult).reason.code, 'LEDGER_DUPLICATE_ENVELOPE');
    const seqs = settled.flatMap((s) => (s.status === 'fulfilled' ? [(s.value as { seq: number }).seq] : [])).sort((a, b) => a - b);
    assert.deepEqual(seqs, [2, 3, 4, 5, 6, 7, 8, 9], 'every other append has its own seq, no gap');
    assert.equal((await ledger.verify()).valid, true);
  });
});

describe('appendTogether', () => {
  const request = (id: string) => ({ meta: { envelope_id: id }, payloadJson: '{}', createdAt: '2026-01-01T00:00:00.000Z' }) as unknown as AppendRequest;
  const ok = (id: string) => ({ ok: true as const, seq: Number(id), prev_hash: 'p', hash: `h${id}`, pii_paths: [], payload_digest: 'd' });

  test('one append for all the batches, outcomes split back per batch', () => {
    const calls: string[][] = [];
    const appender: BatchAppender = {
      append: (batch) => {
        calls.push(batch.map((r) => r.meta.envelope_id));
        return { ok: true, outcomes: batch.map((r) => ok(r.meta.envelope_id)), head: { seq: 5, hash: 'h5' } };
      },
    };
    const results = appendTogether(appender, [[request('1'), request('2')], [request('3')], [request('4'), request('5')]]);
    assert.deepEqual(calls, [['1', '2', '3', '4', '5']]);
    assert.deepEqual(results.map((r) => (r.ok ? r.outcomes.map((o) => (o.ok ? o.seq : 0)) : null)), [[1, 2], [3], [4, 5]]);
  });

  test('a failed transaction fails every batch in it', () => {
    const failed: BatchResult = { ok: false, detail: 'disk I/O error', head: null };
    const results = appendTogether({ append: () => failed }, [[request('1')], [request('2'), request('3')]]);
    assert.deepEqual(results, [failed, failed]);
  });
});
