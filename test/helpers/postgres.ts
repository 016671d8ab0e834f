// PostgreSQL for tests: the server named by DATABASE_URL (postgres://...) or the PG* variables.
// When none answers, PostgreSQL tests skip with one visible line, unless REQUIRE_POSTGRES=1
// (CI), which makes that a failure (required-tool.ts). Each test gets its own schema (gg_test_<random>), dropped
// after, so test files running at the same time never see each other's rows.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PostgresConnectionOptions } from '../../src/ledger/index.ts';
import { missingTool } from './required-tool.ts';

export interface PostgresProbe {
  /** false when the server answered; otherwise why the tests skip. */
  skip: string | false;
  /** A URL for child processes (DATABASE_URL); PG* parts are folded in. */
  url: string;
}

/** DATABASE_URL when it is a postgres:// URL, else one built from PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE. */
export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.DATABASE_URL?.trim();
  if (explicit && /^postgres(ql)?:\/\//.test(explicit)) return explicit;
  const url = new URL('postgres://');
  url.hostname = env.PGHOST ?? '127.0.0.1';
  url.port = env.PGPORT ?? '5432';
  url.username = env.PGUSER ?? 'postgres';
  if (env.PGPASSWORD) url.password = env.PGPASSWORD;
  url.pathname = `/${env.PGDATABASE ?? 'test'}`;
  return url.toString();
}

let probed: Promise<PostgresProbe> | undefined;

/** Asks the server once per process. Throws when REQUIRE_POSTGRES=1 and nothing answers. */
export function probePostgres(): Promise<PostgresProbe> {
  probed ??= (async () => {
    const url = postgresUrl();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return { skip: false, url };
    } catch (err) {
      const { skip } = missingTool({
        tests: 'PostgreSQL',
        requireVariable: 'REQUIRE_POSTGRES',
        reason: `no server answered at ${redact(url)} (${(err as Error).message}); start PostgreSQL or set DATABASE_URL or PG*`,
      });
      process.stderr.write(`# ${skip}\n`);
      return { skip, url };
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return probed;
}

export interface TestSchema {
  schema: string;
  url: string;
  /** Options for openPostgresLedger. */
  options: PostgresConnectionOptions;
  /** Environment for a gateway child process on this schema. */
  env: Record<string, string>;
  /** A client of its own on the schema (closed by drop). */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

/** Creates a fresh, empty schema; `t.after` (when given) drops it. */
export async function createTestSchema(t?: { after(fn: () => unknown): void }): Promise<TestSchema> {
  const { url, skip } = await probePostgres();
  if (skip) throw new Error(skip);
  const schema = `gg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`SET search_path = ${schema}`);
  let dropped = false;
  const testSchema: TestSchema = {
    schema,
    url,
    options: { url, schema, statementTimeoutMs: 10_000 },
    env: { DATABASE_URL: url, PG_SCHEMA: schema },
    query: (text, values) => admin.query(text, values),
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end().catch(() => {});
      }
    },
  };
  t?.after(() => testSchema.drop());
  return testSchema;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
