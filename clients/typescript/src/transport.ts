// One HTTP exchange with the gateway, with the headers every call carries and the retry rules:
// 429 is retried after Retry-After (the gateway did nothing, so any call may repeat), 503 with
// exponential backoff only for calls that are safe to repeat (GET, and post-check, which the
// gateway makes idempotent), as is a failed connection. Both are bounded by `maxRetries` and `maxRetryDelayMs`.

import { errorFor, type GatewayError } from './errors.ts';

export interface TransportOptions {
  baseUrl: string;
  /** An API key or JWT, sent as both `Authorization: Bearer` (embedded gateway) and `X-Service-Token` (edge gateway). */
  token?: string;
  /** Sent as X-Agent-ID (the rate-limit bucket) when a call names no agent of its own. */
  agentId?: string;
  /** Attempts after the first one; default 3. */
  maxRetries?: number;
  /** The longest single wait between attempts, Retry-After included; default 30 s. */
  maxRetryDelayMs?: number;
  /** The first 503 backoff, doubled each time (with jitter); default 250 ms. */
  backoffMs?: number;
  /** Per-attempt timeout; default 30 s (a long-poll adds its wait). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
}

export interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Safe to repeat after a 503. */
  idempotent: boolean;
  agentId?: string;
  extraTimeoutMs?: number;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
  requestId: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds (delta) or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

export class Transport {
  readonly options: Required<Pick<TransportOptions, 'maxRetries' | 'maxRetryDelayMs' | 'backoffMs' | 'timeoutMs'>> & TransportOptions;
  constructor(options: TransportOptions) {
    checkOptions(options);
    this.options = { maxRetries: 3, maxRetryDelayMs: 30_000, backoffMs: 250, timeoutMs: 30_000, ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  headersFor(exchange: Exchange, requestId: string): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', 'x-request-id': requestId, ...this.options.headers };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    const token = this.options.token;
    if (token) {
      headers.authorization = `Bearer ${token}`;
      headers['x-service-token'] = token;
    }
    const agent = exchange.agentId ?? this.options.agentId;
    if (agent) headers['x-agent-id'] = agent;
    return headers;
  }

  async send<T>(exchange: Exchange): Promise<Answer<T>> {
    const requestId = crypto.randomUUID();
    const doFetch = this.options.fetch ?? fetch;
    const headers = this.headersFor(exchange, requestId);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(this.options.baseUrl + exchange.path, {
          method: exchange.method,
          headers,
          body: exchange.body === undefined ? undefined : JSON.stringify(exchange.body),
          signal: AbortSignal.timeout(this.options.timeoutMs + (exchange.extraTimeoutMs ?? 0)),
        });
      } catch (error) {
        // A connection that failed (reset, refused: a gateway restarting) is retried like a 503,
        // and only when the call is safe to repeat; a timeout is not retried.
        const timedOut = (error as Error).name === 'TimeoutError';
        if (timedOut || !exchange.idempotent || attempt >= this.options.maxRetries) throw error;
        await sleep(this.backoff(attempt));
        continue;
      }
      const text = await response.text();
      const body = parse(text);
      if (response.ok) return { status: response.status, body: body as T, headers: response.headers, requestId };
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const delay = this.retryDelay(response.status, retryAfter, attempt, exchange.idempotent);
      if (delay === null) {
        const problem = typeof body === 'object' && body !== null ? body as Record<string, unknown> : { detail: text.slice(0, 500) };
        throw errorFor(response.status, problem, requestId, retryAfter) as GatewayError;
      }
      await sleep(delay);
    }
  }

  /** How long to wait before the next attempt, or null to give up. */
  retryDelay(status: number, retryAfter: number | null, attempt: number, idempotent: boolean): number | null {
    if (attempt >= this.options.maxRetries) return null;
    if (status === 429) {
      const ms = retryAfter === null ? this.backoff(attempt) : retryAfter * 1000;
      return ms > this.options.maxRetryDelayMs ? null : ms;
    }
    if (status === 503 && idempotent) return Math.min(this.options.maxRetryDelayMs, retryAfter === null ? this.backoff(attempt) : retryAfter * 1000);
    return null;
  }

  private backoff(attempt: number): number {
    const base = this.options.backoffMs * 2 ** attempt;
    return Math.min(this.options.maxRetryDelayMs, base / 2 + Math.random() * (base / 2));
  }
}

/** Options are checked once, here, so a typo fails at start-up rather than at the first tool call. */
function checkOptions(options: TransportOptions): void {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`baseUrl: "${options.baseUrl}" is not a URL (e.g. http://localhost:8765)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`baseUrl: ${url.protocol} is not http: or https:`);
  for (const name of ['maxRetries', 'maxRetryDelayMs', 'backoffMs', 'timeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new TypeError(`${name}: must be a number >= 0, got ${String(value)}`);
  }
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
