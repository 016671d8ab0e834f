// Ungoverned routes (governed: false): bytes stream through http-proxy-3 untouched and
// unbuffered, websockets included. Nothing is decided or recorded; the route exists so the
// agent can keep one base URL or proxy setting for everything it calls.

import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { sendProblem } from '../proxy-problems.ts';
import { upstreamPath, type RequestTarget } from '../routes/route-matcher.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import { upstreamFailure } from '../upstream/upstream-pools.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

export class UngovernedProxy {
  readonly #proxy = createProxyServer({ xfwd: true, changeOrigin: true, ws: true });
  readonly #httpAgent = new http.Agent({ keepAlive: true });
  readonly #httpsAgent = new https.Agent({ keepAlive: true });

  #options(route: SidecarRoute) {
    return { target: route.upstream.origin, agent: route.upstream.protocol === 'https:' ? this.#httpsAgent : this.#httpAgent };
  }

  web(req: http.IncomingMessage, res: http.ServerResponse, route: SidecarRoute, target: RequestTarget): void {
    publishSidecarEvent(route.name, 'ungoverned');
    // http-proxy-3 appends req.url to the target: give it the upstream path, not an absolute URI.
    req.url = upstreamPath(route, target);
    this.#proxy.web(req, res, this.#options(route), (error, _req, out) => {
      if (out instanceof http.ServerResponse) sendProblem(out, upstreamFailure(error, route), target.path);
      else (out as Duplex).destroy();
    });
  }

  ws(req: http.IncomingMessage, socket: Duplex, head: Buffer, route: SidecarRoute, target: RequestTarget): void {
    publishSidecarEvent(route.name, 'ungoverned');
    req.url = upstreamPath(route, target);
    this.#proxy.ws(req, socket, head, this.#options(route), () => socket.destroy());
  }

  close(): void {
    this.#proxy.close();
    this.#httpAgent.destroy();
    this.#httpsAgent.destroy();
  }
}
