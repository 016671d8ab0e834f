// The connection analytics and alerts read and write through: a second connection to the ledger's
// SQLite file, or a small pool on the fleet's PostgreSQL. Queries are written once with :named
// parameters (SQLite takes them as they are; PostgreSQL gets $n), and every number comes back as
// a JS number (PostgreSQL returns bigint sums as text).

import pg from 'pg';
import { advisoryKey, tryAdvisoryLockOn } from './insight-locks.ts';
import type { Dialect } from './analytics/rollup-sql.ts';

// The SQLite connection is in its own module: the ledger's writer thread runs the roll-up on it and
// must not load pg.
export { sqliteInsightDb } from './sqlite-insight-db.ts';

export type SqlParams = Record<string, string | number | null>;
export type SqlRow = Record<string, unknown>;

export interface SqlRunner {
  all(sql: string, params?: SqlParams): Promise<SqlRow[]>;
}

/** Work a transaction needs done first; resolves `true` to be called again (see InsightDb.transaction). */
export type BeforeTransaction = (db: SqlRunner) => Promise<boolean | void>;

export interface InsightDb extends SqlRunner {
  readonly dialect: Dialect;
  /**
   * Runs `task` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: one client).
   * `before` runs first on the same connection, for reads (and temporary tables) the writes need,
   * and again for as long as it resolves `true` (more to do). On SQLite each call is a turn of
   * the file's write gate of its own, before BEGIN IMMEDIATE, with the event loop given back
   * between calls: the ledger's commits (on the writer thread) and this thread's calls go between
   * them, and the write lock is held for the writes only. On PostgreSQL inside the transaction.
   */
  transaction<T>(task: (tx: SqlRunner) => Promise<T>, before?: BeforeTransaction): Promise<T>;
  /**
   * Runs `task` unless another replica runs the same job now (PostgreSQL advisory lock; SQLite:
   * one gateway per file, so always). `task` gets the connection that holds the lock, so a job
   * never needs a second connection of the pool while it holds one.
   */
  exclusive<T>(job: string, task: (db: InsightDb) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

export function postgresInsightDb(pool: pg.Pool, schema: string): InsightDb {
  const texts = new Map<string, { text: string; names: string[] }>();
  const translate = (sql: string) => {
    let found = texts.get(sql);
    if (!found) {
      const names: string[] = [];
      const text = sql.replace(/(?<![:\w]):([a-z_][a-z0-9_]*)/gi, (_m, name: string) => {
        let index = names.indexOf(name);
        if (index < 0) index = names.push(name) - 1;
        return `$${index + 1}`;
      });
      found = { text, names };
      texts.set(sql, found);
    }
    return found;
  };
  const on = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    async all(sql, params = {}) {
      const { text, names } = translate(sql);
      const { rows } = await client.query(text, names.map((name) => params[name] ?? null));
      return rows;
    },
  });
  const inTransaction = async <T>(client: pg.PoolClient, task: (tx: SqlRunner) => Promise<T>, before?: BeforeTransaction): Promise<T> => {
    await client.query('BEGIN');
    try {
      // Nothing here blocks this event loop, so the steps run back to back.
      while (before && (await before(on(client))) === true);
      const value = await task(on(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  /** The same operations on one checked-out client (the one holding a job's advisory lock). */
  const pinned = (client: pg.PoolClient): InsightDb => ({
    dialect: 'postgres',
    all: on(client).all,
    transaction: (task, before) => inTransaction(client, task, before),
    exclusive: async (job, task) => tryAdvisoryLockOn(client, advisoryKey(job, schema), () => task(pinned(client)), () => {}),
    close: async () => {},
  });
  return {
    dialect: 'postgres',
    all: on(pool).all,
    async transaction(task, before) {
      const client = await pool.connect();
      let broken = false;
      try {
        return await inTransaction(client, task, before);
      } catch (error) {
        broken = (error as { code?: string }).code === undefined;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exclusive(job, task) {
      const client = await pool.connect();
      let broken = false;
      try {
        return await tryAdvisoryLockOn(client, advisoryKey(job, schema), () => task(pinned(client)), () => { broken = true; });
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** Sums and counts are bigint or numeric in PostgreSQL, which pg returns as text; figures are numbers. */
export const FIGURE_TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** A pool for the insight queries, with figures parsed as numbers. */
export function openInsightPool(config: pg.PoolConfig, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ max: 4, idleTimeoutMillis: 30_000, ...config, types: FIGURE_TYPES as pg.CustomTypesConfig });
  pool.on('error', onError);
  return pool;
}
