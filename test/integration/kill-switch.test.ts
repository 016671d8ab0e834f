import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

test('kill switch: off by default, on blocks every pre-check and validate without the weighted engine', async (t) => {
  const gw = await startTestGateway(t);
  const initial = await gw.call('GET', '/v1/runtime/kill-switch');
  assert.equal(initial.status, 200);
  assert.deepEqual(responseErrors('KillSwitchState', initial.body), []);
  assert.equal(initial.body.active, false);

  const on = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident INC-512: runaway refunds', actor: 'sre-alice' });
  assert.equal(on.status, 200);
  assert.equal(on.body.active, true);
  assert.equal(on.body.updated_by, 'sre-alice');
  assert.equal(on.body.reason, 'incident INC-512: runaway refunds');

  const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ action: 'invoicepay.get_invoice', params: { invoice_id: 'INV-20260042' } }));
  assert.equal(pre.body.decision.outcome, 'block');
  assert.match(pre.body.decision.reason, /kill switch/i);
  const preRecord = await gw.call('GET', `/v1/audit/executions/${pre.body.envelope_id}`);
  assert.equal(preRecord.body.payload.decided_by, 'kill_switch');

  const validate = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(validate.body.decision.outcome, 'block');

  const off = await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'incident resolved', actor: 'sre-alice' });
  assert.equal(off.body.active, false);
  const after = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(after.body.decision.outcome, 'approve');
});

test('kill switch: every change is a ledger row with who and why, linked to the previous change', async (t) => {
  const gw = await startTestGateway(t);
  const on = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'sre-bob' });
  const off = await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'drill over', actor: 'sre-bob' });
  const rows = await gw.call('GET', '/v1/audit/executions?kind=kill_switch');
  assert.equal(rows.body.total, 2);
  const offRow = await gw.call('GET', `/v1/audit/executions/${off.body.envelope_id}`);
  assert.equal(offRow.body.parent_envelope_id, on.body.envelope_id);
  assert.equal(offRow.body.action, 'deactivate');
  assert.equal(offRow.body.payload.actor, 'sre-bob');
  assert.equal(offRow.body.payload.reason, 'drill over');
});

test('kill switch: concurrent flips each answer their own row, and the rows form one line, each linked to the one before', async (t) => {
  const gw = await startTestGateway(t);
  const flips = await Promise.all(Array.from({ length: 12 }, (_, i) => gw.call('POST', '/v1/runtime/kill-switch', { active: i % 2 === 0, reason: `flip ${i}`, actor: `sre-${i}` })));
  assert.ok(flips.every((flip) => flip.status === 200));
  assert.equal(new Set(flips.map((flip) => flip.body.envelope_id)).size, 12, 'each caller gets its own row');
  for (const [i, flip] of flips.entries()) assert.deepEqual([flip.body.active, flip.body.reason], [i % 2 === 0, `flip ${i}`]);
  const rows = (await gw.call('GET', '/v1/audit/executions?kind=kill_switch&limit=100')).body.items as Array<{ envelope_id: string; seq: number }>;
  const details = await Promise.all(rows.map(async (row) => (await gw.call('GET', `/v1/audit/executions/${row.envelope_id}`)).body));
  details.sort((a, b) => a.seq - b.seq);
  assert.equal(details[0].parent_envelope_id, null);
  for (let i = 1; i < details.length; i++) assert.equal(details[i].parent_envelope_id, details[i - 1].envelope_id, `row ${i} follows row ${i - 1}`);
  const state = await gw.call('GET', '/v1/runtime/kill-switch');
  assert.equal(state.body.envelope_id, details.at(-1).envelope_id);
});

test('kill switch: the state survives a restart', async (t) => {
  const first = await startTestGateway(undefined);
  await first.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'freeze before audit', actor: 'ciso' });
  await first.close();
  const second = await startTestGateway(t, { ledgerPath: first.ledgerPath });
  const state = await second.call('GET', '/v1/runtime/kill-switch');
  assert.equal(state.body.active, true);
  assert.equal(state.body.reason, 'freeze before audit');
  const health = await second.call('GET', '/health');
  assert.equal(health.body.kill_switch_active, true);
  const pre = await second.call('POST', '/v1/runtime/pre-check', preCheckBody());
  assert.equal(pre.body.decision.outcome, 'block');
});

test('kill switch 422: active must be a boolean and a reason is required', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/kill-switch', { active: 'yes' });
  assert.equal(res.status, 422);
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path).sort(), ['active', 'reason']);
});
