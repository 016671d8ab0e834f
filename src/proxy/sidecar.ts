// The sidecar on the gateway's own HTTP server: requests whose target matches a route in
// config/gateway.yaml (and every absolute-URI or CONNECT request) are the proxy's; everything
// else goes on to the /v1 router. Routes are hot-reloaded: a broken edit is rejected with its
// line and field, and the last good routes stay in force.

import type { ReviewDesk } from '../oversight/index.ts';
import path from 'node:path';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ConfigError, ConfigFileError, watchConfigFile, type ReloadResult, type WatchedConfigFile } from '../config/index.ts';
import { ApiError } from '../http/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { inServerSpan, tracingOn, type Logger } from '../observability/index.ts';
import type { PolicySource, Runtime } from '../runtime/index.ts';
import { handleConnect, writeRawProblem } from './http/connect-tunnel.ts';
import { parseGatewayFile } from './routes/gateway-file.ts';
import { GovernanceGate } from './governance-gate.ts';
import { handleGovernedHttp, type ProxiedRequest } from './http/governed-http.ts';
import { handleMcp, type McpDeps } from './mcp/mcp-route.ts';
import { sendProblem } from './proxy-problems.ts';
import { matchRoute, requestTarget, routedHost, unsafePathReason } from './routes/route-matcher.ts';
import { NO_ROUTES, type SidecarSettings } from './routes/route-types.ts';
import { SessionCounter } from './session-counter.ts';
import { publishSidecarEvent } from './sidecar-events.ts';
import { ToolPins } from './mcp/tool-pins.ts';
import { McpElicitations } from './mcp/mcp-elicitation.ts';
import { UngovernedProxy } from './http/ungoverned-proxy.ts';
import { UpstreamPools } from './upstream/upstream-pools.ts';
import { dropGatewayCookies } from './upstream/forward-headers.ts';
import { CallAdmission, type AdmissionFigures } from './call-admission.ts';
import { splitMemoryBudget, type MemoryBudget } from './memory-budget.ts';
import { DEFAULT_MEMORY_BUDGET_MB } from '../config/memory-settings.ts';

const AGENT_ID_PATTERN = /^[\w\-.]+$/;

export interface SidecarOptions {
  configDir: string;
  runtime: Runtime;
  policies: PolicySource;
  /** The guarded ledger (its failures are LEDGER_UNAVAILABLE). */
  ledger: Ledger;
  logger: Logger;
  maxBodyBytes: number;
  /** AGENT_ID: who this sidecar governs (wins over gateway.yaml's agent_id). */
  agentId: string | null;
  versions(): { policy_version: string; score_version: string };
  /** Review items: on_escalation hold waits on them. */
  reviews?: ReviewDesk;
  /** Quiet time before a changed gateway.yaml is read (tests shorten it). */
  debounceMs?: number;
  /** SIDECAR_MEMORY_MB: split into the bounds of calls under way, body buffers and caches (memory-budget.ts). */
  memoryBudgetMb?: number;
}

export interface Sidecar {
  /** For the HTTP server: takes the request and returns its metrics label, or null to leave it to the router. */
  intercept(req: IncomingMessage, res: ServerResponse, requestId: string): string | null;
  /** Takes the server's CONNECT (HTTPS via HTTP_PROXY) and upgrade (websocket) requests. */
  attach(server: Server): void;
  settings(): SidecarSettings;
  /** Re-reads gateway.yaml now (the watcher does this after a change). */
  reload(): ReloadResult;
  /** Once calls have stopped: resolves when the post-check rows of released `audit: intent` calls are appended (before the ledger closes). */
  recorded(): Promise<void>;
  /** The memory budget's bounds and how much of them the calls under way hold (for /metrics). */
  memory(): { budget: MemoryBudget; admission: AdmissionFigures };
  close(): Promise<void>;
}

export async function createSidecar(options: SidecarOptions): Promise<Sidecar> {
  const { logger } = options;
  if (options.agentId !== null && !AGENT_ID_PATTERN.test(options.agentId)) {
    throw new ConfigError([`AGENT_ID: "${options.agentId}" is not an agent id (letters, digits, _ - . only)`]);
  }
  const pools = new UpstreamPools();
  const file = path.join(options.configDir, 'gateway.yaml');
  const watched: WatchedConfigFile<SidecarSettings> = watchConfigFile({
    path: file,
    display: file,
    logger,
    debounceMs: options.debounceMs,
    whenMissing: () => NO_ROUTES,
    parse: (text, display) => withAgent(parseGatewayFile(text, display), options.agentId, display),
    onApply: (settings) => pools.retain(settings.routes),
  });
  const initial = watched.current();
  const agentId = () => options.agentId ?? watched.current().agentId;
  const budget = splitMemoryBudget(options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB, {
    maxBodyBytes: options.maxBodyBytes, maxSessions: initial.sessions.maxSessions,
  });
  const admission = new CallAdmission(budget);
  const sessions = new SessionCounter({ idleSeconds: initial.sessions.idleSeconds, maxSessions: budget.maxSessions });
  const gate = new GovernanceGate(options.runtime, sessions, logger, options.reviews, options.policies);
  let pins: ToolPins;
  try {
    pins = await ToolPins.load(options.ledger, agentId, options.versions, (route, tool) => watched.current().routes.find((r) => r.name === route)?.acceptedToolChanges.get(tool));
  } catch (error) {
    watched.close();
    throw error;
  }
  const ungoverned = new UngovernedProxy();
  /** Tunnels and websockets leave the HTTP server's bookkeeping: close() ends them itself. */
  const detached = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    detached.add(socket);
    socket.once('close', () => detached.delete(socket));
  };
  const deps: McpDeps = {
    gate, pools, policies: options.policies, pins, maxBodyBytes: budget.maxRequestBytes, logger, streams: new Set(), elicitations: new McpElicitations(),
  };
  if (initial.routes.length > 0) {
    logger.info('sidecar routes loaded', { file, routes: initial.routes.map((r) => r.name), agent_id: agentId() });
  }

  let closing = false;
  const dispatch = (call: ProxiedRequest): Promise<void> => {
    if (!call.route.governed) {
      ungoverned.web(call.req, call.res, call.route, call.target);
      return Promise.resolve();
    }
    if (tracingOn()) return inServerSpan(`sidecar ${call.route.name}`, call.req.headers, () => governed(call), () => ({ 'governance.route': call.route.name, 'governance.agent_id': call.agentId }));
    return governed(call);
  };
  const governed = async (call: ProxiedRequest): Promise<void> => {
    // Calls (MCP: POSTed messages; a GET event stream holds no body) count against the memory budget.
    const counted = call.route.protocol === 'http' || call.req.method === 'POST';
    if (counted) call.ticket = admission.enter(call.route.name);
    try {
      return await (call.route.protocol === 'mcp' ? handleMcp(deps, call) : handleGovernedHttp(deps, call));
    } finally {
      call.ticket?.leave();
    }
  };

  return {
    intercept(req, res, requestId) {
      const absolute = /^https?:\/\//i.test(req.url ?? '/');
      const settings = watched.current();
      if (settings.routes.length === 0 && !absolute) return null;
      const target = requestTarget(req);
      const route = target && matchRoute(settings.routes, target);
      if (!target || !route) {
        if (!absolute) return null;
        publishSidecarEvent('unrouted', 'refused');
        sendProblem(res, new ApiError('DESTINATION_NOT_ALLOWED', `No sidecar route names host ${target?.hostname ?? req.url}; the sidecar forwards only to configured routes.`, {
          extensions: { target: req.url },
        }), req.url ?? '');
        return 'proxy:unrouted';
      }
      if (closing && req.method === 'GET' && route.protocol === 'mcp') {
        // An event stream opened now would outlive the shutdown; the client reconnects elsewhere.
        sendProblem(res, new ApiError('UPSTREAM_UNAVAILABLE', 'The sidecar is shutting down; reconnect the event stream.'), target.path);
        return `proxy:${route.name}`;
      }
      const unsafe = unsafePathReason(target.path);
      if (unsafe) {
        // Every route's prefix bounds what it reaches, governed or not (an ungoverned route's upstream may serve governed tools beside it).
        sendProblem(res, new ApiError('PROXY_PATH_REJECTED', `The path holds ${unsafe}; the sidecar does not forward it.`), target.path);
        return `proxy:${route.name}`;
      }
      dropGatewayCookies(req);
      const id = agentId();
      const call: ProxiedRequest = { req, res, route, target, requestId, agentId: id ?? '' };
      dispatch(call).catch((error: unknown) => {
        if (error instanceof ApiError) {
          sendProblem(res, error, target.path);
          return;
        }
        logger.error('sidecar: unhandled error', { route: route.name, request_id: requestId, error: (error as Error)?.message });
        sendProblem(res, new ApiError('INTERNAL', `The sidecar failed to handle this request; quote request id ${requestId} to an operator.`), target.path);
      });
      return `proxy:${route.name}`;
    },

    attach(server) {
      server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        track(socket);
        handleConnect({
          rules: () => watched.current().connectAllow,
          routed: (hostname, port) => routedHost(watched.current().routes, hostname, port),
          serveInside: (inner) => server.emit('connection', inner),
          ledger: options.ledger, agentId, versions: options.versions, logger,
        }, req, socket, head).catch(() => socket.destroy());
      });
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgrade(req, socket, head));
      // Once the gateway is up (not before: start-up is what a restarted pod waits for), load what
      // the first forwarded call needs. Without routes, it loads on first use, if ever.
      server.once('listening', () => {
        if (watched.current().routes.length === 0) return;
        pools.warmUp().catch((error: unknown) => logger.error('sidecar: the HTTP client failed to load', { error: (error as Error)?.message }));
      });
    },

    settings: () => watched.current(),
    memory: () => ({ budget, admission: admission.figures() }),
    recorded: () => gate.recorded(),
    reload: () => watched.reload(),
    /** Ends tunnels and websockets now; governed calls under way finish first. */
    async close() {
      closing = true;
      watched.close();
      for (const socket of detached) socket.destroy();
      // A server-to-agent event stream never finishes on its own; the client reconnects elsewhere.
      for (const stream of deps.streams) stream.end();
      ungoverned.close();
      await pools.close();
    },
  };

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = requestTarget(req);
    const route = target && matchRoute(watched.current().routes, target);
    const unsafe = target && route && !route.governed ? unsafePathReason(target.path) : undefined;
    if (unsafe) {
      writeRawProblem(socket, new ApiError('PROXY_PATH_REJECTED', `The path holds ${unsafe}; the sidecar does not forward it.`), req.url ?? '');
      return;
    }
    if (!target || !route || route.governed) {
      const error = route
        ? new ApiError('UPGRADE_REFUSED', `Route ${route.name} is governed; the sidecar cannot check traffic after a protocol upgrade, so it refuses it.`)
        : new ApiError('ROUTE_NOT_FOUND', `No ungoverned sidecar route for ${req.url}; only ungoverned routes accept upgrades (websockets).`);
      writeRawProblem(socket, error, req.url ?? '');
      return;
    }
    track(socket);
    dropGatewayCookies(req);
    ungoverned.ws(req, socket, head, route, target);
  }
}

/** Governed routes need to know whose calls they govern; without an agent id the file is refused. */
function withAgent(settings: SidecarSettings, envAgentId: string | null, display: string): SidecarSettings {
  if (envAgentId === null && settings.agentId === null && settings.routes.some((route) => route.governed)) {
    throw new ConfigFileError([{
      file: display, line: null, column: null, path: 'agent_id',
      message: 'governed routes need the agent they govern: set AGENT_ID (e.g. from the Kubernetes downward API) or agent_id in this file',
    }]);
  }
  return settings;
}
