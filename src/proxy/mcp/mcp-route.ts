// A governed MCP route (streamable HTTP transport). POSTed JSON-RPC messages are sorted by
// method: tools/call is gated, tools/list filtered and pinned, everything else goes through. A
// response is released only on the POST that carried its request (where a tool result is
// checked): one in another POST's answer, or on the server's GET event stream (a resumed stream,
// whatever type the server labels it), is dropped.

import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { ApiError, parseJson, readBody } from '../../http/index.ts';
import type { Logger } from '../../observability/index.ts';
import type { PolicySource } from '../../runtime/index.ts';
import { upstreamRequestHeaders } from '../upstream/forward-headers.ts';
import type { GovernanceGate } from '../governance-gate.ts';
import type { ProxiedRequest } from '../http/governed-http.ts';
import { INVALID_REQUEST, PARSE_ERROR, errorMessage, isRequest, isResponse, namesLookalike, namesMethod } from './json-rpc.ts';
import { pipeThrough, relayEventStream, relayTransformed } from './mcp-response-relay.ts';
import { dropForeignResponse, ownResponsesOnly, requestIds } from './own-responses.ts';
import { handleToolCall, sendJson } from './mcp-tool-call.ts';
import { toolsListTransform } from './mcp-tools-list.ts';
import { sendProblem } from '../proxy-problems.ts';
import { upstreamPath } from '../routes/route-matcher.ts';
import type { ToolPins } from './tool-pins.ts';
import type { McpElicitations } from './mcp-elicitation.ts';
import { abortWhenClosed, type UpstreamPools } from '../upstream/upstream-pools.ts';

export interface McpDeps {
  gate: GovernanceGate;
  pools: UpstreamPools;
  policies: PolicySource;
  pins: ToolPins;
  maxBodyBytes: number;
  logger: Logger;
  /** Open server-to-agent event streams (GET): ended when the sidecar shuts down. */
  streams: Set<ServerResponse>;
  /** Which sessions' clients can be asked (MCP elicitation), and the questions awaiting answers. */
  elicitations: McpElicitations;
}

const GOVERNED_METHODS = new Set(['tools/call', 'tools/list']);

export async function handleMcp(deps: McpDeps, call: ProxiedRequest): Promise<void> {
  const { req, res } = call;
  try {
    if (req.method === 'POST') return await handlePost(deps, call);
    const opened = await deps.pools.open(call.route, {
      method: req.method ?? 'GET',
      path: upstreamPath(call.route, call.target),
      headers: upstreamRequestHeaders(req, { clientAddress: req.socket.remoteAddress, identityEncoding: true, bufferedBody: false }),
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
      bodyTimeoutMs: req.method === 'GET' ? 0 : undefined,
      signal: abortWhenClosed(res),
    });
    // Clients read any 2xx answer to their GET as an event stream, whatever its content type.
    if (req.method === 'GET' && opened.status >= 200 && opened.status < 300) {
      deps.streams.add(res);
      res.once('close', () => deps.streams.delete(res));
      await relayEventStream(res, opened, call.route, async (message) => {
        dropForeignResponse(call.route, deps.logger, message);
        return null;
      });
      return;
    }
    await pipeThrough(res, opened);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    sendProblem(res, error, call.target.path);
  }
}

async function handlePost(deps: McpDeps, call: ProxiedRequest): Promise<void> {
  const { req, res, route } = call;
  const raw = await readBody(req, deps.maxBodyBytes, call.ticket?.reserve);
  let message: unknown;
  try {
    message = parseJson(raw, req.headers);
  } catch (error) {
    if ((error as ApiError).code !== 'INVALID_JSON') throw error;
    sendJson(res, 400, errorMessage(null, PARSE_ERROR, `Parse error: ${(error as ApiError).detail}`));
    return;
  }
  const lookalike = (Array.isArray(message) ? message : [message]).find((m) => namesLookalike(m, GOVERNED_METHODS));
  if (lookalike !== undefined) {
    const method = JSON.stringify((lookalike as { method: string }).method);
    sendJson(res, 400, errorMessage(null, INVALID_REQUEST, `The governance sidecar does not forward the method ${method}: a server may read it as tools/call or tools/list, which it governs; send the method exactly.`));
    return;
  }
  if (Array.isArray(message)) {
    if (message.some((m) => namesMethod(m, GOVERNED_METHODS))) {
      sendJson(res, 400, errorMessage(null, INVALID_REQUEST, 'The governance sidecar does not accept tools/call or tools/list inside a JSON-RPC batch; send them one per request.'));
      return;
    }
  } else if (!isRequest(message) && namesMethod(message, GOVERNED_METHODS)) {
    // Without an id it is a notification: nothing could be post-checked, and a server that ran it anyway would run it ungated.
    sendJson(res, 400, errorMessage(null, INVALID_REQUEST, `The governance sidecar does not accept ${(message as { method: string }).method} without an id (a notification); send it as a request.`));
    return;
  } else if (isRequest(message) && message.method === 'tools/call') {
    await handleToolCall(deps, call, message, raw);
    return;
  } else if (isResponse(message) && deps.elicitations.answer(sessionOf(req.headers), message)) {
    // The client's answer to the sidecar's own elicitation: taken here, the server never asked.
    res.writeHead(202);
    res.end();
    return;
  }
  const opened = await deps.pools.open(route, {
    method: 'POST',
    path: upstreamPath(route, call.target),
    headers: upstreamRequestHeaders(req, { clientAddress: req.socket.remoteAddress, identityEncoding: true, bufferedBody: true }),
    body: raw,
    signal: abortWhenClosed(res),
  });
  const ids = requestIds(message);
  if (isRequest(message) && message.method === 'tools/list') {
    await relayTransformed(res, opened, route, ownResponsesOnly(ids, route, deps.logger, toolsListTransform(deps, call)));
    return;
  }
  if (isRequest(message) && message.method === 'initialize') deps.elicitations.noteInitialize(message.params, opened.headers);
  // A POST of notifications or responses answers nothing: any response in its answer is dropped.
  await relayTransformed(res, opened, route, ownResponsesOnly(ids, route, deps.logger));
}

function sessionOf(headers: IncomingHttpHeaders): string | undefined {
  const session = headers['mcp-session-id'];
  return typeof session === 'string' ? session : undefined;
}
