// One undici Pool per upstream (keep-alive connections reused across calls), with the route's
// timeouts. Upstream failures become problem codes the agent can act on: a timeout is 504, a
// refused or reset connection 502; the agent is never left hanging.
//
// undici is loaded on first use, not at start-up: it is the largest module the gateway loads
// (~30 ms and several MB of heap), and a gateway without sidecar routes never needs it. A
// sidecar loads it right after it starts listening (warmUp), before its first call in practice.

import type { Pool } from 'undici';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiError } from '../../http/index.ts';
import { loadUndici } from '../../http/lazy-undici.ts';
import type { HeaderMap } from './forward-headers.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

export interface UpstreamRequest {
  method: string;
  path: string;
  headers: HeaderMap;
  body?: Buffer | Readable | null;
  signal?: AbortSignal;
  /** Overrides the route's body timeout; 0 = none (a long-lived event stream may be quiet for long). */
  bodyTimeoutMs?: number;
}

export interface OpenedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** undici's Pool class, once loaded. */
let PoolClass: typeof Pool | undefined;
const loadPool = async (): Promise<typeof Pool> => (PoolClass ??= (await loadUndici()).Pool);

export class UpstreamPools {
  readonly #pools = new Map<string, Pool>();

  /** Loads undici now, so the first call does not wait for it. */
  async warmUp(): Promise<void> {
    await loadPool();
  }

  #pool(route: SidecarRoute, PoolClass: typeof Pool): Pool {
    const key = `${route.upstream.origin}|${route.timeouts.connectMs}`;
    let pool = this.#pools.get(key);
    if (!pool) {
      pool = new PoolClass(route.upstream.origin, {
        connect: { timeout: route.timeouts.connectMs },
        keepAliveTimeout: 30_000,
        pipelining: 1,
      });
      this.#pools.set(key, pool);
    }
    return pool;
  }

  /** Sends the request; resolves once the response headers arrive (the body is still streaming). */
  async open(route: SidecarRoute, request: UpstreamRequest): Promise<OpenedResponse> {
    try {
      const response = await this.#pool(route, PoolClass ?? await loadPool()).request({
        method: request.method as 'GET',
        path: request.path,
        headers: request.headers,
        body: request.body ?? null,
        headersTimeout: route.timeouts.headersMs,
        bodyTimeout: request.bodyTimeoutMs ?? route.timeouts.bodyMs,
        signal: request.signal,
      });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      throw upstreamFailure(error, route);
    }
  }

  /** Closes pools no current route uses (after a reload); their in-flight calls finish first. */
  retain(routes: readonly SidecarRoute[]): void {
    const used = new Set(routes.map((route) => `${route.upstream.origin}|${route.timeouts.connectMs}`));
    for (const [key, pool] of this.#pools) {
      if (used.has(key)) continue;
      this.#pools.delete(key);
      void pool.close().catch(() => undefined);
    }
  }

  /** Lets calls under way finish (each ends with its agent's response), then closes; destroys what is left after `graceMs`. */
  async close(graceMs = 15_000): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.all(pools.map((pool) => pool.close().catch(() => undefined))), late]);
    clearTimeout(timer);
    await Promise.all(pools.map((pool) => pool.destroy().catch(() => undefined)));
  }
}

/** Aborts the upstream call when the agent goes away before its answer is complete. */
export function abortWhenClosed(res: ServerResponse): AbortSignal {
  const abort = new AbortController();
  res.once('close', () => { if (!res.writableFinished) abort.abort(); });
  return abort.signal;
}

/** An undici/socket error -> 504 (timeout) or 502 (anything else), naming the route. */
export function upstreamFailure(error: unknown, route: SidecarRoute): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string } | null)?.code ?? '';
  const message = (error as Error | null)?.message ?? String(error);
  if (TIMEOUT_CODES.has(code)) {
    return new ApiError('UPSTREAM_TIMEOUT', `The upstream of route ${route.name} (${route.upstream.origin}) did not answer in time: ${message}.`, {
      extensions: { route: route.name, upstream_error: code },
    });
  }
  return new ApiError('UPSTREAM_UNAVAILABLE', `The upstream of route ${route.name} (${route.upstream.origin}) failed: ${message}${code ? ` (${code})` : ''}.`, {
    extensions: { route: route.name, upstream_error: code || 'unknown' },
  });
}
