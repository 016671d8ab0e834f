// Applies the PostgreSQL migrations under a session advisory lock, so that ten replicas starting
// at once migrate once: the first applies, the others wait on the lock, then find nothing to do.
// Each migration runs in its own transaction together with its schema_migrations row.

import type pg from 'pg';
import { createPool, type PostgresConnectionOptions } from './postgres-connection.ts';
import { advisoryKey, withAdvisoryLock } from './postgres-locks.ts';
import { POSTGRES_MIGRATIONS, type PostgresMigration } from './postgres-migrations.ts';

export interface MigrationReport {
  /** The schema the tables live in (current_schema()). */
  schema: string;
  /** The version before and after. */
  from: number;
  to: number;
  applied: number[];
}

export async function migratePostgres(pool: pg.Pool, migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS): Promise<MigrationReport> {
  const client = await pool.connect();
  let broken = false;
  try {
    // A schema named in search_path that does not exist yet (a fresh deployment) is created.
    const { rows: [{ schema, search_path: searchPath }] } = await client.query<{ schema: string | null; search_path: string }>(
      `SELECT current_schema() AS schema, current_setting('search_path') AS search_path`,
    );
    let target = schema;
    if (target === null) {
      const first = unquote(searchPath.split(',')[0].trim());
      if (first === '' || first === '$user') throw new Error(`no schema of the search_path (${searchPath}) exists; create one or set PG_SCHEMA`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${first.replace(/"/g, '""')}"`);
      target = first;
    }
    return await withAdvisoryLock(client, advisoryKey('migrate', target), async () => {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const current = async (): Promise<number> =>
        (await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')).rows[0].version ?? 0;
      const from = await current();
      const applied: number[] = [];
      for (const migration of migrations) {
        if (migration.version <= from) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [migration.version, migration.description]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => { broken = true; });
          throw err;
        }
        applied.push(migration.version);
      }
      return { schema: target, from, to: await current(), applied };
    }, () => { broken = true; });
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection whose lock state is unknown is not handed back to the pool.
    client.release(broken);
  }
}

/** `govgate migrate`: connects, applies what is pending, disconnects. */
export async function migratePostgresSchema(options: PostgresConnectionOptions): Promise<MigrationReport> {
  const pool = createPool({ ...options, poolSize: 1 }, () => {});
  try {
    return await migratePostgres(pool);
  } finally {
    await pool.end();
  }
}

/** The newest migration this build knows. */
export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS.at(-1)!.version;

function unquote(name: string): string {
  return name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
}
