import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

test('validate: a well-evidenced support answer is approved with the full response shape', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('ValidateResponse', res.body), []);
  assert.equal(res.body.decision.outcome, 'approve');
  assert.equal(res.body.validation.tool_trust_score, 100);
  assert.equal(res.body.validation.judge_score, null);
  assert.equal(res.body.trust_chain, null);
  assert.match(res.body.confidence_rationale, /Confidence \d/);
  assert.match(res.body.governance_disclosure, new RegExp(res.body.decision.policy_version));
  assert.equal(typeof res.body.decision.reason, 'string');

  const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
  assert.equal(record.status, 200);
  assert.equal(record.body.kind, 'validate');
  assert.equal(record.body.outcome, 'approve');
  assert.deepEqual(record.body.payload.response, res.body, 'the ledger keeps exactly what the caller was told');
});

test('validate: the minimal body from the spec is accepted and framework defaults to REST', async (t) => {
  const gw = await startTestGateway(t);
  const minimal = {
    agent_id: 'support-agent-1',
    request: { user: 'u1', input: 'hello' },
    execution: { model: 'gpt-4o', latency_ms: 12, tokens: 30 },
    output: { answer: 'Hello! How can I help?' },
  };
  const res = await gw.call('POST', '/v1/runtime/validate', minimal);
  assert.equal(res.status, 200);
  const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
  assert.equal(record.body.payload.request.framework, 'REST');
});

const invalid: Array<[string, Record<string, unknown>, string, RegExp?]> = [
  ['execution {}', { execution: {} }, 'execution.model'],
  ['execution.model missing', { execution: { latency_ms: 5, tokens: 3 } }, 'execution.model'],
  ['output is a bare string', { output: 'approved' }, 'output', /JSON object/],
  ['output is an array', { output: [1, 2] }, 'output'],
  ['agent_id with a space', { agent_id: 'bad agent' }, 'agent_id'],
  ['agent_id with a slash', { agent_id: 'a/b' }, 'agent_id'],
  ['framework not in the enum', { framework: 'AutoGPT' }, 'framework', /one of/],
  ['tool_calls instead of tools_called', { execution: { model: 'm', tool_calls: [] } }, 'execution.tool_calls', /tools_called/],
  ['tokens_in instead of prompt_tokens', { execution: { model: 'm', tokens_in: 4 } }, 'execution.tokens_in', /prompt_tokens/],
  ['tokens is not an integer', { execution: { model: 'm', tokens: 1.5 } }, 'execution.tokens'],
  ['parent_envelope_id is not a UUID', { parent_envelope_id: 'abc' }, 'parent_envelope_id'],
  ['parent_envelope_id is a URN, not an envelope id', { parent_envelope_id: 'urn:uuid:00000000-0000-4000-8000-000000000000' }, 'parent_envelope_id'],
  ['request.input missing', { request: { user: 'u' } }, 'request.input'],
];

for (const [name, overrides, path, message] of invalid) {
  test(`validate 422: ${name}`, async (t) => {
    const gw = await startTestGateway(t);
    const res = await gw.call('POST', '/v1/runtime/validate', validateBody(overrides));
    assert.equal(res.status, 422);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(res.body.code, 'VALIDATION_FAILED');
    const error = res.body.errors.find((e: { path: string }) => e.path === path);
    assert.ok(error, `expected an error at ${path}, got ${JSON.stringify(res.body.errors)}`);
    if (message) assert.match(error.message, message);
  });
}

test('validate 422 lists every failing field at once', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/validate', { agent_id: 'x y', request: {}, execution: {}, output: 'no' });
  assert.equal(res.status, 422);
  const paths = res.body.errors.map((e: { path: string }) => e.path).sort();
  assert.deepEqual(paths, ['agent_id', 'execution.model', 'output', 'request.input', 'request.user']);
});

test('validate 422: output larger than 100 KB; 100 KB exactly passes the size rule', async (t) => {
  const gw = await startTestGateway(t);
  const big = { blob: 'x'.repeat(100 * 1024) };
  const res = await gw.call('POST', '/v1/runtime/validate', validateBody({ output: big }));
  assert.equal(res.status, 422);
  assert.equal(res.body.errors[0].path, 'output');
  const fits = { blob: 'x'.repeat(100 * 1024 - 12) }; // {"blob":"..."} is 11 bytes of JSON around the string
  const ok = await gw.call('POST', '/v1/runtime/validate', validateBody({ output: fits }));
  assert.equal(ok.status, 200);
});

test('validate: the same request scores the same every time', async (t) => {
  const gw = await startTestGateway(t, { now: () => Date.parse('2026-11-21T12:00:00Z') });
  const first = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-det-1' }));
  const second = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-det-2' }));
  assert.deepEqual(first.body.validation, second.body.validation);
  assert.deepEqual(first.body.risk, second.body.risk);
  assert.deepEqual(first.body.decision, second.body.decision);
});

test('validate: an undeclared tool blocks; a leaked secret blocks', async (t) => {
  const gw = await startTestGateway(t);
  const undeclared = await gw.call('POST', '/v1/runtime/validate', validateBody({
    execution: { model: 'gpt-4o', tools_called: ['delete_customer'], tool_results: [{ ok: true }] },
  }));
  assert.equal(undeclared.body.decision.outcome, 'block');
  assert.ok(undeclared.body.validation.tool_trust_score < 100);
  assert.ok(undeclared.body.validation.failures.some((f: { code: string }) => f.code === 'TOOL_UNDECLARED'));

  const secret = await gw.call('POST', '/v1/runtime/validate', validateBody({
    output: { answer: 'Use key AKIAIOSFODNN7EXAMPLE to log in', ticket: 'T-1001', status: 'open' },
  }));
  assert.equal(secret.body.decision.outcome, 'block');
  assert.ok(secret.body.validation.failures.some((f: { code: string; check: string }) => f.check === 'safety'));
});

test('validate: trust chain runs when parent_envelope_id is set', async (t) => {
  const gw = await startTestGateway(t);
  const parent = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'orchestrator-main.eu', execution: { model: 'gpt-4o' } }));
  assert.equal(parent.body.decision.outcome, 'approve');
  const child = await gw.call('POST', '/v1/runtime/validate', validateBody({ parent_envelope_id: parent.body.envelope_id }));
  assert.equal(child.status, 200);
  assert.deepEqual(responseErrors('ValidateResponse', child.body), []);
  assert.equal(child.body.trust_chain.parent_envelope_id, parent.body.envelope_id);
  assert.equal(child.body.trust_chain.trusted, true);
  assert.equal(child.body.trust_chain.depth, 2);
  assert.deepEqual(child.body.trust_chain.lineage, [parent.body.envelope_id]);

  // A UUID is the same in either case: the parent is found, and the row links to it as written.
  const upper = await gw.call('POST', '/v1/runtime/validate', validateBody({ parent_envelope_id: parent.body.envelope_id.toUpperCase() }));
  assert.equal(upper.body.trust_chain.trusted, true, JSON.stringify(upper.body.trust_chain));
  assert.equal(upper.body.trust_chain.parent_envelope_id, parent.body.envelope_id);
  assert.equal((await gw.call('GET', `/v1/audit/executions/${upper.body.envelope_id}`)).body.parent_envelope_id, parent.body.envelope_id);

  const unknownParent = await gw.call('POST', '/v1/runtime/validate', validateBody({ parent_envelope_id: '00000000-0000-4000-8000-000000000000' }));
  assert.equal(unknownParent.body.trust_chain.trusted, false);
  assert.equal(unknownParent.body.decision.outcome, 'block');

  // support agents accept handoffs from orchestrators only, not from payments agents
  const stranger = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'payments-agent-9' }));
  const refused = await gw.call('POST', '/v1/runtime/validate', validateBody({ parent_envelope_id: stranger.body.envelope_id }));
  assert.equal(refused.body.trust_chain.trusted, false);
  assert.ok(refused.body.trust_chain.failures.some((f: { code: string }) => f.code === 'HANDOFF_NOT_ALLOWED'));
});

test('validate 426 when sdk_version is older than MIN_SDK_VERSION; newer and absent pass', async (t) => {
  const gw = await startTestGateway(t, { env: { MIN_SDK_VERSION: '1.4.0' } });
  const old = await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '1.3.9' }));
  assert.equal(old.status, 426);
  assert.equal(old.body.code, 'SDK_VERSION_TOO_OLD');
  assert.equal(old.body.minimum_sdk_version, '1.4.0');
  assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version: '1.10.0' }))).status, 200);
  assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody())).status, 200);
});

test('validate 426 compares pre-releases as SemVer does: rc.10 is newer than rc.9, alpha older than alpha.1', async (t) => {
  const gw = await startTestGateway(t, { env: { MIN_SDK_VERSION: '2.0.0-rc.9' } });
  const status = async (sdk_version: string) => (await gw.call('POST', '/v1/runtime/validate', validateBody({ sdk_version }))).status;
  for (const newer of ['2.0.0-rc.10', '2.0.0-rc.9', '2.0.0-rc.9.1', '2.0.0-rcx', '2.0.0']) assert.equal(await status(newer), 200, newer);
  for (const older of ['2.0.0-rc.8', '2.0.0-rc', '2.0.0-beta.11', '2.0.0-10', '1.9.9']) assert.equal(await status(older), 426, older);
});
