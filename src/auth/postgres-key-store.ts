// The API key store of a fleet, in PostgreSQL beside the ledger (migration 6), so a key created
// once works on every replica. A revoke bumps a shared mark and sends a NOTIFY in the same
// transaction; every process listening drops its cached keys when it arrives (at commit, well
// before the revoking command has returned). While this process's LISTEN connection is down,
// nothing it caches can be trusted, so the mark changes on every lookup and each one reads the
// table; after a reconnect the cache starts empty.

import type pg from 'pg';
import { createPool, inTransaction, listenForSignals, type FleetSignals, type PostgresConnectionOptions } from '../ledger/index.ts';
import type { ApiKeyRecord, KeyStore, RevokeResult } from './key-store.ts';
import { KEY_COLUMNS, decodeKeyRow, keyValues } from './key-row.ts';
import { createTeamStore, type SqlQuery } from './team-store.ts';

/** NOTIFY channel of revocations; the payload carries the schema and the key id. */
export const API_KEY_REVOKED_CHANNEL = 'gateway_api_key_revoked';

export interface PostgresKeyStoreOptions {
  connection: PostgresConnectionOptions;
  /** Listen for revocations by other processes (a gateway); a one-shot CLI command does not. */
  listen: boolean;
  onError?(error: Error): void;
}

export interface PostgresKeyStore extends KeyStore {
  /** The schema holding api_keys (current_schema()). */
  readonly schema: string;
  /** True while revocations from other processes arrive (the LISTEN connection is up). */
  readonly listening: boolean;
}

const PLACEHOLDERS = KEY_COLUMNS.split(',').map((_, i) => `$${i + 1}`).join(', ');
/** `?` placeholders (the team store's SQL) as PostgreSQL's `$n`. */
const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

export async function openPostgresKeyStore(options: PostgresKeyStoreOptions): Promise<PostgresKeyStore> {
  const onError = options.onError ?? (() => {});
  // Two connections: lookups are single-row reads on an index, and a cached key needs none.
  const pool = createPool({ ...options.connection, poolSize: 2 }, onError);
  let schema: string;
  try {
    const { rows: [row] } = await pool.query<{ schema: string | null; ready: boolean }>(
      `SELECT current_schema() AS schema, to_regclass('api_keys') IS NOT NULL AND to_regclass('api_key_revocations') IS NOT NULL AND to_regclass('member_roles') IS NOT NULL AS ready`,
    );
    if (!row.ready || row.schema === null) {
      throw new Error(`the API key tables do not exist in schema ${row.schema ?? '(none)'}: run govgate migrate (a gateway migrates when it starts)`);
    }
    schema = row.schema;
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  let mark = 0;
  let signals: FleetSignals | undefined;
  if (options.listen) {
    signals = listenForSignals({
      connection: options.connection,
      schema,
      channels: [API_KEY_REVOKED_CHANNEL],
      onSignal: () => { mark += 1; },
      onResync: () => { mark += 1; },
      onError,
    });
  }

  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T | undefined> => (await pool.query<T>(text, values)).rows[0];
  const on = (client: pg.Pool | pg.PoolClient): SqlQuery => async <R>(text: string, params: unknown[] = []) => (await client.query(numbered(text), params)).rows as R[];
  const teams = createTeamStore({
    query: on(pool),
    async transaction(fn) {
      const result = await inTransaction(pool, (client) => fn(on(client)));
      mark += 1;
      return result;
    },
    async credentialsChanged(query) {
      await query('UPDATE api_key_revocations SET mark = mark + 1 WHERE id = 1');
      await query('SELECT pg_notify(?, ?)', [API_KEY_REVOKED_CHANNEL, JSON.stringify({ schema, members: true })]);
    },
  });

  return {
    teams,
    schema,
    get listening() {
      return signals?.connected ?? false;
    },
    async insert(key) {
      await pool.query(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (${PLACEHOLDERS})`, keyValues(key));
    },
    async insertIfAbsent(key) {
      // No conflict target: two replicas installing the bootstrap key at once race on both
      // unique indexes (id and key_hash, each derived from the key), and ON CONFLICT (id) let
      // the loser fail on key_hash (23505) and the replica exit at start.
      const { rowCount } = await pool.query(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (${PLACEHOLDERS}) ON CONFLICT DO NOTHING`, keyValues(key));
      return rowCount === 1 ? 'inserted' : 'exists';
    },
    async findByHash(keyHash) {
      const row = await one(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`, [keyHash]);
      return row ? decodeKeyRow(row) : undefined;
    },
    async list() {
      const { rows } = await pool.query(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`);
      return rows.map((row) => {
        const { key_hash: _hash, ...record } = decodeKeyRow(row);
        return record as ApiKeyRecord;
      });
    },
    async revoke(id, at): Promise<RevokeResult> {
      const result = await inTransaction(pool, async (client): Promise<RevokeResult> => {
        const { rowCount } = await client.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]);
        if (rowCount !== 1) {
          return (await client.query('SELECT 1 FROM api_keys WHERE id = $1', [id])).rowCount === 1 ? 'already_revoked' : 'not_found';
        }
        await client.query('UPDATE api_key_revocations SET mark = mark + 1 WHERE id = 1');
        // Delivered at COMMIT, to every listener of the database; the schema tells fleets apart.
        await client.query('SELECT pg_notify($1, $2)', [API_KEY_REVOKED_CHANNEL, JSON.stringify({ schema, id })]);
        return 'revoked';
      });
      mark += 1;
      return result;
    },
    async touch(id, at) {
      await pool.query('UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $1)', [at, id]);
    },
    async revocationMark() {
      // Without the LISTEN connection a revoke elsewhere would go unseen: a new mark each time
      // makes the authenticator read the row on every request until it is back.
      if (!signals?.connected) mark += 1;
      return mark;
    },
    async close() {
      await signals?.close();
      await pool.end().catch(() => {});
    },
  };
}
