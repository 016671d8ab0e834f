import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const output = { payment_id: 'PAY-ABCDEFGH12', status: 'created', amount: 1200, currency: 'EUR' };
const execution = { model: 'gpt-4o', latency_ms: 310, tokens: 220 };

test('pre-check: a declared call in scope is allowed; the response has no trust_chain and no confidence_rationale', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('PreCheckResponse', res.body), []);
  assert.equal(res.body.decision.outcome, 'approve');
  assert.equal(res.body.validation.tool_trust_score, 100);
  assert.equal('trust_chain' in res.body, false);
  assert.equal('confidence_rationale' in res.body, false);
  const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
  assert.equal(record.body.kind, 'pre_check');
  assert.equal(record.body.action, 'invoicepay.create_payment');
});

const blocked: Array<[string, Record<string, unknown>, string]> = [
  ['an undeclared tool', { action: 'invoicepay.wire_transfer' }, 'TOOL_UNDECLARED'],
  ['params outside the declared scope', { params: { invoice_id: 'not-an-invoice', amount: 10, currency: 'EUR' } }, 'TOOL_OUT_OF_SCOPE'],
  ['an amount above the cap', { params: { invoice_id: 'INV-20260042', amount: 25_000, currency: 'EUR' } }, 'TOOL_CAP_EXCEEDED'],
  ['an agent in no catalog', { agent_id: 'unknown-agent-1' }, 'AGENT_NOT_IN_CATALOG'],
];

for (const [name, overrides, code] of blocked) {
  test(`pre-check blocks ${name} (tool_trust < 100 is a hard gate)`, async (t) => {
    const gw = await startTestGateway(t);
    const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody(overrides));
    assert.equal(res.status, 200);
    assert.equal(res.body.decision.outcome, 'block');
    assert.ok(res.body.validation.tool_trust_score < 100);
    assert.ok(res.body.validation.failures.some((f: { code: string }) => f.code === code), JSON.stringify(res.body.validation.failures));
    const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
    assert.equal(record.body.payload.decided_by, 'tool_trust', 'decided by the hard gate, not the weighted engine');
  });
}

test('pre-check with thousands of members outside the scope: blocked, and the answer and the row list 20 of them and a count', async (t) => {
  const gw = await startTestGateway(t);
  const params: Record<string, unknown> = { invoice_id: 'INV-20260042', amount: 10, currency: 'EUR' };
  for (let i = 0; i < 5000; i += 1) params[`extra_${i}`] = i;
  const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ params }));
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('PreCheckResponse', res.body), []);
  assert.deepEqual([res.body.decision.outcome, res.body.validation.tool_trust_score], ['block', 0]);
  const scope = res.body.validation.failures.filter((f: { code: string }) => f.code === 'TOOL_OUT_OF_SCOPE');
  assert.equal(scope.length, 21);
  assert.match(scope[20].message, /^4980 more TOOL_OUT_OF_SCOPE failures/);
  assert.ok(res.text.length < 20_000, `answer of ${res.text.length} characters`);
  const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
  assert.deepEqual(record.body.payload.response.validation.failures, res.body.validation.failures, 'the row records what the answer said');
});

test('pre-check 422: missing action, params not an object', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/pre-check', { agent_id: 'payments-agent-1', params: 'amount=5' });
  assert.equal(res.status, 422);
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path).sort(), ['action', 'params']);
});

test('a body with hundreds of unknown members: 422 listing the first 100 and counting the rest', async (t) => {
  const gw = await startTestGateway(t);
  const body: Record<string, unknown> = preCheckBody();
  for (let i = 0; i < 300; i += 1) body[`unknown_${i}`] = i;
  const res = await gw.call('POST', '/v1/runtime/pre-check', body);
  assert.deepEqual([res.status, res.body.code, res.body.errors.length, res.body.errors_omitted], [422, 'VALIDATION_FAILED', 100, 200]);
  assert.deepEqual(responseErrors('Problem', res.body), []);
});

test('post-check: records a new row linked to the pre-check and never changes the pre-check row', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const preRecord = await gw.call('GET', `/v1/audit/executions/${pre.body.envelope_id}`);
  const post = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: pre.body.envelope_id, execution, output });
  assert.equal(post.status, 200);
  assert.deepEqual(responseErrors('PostCheckResponse', post.body), []);
  assert.equal(post.body.pre_check_envelope_id, pre.body.envelope_id);
  assert.notEqual(post.body.envelope_id, pre.body.envelope_id);
  // Time-ordered ids (UUIDv7, src/ledger/envelope-id.ts): the later record sorts after the earlier.
  for (const id of [pre.body.envelope_id, post.body.envelope_id]) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.ok(post.body.envelope_id.slice(0, 13) >= pre.body.envelope_id.slice(0, 13));
  assert.equal(post.headers.get('idempotent-replayed'), 'false');

  const postRecord = await gw.call('GET', `/v1/audit/executions/${post.body.envelope_id}`);
  assert.equal(postRecord.body.kind, 'post_check');
  assert.equal(postRecord.body.parent_envelope_id, pre.body.envelope_id);
  assert.deepEqual(await gw.call('GET', `/v1/audit/executions/${pre.body.envelope_id}`).then((r) => r.body), preRecord.body);
  const verify = await gw.call('GET', '/v1/audit/chain/verify');
  assert.equal(verify.body.valid, true);
});

test('post-check is idempotent: the same body again returns the first result and adds no row', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const body = { pre_check_envelope_id: pre.body.envelope_id, execution, output };
  const first = await gw.call('POST', '/v1/runtime/post-check', body);
  const before = (await gw.call('GET', '/v1/audit/executions')).body.total;
  // Key order does not matter: the body is compared by its canonical digest.
  const second = await gw.call('POST', '/v1/runtime/post-check', { output: { currency: 'EUR', amount: 1200, status: 'created', payment_id: 'PAY-ABCDEFGH12' }, execution, pre_check_envelope_id: pre.body.envelope_id });
  assert.equal(second.status, 200);
  assert.deepEqual(second.body, first.body);
  assert.equal(second.headers.get('idempotent-replayed'), 'true');
  assert.equal((await gw.call('GET', '/v1/audit/executions')).body.total, before);
});

test('post-check with the same pre-check but a different body is 409 IDEMPOTENCY_CONFLICT, recorded in the ledger, never the first approve', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const body = { pre_check_envelope_id: pre.body.envelope_id, execution, output };
  const first = await gw.call('POST', '/v1/runtime/post-check', body);
  assert.equal(first.body.decision.outcome, 'approve');
  const secret = { ...output, note: 'key AKIAABCDEFGHIJKLMNOP' };
  const second = await gw.call('POST', '/v1/runtime/post-check', { ...body, output: secret });
  assert.equal(second.status, 409);
  assert.match(second.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(second.body.code, 'IDEMPOTENCY_CONFLICT');
  assert.equal(second.body.post_check_envelope_id, first.body.envelope_id);
  assert.doesNotMatch(second.text, /AKIA/);
  const openapi = await gw.call('GET', '/openapi.json');
  assert.ok(openapi.body.paths['/v1/runtime/post-check'].post.responses['409'], 'the OpenAPI document lists the 409');

  const conflicts = await gw.call('GET', '/v1/audit/executions?kind=idempotency_conflict');
  assert.equal(conflicts.body.total, 1);
  const row = await gw.call('GET', `/v1/audit/executions/${conflicts.body.items[0].envelope_id}`);
  assert.equal(row.body.parent_envelope_id, pre.body.envelope_id);
  assert.equal(row.body.outcome, null);
  assert.equal(row.body.payload.reason, 'post_check_body_differs');
  assert.equal(row.body.payload.post_check_envelope_id, first.body.envelope_id);
  assert.match(row.body.payload.rejected_request_digest, /^[0-9a-f]{64}$/);
  assert.notEqual(row.body.payload.rejected_request_digest, row.body.payload.recorded_request_digest);
  assert.doesNotMatch(JSON.stringify(row.body), /AKIA/, 'the rejected body itself (and its secret) is not stored');
  assert.equal((await gw.call('GET', '/v1/audit/executions?kind=post_check')).body.total, 1);
  assert.equal((await gw.call('GET', '/v1/audit/chain/verify')).body.valid, true);
});

test('post-check: duplicates with different bodies arriving at the same moment get one result and conflicts, never a replay of another body', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const bodies = [1200, 1201, 1200, 1202].map((amount) => ({ pre_check_envelope_id: pre.body.envelope_id, execution, output: { ...output, amount } }));
  const results = await Promise.all(bodies.map((body) => gw.call('POST', '/v1/runtime/post-check', body)));
  const okAmounts = results.flatMap((r, i) => (r.status === 200 ? [bodies[i].output.amount] : []));
  assert.equal(new Set(okAmounts).size, 1, 'every 200 is for the same body');
  assert.ok(results.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'IDEMPOTENCY_CONFLICT')), results.map((r) => r.status).join());
  assert.equal((await gw.call('GET', '/v1/audit/executions?kind=post_check')).body.total, 1);
});

test('post-check is idempotent when duplicates arrive at the same moment: one row, one answer', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const body = { pre_check_envelope_id: pre.body.envelope_id, execution, output };
  const results = await Promise.all(Array.from({ length: 8 }, () => gw.call('POST', '/v1/runtime/post-check', body)));
  assert.ok(results.every((r) => r.status === 200));
  assert.equal(new Set(results.map((r) => r.body.envelope_id)).size, 1);
  assert.equal(results.filter((r) => r.headers.get('idempotent-replayed') === 'false').length, 1);
  const rows = await gw.call('GET', '/v1/audit/executions?kind=post_check');
  assert.equal(rows.body.total, 1);
});

test('post-check 404 for an unknown pre_check_envelope_id, and for an envelope that is not a pre-check', async (t) => {
  const gw = await startTestGateway(t);
  const unknown = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: '6f1c1f5e-8d5a-4c55-9a43-5b1a1d1f0a11', execution, output });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'ENVELOPE_NOT_FOUND');
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const post = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: pre.body.envelope_id, execution, output });
  const notPre = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: post.body.envelope_id, execution, output });
  assert.equal(notPre.status, 404);
});

test('post-check 422: execution {} and a string output', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: 'not-a-uuid', execution: {}, output: 'done' });
  assert.equal(res.status, 422);
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path).sort(), ['execution.model', 'output', 'pre_check_envelope_id']);
  // ajv's uuid format takes a urn:uuid: prefix; no envelope id has one.
  const urn = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: 'urn:uuid:6f1c1f5e-8d5a-4c55-9a43-5b1a1d1f0a11', execution, output });
  assert.deepEqual([urn.status, urn.body.errors?.[0]?.path], [422, 'pre_check_envelope_id']);
});

test('post-check of a blocked pre-check is blocked: the action should never have run', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ params: { invoice_id: 'INV-20260042', amount: 25_000, currency: 'EUR' } }));
  assert.equal(pre.body.decision.outcome, 'block');
  const post = await gw.call('POST', '/v1/runtime/post-check', { pre_check_envelope_id: pre.body.envelope_id, execution, output });
  assert.equal(post.body.decision.outcome, 'block');
  assert.match(post.body.decision.reason, /pre-check/i);
});

test('post-check: a leaked secret in the output is blocked before release', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const post = await gw.call('POST', '/v1/runtime/post-check', {
    pre_check_envelope_id: pre.body.envelope_id, execution,
    output: { ...output, debug: 'token ghp_0123456789abcdefghijABCDEFGHIJ0123456789' },
  });
  assert.equal(post.body.decision.outcome, 'block');
  assert.ok(post.body.validation.failures.some((f: { code: string }) => f.code === 'SECRET_IN_OUTPUT'));
});
