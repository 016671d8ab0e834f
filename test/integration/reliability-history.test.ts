// Historical reliability as an agent sees it: a new agent starts at the documented default of 70
// and its rationale says so, and blocks the operator's kill switch caused are not the agent's
// record (issue 12, items 16 and 17). The cache path and the ledger read (after a restart) both.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';

const lookup = (agent: string) => preCheckBody({ agent_id: agent, action: 'invoicepay.get_invoice', params: { invoice_id: 'INV-20260042' } });

test('a brand-new agent gets the default of 70, and its rationale says it has no history (not that it was refused)', async (t) => {
  const gw = await startTestGateway(t);
  const first = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-new' }));
  assert.equal(first.status, 200);
  assert.equal(first.body.validation.historical_reliability, 70);
  assert.doesNotMatch(first.body.confidence_rationale, /not all approvals/);
  assert.match(first.body.confidence_rationale, /historical reliability \(70\): the agent has no decision history yet, so it starts at the default of 70/);
  const second = await gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-new' }));
  assert.ok(second.body.validation.historical_reliability > 70, 'one approval raises it');
  assert.doesNotMatch(second.body.confidence_rationale, /no decision history|not all approvals/);
});

test('blocks caused by the kill switch do not lower an agent\'s reliability, in memory or read back after a restart', async (t) => {
  const first = await startTestGateway(undefined);
  let closed = false;
  t.after(async () => { if (!closed) await first.close(); });
  const agent = 'payments-drill-1';
  const approved = await first.call('POST', '/v1/runtime/pre-check', lookup(agent));
  assert.equal(approved.body.decision.outcome, 'approve');
  const before = (await first.call('POST', '/v1/runtime/pre-check', lookup(agent))).body.validation.historical_reliability;

  await first.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'sre-alice' });
  for (let i = 0; i < 3; i++) {
    const blocked = await first.call('POST', '/v1/runtime/pre-check', lookup(agent));
    assert.equal(blocked.body.decision.outcome, 'block');
  }
  await first.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'drill over', actor: 'sre-alice' });

  const after = await first.call('POST', '/v1/runtime/pre-check', lookup(agent));
  assert.ok(after.body.validation.historical_reliability >= before,
    `reliability ${after.body.validation.historical_reliability} after the drill, ${before} before: the drill's blocks counted`);
  await first.close();
  closed = true;

  const second = await startTestGateway(t, { ledgerPath: first.ledgerPath });
  const reread = await second.call('POST', '/v1/runtime/pre-check', lookup(agent));
  assert.ok(reread.body.validation.historical_reliability >= before,
    `reliability ${reread.body.validation.historical_reliability} read back from the ledger, ${before} before the drill`);
});
