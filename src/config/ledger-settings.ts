// Which ledger a gateway records in, from DATABASE_URL, CENTRAL_GATEWAY_URL and LEDGER_PATH:
// SQLite (embedded), PostgreSQL (a fleet), or the central gateway's internal API (a sidecar that
// holds no database credentials). Each problem is pushed to `issues` with the variable's name.

import path from 'node:path';
import { integer } from './env-values.ts';
import type { Variant } from './env.ts';

export const PG_SSL_SETTINGS = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type PgSslSetting = (typeof PG_SSL_SETTINGS)[number];

export type LedgerConfig =
  | { kind: 'sqlite'; path: string }
  /** A sidecar without database credentials: it records through the central gateway's internal API. */
  | {
    kind: 'central';
    /** CENTRAL_GATEWAY_URL: the central gateway's base URL (its Service), http:// or https://. */
    url: string;
    /** CENTRAL_GATEWAY_TOKEN: an API key or JWT of a tier with the ledger_internal feature (Enterprise). */
    token: string;
  }
  | {
    kind: 'postgres';
    url: string;
    /** PG_POOL_SIZE: read/erase/retention connections per process (the writer and the LISTEN connection come on top). */
    poolSize: number;
    /** PG_STATEMENT_TIMEOUT_MS: 0 disables. */
    statementTimeoutMs: number;
    /** PG_SSL; null: the URL's sslmode (or PGSSLMODE), else disable. */
    ssl: PgSslSetting | null;
    /** PG_SCHEMA; null: the server's search_path (public). */
    schema: string | null;
  };

export function ledgerConfig(env: NodeJS.ProcessEnv, cwd: string, variant: Variant | undefined, issues: string[]): LedgerConfig {
  const url = env.DATABASE_URL?.trim();
  const central = env.CENTRAL_GATEWAY_URL?.trim();
  if (central) return centralConfig(central, env, url, variant, issues);
  if (url && /^postgres(ql)?:\/\//.test(url)) return postgresConfig(url, env, issues);
  if (url) issues.push('DATABASE_URL: only postgres:// or postgresql:// URLs are accepted; use LEDGER_PATH for SQLite');
  const file = env.LEDGER_PATH ?? './data/ledger.db';
  return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(cwd, file) };
}

function postgresConfig(url: string, env: NodeJS.ProcessEnv, issues: string[]): LedgerConfig {
  let sslMode: string | null = null;
  try {
    // libpq allows an empty host (postgres://user@/db?host=/socket/dir); WHATWG URL does not.
    sslMode = new URL(url.replace(/^(postgres(?:ql)?:\/\/(?:[^/@]*@)?)(?=[/?]|$)/, '$1localhost')).searchParams.get('sslmode');
  } catch {
    issues.push('DATABASE_URL: not a valid URL (special characters in the password must be percent-encoded)');
  }
  if (sslMode !== null && !(PG_SSL_SETTINGS as readonly string[]).includes(sslMode)) {
    issues.push(`DATABASE_URL: sslmode=${sslMode} is not one of ${PG_SSL_SETTINGS.join(', ')} (allow and prefer would silently fall back to plain text)`);
  }
  const ssl = env.PG_SSL?.trim() || null;
  if (ssl !== null && !(PG_SSL_SETTINGS as readonly string[]).includes(ssl)) issues.push(`PG_SSL: "${ssl}" is not one of ${PG_SSL_SETTINGS.join(', ')}`);
  const schema = env.PG_SCHEMA?.trim() || null;
  if (schema !== null && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) issues.push(`PG_SCHEMA: "${schema}" must be a plain SQL identifier (letters, digits, _)`);
  return {
    kind: 'postgres',
    url,
    poolSize: integer(env.PG_POOL_SIZE, 'PG_POOL_SIZE', 10, 1, 1000, issues),
    statementTimeoutMs: integer(env.PG_STATEMENT_TIMEOUT_MS, 'PG_STATEMENT_TIMEOUT_MS', 5000, 0, 3_600_000, issues),
    ssl: ssl as PgSslSetting | null,
    schema,
  };
}

function centralConfig(url: string, env: NodeJS.ProcessEnv, databaseUrl: string | undefined, variant: Variant | undefined, issues: string[]): LedgerConfig {
  // Both set is a mistake either way: a sidecar meant to hold no database credentials, or a
  // central gateway pointed at itself. Refuse instead of guessing which one was meant.
  if (databaseUrl) issues.push('CENTRAL_GATEWAY_URL and DATABASE_URL: set one of them (a sidecar records through the central gateway and holds no database credentials)');
  if (variant !== 'edge') issues.push('CENTRAL_GATEWAY_URL: only an edge gateway (GATEWAY_VARIANT=edge, a sidecar) records through a central gateway');
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    issues.push(`CENTRAL_GATEWAY_URL: "${url}" is not a URL`);
  }
  if (parsed && (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password || parsed.search || parsed.hash)) {
    issues.push('CENTRAL_GATEWAY_URL: must be an http:// or https:// base URL without credentials, query or fragment (the credential goes in CENTRAL_GATEWAY_TOKEN)');
  }
  const token = env.CENTRAL_GATEWAY_TOKEN?.trim() ?? '';
  if (token === '') issues.push('CENTRAL_GATEWAY_TOKEN: required with CENTRAL_GATEWAY_URL (an API key or JWT of the Enterprise tier, sent as X-Service-Token)');
  return { kind: 'central', url: parsed ? parsed.origin + parsed.pathname.replace(/\/+$/, '') : url, token };
}
