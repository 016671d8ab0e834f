// The two stores as the forgery contract (ledger-contract-forgeries.ts) wants them: a ledger,
// raw SQL with the append-only triggers off, and the environment a gateway or `govgate` needs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { TestContext } from 'node:test';
import { openPostgresLedger, openSqliteLedger } from '../../../src/ledger/index.ts';
import { createTestSchema } from '../../helpers/postgres.ts';
import type { ForgeryStore } from './ledger-contract-forgeries.ts';

/** $1-style parameters read as SQLite's numbered ?1. */
const numbered = (sql: string): string => sql.replace(/\$(\d+)/g, '?$1');

export async function openSqliteForgeryStore(t: TestContext, now: () => Date): Promise<ForgeryStore> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-forgery-'));
  const path = join(dir, 'ledger.db');
  const ledger = openSqliteLedger({ path, now });
  t.after(async () => { await ledger.close(); rmSync(dir, { recursive: true, force: true }); });
  const withDb = <T>(body: (db: DatabaseSync) => T): T => {
    const db = new DatabaseSync(path);
    try { return body(db); } finally { db.close(); }
  };
  return {
    ledger,
    env: { LEDGER_PATH: path },
    async tamper(sql, values = []) {
      withDb((db) => {
        db.exec('DROP TRIGGER IF EXISTS ledger_no_delete; DROP TRIGGER IF EXISTS ledger_no_rewrite;');
        db.prepare(numbered(sql)).run(...values as SQLInputValue[]);
      });
    },
    async query(sql, values = []) {
      return withDb((db) => db.prepare(numbered(sql)).all(...values as SQLInputValue[]).map((row) => ({ ...row })));
    },
    async rewindHead() {},
    async reopen() { return openSqliteLedger({ path }); },
  };
}

export async function openPostgresForgeryStore(t: TestContext, now: () => Date): Promise<ForgeryStore> {
  const db = await createTestSchema(t);
  const ledger = await openPostgresLedger({ ...db.options, now });
  t.after(() => ledger.close());
  const tamper = async (sql: string, values?: unknown[]) => {
    await db.query('ALTER TABLE ledger DISABLE TRIGGER USER');
    try { await db.query(sql, values); } finally { await db.query('ALTER TABLE ledger ENABLE TRIGGER USER'); }
  };
  return {
    ledger,
    env: db.env,
    tamper,
    async query(sql, values) { return (await db.query(sql, values)).rows; },
    async rewindHead() {
      await db.query('ALTER TABLE ledger_head DISABLE TRIGGER USER');
      await db.query('UPDATE ledger_head SET seq = s.seq, hash = s.hash FROM (SELECT seq, hash FROM ledger ORDER BY seq DESC LIMIT 1) s WHERE id = 1');
      await db.query('ALTER TABLE ledger_head ENABLE TRIGGER USER');
    },
    async reopen() { return openPostgresLedger({ ...db.options, migrate: false }); },
  };
}
