import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

test('decision re-run: evaluates the stored envelope again and records a linked decision row', async (t) => {
  const gw = await startTestGateway(t);
  const original = await gw.call('POST', '/v1/runtime/validate', validateBody());
  const rerun = await gw.call('POST', `/v1/runtime/decision/${original.body.envelope_id}`);
  assert.equal(rerun.status, 200);
  assert.deepEqual(responseErrors('DecisionRerunResponse', rerun.body), []);
  assert.equal(rerun.body.source_envelope_id, original.body.envelope_id);
  assert.equal(rerun.body.previous.outcome, 'approve');
  assert.equal(rerun.body.decision.outcome, 'approve');
  assert.equal(rerun.body.changed, false);
  const row = await gw.call('GET', `/v1/audit/executions/${rerun.body.envelope_id}`);
  assert.equal(row.body.kind, 'decision');
  assert.equal(row.body.parent_envelope_id, original.body.envelope_id);
});

test('decision re-run under a changed state reports the change (kill switch now on)', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  assert.equal(pre.body.decision.outcome, 'approve');
  await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'test', actor: 't' });
  const rerun = await gw.call('POST', `/v1/runtime/decision/${pre.body.envelope_id}`);
  assert.equal(rerun.body.decision.outcome, 'block');
  assert.equal(rerun.body.changed, true);
});

test('decision re-run of a post-check uses the pre-check it completes', async (t) => {
  const gw = await startTestGateway(t);
  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
  const post = await gw.call('POST', '/v1/runtime/post-check', {
    pre_check_envelope_id: pre.body.envelope_id, execution: { model: 'gpt-4o' }, output: { payment_id: 'PAY-ABCDEFGH12', status: 'created' },
  });
  const rerun = await gw.call('POST', `/v1/runtime/decision/${post.body.envelope_id}`);
  assert.equal(rerun.status, 200);
  // Same input, same checks; only historical reliability moved (the agent has more history now).
  const checks = ({ historical_reliability: _h, final_confidence: _f, ...rest }: Record<string, unknown>) => rest;
  assert.deepEqual(checks(rerun.body.validation), checks(post.body.validation));
  assert.equal(rerun.body.previous.outcome, post.body.decision.outcome);
});

test('decision re-run: 404 for an unknown or malformed id, 409 for a record without a decision', async (t) => {
  const gw = await startTestGateway(t);
  const unknown = await gw.call('POST', '/v1/runtime/decision/3b0c7d5e-2f4a-4e0b-9c1d-7a6b5c4d3e2f');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'ENVELOPE_NOT_FOUND');
  assert.equal((await gw.call('POST', '/v1/runtime/decision/nope')).status, 404);
  const flip = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'x', actor: 'y' });
  const conflict = await gw.call('POST', `/v1/runtime/decision/${flip.body.envelope_id}`);
  assert.equal(conflict.status, 409);
  assert.equal(conflict.body.code, 'NOT_DECIDABLE');
});
