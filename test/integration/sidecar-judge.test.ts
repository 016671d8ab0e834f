// The sidecar's calls get the LLM judge as the API's do (issue 16): a high-risk result is judged
// inside the call within the budget (a failing verdict withholds it), a low-risk one is judged
// afterwards by the worker, linked as a `judge` row. Real gateway, real upstream and a fake
// OpenAI-compatible judge, all on port 0.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { waitForChildRow, type TestGateway } from '../helpers/gateway.ts';
import { startFakeJudge, startJudgedGateway, type FakeJudge } from '../helpers/fake-judge.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';

const ROUTES = (upstream: string) => `
routes:
  - name: vault
    match: { path_prefix: /vault }
    upstream: ${upstream}/vault
    strip_prefix: true
    tool: { name: vault.transfer }
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/kb
    strip_prefix: true
    tool: { name: search_kb }
`;

async function sidecar(t: TestContext, judge: FakeJudge, agentId: string): Promise<TestGateway> {
  const upstream = await startToolServer(t);
  upstream.on('/vault', json(200, { transfer_id: 'TR-1', status: 'done', amount: 10 }));
  upstream.on('/kb', json(200, { results: [{ title: 'Reset your password' }] }));
  return startJudgedGateway(t, judge, { agentId, gatewayYaml: ROUTES(upstream.origin) });
}

test('sidecar, high risk: the result is judged inside the call; a failing verdict withholds it', async (t) => {
  const judge = await startFakeJudge(t, { kind: 'answer', score: 15, verdict: 'fail', reasons: ['transfer not asked for'] });
  const gw = await sidecar(t, judge, 'vault-agent-1');
  const result = await gw.call('POST', '/vault', { amount: 10 });
  assert.equal(judge.requests.length, 1, 'judged before the result was released');
  assert.notEqual(result.status, 200, 'the judge failed it: withheld');
  assert.match(JSON.stringify(judge.requests[0].messages), /TR-1/, 'the judge saw the upstream result');
  const post = (await gw.call('GET', `/v1/audit/executions/${result.headers.get('x-governance-post-check')}`)).body;
  assert.equal(post.kind, 'post_check');
  assert.equal(post.payload.judge.status, 'scored');
  assert.equal(post.payload.judge.score, 15);
  assert.equal(post.payload.response.validation.judge_score, 15);
  assert.equal(typeof post.payload.response.decision.judge_latency_ms, 'number');
});

test('sidecar, high risk: a passing verdict releases the result with the judge score recorded', async (t) => {
  const judge = await startFakeJudge(t, { kind: 'answer', score: 96, verdict: 'pass' });
  const gw = await sidecar(t, judge, 'vault-agent-1');
  const result = await gw.call('POST', '/vault', { amount: 10 });
  assert.equal(result.status, 200, result.text);
  assert.equal(result.body.transfer_id, 'TR-1');
  const post = (await gw.call('GET', `/v1/audit/executions/${result.headers.get('x-governance-post-check')}`)).body;
  assert.equal(post.payload.response.validation.judge_score, 96);
});

test('sidecar, low risk: released at once, judged afterwards by the worker', async (t) => {
  const judge = await startFakeJudge(t, { kind: 'answer', score: 90, verdict: 'pass' });
  const gw = await sidecar(t, judge, 'support-agent-1');
  const result = await gw.call('POST', '/kb', { query: 'reset password' });
  assert.equal(result.status, 200);
  const postId = result.headers.get('x-governance-post-check')!;
  const post = (await gw.call('GET', `/v1/audit/executions/${postId}`)).body;
  assert.deepEqual(post.payload.judge, { mode: 'async', status: 'queued' });
  assert.equal(post.payload.response.validation.judge_score, null);
  const judged = await waitForChildRow(gw, postId, 'judge');
  assert.equal(judged.payload.score, 90);
  assert.equal(judge.requests.length, 1);
});
