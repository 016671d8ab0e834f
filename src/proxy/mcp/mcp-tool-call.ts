// An MCP tools/call: gated on params.name and params.arguments. A blocked call is answered on
// the server's behalf (a tool result with isError: true) and never reaches it; an allowed call
// is forwarded and its result (JSON or an SSE event) post-checked before release.

import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ApiError } from '../../http/index.ts';
import { callFacts } from '../call-facts.ts';
import { upstreamRequestHeaders } from '../upstream/forward-headers.ts';
import { ledgerRefusal, type CallFacts, type PreVerdict } from '../governance-gate.ts';
import { errorMessage, resultMessage, sameId, type JsonRpcRequest, type JsonRpcResponse } from './json-rpc.ts';
import { relayIntoStream, relayTransformed } from './mcp-response-relay.ts';
import { dropForeignResponse } from './own-responses.ts';
import { EventStreamAnswer, type Elicitor } from './mcp-elicitation.ts';
import { blockedCallResult, changedToolResult, unrecordedResult, withheldResultResult, type ToolResult } from './mcp-results.ts';
import { redactionPatterns, redactValue } from '../redaction.ts';
import { isObject, outputOf } from '../upstream/response-body.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import { upstreamPath } from '../routes/route-matcher.ts';
import { abortWhenClosed } from '../upstream/upstream-pools.ts';
import type { McpDeps } from './mcp-route.ts';
import type { ProxiedRequest } from '../http/governed-http.ts';

export async function handleToolCall(deps: McpDeps, call: ProxiedRequest, request: JsonRpcRequest, raw: Buffer): Promise<void> {
  const { req, res, route } = call;
  const params = isObject(request.params) ? request.params : {};
  // Checked as sent, spaces and all: the server gets this very name (a lenient one may trim it),
  // and a name the catalog does not declare is blocked as undeclared.
  const name = typeof params.name === 'string' ? params.name : '';
  if (name.trim() === '') {
    sendJson(res, 200, errorMessage(request.id, -32602, 'tools/call needs params.name (the governance sidecar did not forward it)'));
    return;
  }
  const pinned = await deps.pins.changed(route, name);
  if (pinned) {
    publishSidecarEvent(route.name, 'blocked');
    sendJson(res, 200, resultMessage(request.id, changedToolResult(name, pinned.reviewEnvelopeId)));
    return;
  }
  const args = params.arguments === undefined ? {} : params.arguments as Record<string, unknown>;
  const facts = callFacts(req, route, call.agentId, call.requestId, { name, params: args }, call.target.path, call.ticket);
  // on_escalation elicit: the answer may turn into an event stream that first carries the question.
  const session = typeof req.headers['mcp-session-id'] === 'string' ? req.headers['mcp-session-id'] : undefined;
  const stream = new EventStreamAnswer(res);
  const elicit = route.onEscalation === 'elicit' && deps.elicitations.canElicit(session)
    ? deps.elicitations.elicitor(session, stream, () => ({}))
    : undefined;
  try {
    await governAndForward(deps, call, request, raw, facts, stream, elicit);
  } catch (error) {
    // Headers are out once a question went: the failure is this request's JSON-RPC error.
    if (!stream.opened || !(error instanceof ApiError)) throw error;
    await stream.finish(errorMessage(request.id, -32603, error.detail ?? error.code, { code: error.code }));
  }
}

async function governAndForward(
  deps: McpDeps, call: ProxiedRequest, request: JsonRpcRequest, raw: Buffer, facts: CallFacts, stream: EventStreamAnswer, elicit: Elicitor | undefined,
): Promise<void> {
  const { req, res, route } = call;
  const name = facts.tool;
  const pre = await deps.gate.preCheck(facts, abortWhenClosed(res), elicit).catch((error: unknown) => {
    throw error instanceof ApiError ? ledgerRefusal(error, route, 'pre_check') : error;
  });
  const extra: Record<string, string> = {};
  if (pre.kind === 'decided') {
    extra['x-governance-pre-check'] = pre.response.envelope_id;
    if (!pre.forward) {
      const blocked = resultMessage(request.id, blockedCallResult(pre.response, name, pre.review));
      if (stream.opened) await stream.finish(blocked);
      else sendJson(res, 200, blocked, extra);
      return;
    }
  }
  const started = performance.now();
  let opened;
  try {
    opened = await deps.pools.open(route, {
      method: 'POST',
      path: upstreamPath(route, call.target),
      headers: upstreamRequestHeaders(req, { clientAddress: req.socket.remoteAddress, identityEncoding: true, bufferedBody: true }),
      body: raw,
      signal: abortWhenClosed(res),
    });
  } catch (error) {
    await recordFailure(deps, facts, pre, error as ApiError, null, started);
    throw error;
  }
  const status = opened.status;
  let checked = false;
  const latencyMs = () => Math.round((performance.now() - started) * 1000) / 1000;
  const transform = async (message: JsonRpcResponse) => {
    // A response to another request would reach the agent unchecked (clients match by id): dropped.
    if (!sameId(message.id, request.id)) {
      dropForeignResponse(route, deps.logger, message);
      return null;
    }
    checked = true;
    return postChecked(deps, facts, pre, message, { status, latencyMs: latencyMs() });
  };
  try {
    if (stream.opened) {
      await relayIntoStream(res, opened, route, transform, async (bytes, contentType) => {
        checked = true;
        const answer = await postCheckedBody(deps, facts, pre, bytes, contentType, { status, latencyMs: latencyMs() });
        // On an event stream the bytes cannot go as they came: released text becomes the tool's text result.
        const result = answer ?? { content: [{ type: 'text', text: bytes.toString('utf8') }] };
        return Buffer.from(JSON.stringify(resultMessage(request.id, result)), 'utf8');
      }, call.ticket?.reserve);
      return;
    }
    await relayTransformed(res, opened, route, transform, extra, async (bytes, contentType) => {
      // Not JSON-RPC: still this call's answer, so it is post-checked like one, never passed unread.
      checked = true;
      const answer = await postCheckedBody(deps, facts, pre, bytes, contentType, { status, latencyMs: latencyMs() });
      return answer === null ? null : Buffer.from(JSON.stringify(resultMessage(request.id, answer)), 'utf8');
    }, call.ticket?.reserve);
  } catch (error) {
    // The answer could not be read (too large, reset): the forwarded call still gets its post-check row.
    if (!checked && error instanceof ApiError) await recordFailure(deps, facts, pre, error, status, started);
    throw error;
  }
}

async function recordFailure(deps: McpDeps, facts: CallFacts, pre: PreVerdict, failure: ApiError, status: number | null, started: number): Promise<void> {
  publishSidecarEvent(facts.route.name, 'upstream_error');
  await deps.gate.postCheck(facts, pre, { error: failure.code, detail: failure.detail }, {
    status, latencyMs: Math.round((performance.now() - started) * 1000) / 1000, error: failure.code,
  }).catch(() => undefined);
}

async function postChecked(
  deps: McpDeps, facts: CallFacts, pre: PreVerdict, message: JsonRpcResponse, upstream: { status: number; latencyMs: number },
): Promise<JsonRpcResponse> {
  const { route, tool } = facts;
  let result = message.result;
  let redacted: Array<{ path: string; pattern: string }> = [];
  if (route.redact && result !== undefined) {
    ({ value: result, hits: redacted } = redactValue(result, redactionPatterns(deps.policies.current(), facts.agentId, tool), 'output'));
  }
  const output = message.error !== undefined ? { error: message.error } : isObject(result) ? result : { result };
  try {
    const post = await deps.gate.postCheck(facts, pre, output, { ...upstream, redacted });
    if (post.kind === 'decided' && !post.release) return resultMessage(message.id, withheldResultResult(post.response, tool));
  } catch (error) {
    const failure = error instanceof ApiError ? ledgerRefusal(error, route, 'post_check') : new ApiError('INTERNAL', 'The post-check failed.');
    deps.logger.error('sidecar: MCP result withheld, its post-check failed', { route: route.name, tool, request_id: facts.requestId, error: failure.detail });
    return resultMessage(message.id, unrecordedResult(tool, failure.code, failure.detail));
  }
  if (redacted.length > 0) publishSidecarEvent(route.name, 'redacted');
  return redacted.length > 0 ? { ...message, result } : message;
}

/**
 * A tools/call answer the sidecar cannot parse as JSON-RPC: text that decodes as UTF-8 is checked
 * as text; anything else is unscannable and the route decides (`unscannable: block` by default).
 * Returns the tool result to answer instead, or null to release the bytes as they came.
 */
async function postCheckedBody(
  deps: McpDeps, facts: CallFacts, pre: PreVerdict, bytes: Buffer, contentType: string, upstream: { status: number; latencyMs: number },
): Promise<ToolResult | null> {
  const { route, tool } = facts;
  const read = outputOf(bytes, contentType);
  const unscannable = read.form === 'binary'
    ? { content_type: contentType || 'application/octet-stream', bytes: bytes.length, action: route.unscannable }
    : undefined;
  try {
    const post = await deps.gate.postCheck(facts, pre, read.output, { ...upstream, unscannable });
    if (post.kind === 'decided' && !post.release) return withheldResultResult(post.response, tool);
    return null;
  } catch (error) {
    const failure = error instanceof ApiError ? ledgerRefusal(error, route, 'post_check') : new ApiError('INTERNAL', 'The post-check failed.');
    deps.logger.error('sidecar: MCP result withheld, its post-check failed', { route: route.name, tool, request_id: facts.requestId, error: failure.detail });
    return unrecordedResult(tool, failure.code, failure.detail);
  }
}

export function sendJson(res: ServerResponse, status: number, message: unknown, extra: Record<string, string> = {}): void {
  const json = JSON.stringify(message);
  res.writeHead(status, { ...extra, 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
