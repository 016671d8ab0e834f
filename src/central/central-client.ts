// The sidecar's HTTP client for the central gateway's internal API: one undici Pool (keep-alive
// connections reused by every call), the credential in X-Service-Token, JSON both ways. Any
// failure to get a 2xx answer becomes a CentralUnavailable error that says why; the guarded
// ledger turns it into 503 LEDGER_UNAVAILABLE, so a sidecar that cannot record fails closed.

import type { Pool } from 'undici';
import { loadUndici } from '../http/lazy-undici.ts';

export class CentralUnavailable extends Error {
  readonly code = 'CENTRAL_UNAVAILABLE';
  /** The central gateway's status, or null when it could not be reached at all. */
  readonly status: number | null;
  /** The central gateway's problem code, when it answered with one. */
  readonly problemCode: string | null;
  constructor(message: string, status: number | null = null, problemCode: string | null = null) {
    super(message);
    this.name = 'CentralUnavailable';
    this.status = status;
    this.problemCode = problemCode;
  }
}

export interface CentralClientOptions {
  /** CENTRAL_GATEWAY_URL: base URL; a path prefix is kept. */
  url: string;
  /** CENTRAL_GATEWAY_TOKEN. */
  token: string;
  /** Keep-alive connections to the central gateway (default 8). */
  connections?: number;
  /** A call without an answer by then fails (default 10 s); long-polls add their wait. */
  timeoutMs?: number;
}

export interface CentralResponse<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

export interface CentralClient {
  readonly url: string;
  /** 2xx (and 304) answers resolve; anything else rejects with CentralUnavailable. */
  call<T>(method: 'GET' | 'POST', path: string, options?: { body?: unknown; query?: Record<string, string | number | undefined>; headers?: Record<string, string>; extraTimeoutMs?: number; signal?: AbortSignal }): Promise<CentralResponse<T>>;
  close(): Promise<void>;
}

export function createCentralClient(options: CentralClientOptions): CentralClient {
  const base = new URL(options.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  // undici is loaded on the first call, as upstream-pools.ts does: start-up stays lean.
  let pool: Promise<Pool> | undefined;
  const poolOf = (): Promise<Pool> => (pool ??= loadUndici().then(({ Pool: PoolClass }) => new PoolClass(base.origin, {
    connections: options.connections ?? 8,
    keepAliveTimeout: 30_000,
    connectTimeout: Math.min(timeoutMs, 5_000),
  })));
  const display = `${base.origin}${prefix}`;

  return {
    url: display,
    async call<T>(method: 'GET' | 'POST', path: string, call: { body?: unknown; query?: Record<string, string | number | undefined>; headers?: Record<string, string>; extraTimeoutMs?: number; signal?: AbortSignal } = {}) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) search.set(name, String(value));
      const target = `${prefix}${path}${search.size > 0 ? `?${search}` : ''}`;
      const wait = timeoutMs + (call.extraTimeoutMs ?? 0);
      let response;
      try {
        response = await (await poolOf()).request({
          method,
          path: target,
          headers: {
            'x-service-token': options.token,
            accept: 'application/json',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...call.headers,
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          headersTimeout: wait,
          bodyTimeout: wait,
          signal: call.signal,
        });
      } catch (error) {
        throw new CentralUnavailable(`the central gateway at ${display} cannot be reached (${describe(error)})`);
      }
      let text: string;
      try {
        text = await response.body.text();
      } catch (error) {
        throw new CentralUnavailable(`the central gateway at ${display} broke off its answer (${describe(error)})`, response.statusCode);
      }
      const parsed = parse(text);
      const status = response.statusCode;
      if (status === 304 || (status >= 200 && status < 300)) return { status, headers: response.headers, body: parsed as T };
      const problem = parsed as { code?: unknown; detail?: unknown } | undefined;
      const code = typeof problem?.code === 'string' ? problem.code : null;
      const detail = typeof problem?.detail === 'string' ? `: ${problem.detail}` : '';
      throw new CentralUnavailable(`the central gateway at ${display} answered ${status}${code ? ` ${code}` : ''}${detail}`, status, code);
    },
    close: async () => { await (await pool)?.close(); },
  };
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as Error | null)?.message ?? String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
