// The node:http server: request ids, routing, hooks (auth, rate limits), JSON and problem+json
// responses, and a graceful shutdown that finishes in-flight requests before it returns.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import diagnostics_channel from 'node:diagnostics_channel';
import { ApiError, problemBody } from './errors.ts';
import { parseJson, readBody } from './body.ts';
import { answerClientError } from './client-errors.ts';
import { endLingering } from './lingering-close.ts';
import type { HandlerResult, RequestContext, Route, Router } from './router.ts';
import type { Logger } from '../observability/index.ts';
import { maxJsonValues } from '../json/index.ts';
import { inServerSpan, tracingOn } from '../observability/tracing.ts';

/** Published after every response: metrics subscribe, the server does not know them. */
export const responseChannel = diagnostics_channel.channel('gateway:http:response');

export interface HttpResponseEvent {
  method: string;
  route: string;
  status: number;
  durationSeconds: number;
}

export type BeforeHandlerHook = (ctx: RequestContext, route: Route) => void | Promise<void>;

/**
 * Sees each request before the router (the sidecar's proxy routes). It either takes the request,
 * answering it itself and returning the label its metrics carry, or returns null to leave it to the router.
 */
export type RequestInterceptor = (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => string | null;

/** How long a client may take, and how many may connect (config: HTTP_* variables, docs/security.md). */
export interface HttpLimits {
  /** The request line and headers must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are refused (closed) until others end. */
  maxConnections: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 65_000, maxConnections: 1024 };

export interface HttpServerOptions {
  router: Router;
  maxBodyBytes: number;
  limits?: HttpLimits;
  logger: Logger;
  beforeHandler?: BeforeHandlerHook[];
  intercept?: RequestInterceptor;
}

export interface HttpServer {
  readonly server: http.Server;
  listen(port: number, host: string): Promise<AddressInfo>;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes every socket. */
  shutdown(graceMs?: number): Promise<void>;
}

const REQUEST_ID_PATTERN = /^[\w.:\-]{1,200}$/;

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const { router, maxBodyBytes, logger } = options;
  const hooks = options.beforeHandler ?? [];
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | undefined;

  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired requests on this period (30 s by default, which would let a stalled
    // client stay that much longer than its timeout).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4))),
  }, (req, res) => {
    inFlight++;
    const started = process.hrtime.bigint();
    let route = 'unmatched';
    res.on('finish', () => {
      if (responseChannel.hasSubscribers) {
        const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        const event: HttpResponseEvent = { method: req.method ?? 'GET', route, status: res.statusCode, durationSeconds };
        responseChannel.publish(event);
      }
    });
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0 && idle) idle();
    });
    if (draining) res.setHeader('connection', 'close');
    void handle(req, res, (r) => (route = r));
  });
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerClientError);
  // An Expect header other than 100-continue: Node answers 417 with no body unless someone
  // listens; every error the gateway gives is problem+json.
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    res.setHeader('connection', 'close');
    const expected = String(req.headers.expect ?? '').slice(0, 100);
    sendError(res, new ApiError('EXPECTATION_FAILED', `Expect: ${JSON.stringify(expected)} cannot be met; send the request without it (or with Expect: 100-continue).`), (req.url ?? '/').split('?')[0]!, requestId);
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, setRoute: (r: string) => void): Promise<void> {
    const sent = req.headers['x-request-id'];
    const requestId = typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    res.setHeader('x-request-id', requestId);
    if (options.intercept) {
      try {
        const taken = options.intercept(req, res, requestId);
        if (taken !== null) {
          setRoute(taken);
          return;
        }
      } catch (error) {
        sendError(res, error, req.url ?? '/', requestId);
        return;
      }
    }
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const method = req.method ?? 'GET';
    try {
      const match = router.match(method, path);
      if (match.kind === 'not_found') throw new ApiError('ROUTE_NOT_FOUND', `No route for ${method} ${path}.`);
      if (match.kind === 'method_not_allowed') {
        setRoute(match.template);
        throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${match.template}; use ${match.allowed.join(', ')}.`, {
          headers: { allow: match.allowed.join(', ') },
        });
      }
      setRoute(match.route.path);
      let parsed: Promise<unknown> | undefined;
      const ctx: RequestContext = {
        req, res, requestId, method, path,
        query: new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1)),
        params: match.params,
        route: match.route.path,
        meta: match.route.meta ?? {},
        json: () => (parsed ??= readBody(req, maxBodyBytes).then((body) => parseJson(body, req.headers, { maxValues: maxJsonValues() * (match.route.meta?.bodyDocuments ?? 1) }))),
      };
      const route = match.route;
      const result = tracingOn()
        ? await inServerSpan(`${method} ${route.path}`, req.headers, () => runRoute(ctx, route), () => ({ 'http.request.method': method, 'http.route': route.path }))
        : await runRoute(ctx, route);
      send(res, result);
    } catch (error) {
      sendError(res, error, path, requestId);
    }
  }

  /** Entitlement and other hooks, query checks, then the handler: the part of a request a trace covers. */
  async function runRoute(ctx: RequestContext, route: Route): Promise<HandlerResult> {
    for (const hook of hooks) await hook(ctx, route);
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !route.meta?.page) rejectUnknownQuery(ctx.query, route);
    return route.handler(ctx);
  }

  function sendError(res: http.ServerResponse, error: unknown, path: string, requestId: string): void {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else {
      logger.error('unhandled error', { request_id: requestId, path, error: errorDetail(error) });
      apiError = new ApiError('INTERNAL', `The gateway failed to handle this request; quote request id ${requestId} to an operator.`);
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    send(res, {
      status: apiError.status,
      body: problemBody(apiError, path),
      headers: apiError.headers,
      contentType: 'application/problem+json',
    });
  }

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      });
    },
    async shutdown(graceMs = 10_000) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      server.closeAllConnections();
      await closed;
    },
  };
}

function send(res: http.ServerResponse, result: HandlerResult): void {
  const status = result.status ?? 200;
  if (result.headers) for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  // A length on every answer: endLingering may hold the end back, and the client must not need it.
  if (result.raw !== undefined) {
    res.writeHead(status, { 'content-type': result.contentType ?? 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(result.raw) });
    endLingering(res, result.raw);
    return;
  }
  if (result.body === undefined) {
    res.writeHead(status, status === 204 || status === 304 ? {} : { 'content-length': 0 });
    endLingering(res, '');
    return;
  }
  const json = JSON.stringify(result.body);
  res.writeHead(status, {
    'content-type': result.contentType ?? 'application/json',
    'content-length': Buffer.byteLength(json),
  });
  endLingering(res, json);
}

function errorDetail(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
}

/**
 * A GET's query parameters are the ones its route documents (meta.doc.parameters, which also
 * make /openapi.json); any other is a 400 naming the known ones, because a misspelt filter
 * (`?agent=` for `?agent_id=`) silently ignored would return unfiltered data as if filtered.
 */
function rejectUnknownQuery(query: URLSearchParams, route: Route): void {
  const known = (route.meta?.doc?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const unknown = [...new Set(query.keys())].filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const takes = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes none';
  throw new ApiError('UNKNOWN_QUERY_PARAMETER', `${route.path} does not take the query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${takes}.`, {
    extensions: { unknown_parameters: unknown, known_parameters: known },
  });
}
