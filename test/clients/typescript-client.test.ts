// The TypeScript client (clients/typescript) against real gateways on port 0: both credential
// headers (each variant reads its own), sdk_version and the 426 version error, typed errors
// (blocked with decision and envelope id, validation with the fields, auth), the review
// long-poll, and retries of 429 / 503 against a real scripted server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256 } from '../helpers/credentials.ts';
import { validateBody } from '../helpers/bodies.ts';
import { REVIEW_CHANNEL, type ReviewEvent } from '../../src/oversight/index.ts';
import {
  AuthError, BlockedError, GovernanceClient, RateLimitError, SDK_VERSION, UnavailableError, ValidationError, VersionError, retryAfterSeconds,
} from '../../clients/typescript/src/index.ts';
import type { ValidateInput } from '../../clients/typescript/src/index.ts';

const AUTH_ENV = { AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE };
const PAYMENT = { action: 'invoicepay.get_invoice', params: { invoice_id: 'INV-20260042' }, input: 'Read invoice INV-20260042' };

function nextReviewItem(t: TestContext): Promise<string> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      const event = message as ReviewEvent;
      if (event.type !== 'review.created' || !event.envelope_id) return;
      diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen);
      resolve(event.envelope_id);
    };
    diagnostics_channel.subscribe(REVIEW_CHANNEL, listen);
    t.after(() => diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen));
  });
}

test('SDK_VERSION is the package version', () => {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'clients/typescript/package.json'), 'utf8')) as { version: string };
  assert.equal(SDK_VERSION, pkg.version);
});

test('one token works on both variants: Bearer for the embedded gateway, X-Service-Token for the edge', async (t) => {
  const token = await hs256({ sub: 'payments-bot', tier: 'team' });
  for (const variant of ['embedded', 'edge']) {
    const gw = await startTestGateway(t, { env: { ...AUTH_ENV, GATEWAY_VARIANT: variant } });
    const client = new GovernanceClient({ baseUrl: gw.url, token, agentId: 'payments-agent-1', framework: 'OpenAI Agents', model: 'gpt-4o' });
    const result = await client.preCheck(PAYMENT);
    assert.equal(result.decision.outcome, 'approve', variant);
    const row = (await gw.ledger.list({ kind: 'pre_check', limit: 1, offset: 0 })).rows[0];
    assert.equal(row.envelope_id, result.envelope_id);
    const post = await client.postCheck({ pre_check_envelope_id: result.envelope_id, output: { invoice_id: 'INV-20260042', amount: 1200 } });
    assert.equal(post.pre_check_envelope_id, result.envelope_id);
    const wrong = new GovernanceClient({ baseUrl: gw.url, token: 'not-a-token', agentId: 'payments-agent-1' });
    await assert.rejects(wrong.preCheck(PAYMENT), (error: unknown) => error instanceof AuthError && error.status === 401 && error.code === 'UNAUTHENTICATED');
  }
});

test('the headers and sdk_version every call carries', async (t) => {
  const server = await startToolServer(t);
  server.on('/v1/runtime/pre-check', json(200, { envelope_id: '0190aaaa-0000-7000-8000-000000000001', decision: { outcome: 'approve', reason: 'ok' } }));
  const client = new GovernanceClient({ baseUrl: `${server.origin}/`, token: 'tok-123', agentId: 'kb-agent-1' });
  await client.preCheck({ action: 'search_kb', params: { query: 'x' } });
  const [request] = server.received;
  assert.equal(request.headers.authorization, 'Bearer tok-123');
  assert.equal(request.headers['x-service-token'], 'tok-123');
  assert.equal(request.headers['x-agent-id'], 'kb-agent-1');
  assert.match(String(request.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  const body = JSON.parse(request.body);
  assert.deepEqual([body.sdk_version, body.agent_id, body.framework], [SDK_VERSION, 'kb-agent-1', 'Custom']);
});

test('a block is a BlockedError with the decision and the envelope id; throwOnBlock: false returns it', async (t) => {
  const gw = await startTestGateway(t);
  const client = new GovernanceClient({ baseUrl: gw.url, agentId: 'payments-agent-1' });
  const undeclared = { action: 'invoicepay.delete_supplier', params: { supplier_id: 'S-1' } };
  const error = await client.preCheck(undeclared).then(() => null, (e: unknown) => e);
  assert.ok(error instanceof BlockedError, String(error));
  assert.equal(error.outcome, 'block');
  assert.equal(error.stage, 'pre_check');
  assert.match(error.decision.reason, /not declared/);
  const row = (await gw.ledger.list({ kind: 'pre_check', limit: 1, offset: 0 })).rows[0];
  assert.equal(error.envelopeId, row.envelope_id);
  const returned = await client.preCheck(undeclared, { throwOnBlock: false });
  assert.equal(returned.decision.outcome, 'block');
});

test('422 is a ValidationError listing the failing fields', async (t) => {
  const gw = await startTestGateway(t);
  const client = new GovernanceClient({ baseUrl: gw.url });
  await assert.rejects(client.preCheck({ agent_id: 'bad agent id!', action: 'search_kb' }), (error: unknown) => {
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 422);
    assert.ok(error.fields.some((f) => f.path === 'agent_id'), JSON.stringify(error.fields));
    return true;
  });
});

test('426 is a VersionError naming the minimum version', async (t) => {
  const gw = await startTestGateway(t, { env: { MIN_SDK_VERSION: '99.0.0' } });
  const client = new GovernanceClient({ baseUrl: gw.url, agentId: 'payments-agent-1' });
  await assert.rejects(client.preCheck(PAYMENT), (error: unknown) => error instanceof VersionError && error.status === 426 && error.minimumVersion === '99.0.0');
});

test('waitForReview long-polls the review item and returns once a human approves; the post-check then passes', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const client = new GovernanceClient({ baseUrl: gw.url, agentId: 'ops-agent-1' });
  const created = nextReviewItem(t);
  const waiting = client.preCheck({ action: 'restart_service', params: { service: 'billing' } }, { waitForReview: 30 });
  const id = await created;
  const approved = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'window open', reviewer_id: 'user:rita' });
  assert.equal(approved.status, 201, approved.text);
  const result = await waiting;
  assert.equal(result.envelope_id, id);
  assert.equal(result.review?.status, 'approved');
  const post = await client.postCheck({ pre_check_envelope_id: id, output: { restarted: 'billing' } });
  assert.notEqual(post.decision.outcome, 'block');
});

test('a rejection ends the wait with a BlockedError carrying the review state; no wait blocks at once with the review href', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const client = new GovernanceClient({ baseUrl: gw.url, agentId: 'ops-agent-1' });
  const created = nextReviewItem(t);
  const waiting = client.preCheck({ action: 'restart_service', params: { service: 'billing' } }, { waitForReview: 30 }).then(() => null, (e: unknown) => e);
  const id = await created;
  await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'mid-close', reviewer_id: 'user:rita' });
  const error = await waiting;
  assert.ok(error instanceof BlockedError);
  assert.deepEqual([error.envelopeId, error.reviewStatus], [id, 'rejected']);
  const now = await client.preCheck({ action: 'restart_service', params: { service: 'search' } }).then(() => null, (e: unknown) => e);
  assert.ok(now instanceof BlockedError);
  assert.equal(now.reviewHref, `/v1/review/queue/${now.envelopeId}`);
  assert.equal(now.reviewStatus, 'pending');
});

test('429 is retried after Retry-After, for any call; past the retries it is a RateLimitError', async (t) => {
  const server = await startToolServer(t);
  let calls = 0;
  server.on('/v1/runtime/pre-check', (req, res) => {
    calls++;
    if (calls < 3) return json(429, { code: 'RATE_LIMITED', status: 429, detail: 'slow down' }, { 'retry-after': '0' })(req, res);
    json(200, { envelope_id: '0190aaaa-0000-7000-8000-000000000002', decision: { outcome: 'approve', reason: 'ok' } })(req, res);
  });
  const client = new GovernanceClient({ baseUrl: server.origin, agentId: 'a-1' });
  const result = await client.preCheck({ action: 'search_kb' });
  assert.equal(result.envelope_id, '0190aaaa-0000-7000-8000-000000000002');
  assert.equal(calls, 3);
  const ids = new Set(server.received.map((r) => r.headers['x-request-id']));
  assert.equal(ids.size, 1, 'one X-Request-Id across the retries of one call');

  server.on('/v1/runtime/validate', json(429, { code: 'RATE_LIMITED', status: 429, detail: 'slow down' }, { 'retry-after': '0' }));
  const limited = new GovernanceClient({ baseUrl: server.origin, agentId: 'a-1', maxRetries: 2 });
  const before = server.received.length;
  await assert.rejects(limited.validate({ request: { user: 'u', input: 'i' }, execution: { model: 'm' }, output: {} }), (e: unknown) => e instanceof RateLimitError && e.retryAfterSeconds === 0);
  assert.equal(server.received.length - before, 3);

  server.on('/v1/runtime/kill-switch', json(429, { code: 'RATE_LIMITED' }, { 'retry-after': '3600' }));
  server.on('/v1/runtime/post-check', json(429, { code: 'RATE_LIMITED' }, { 'retry-after': '3600' }));
  const patient = new GovernanceClient({ baseUrl: server.origin, maxRetryDelayMs: 1000 });
  const count = server.received.length;
  await assert.rejects(patient.postCheck({ pre_check_envelope_id: '0190aaaa-0000-7000-8000-000000000002', output: {} }), RateLimitError);
  assert.equal(server.received.length - count, 1, 'a Retry-After longer than maxRetryDelayMs is not waited for');
});

test('503 is retried with backoff for idempotent calls (post-check, GET) only', async (t) => {
  const server = await startToolServer(t);
  let posts = 0;
  server.on('/v1/runtime/post-check', (req, res) => {
    posts++;
    if (posts < 3) return json(503, { code: 'LEDGER_UNAVAILABLE', status: 503 })(req, res);
    json(200, { envelope_id: '0190aaaa-0000-7000-8000-000000000003', pre_check_envelope_id: '0190aaaa-0000-7000-8000-000000000002', decision: { outcome: 'approve', reason: 'ok' } })(req, res);
  });
  server.on('/v1/runtime/pre-check', json(503, { code: 'LEDGER_UNAVAILABLE', status: 503 }));
  const client = new GovernanceClient({ baseUrl: server.origin, agentId: 'a-1', backoffMs: 1 });
  const post = await client.postCheck({ pre_check_envelope_id: '0190aaaa-0000-7000-8000-000000000002', output: 'text' });
  assert.equal(post.envelope_id, '0190aaaa-0000-7000-8000-000000000003');
  assert.equal(posts, 3);
  assert.deepEqual(JSON.parse(server.received.at(-1)!.body).output, { result: 'text' }, 'a non-object output is wrapped');
  const before = server.received.length;
  await assert.rejects(client.preCheck({ action: 'search_kb' }), (e: unknown) => e instanceof UnavailableError && e.code === 'LEDGER_UNAVAILABLE');
  assert.equal(server.received.length - before, 1, 'a pre-check is not repeated after a 503');
});

test('Retry-After as seconds or as an HTTP date', () => {
  assert.equal(retryAfterSeconds('7'), 7);
  assert.equal(retryAfterSeconds(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1)), 10);
  assert.equal(retryAfterSeconds('soon'), null);
  assert.equal(retryAfterSeconds(null), null);
});

test('validate: both gates at once, typed; a tier without the review queue is an AuthError (403)', async (t) => {
  const gw = await startTestGateway(t, { env: AUTH_ENV });
  const client = new GovernanceClient({ baseUrl: gw.url, token: await hs256({ sub: 'support-bot', tier: 'team' }), agentId: 'support-agent-1', framework: 'LangChain' });
  const result = await client.validate(validateBody() as ValidateInput);
  assert.equal(result.decision.outcome, 'approve');
  assert.equal(typeof result.confidence_rationale, 'string');
  const developer = new GovernanceClient({ baseUrl: gw.url, token: await hs256({ sub: 'dev-bot', tier: 'developer' }), agentId: 'support-agent-1' });
  await assert.rejects(developer.reviewItem(result.envelope_id), (error: unknown) => error instanceof AuthError && error.status === 403);
});

test('options are checked when the client is made', () => {
  assert.throws(() => new GovernanceClient({ baseUrl: 'localhost:8765' }), /baseUrl: localhost: is not http: or https:/);
  assert.throws(() => new GovernanceClient({ baseUrl: 'not a url' }), /baseUrl: "not a url" is not a URL/);
  assert.throws(() => new GovernanceClient({ baseUrl: 'http://localhost:8765', maxRetries: -1 }), /maxRetries: must be a number >= 0/);
});

test('a failed connection is retried for idempotent calls only', async (t) => {
  const server = await startToolServer(t);
  let posts = 0;
  server.on('/v1/runtime/post-check', (req, res) => {
    posts++;
    if (posts === 1) return void res.socket?.destroy();
    json(200, { envelope_id: '0190aaaa-0000-7000-8000-000000000003', pre_check_envelope_id: '0190aaaa-0000-7000-8000-000000000002', decision: { outcome: 'approve', reason: 'ok' } })(req, res);
  });
  server.on('/v1/runtime/pre-check', (_req, res) => void res.socket?.destroy());
  const client = new GovernanceClient({ baseUrl: server.origin, agentId: 'a-1', backoffMs: 1 });
  const post = await client.postCheck({ pre_check_envelope_id: '0190aaaa-0000-7000-8000-000000000002', output: {} });
  assert.equal(post.envelope_id, '0190aaaa-0000-7000-8000-000000000003');
  assert.equal(posts, 2);
  const before = server.received.length;
  await assert.rejects(client.preCheck({ action: 'search_kb' }), TypeError);
  assert.equal(server.received.length - before, 1, 'a pre-check is not repeated after a failed connection');
});
