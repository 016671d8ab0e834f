// Ungoverned routes (governed: false): bytes stream through http-proxy-3 untouched and
// unbuffered, websockets included. Nothing is decided or recorded; the route exists so the
// agent can keep one base URL or proxy setting for everything it calls. http-proxy-3 is loaded by
// the first ungoverned call: a sidecar without such routes (most) never pays its start-up.

import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import type { ProxyServer } from 'http-proxy-3';
import { commonJsExports } from '../../interop/commonjs.ts';
import { sendProblem } from '../proxy-problems.ts';
import { upstreamPath, type RequestTarget } from '../routes/route-matcher.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import { upstreamFailure } from '../upstream/upstream-pools.ts';
import { isolateUpstreamAnswer } from '../upstream/forward-headers.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

export class UngovernedProxy {
  #proxy: Promise<ProxyServer> | undefined;
  readonly #httpAgent = new http.Agent({ keepAlive: true });
  readonly #httpsAgent = new https.Agent({ keepAlive: true });

  #options(route: SidecarRoute) {
    return { target: route.upstream.origin, agent: route.upstream.protocol === 'https:' ? this.#httpsAgent : this.#httpAgent };
  }

  /** The proxy, loaded and made on first use; the request's body waits unread meanwhile. */
  #load(): Promise<ProxyServer> {
    return (this.#proxy ??= import('http-proxy-3').then((loaded) => {
      const proxy = commonJsExports(loaded).createProxyServer({ xfwd: true, changeOrigin: true, ws: true });
      // Before the answer's head is written: bytes pass untouched, the headers are made harmless to the console's origin.
      proxy.on('proxyRes', (answer) => isolateUpstreamAnswer(answer.headers));
      return proxy;
    }));
  }

  web(req: http.IncomingMessage, res: http.ServerResponse, route: SidecarRoute, target: RequestTarget): void {
    publishSidecarEvent(route.name, 'ungoverned');
    // http-proxy-3 appends req.url to the target: give it the upstream path, not an absolute URI.
    req.url = upstreamPath(route, target);
    const failed = (error: Error): void => sendProblem(res, upstreamFailure(error, route), target.path);
    // Whatever fails (loading the module, or the proxy throwing) answers the call, never an unhandled rejection.
    this.#load().then((proxy) => proxy.web(req, res, this.#options(route), (error, _req, out) => {
      if (out instanceof http.ServerResponse) failed(error);
      else (out as Duplex).destroy();
    })).catch(failed);
  }

  ws(req: http.IncomingMessage, socket: Duplex, head: Buffer, route: SidecarRoute, target: RequestTarget): void {
    publishSidecarEvent(route.name, 'ungoverned');
    req.url = upstreamPath(route, target);
    this.#load().then((proxy) => proxy.ws(req, socket, head, this.#options(route), () => socket.destroy())).catch(() => socket.destroy());
  }

  close(): void {
    void this.#proxy?.then((proxy) => proxy.close(), () => {});
    this.#httpAgent.destroy();
    this.#httpsAgent.destroy();
  }
}
