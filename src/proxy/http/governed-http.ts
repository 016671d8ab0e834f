// A governed HTTP tool call: read the request, name the tool, pre-check (a block never reaches
// the upstream), forward with undici, read the answer (bounded), optionally mask sensitive data,
// post-check, then release the answer or replace it with a problem body. Both decisions are
// ledger rows linked by parent_envelope_id, with the upstream's status and timing. Its path was
// checked for dot segments before it got here (sidecar.ts, for every route).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ApiError, parseJson, readBody } from '../../http/index.ts';
import { inSpan, SPAN_NAMES, SpanKind, tracingOn, type Logger } from '../../observability/index.ts';
import type { PolicySource } from '../../runtime/index.ts';
import { callFacts } from '../call-facts.ts';
import { agentResponseHeaders, upstreamRequestHeaders } from '../upstream/forward-headers.ts';
import { GovernanceGate, ledgerRefusal, type CallFacts, type PreVerdict, type UpstreamFacts } from '../governance-gate.ts';
import { blockedCall, sendProblem, withheldResult } from '../proxy-problems.ts';
import { redactionPatterns, redactValue, type RedactionHit } from '../redaction.ts';
import { withoutSecretHeaders } from '../upstream/header-secrets.ts';
import { patternsOfKind } from '../../governance/index.ts';
import { bodyOf, decodeBody, outputOf, readBounded, type OutputForm } from '../upstream/response-body.ts';
import { upstreamPath, type RequestTarget } from '../routes/route-matcher.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import { identifyTool } from './tool-identity.ts';
import { abortWhenClosed, type UpstreamPools } from '../upstream/upstream-pools.ts';
import type { SidecarRoute } from '../routes/route-types.ts';
import type { CallTicket } from '../call-admission.ts';

export interface GovernedDeps {
  gate: GovernanceGate;
  pools: UpstreamPools;
  policies: PolicySource;
  maxBodyBytes: number;
  logger: Logger;
}

export interface ProxiedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  route: SidecarRoute;
  target: RequestTarget;
  requestId: string;
  agentId: string;
  /** The call's place in the memory budget (governed calls): its body bytes are counted against it. */
  ticket?: CallTicket;
}

export async function handleGovernedHttp(deps: GovernedDeps, call: ProxiedRequest): Promise<void> {
  const { req, res, route, target } = call;
  try {
    const raw = await readBody(req, deps.maxBodyBytes, call.ticket?.reserve);
    const body = raw.length === 0 ? undefined : parseJson(raw, req.headers);
    const identified = identifyTool(route.tool!, target.path, target.search, body);
    if (!identified.ok) {
      throw new ApiError('TOOL_NOT_IDENTIFIED', `Route ${route.name} cannot tell which tool this request calls: ${identified.reason}. It was not forwarded.`, {
        extensions: { route: route.name },
      });
    }
    const facts = callFacts(req, route, call.agentId, call.requestId, identified.call, target.path, call.ticket);
    const pre = await deps.gate.preCheck(facts, abortWhenClosed(res)).catch((error: unknown) => {
      throw error instanceof ApiError ? ledgerRefusal(error, route, 'pre_check') : error;
    });
    if (pre.kind === 'decided') {
      res.setHeader('x-governance-pre-check', pre.response.envelope_id);
      if (pre.review) res.setHeader('x-governance-review', pre.review.href);
      if (!pre.forward) throw blockedCall(pre.response, facts.tool, route.name, pre.review);
    }
    await forwardAndRelease(deps, call, facts, pre, raw.length === 0 ? null : raw);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    sendProblem(res, error, target.path);
  }
}

async function forwardAndRelease(deps: GovernedDeps, call: ProxiedRequest, facts: CallFacts, pre: PreVerdict, body: Buffer | null): Promise<void> {
  const { req, res, route, target } = call;
  const started = performance.now();
  let status: number | null = null;
  const forward = async (): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> => {
    const opened = await deps.pools.open(route, {
      method: req.method ?? 'GET',
      path: upstreamPath(route, target),
      headers: upstreamRequestHeaders(req, { clientAddress: req.socket.remoteAddress, identityEncoding: true, bufferedBody: true }),
      body,
      signal: abortWhenClosed(res),
    });
    status = opened.status;
    const received = await readBounded(opened.body, route, opened.headers['content-length'], call.ticket?.reserve);
    const bytes = decodeBody(received, opened.headers['content-encoding'], route);
    if (bytes !== received) call.ticket?.reserve(bytes.length);
    return { status: opened.status, headers: opened.headers, bytes };
  };
  let answer: Awaited<ReturnType<typeof forward>>;
  try {
    answer = await (tracingOn()
      ? inSpan(SPAN_NAMES.forward, async (span) => {
        span?.setAttributes({ 'http.request.method': req.method ?? 'GET', 'governance.route': route.name });
        const got = await forward();
        span?.setAttribute('http.response.status_code', got.status);
        return got;
      }, SpanKind.CLIENT)
      : forward());
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError('UPSTREAM_UNAVAILABLE', `The upstream of route ${route.name} failed.`);
    await recordUpstreamFailure(deps, facts, pre, failure, status, performance.now() - started);
    throw failure;
  }
  const { status: upstreamStatus, headers, bytes } = answer;
  const latencyMs = round(performance.now() - started);

  const read = outputOf(bytes, headers['content-type']);
  let output = read.output;
  let released = bytes;
  let redacted: RedactionHit[] = [];
  if (route.redact) {
    const masked = redactOutput(deps, facts, output, read.form);
    ({ output, hits: redacted } = masked);
    if (masked.bytes) released = masked.bytes;
  }
  // Bytes that do not decode as text cannot be checked: recorded as such, and the route decides.
  const unscannable = read.form === 'binary'
    ? { content_type: headerText(headers['content-type']) || 'application/octet-stream', bytes: bytes.length, action: route.unscannable }
    : undefined;
  // Headers are released beside the body: one carrying a secret is held back, and recorded.
  const changed = released !== bytes || headerText(headers['content-encoding']) !== '';
  const screened = withoutSecretHeaders(agentResponseHeaders(headers, changed), patternsOfKind(deps.policies.current().sensitive_data, 'secret'));
  const upstream: UpstreamFacts = { status: upstreamStatus, latencyMs, redacted, unscannable, withheldHeaders: screened.withheld };
  const post = await deps.gate.postCheck(facts, pre, output, upstream).catch((error: unknown) => {
    throw error instanceof ApiError ? ledgerRefusal(error, route, 'post_check') : error;
  });
  if (post.kind === 'decided') {
    res.setHeader('x-governance-post-check', post.response.envelope_id);
    if (!post.release) throw withheldResult(post.response, facts.tool, route.name);
  }
  if (redacted.length > 0 || screened.withheld.length > 0) publishSidecarEvent(route.name, 'redacted');
  const out = screened.headers;
  if (changed) out['content-length'] = String(released.length);
  res.writeHead(upstreamStatus, out);
  res.end(req.method === 'HEAD' ? undefined : released);
}

/** JSON and text results are masked and re-serialised; other bodies are left as they are. */
function redactOutput(deps: GovernedDeps, facts: CallFacts, output: Record<string, unknown>, form: OutputForm): { output: Record<string, unknown>; hits: RedactionHit[]; bytes?: Buffer } {
  if (form === 'binary') return { output, hits: [] };
  const patterns = redactionPatterns(deps.policies.current(), facts.agentId, facts.tool);
  const { value, hits } = redactValue(output, patterns, 'output');
  if (hits.length === 0) return { output, hits };
  return { output: value, hits, bytes: bodyOf(value, form) };
}

/** A forwarded call whose upstream failed still gets its post-check row (the failure is its result). */
async function recordUpstreamFailure(deps: GovernedDeps, facts: CallFacts, pre: PreVerdict, failure: ApiError, status: number | null, ms: number): Promise<void> {
  publishSidecarEvent(facts.route.name, 'upstream_error');
  try {
    await deps.gate.postCheck(facts, pre, { error: failure.code, detail: failure.detail }, { status, latencyMs: round(ms), error: failure.code });
  } catch (error) {
    deps.logger.warn('sidecar: the failed upstream call could not be recorded', { route: facts.route.name, request_id: facts.requestId, error: (error as Error).message });
  }
}

function headerText(value: unknown): string {
  const text = String(Array.isArray(value) ? value[0] : value ?? '').trim().toLowerCase();
  return text === 'identity' ? '' : text;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
