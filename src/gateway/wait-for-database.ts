// An edge gateway started while its ledger is not reachable yet (a pod that starts before
// PostgreSQL, or a sidecar that starts before its central gateway) does not exit: it listens at
// once, answers /health/live 200 and /health 503 saying why (so Kubernetes keeps it out of the
// Service without restarting it), and every other request 503 LEDGER_UNAVAILABLE (a sidecar's
// governed routes included: nothing is forwarded ungoverned); it retries with exponential backoff
// and, once the ledger answers (and migrations have run), hands the port to the full gateway.
// Any other error (a refused login, a missing database, a central gateway that refuses
// CENTRAL_GATEWAY_TOKEN) still stops start-up: waiting would not fix it.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, problemBody } from '../http/index.ts';
import type { Config } from '../config/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { CentralUnavailable } from '../central/index.ts';

/** Network errors that mean "nothing answered there (yet)". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
/** pg's own messages for a connection that could not be made or was dropped while being made. */
const UNREACHABLE_MESSAGES = /^(Connection terminated unexpectedly|Connection terminated due to connection timeout|timeout exceeded when trying to connect)/;
/** SQLSTATE 57P03 cannot_connect_now: the server is starting up or shutting down. */
const STARTING_UP = '57P03';

/** Whether the error says the database cannot be reached now, so waiting may help. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code === STARTING_UP)) return true;
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/**
 * Whether the central gateway could not be reached, broke off, or answered 429 or 5xx (it may be
 * starting, or waiting for its own database). A 4xx such as 401/403 is a misconfiguration.
 */
export function isCentralUnreachable(error: unknown): boolean {
  if (!(error instanceof CentralUnavailable)) return false;
  return error.status === null || error.status === 429 || error.status >= 500;
}

/** What the gateway waits for, per ledger kind; undefined: that kind is never waited for. */
function waitedFor(kind: Config['ledger']['kind']): { what: string; unreachable: (error: unknown) => boolean } | undefined {
  if (kind === 'postgres') return { what: 'the database', unreachable: isDatabaseUnreachable };
  if (kind === 'central') return { what: 'the central gateway', unreachable: isCentralUnreachable };
  return undefined;
}

export interface DatabaseWait {
  /** First retry after this many ms, doubling up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export interface OpenedLedger {
  store: Ledger;
  /** The port the waiting server held, for the gateway to listen on; undefined when there was no wait. */
  port?: number;
}

interface WaitingContext {
  config: Config;
  logger: Logger;
  version: string;
  policyVersion: () => string;
}

export async function openLedgerWhenReachable(open: () => Promise<Ledger>, context: WaitingContext, wait: DatabaseWait = {}): Promise<OpenedLedger> {
  try {
    return { store: await open() };
  } catch (error) {
    const target = waitedFor(context.config.ledger.kind);
    if (!target || !target.unreachable(error)) throw error;
    return await waitWhileServing(open, context, target, error, wait);
  }
}

async function waitWhileServing(
  open: () => Promise<Ledger>, context: WaitingContext, target: NonNullable<ReturnType<typeof waitedFor>>, first: unknown, wait: DatabaseWait,
): Promise<OpenedLedger> {
  const { config, logger } = context;
  const { what, unreachable } = target;
  let lastError = describe(first);
  const server = http.createServer((req, res) => answerWhileWaiting(req, res, context, what, lastError));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve((server.address() as AddressInfo).port));
  });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const initial = wait.initialDelayMs ?? 250;
  const max = wait.maxDelayMs ?? 10_000;
  let delay = initial;
  logger.warn(`waiting for ${what}: not ready until it answers`, { url: `http://${host}:${port}`, error: lastError, retry_in_ms: delay });
  try {
    for (let attempt = 1; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const store = await open();
        logger.info(`${what} answered; starting`, { attempts: attempt + 1 });
        return { store, port };
      } catch (error) {
        if (!unreachable(error)) throw error;
        lastError = describe(error);
        delay = Math.min(delay * 2, max);
        logger.warn(`${what} is still not reachable`, { error: lastError, attempt, retry_in_ms: delay });
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function answerWhileWaiting(req: http.IncomingMessage, res: http.ServerResponse, context: WaitingContext, what: string, lastError: string): void {
  const path = (req.url ?? '/').split('?')[0];
  res.setHeader('cache-control', 'no-store');
  res.setHeader('connection', 'close');
  if (req.method === 'GET' && path === '/health/live') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('ok\n');
    return;
  }
  const reason = `waiting for ${what}: ${lastError}`;
  if (req.method === 'GET' && path === '/health') {
    res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({
      status: 'not_ready', reason, version: context.version, variant: context.config.variant,
      ledger: { kind: context.config.ledger.kind, reachable: false },
      policy_version: context.policyVersion(), score_version: SCORE_VERSION, kill_switch_active: null, uptime_seconds: null,
    }));
    return;
  }
  const problem = problemBody(new ApiError('LEDGER_UNAVAILABLE', `The gateway is ${reason}; it serves requests once ${what} answers.`), path);
  res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '5' }).end(JSON.stringify(problem));
}

function describe(error: unknown): string {
  // Its message already names the central gateway and what went wrong.
  if (error instanceof CentralUnavailable) return error.message;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' && !message.includes(code) ? `${code}: ${message}` : String(message ?? error);
}
