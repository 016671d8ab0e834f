// The insight connection on a SQLite ledger file (insight-db.ts says what it is for). A module of
// its own, without pg: the ledger's writer thread runs the analytics roll-up on its connection.

import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { throughWriteGate } from '../ledger/sqlite/sqlite-write-gate.ts';
import type { InsightDb, SqlRow, SqlRunner } from './insight-db.ts';

/** `file`: the ledger file `db` is a connection to; its transactions go through the file's write gate. */
export function sqliteInsightDb(db: DatabaseSync, file = ':memory:'): InsightDb {
  // Agent globs become LIKE patterns: they must match case as the ledger stores it.
  db.exec('PRAGMA case_sensitive_like = ON');
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const runner: SqlRunner = {
    all: async (sql, params = {}) => prepared(sql).all(params as Record<string, SQLInputValue>) as SqlRow[],
  };
  return {
    dialect: 'sqlite',
    all: runner.all,
    transaction<T>(task: (tx: SqlRunner) => Promise<T>, before?: (db: SqlRunner) => Promise<void>): Promise<T> {
      // The task awaits between statements while it holds the write lock: every main-thread
      // writer of the file takes turns through the gate (src/ledger/sqlite/sqlite-write-gate.ts).
      // `before` runs in the gate too, so it never lands inside another caller's transaction.
      return throughWriteGate(file, async () => {
        await before?.(runner);
        db.exec('BEGIN IMMEDIATE');
        try {
          const value = await task(runner);
          db.exec('COMMIT');
          return value;
        } catch (error) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      });
    },
    async exclusive(_job, task) {
      return { ran: true, value: await task(this) };
    },
    close: async () => { db.close(); },
  };
}
