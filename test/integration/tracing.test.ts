// OpenTelemetry traces, exported to a real OTLP/HTTP receiver on port 0: a sidecar call continues
// the agent's traceparent through pre-check, forward (whose span is the upstream's parent),
// post-check and both ledger commits; an API call with a synchronous judge has its judge span;
// protobuf export works too; with no endpoint configured nothing is exported.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { json, rawRequest, startToolServer } from '../helpers/tool-server.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { highRiskBody, startFakeJudge, startJudgedGateway } from '../helpers/fake-judge.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateBody } from '../helpers/bodies.ts';
import { SPAN_NAMES, createLogger } from '../../src/observability/index.ts';
import { SHUTDOWN_EXPORT_WAIT_MS } from '../../src/observability/tracing.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const AGENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${AGENT_SPAN}-01`;
const SERVER = 2;
const CLIENT = 3;

const ROUTES = (upstream: string) => `
routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
`;

function byName(spans: ReceivedSpan[], name: string): ReceivedSpan[] {
  return spans.filter((span) => span.name === name);
}

test('a sidecar call: one trace continuing the agent\'s traceparent, a span per stage, linked parent to child', async (t) => {
  const receiver = await startOtlpReceiver(t);
  const upstream = await startToolServer(t);
  upstream.on('/api/search', json(200, { results: [{ id: 'KB-7', title: 'Reset your password' }] }));
  const gateway = await startTestGateway(t, {
    agentId: 'support-agent-1', gatewayYaml: ROUTES(upstream.origin),
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'sidecar-under-test' },
  });
  const res = await rawRequest(gateway.url, 'POST', '/kb/search', JSON.stringify({ query: 'reset password' }), { 'content-type': 'application/json', traceparent: TRACEPARENT });
  assert.equal(res.status, 200, res.body);
  await gateway.close(); // flushes the batch to the receiver

  const spans = receiver.spans.filter((span) => span.traceId === TRACE_ID);
  assert.ok(receiver.contentTypes.every((type) => type.startsWith('application/json')));
  const [server] = byName(spans, 'sidecar kb');
  assert.ok(server, `spans: ${spans.map((s) => s.name).join(', ')}`);
  assert.equal(server.kind, SERVER);
  assert.equal(server.parentSpanId, AGENT_SPAN, 'the sidecar continues the agent\'s span');
  assert.equal(server.serviceName, 'sidecar-under-test');
  assert.equal(server.attributes['governance.route'], 'kb');

  const [pre] = byName(spans, SPAN_NAMES.preCheck);
  const [forward] = byName(spans, SPAN_NAMES.forward);
  const [post] = byName(spans, SPAN_NAMES.postCheck);
  for (const [name, span] of [['pre-check', pre], ['forward', forward], ['post-check', post]] as const) {
    assert.ok(span, `no ${name} span`);
    assert.equal(span.parentSpanId, server.spanId, `${name} is a child of the sidecar's span`);
  }
  assert.equal(pre.attributes['governance.tool'], 'search_kb');
  assert.equal(pre.attributes['governance.outcome'], 'approve');
  assert.equal(pre.attributes['governance.agent_id'], 'support-agent-1');
  assert.equal(pre.attributes['governance.envelope_id'], res.headers['x-governance-pre-check']);
  assert.equal(post.attributes['governance.envelope_id'], res.headers['x-governance-post-check']);
  assert.equal(forward.kind, CLIENT);
  assert.equal(forward.attributes['http.response.status_code'], 200);

  const commits = byName(spans, SPAN_NAMES.ledgerCommit);
  assert.deepEqual(commits.map((span) => span.parentSpanId).sort(), [pre.spanId, post.spanId].sort(), 'one ledger commit under each check');

  // The upstream saw the trace, with the forward span as its parent.
  const got = upstream.received.at(-1)!;
  assert.equal(got.headers.traceparent, `00-${TRACE_ID}-${forward.spanId}-01`);
});

test('an API call: the server span continues traceparent; the synchronous judge has its span (protobuf export)', async (t) => {
  const receiver = await startOtlpReceiver(t);
  const judge = await startFakeJudge(t);
  const gateway = await startJudgedGateway(t, judge, {
    env: { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` },
  });
  const result = await gateway.call('POST', '/v1/runtime/validate', highRiskBody(), { traceparent: TRACEPARENT });
  assert.equal(result.status, 200, result.text);
  assert.equal(typeof result.body.validation.judge_score, 'number', 'judged synchronously');
  await gateway.close();

  // Protobuf (the default protocol): the spans' names and the trace id's bytes are in the export.
  assert.ok(receiver.protobufBodies.length > 0);
  assert.ok(receiver.contentTypes.every((type) => type === 'application/x-protobuf'));
  const exported = Buffer.concat(receiver.protobufBodies);
  assert.ok(exported.includes(Buffer.from(TRACE_ID, 'hex')), 'the incoming trace id');
  assert.ok(exported.includes(Buffer.from(AGENT_SPAN, 'hex')), 'the incoming span id, as the server span\'s parent');
  for (const name of ['POST /v1/runtime/validate', SPAN_NAMES.validate, SPAN_NAMES.judge, SPAN_NAMES.ledgerCommit]) {
    assert.ok(exported.includes(Buffer.from(name)), `span ${name}`);
  }
});

test('off by default: no endpoint, nothing exported, and the upstream still gets a traceparent of the agent\'s trace', async (t) => {
  const receiver = await startOtlpReceiver(t);
  const upstream = await startToolServer(t);
  upstream.on('/api/search', json(200, { results: [] }));
  const gateway = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: ROUTES(upstream.origin) });
  assert.equal(gateway.config.tracing.enabled, false);
  const res = await rawRequest(gateway.url, 'POST', '/kb/search', JSON.stringify({ query: 'x' }), { 'content-type': 'application/json', traceparent: TRACEPARENT });
  assert.equal(res.status, 200);
  await gateway.close();
  assert.equal(receiver.spans.length + receiver.protobufBodies.length, 0);
  assert.match(String(upstream.received.at(-1)!.headers.traceparent), new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
});

/** A gateway with tracing to `collector` makes a call and stops: its log lines. */
async function stoppedWithCollector(t: import('node:test').TestContext, collector: http.RequestListener): Promise<string[]> {
  const server = http.createServer(collector);
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => { for (const socket of sockets) socket.destroy(); server.close(resolve); }));
  const lines: string[] = [];
  const gateway = await startTestGateway(t, {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    logger: createLogger('info', (line) => { lines.push(line); }),
  });
  assert.equal((await gateway.call('POST', '/v1/runtime/validate', validateBody())).status, 200);
  await gateway.close();
  assert.ok(lines.some((line) => line.includes('gateway stopped')), 'the shutdown ran to its end');
  return lines;
}

test('a collector that refuses the last spans loses them, not the rest of the gateway\'s shutdown', async (t) => {
  const lines = await stoppedWithCollector(t, (req, res) => { req.resume(); req.on('end', () => res.writeHead(400).end('{}')); });
  assert.ok(lines.some((line) => line.includes('tracing stopped without exporting its last spans')), lines.join(''));
});

test('an agent\'s traceparent with sampled=0 switches its spans off by default (parentbased); OTEL_TRACES_SAMPLER=always_on records them anyway', async (t) => {
  const unsampled = `00-${TRACE_ID}-${AGENT_SPAN}-00`;
  const upstream = await startToolServer(t);
  upstream.on('/api/search', json(200, { results: [] }));
  const spansOf = async (env: Record<string, string>): Promise<ReceivedSpan[]> => {
    const receiver = await startOtlpReceiver(t);
    const gateway = await startTestGateway(t, {
      agentId: 'support-agent-1', gatewayYaml: ROUTES(upstream.origin),
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', ...env },
    });
    const res = await rawRequest(gateway.url, 'POST', '/kb/search', JSON.stringify({ query: 'x' }), { 'content-type': 'application/json', traceparent: unsampled });
    assert.equal(res.status, 200, res.body);
    await gateway.close();
    return receiver.spans.filter((span) => span.traceId === TRACE_ID);
  };
  assert.deepEqual(await spansOf({}), [], 'the agent said not to sample');
  const recorded = await spansOf({ OTEL_TRACES_SAMPLER: 'always_on' });
  const [server] = byName(recorded, 'sidecar kb');
  assert.ok(server, `spans: ${recorded.map((s) => s.name).join(', ')}`);
  assert.equal(server.parentSpanId, AGENT_SPAN, 'still in the agent\'s trace');
  assert.ok(byName(recorded, SPAN_NAMES.preCheck).length === 1 && byName(recorded, SPAN_NAMES.postCheck).length === 1);
  assert.deepEqual(await spansOf({ OTEL_TRACES_SAMPLER: 'always_off' }), []);
});

test('a collector that never answers holds a stopping gateway for the shutdown wait only, not the exporter\'s 10 s', async (t) => {
  const lines = await stoppedWithCollector(t, () => { /* never answers */ });
  // The shutdown wait gave up on the collector (the exporter's own timeout says otherwise).
  assert.ok(lines.some((line) => line.includes('tracing stopped without exporting its last spans') && line.includes(`within ${SHUTDOWN_EXPORT_WAIT_MS} ms`)), lines.join(''));
});
