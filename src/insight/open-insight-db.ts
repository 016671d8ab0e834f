// Opens the insight connection on the ledger's store: a second connection to the SQLite file
// (the ledger migrated it), or a pool of two on the fleet's PostgreSQL schema.

import type { Config } from '../config/index.ts';
import { openLedgerDatabase, postgresClientConfig } from '../ledger/index.ts';
import { postgresConnection } from '../gateway/open-ledger.ts';
import { openInsightPool, postgresInsightDb, sqliteInsightDb, type InsightDb } from './insight-db.ts';

/** undefined for a sidecar recording through a central gateway: it has no store to read. */
export async function openInsightDb(config: Config, onError: (error: Error) => void): Promise<InsightDb | undefined> {
  if (config.ledger.kind === 'sqlite') {
    // ':memory:' is a database of its own: the figures of an in-memory ledger are not readable.
    return sqliteInsightDb(openLedgerDatabase(config.ledger.path, { migrate: config.ledger.path === ':memory:' }), config.ledger.path);
  }
  if (config.ledger.kind !== 'postgres') return undefined;
  const pool = openInsightPool(postgresClientConfig(postgresConnection(config)), onError);
  try {
    const { rows: [{ schema }] } = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
    return postgresInsightDb(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
}
