// Many writers on one PostgreSQL chain, as several gateway processes would be: each ledger here
// has its own pool and writer connection, which is all PostgreSQL sees of a process. Migration
// races, concurrent appends, the one-post-check rule across writers, exclusive jobs, NOTIFY,
// a killed writer connection, and retention's watermark.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { migratePostgres, openPostgresLedger, POSTGRES_SCHEMA_VERSION, type PostgresLedger } from '../../../src/ledger/index.ts';
import { POSTGRES_MIGRATIONS } from '../../../src/ledger/postgres/postgres-migrations.ts';
import { serverLinksLikeUs } from '../../../src/ledger/postgres/postgres-batch-append.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../../helpers/postgres.ts';
import { makeEntry } from './ledger-fixtures.ts';

const { skip } = await probePostgres();

async function fleet(t: { after(fn: () => unknown): void }, size: number, db?: TestSchema): Promise<{ db: TestSchema; ledgers: PostgresLedger[] }> {
  db ??= await createTestSchema(t);
  const ledgers: PostgresLedger[] = [];
  for (let i = 0; i < size; i += 1) ledgers.push(await openPostgresLedger({ ...db.options, applicationName: `gg-test-${db.schema}` }));
  t.after(() => Promise.all(ledgers.map((ledger) => ledger.close())));
  return { db, ledgers };
}

describe('postgres fleet', { skip }, () => {
  test('ten processes migrating a new schema at once: one applies, the others find it done', async (t) => {
    const db = await createTestSchema(t);
    const pools = Array.from({ length: 10 }, () => new pg.Pool({ connectionString: db.url, options: `-c search_path=${db.schema}`, max: 1 }));
    t.after(() => Promise.all(pools.map((pool) => pool.end())));
    const reports = await Promise.all(pools.map((pool) => migratePostgres(pool)));
    assert.equal(reports.filter((r) => r.applied.length > 0).length, 1);
    assert.ok(reports.every((r) => r.to === POSTGRES_SCHEMA_VERSION && r.schema === db.schema));
    const { rows } = await db.query('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(rows.map((r) => r.version), POSTGRES_MIGRATIONS.map((migration) => migration.version));
  });

  test('four writers appending at once build one chain: no fork, no gap, no duplicate seq', async (t) => {
    const { ledgers } = await fleet(t, 4);
    const rows = (await Promise.all(ledgers.map((ledger) => Promise.all(Array.from({ length: 300 }, () => ledger.append(makeEntry())))))).flat();
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    assert.deepEqual(seqs, Array.from({ length: 1200 }, (_, i) => i + 1));
    const report = await ledgers[0].verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 1200]);
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    for (const row of rows) if (row.seq > 1) assert.ok(byHash.has(row.prev_hash), `row ${row.seq} links to an acknowledged row`);
  });

  test('batches the server links and batches a writer links itself (server without ledger_link_hashes) form one valid chain', async (t) => {
    const db = await createTestSchema(t);
    const probe = async (): Promise<boolean> => {
      const client = new pg.Client({ connectionString: db.url, options: `-c search_path=${db.schema}` });
      await client.connect();
      try { return await serverLinksLikeUs(client); } finally { await client.end(); }
    };
    const appendWith = async (n: number): Promise<void> => {
      const ledger = await openPostgresLedger(db.options);
      await Promise.all(Array.from({ length: n }, (_, i) => ledger.append(makeEntry({ kind: i === 0 ? 'kill_switch' : 'validate', payload: { user: `u${i}`, note: 'é €' } }))));
      await ledger.close();
    };
    await appendWith(20);
    assert.equal(await probe(), true);
    await db.query('ALTER FUNCTION ledger_link_hashes(bigint, text, text[], text[]) RENAME TO ledger_link_hashes_off');
    assert.equal(await probe(), false, 'without the function the writer links');
    await appendWith(20);
    await db.query('ALTER FUNCTION ledger_link_hashes_off(bigint, text, text[], text[]) RENAME TO ledger_link_hashes');
    await appendWith(20);
    const ledger = await openPostgresLedger(db.options);
    t.after(() => ledger.close());
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 60]);
  });

  test('two writers post-checking the same pre-check at the same moment: exactly one post-check row', async (t) => {
    const { ledgers: [a, b] } = await fleet(t, 2);
    for (let round = 0; round < 20; round += 1) {
      const pre = await a.append(makeEntry({ kind: 'pre_check', action: 'pay' }));
      const results = await Promise.allSettled([a, b].map((ledger) => ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id }))));
      assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      assert.equal(refused.reason.code, 'LEDGER_DUPLICATE_POST_CHECK');
    }
    const { total } = await a.list({ kind: 'post_check', limit: 1, offset: 0 });
    assert.equal(total, 20);
    assert.equal((await b.verify()).valid, true);
  });

  test('an exclusive job runs in one process at a time', async (t) => {
    const { ledgers: [a, b] } = await fleet(t, 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const first = a.runExclusive('retention', async () => { started(); await held; return 'a'; });
    await running;
    assert.deepEqual(await b.runExclusive('retention', async () => 'b'), { ran: false });
    assert.deepEqual(await b.runExclusive('checkpoint', async () => 'other job'), { ran: true, value: 'other job' });
    release();
    assert.deepEqual(await first, { ran: true, value: 'a' });
    assert.deepEqual(await b.runExclusive('retention', async () => 'b'), { ran: true, value: 'b' });
  });

  test('a kill_switch row is announced with NOTIFY gateway_kill_switch in its own transaction', async (t) => {
    const { db, ledgers: [ledger] } = await fleet(t, 1);
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    t.after(() => listener.end());
    const received = new Promise<pg.Notification>((resolve) => listener.on('notification', resolve));
    await listener.query('LISTEN gateway_kill_switch');
    await ledger.append(makeEntry());
    const row = await ledger.append(makeEntry({ kind: 'kill_switch', action: 'activate', payload: { active: true } }));
    const message = await received;
    assert.deepEqual(JSON.parse(message.payload ?? ''), { schema: db.schema, kind: 'kill_switch', seq: row.seq, envelope_id: row.envelope_id });
  });

  test('a writer connection killed by the server costs at most the batch in flight; the chain continues', async (t) => {
    const { db, ledgers: [ledger] } = await fleet(t, 1);
    await ledger.append(makeEntry());
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`gg-test-${db.schema} ledger writer`]);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => ledger.append(makeEntry())));
    for (const result of results) {
      if (result.status === 'rejected') assert.equal(result.reason.code, 'LEDGER_WRITE_FAILED');
    }
    const next = await ledger.append(makeEntry());
    assert.equal(next.seq, 2 + results.filter((r) => r.status === 'fulfilled').length);
    assert.equal((await ledger.verify()).valid, true);
  });

  test('a writer stuck while holding the head lock fails the others after the statement timeout, not forever', async (t) => {
    const db = await createTestSchema(t);
    const ledger = await openPostgresLedger({ ...db.options, statementTimeoutMs: 300 });
    t.after(() => ledger.close());
    await ledger.append(makeEntry());
    const stuck = new pg.Client({ connectionString: db.url, options: `-c search_path=${db.schema}` });
    await stuck.connect();
    t.after(() => stuck.end());
    await stuck.query('BEGIN');
    await stuck.query('SELECT seq FROM ledger_head WHERE id = 1 FOR UPDATE');
    await assert.rejects(ledger.append(makeEntry()), { code: 'LEDGER_WRITE_FAILED', message: /statement timeout/ });
    await stuck.query('ROLLBACK');
    assert.equal((await ledger.append(makeEntry())).seq, 2, 'the next batch goes through once the lock is free');
  });

  test('retention expires in seq ranges from a watermark; newer rows keep their payloads', async (t) => {
    const db = await createTestSchema(t);
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const ledger = await openPostgresLedger({ ...db.options, expiryChunkRows: 3, now: () => new Date(clock) });
    t.after(() => ledger.close());
    const rows = [];
    for (let i = 0; i < 10; i += 1) { rows.push(await ledger.append(makeEntry())); clock += 60_000; }
    const cutoff = rows[6].created_at; // rows 1..6 are older
    assert.equal(await ledger.expirePayloads(cutoff), 6);
    const { rows: [state] } = await db.query('SELECT expired_through FROM ledger_retention');
    assert.equal(Number(state.expired_through), 6);
    assert.equal((await ledger.get(rows[5].envelope_id))?.payload_state, 'expired');
    assert.equal((await ledger.get(rows[6].envelope_id))?.payload_state, 'present');
    assert.equal(await ledger.expirePayloads(cutoff), 0);
    assert.equal(await ledger.expirePayloads(new Date(clock).toISOString()), 4);
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.expired_rows], [true, 10]);
  });

  test('opening without migrating refuses a schema that is behind, naming govgate migrate', async (t) => {
    const db = await createTestSchema(t);
    await assert.rejects(openPostgresLedger({ ...db.options, migrate: false }), /run govgate migrate/);
  });

  test('an unreachable server fails open() with a connection error, not a hang', async () => {
    await assert.rejects(openPostgresLedger({ url: 'postgres://postgres@127.0.0.1:1/test', connectTimeoutMs: 2000 }), /ECONNREFUSED|connect/);
  });
});
