import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { LEDGER_APPEND_CHANNEL, openSqliteLedger, type OpenLedgerOptions } from '../../../src/ledger/index.ts';
import { migrate, SQLITE_MIGRATIONS } from '../../../src/ledger/sqlite/sqlite-schema.ts';
import { ledgerContractSuite } from './ledger-contract.ts';
import { appendInOrder, makeEntry } from './ledger-fixtures.ts';

function tempLedgerPath(): { path: string; removeDir(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-test-'));
  // A missing nested directory: openSqliteLedger must create it.
  return { path: join(dir, 'nested', 'ledger.db'), removeDir: () => rmSync(dir, { recursive: true, force: true }) };
}

ledgerContractSuite('sqlite file', async (options) => {
  const { path, removeDir } = tempLedgerPath();
  const ledger = openSqliteLedger({ path, ...options });
  return { ledger, cleanup: async () => { await ledger.close(); removeDir(); } };
});

ledgerContractSuite('sqlite file, writer on the main thread', async (options) => {
  const { path, removeDir } = tempLedgerPath();
  const ledger = openSqliteLedger({ path, writer: 'main', ...options });
  return { ledger, cleanup: async () => { await ledger.close(); removeDir(); } };
});

ledgerContractSuite('sqlite :memory:', async (options) => {
  const ledger = openSqliteLedger({ path: ':memory:', ...options });
  return { ledger, cleanup: () => ledger.close() };
});

/** Opens a ledger on a temp file; `cleanup` closes it and removes the directory. */
function fileLedger(t: { after(fn: () => unknown): void }, options: Partial<OpenLedgerOptions> = {}) {
  const { path, removeDir } = tempLedgerPath();
  const ledger = openSqliteLedger({ path, ...options });
  t.after(async () => { await ledger.close(); removeDir(); });
  return { ledger, path };
}

describe('sqlite store: durability', () => {
  test('rows and the chain head survive close and reopen; appends continue the chain', async (t) => {
    const { ledger, path } = fileLedger(t);
    const before = await appendInOrder(ledger, [makeEntry(), makeEntry(), makeEntry()]);
    await ledger.close();

    const reopened = openSqliteLedger({ path });
    t.after(() => reopened.close());
    assert.deepEqual(await reopened.get(before[1].envelope_id), before[1]);
    const next = await reopened.append(makeEntry());
    assert.deepEqual([next.seq, next.prev_hash], [4, before[2].hash]);
    const report = await reopened.verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 4]);
  });

  test('the schema is versioned in schema_migrations and the journal is WAL', async (t) => {
    const { ledger, path } = fileLedger(t);
    await ledger.append(makeEntry());
    const db = new DatabaseSync(path);
    t.after(() => db.close());
    assert.deepEqual(db.prepare('SELECT version FROM schema_migrations').all().map((r) => r.version), [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]);
    assert.equal(db.prepare('PRAGMA journal_mode').get()?.journal_mode, 'wal');
  });

  test('pending migrations apply together: a file at an older version upgrades, and one that fails leaves the file as it was', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'govgate-migrate-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const db = new DatabaseSync(join(dir, 'ledger.db'));
    t.after(() => db.close());
    // A file written by a release that knew migrations up to 4.
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
    for (const migration of SQLITE_MIGRATIONS.filter((m) => m.version <= 4)) {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.version, migration.description, 'then');
    }
    const versions = () => db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((r) => r.version);
    // Migration 5 creates judge_jobs: a table of that name already there makes it fail.
    db.exec('CREATE TABLE judge_jobs (id INTEGER)');
    assert.throws(() => migrate(db), /judge_jobs/);
    assert.deepEqual(versions(), [1, 2, 3, 4]);
    assert.equal(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'report_jobs'").get()?.n, 0, 'nothing of a later migration stays');
    db.exec('DROP TABLE judge_jobs');
    assert.equal(migrate(db), SQLITE_MIGRATIONS.at(-1)!.version);
    assert.deepEqual(versions(), SQLITE_MIGRATIONS.map((m) => m.version));
    assert.equal(migrate(db), SQLITE_MIGRATIONS.at(-1)!.version, 'a current file is left alone');
  });

  test('a new file takes a cheaper road to the same schema (withLater) as a file upgraded one migration at a time', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'govgate-schema-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const fresh = new DatabaseSync(join(dir, 'fresh.db'));
    const stepwise = new DatabaseSync(join(dir, 'stepwise.db'));
    t.after(() => { fresh.close(); stepwise.close(); });
    migrate(fresh);
    // Each migration's own SQL, as a file that saw each release would have run it.
    stepwise.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
    for (const migration of SQLITE_MIGRATIONS) {
      stepwise.exec(migration.sql);
      stepwise.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.version, migration.description, 'then');
    }
    assert.ok(SQLITE_MIGRATIONS.some((m) => m.withLater), 'a migration takes a shortcut');
    const schema = (db: DatabaseSync) => {
      const objects = db.prepare("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
      const tables = objects.filter((o) => o.type === 'table').map((o) => [o.name, db.prepare(`PRAGMA table_xinfo(${String(o.name)})`).all()]);
      const indexes = objects.filter((o) => o.type === 'index').map((o) => [o.name, db.prepare(`PRAGMA index_xinfo(${String(o.name)})`).all()]);
      const rows = db.prepare('SELECT * FROM analytics_rollup').all();
      return { objects, tables, indexes, rows, versions: db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() };
    };
    assert.deepEqual(schema(fresh), schema(stepwise));
  });

  test('triggers refuse DELETE and UPDATE of hashed columns', async (t) => {
    const { ledger, path } = fileLedger(t);
    await ledger.append(makeEntry());
    const db = new DatabaseSync(path);
    t.after(() => db.close());
    assert.throws(() => db.exec('DELETE FROM ledger'), /append-only/);
    assert.throws(() => db.exec("UPDATE ledger SET outcome = 'block'"), /append-only/);
    db.exec("UPDATE ledger SET payload_state = payload_state"); // payload columns stay writable (erasure, expiry)
  });
});

describe('sqlite store: erasure and expiry in the file', () => {
  test('erasure deletes the salts (they would allow guessing the erased values) and expiry deletes the payload', async (t) => {
    const { ledger, path } = fileLedger(t);
    const [first, second] = await appendInOrder(ledger, [makeEntry(), makeEntry()]);
    const db = new DatabaseSync(path, { readOnly: true });
    t.after(() => db.close());
    const raw = db.prepare('SELECT payload, pii_salts, pii_commitments, payload_state FROM ledger WHERE seq = ?');
    const before = raw.get(1);
    assert.deepEqual(Object.keys(JSON.parse(String(before?.pii_salts))), ['request.user']);

    await ledger.erasePii(first.envelope_id);
    const afterErase = raw.get(1);
    assert.deepEqual([afterErase?.pii_salts, afterErase?.payload_state], [null, 'erased']);
    assert.equal(afterErase?.pii_commitments, before?.pii_commitments);
    assert.doesNotMatch(String(afterErase?.payload), /alice/);

    await ledger.expirePayloads(new Date(Date.parse(second.created_at) + 1).toISOString());
    const afterExpiry = raw.get(2);
    assert.deepEqual([afterExpiry?.payload, afterExpiry?.pii_salts, afterExpiry?.payload_state], [null, null, 'expired']);
  });
});

describe('sqlite store: group commit', () => {
  test('appends of one event-loop turn share one transaction, reported on gateway:ledger:append', async (t) => {
    const { ledger } = fileLedger(t, { maxBatch: 4 });
    const events: Array<{ batchSize: number; durationMs: number; store: string }> = [];
    const listener = (message: unknown) => { events.push(message as (typeof events)[number]); };
    diagnostics_channel.subscribe(LEDGER_APPEND_CHANNEL, listener);
    t.after(() => diagnostics_channel.unsubscribe(LEDGER_APPEND_CHANNEL, listener));
    await Promise.all(Array.from({ length: 10 }, () => ledger.append(makeEntry())));
    assert.deepEqual(events.map((e) => [e.batchSize, e.store]), [[4, 'sqlite'], [4, 'sqlite'], [2, 'sqlite']]);
    assert.ok(events.every((e) => typeof e.durationMs === 'number' && e.durationMs >= 0));
  });

  test('a failed batch rejects all its entries, rolls back, and the chain continues from the database', async (t) => {
    let failNext = false;
    const now = () => {
      if (failNext) { failNext = false; throw new Error('clock broke'); }
      return new Date();
    };
    const { ledger } = fileLedger(t, { now });
    await appendInOrder(ledger, [makeEntry(), makeEntry()]);
    failNext = true;
    const failed = await Promise.allSettled([ledger.append(makeEntry()), ledger.append(makeEntry())]);
    assert.deepEqual(failed.map((r) => r.status === 'rejected' && r.reason.code), ['LEDGER_WRITE_FAILED', 'LEDGER_WRITE_FAILED']);
    assert.equal((await ledger.list({ limit: 10, offset: 0 })).total, 2, 'nothing of the failed batch was kept');
    const next = await ledger.append(makeEntry());
    assert.equal(next.seq, 3);
    assert.equal((await ledger.verify()).valid, true);
  });

  test('a second process appending to the same file does not fork the chain', async (t) => {
    const { ledger: first, path } = fileLedger(t);
    const second = openSqliteLedger({ path });
    t.after(() => second.close());
    await first.append(makeEntry());
    await second.append(makeEntry());
    const third = await first.append(makeEntry());
    assert.equal(third.seq, 3);
    const report = await second.verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 3]);
  });
});
