// The insight connection on a SQLite ledger file (insight-db.ts says what it is for). A module of
// its own, without pg: the ledger's writer thread runs the analytics roll-up on its connection.

import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { throughWriteGate } from '../ledger/sqlite/sqlite-write-gate.ts';
import { inImmediateTransactionAsync } from '../ledger/sqlite/immediate-transaction.ts';
import type { BeforeTransaction, InsightDb, SqlRow, SqlRunner } from './insight-db.ts';

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
  // This connection's transactions run one after another, `before` steps included: between two
  // steps the gate lets other writers of the file in (the ledger's commits), but not another
  // transaction of this connection, which could change what the steps prepared (a temporary
  // table is this connection's alone).
  let turns: Promise<unknown> = Promise.resolve();
  const steps = async (before: BeforeTransaction): Promise<void> => {
    while ((await throughWriteGate(file, () => before(runner))) === true) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    dialect: 'sqlite',
    all: runner.all,
    transaction<T>(task: (tx: SqlRunner) => Promise<T>, before?: BeforeTransaction): Promise<T> {
      // The task awaits between statements while it holds the write lock: every main-thread
      // writer of the file takes turns through the gate (src/ledger/sqlite/sqlite-write-gate.ts).
      // Each `before` step runs in the gate too, so it never lands inside another caller's
      // transaction; setImmediate between steps lets what is waiting in the event loop (the
      // writer thread's next batch of appends, a main thread's calls) go first.
      const run = async (): Promise<T> => {
        if (before) await steps(before);
        return throughWriteGate(file, () => inImmediateTransactionAsync(db, () => task(runner)));
      };
      const result = turns.then(run, run);
      turns = result.catch(() => undefined);
      return result;
    },
    async exclusive(_job, task) {
      return { ran: true, value: await task(this) };
    },
    close: async () => { db.close(); },
  };
}
