// One line, saying what to do, for the failures a user causes by their setup rather than by a
// bug: a port already taken, a PostgreSQL server that is down, refuses the login or lacks the
// database, a central gateway that refuses the sidecar's CENTRAL_GATEWAY_TOKEN, a file named on the
// command line that cannot be read, a gateway (--url) that does not answer. A stack trace helps
// nobody there; anything else keeps its stack.

import { getSystemErrorMessage } from 'node:util';
import { isCentralUnreachable, isDatabaseUnreachable } from '../gateway/index.ts';
import { CentralUnavailable } from '../central/index.ts';

interface ErrorLike { code?: unknown; message?: unknown; port?: unknown; address?: unknown; path?: unknown; syscall?: unknown; errno?: unknown; cause?: unknown }

/** The one-line explanation, or undefined when the error is not one of these. */
export function friendlyFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { code, message, port, address } = (error ?? {}) as ErrorLike;
  if (code === 'EADDRINUSE') {
    return `port ${String(port)} on ${String(address)} is already in use (another gateway?); stop that process or choose another port with --port N or PORT=N`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `not allowed to listen on port ${String(port)} (ports below 1024 need privileges); choose another with --port N or PORT=N`;
  }
  const central = centralFailure(error);
  if (central) return central;
  const file = fileFailure(error);
  if (file) return file;
  const request = requestFailure(error);
  if (request) return request;
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return undefined;
  const where = describeServer(databaseUrl);
  if (isDatabaseUnreachable(error)) {
    return `cannot reach PostgreSQL at ${where} (${String(code ?? message)}); start it or correct DATABASE_URL`;
  }
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code.startsWith('28')) return `PostgreSQL at ${where} refused the login (${String(message)}); correct the user and password in DATABASE_URL`;
  if (code === '3D000') return `PostgreSQL at ${where}: ${String(message)}; create it (createdb) or correct DATABASE_URL`;
  if (code === '42501') return `PostgreSQL at ${where}: ${String(message)}; grant the gateway's user the rights on its schema, or run govgate migrate as the owner`;
  return `PostgreSQL at ${where} failed: ${String(message)} (SQLSTATE ${code})`;
}

/** A 4xx from the central gateway at start-up: waiting would not fix it (5xx and no answer are waited for). */
function centralFailure(error: unknown): string | undefined {
  if (!(error instanceof CentralUnavailable) || error.status === null || isCentralUnreachable(error)) return undefined;
  if (error.status === 401 || error.status === 403) {
    return `${error.message}; correct CENTRAL_GATEWAY_TOKEN (an API key or JWT of a tier with the ledger_internal feature, Enterprise)`;
  }
  if (error.status >= 400 && error.status < 500) return `${error.message}; check that CENTRAL_GATEWAY_URL is the central gateway (GATEWAY_VARIANT=edge on PostgreSQL)`;
  return undefined;
}

/** host:port/database of the URL, never its password. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A file the user named (`certify verify FILE`, `--jwks FILE`) that is missing, a folder or unreadable. */
function fileFailure(error: unknown): string | undefined {
  const { code, path, syscall, errno } = (error ?? {}) as ErrorLike;
  if (typeof path !== 'string' || typeof syscall !== 'string' || typeof code !== 'string') return undefined;
  if (!['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR'].includes(code)) return undefined;
  const reason = typeof errno === 'number' ? getSystemErrorMessage(errno) : code;
  return `${path}: ${reason.toLowerCase()} (${code})`;
}

/** fetch() found no server: its own message is only "fetch failed", the cause says where and why. */
function requestFailure(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
  const cause = (error as ErrorLike).cause as ErrorLike | undefined;
  const why = typeof cause?.message === 'string' && cause.message !== '' ? cause.message : String(cause?.code ?? 'no answer');
  return `the request failed: ${why}; check that the gateway runs at the URL given (--url or GOVGATE_URL, --jwks)`;
}
