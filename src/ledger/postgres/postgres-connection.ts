// How the ledger connects to PostgreSQL: a postgres:// URL (parts it leaves out come from the
// PG* environment variables, as with libpq), pool size, statement timeout, TLS mode and schema.
// The URL is parsed here rather than by pg, so that explicit settings win over the URL's.

import pg from 'pg';
import type { ClientConfig, PoolConfig } from 'pg';
import { LedgerError } from '../ledger-errors.ts';

export const PG_SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type PgSslMode = (typeof PG_SSL_MODES)[number];

export interface PostgresConnectionOptions {
  /** postgres:// or postgresql:// URL. Omitted parts fall back to PGHOST, PGPORT, PGUSER, ... */
  url?: string;
  /** Connections for reads, erasure and retention (the writer has its own). Default 10. */
  poolSize?: number;
  /** statement_timeout of every connection, ms; 0 disables it. Default 5000. */
  statementTimeoutMs?: number;
  /** TLS: the URL's sslmode, else PGSSLMODE, else disable. */
  ssl?: PgSslMode;
  /** Schema holding the ledger tables (search_path). Default: the server's default (public). */
  schema?: string;
  /** How long to wait for a connection before failing, ms. Default 5000. */
  connectTimeoutMs?: number;
  applicationName?: string;
}

const INT8_OID = 20;
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** bigint columns (seq, counts) as numbers: seqs stay below 2^53 for millennia at any plausible rate. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID && format !== 'binary'
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

export function checkConnectionOptions(options: PostgresConnectionOptions): void {
  const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', why); };
  if (options.url !== undefined && !/^postgres(ql)?:\/\//.test(options.url)) invalid('url must start with postgres:// or postgresql://');
  if (options.poolSize !== undefined && (!Number.isSafeInteger(options.poolSize) || options.poolSize < 1)) invalid(`poolSize must be a positive integer, got ${options.poolSize}`);
  if (options.statementTimeoutMs !== undefined && (!Number.isSafeInteger(options.statementTimeoutMs) || options.statementTimeoutMs < 0)) {
    invalid(`statementTimeoutMs must be a non-negative integer, got ${options.statementTimeoutMs}`);
  }
  if (options.ssl !== undefined && !PG_SSL_MODES.includes(options.ssl)) invalid(`ssl must be one of ${PG_SSL_MODES.join(', ')}, got ${String(options.ssl)}`);
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) invalid(`schema must be a plain SQL identifier, got ${JSON.stringify(options.schema)}`);
}

/** The pg client settings for `options`; a URL's sslmode / options / application_name are honoured. */
export function clientConfig(options: PostgresConnectionOptions): ClientConfig {
  checkConnectionOptions(options);
  const config: ClientConfig = {
    statement_timeout: options.statementTimeoutMs ?? 5000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    keepAlive: true,
    application_name: options.applicationName ?? 'governance-gateway',
    types,
  };
  let sslMode: string | undefined = process.env.PGSSLMODE;
  if (options.url) {
    // libpq allows an empty host (postgres://user@/db?host=/socket/dir); WHATWG URL does not.
    const emptyHost = /^postgres(?:ql)?:\/\/(?:[^/@]*@)?(?=[/?]|$)/.exec(options.url);
    const url = new URL(emptyHost ? `${emptyHost[0]}localhost${options.url.slice(emptyHost[0].length)}` : options.url);
    if (url.hostname && !emptyHost) config.host = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
    if (url.port) config.port = Number(url.port);
    if (url.username) config.user = decodeURIComponent(url.username);
    if (url.password) config.password = decodeURIComponent(url.password);
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (database) config.database = database;
    // libpq spells a Unix socket directory as ?host=/var/run/postgresql.
    const socketHost = url.searchParams.get('host');
    if (socketHost) config.host = socketHost;
    sslMode = url.searchParams.get('sslmode') ?? sslMode;
    const extraOptions = url.searchParams.get('options');
    if (extraOptions) config.options = extraOptions;
    const appName = url.searchParams.get('application_name');
    if (appName && !options.applicationName) config.application_name = appName;
  }
  const mode = options.ssl ?? normalizeSslMode(sslMode);
  config.ssl = sslConfig(mode);
  if (options.schema) config.options = `${config.options ? `${config.options} ` : ''}-c search_path=${options.schema}`;
  return config;
}

export function createPool(options: PostgresConnectionOptions, onError: (error: Error) => void): pg.Pool {
  const config: PoolConfig = { ...clientConfig(options), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 };
  const pool = new pg.Pool(config);
  // An idle connection that breaks (server restart) emits here; unhandled, it would end the process.
  pool.on('error', onError);
  return pool;
}

/**
 * Runs `work` in one transaction on one pooled connection (`begin`: the BEGIN statement, e.g.
 * with an isolation level): COMMIT after it, ROLLBACK if it throws. A connection whose ROLLBACK
 * fails is broken and is dropped rather than returned to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => { broken = true; });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** A connection of its own (the writer, the LISTEN connection); `error` events go to `onError`. */
export function createClient(options: PostgresConnectionOptions, onError: (error: Error) => void, extra: Partial<ClientConfig> = {}): pg.Client {
  const client = new pg.Client({ ...clientConfig(options), ...extra });
  client.on('error', onError);
  return client;
}

function normalizeSslMode(mode: string | undefined): PgSslMode {
  if (mode === undefined || mode === '') return 'disable';
  if ((PG_SSL_MODES as readonly string[]).includes(mode)) return mode as PgSslMode;
  // libpq's allow/prefer fall back to plain text when TLS fails; pg cannot, and a silent
  // downgrade is worse than asking for a decision.
  throw new LedgerError('LEDGER_INVALID_ARGUMENT', `sslmode must be one of ${PG_SSL_MODES.join(', ')} (allow and prefer are not supported), got ${JSON.stringify(mode)}`);
}

function sslConfig(mode: PgSslMode): ClientConfig['ssl'] {
  switch (mode) {
    case 'disable': return false;
    // Encrypted, server not authenticated (libpq's require).
    case 'require': return { rejectUnauthorized: false };
    // Chain checked against the system CAs (plus NODE_EXTRA_CA_CERTS), host name not checked.
    case 'verify-ca': return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'verify-full': return { rejectUnauthorized: true };
  }
}
