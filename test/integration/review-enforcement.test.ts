// Verdicts are enforced: a pre-check that escalated may not be completed by its post-check (or
// approved by a re-run) until a human approves it. One table row per review state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const restart = (service = 'billing') => preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it' });
const postCheck = (id: string) => ({ pre_check_envelope_id: id, execution: { model: 'gpt-4o', latency_ms: 10 }, output: { restarted: true } });

async function escalated(gw: TestGateway, service = 'billing'): Promise<string> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', restart(service));
  assert.equal(res.status, 200);
  assert.equal(res.body.decision.outcome, 'escalate');
  assert.equal(res.headers.get('location'), `/v1/review/queue/${res.body.envelope_id}`, 'an escalation points at its review item');
  return res.body.envelope_id;
}

interface Case {
  name: string;
  act(gw: TestGateway, id: string, clock: { at: number }): Promise<void>;
  outcome: string;
  reason: RegExp;
}

const CASES: Case[] = [
  { name: 'nobody resolved it', act: async () => {}, outcome: 'block', reason: /A human must approve this call first: review .* is pending/ },
  {
    name: 'claimed, not yet decided',
    act: async (gw, id) => { assert.equal((await gw.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' })).status, 200); },
    outcome: 'block', reason: /is claimed \(claimed by user:rita\)/,
  },
  {
    name: 'approved',
    act: async (gw, id) => { assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'planned maintenance' })).status, 201); },
    outcome: 'approve', reason: /^Approved by anonymous in review [0-9a-f-]+: planned maintenance$/,
  },
  {
    name: 'rejected (outcome reject)',
    act: async (gw, id) => { assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'billing is mid-close, not now' })).status, 201); },
    outcome: 'block', reason: /billing is mid-close, not now/,
  },
  {
    name: 'rejected (outcome block, the spec word)',
    act: async (gw, id) => { assert.equal((await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'block', note: 'no' })).status, 201); },
    outcome: 'block', reason: /Rejected by anonymous: no/,
  },
  {
    name: 'past its deadline, unresolved (the tier default: block)',
    act: async (_gw, _id, clock) => { clock.at += 5 * 3600_000; },
    outcome: 'block', reason: /passed its deadline .* unresolved; the tier's default is block/,
  },
];

for (const c of CASES) {
  test(`post-check of an escalated pre-check: ${c.name} -> ${c.outcome}`, async (t) => {
    const clock = { at: Date.parse('2026-03-02T09:00:00.000Z') };
    const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) }, now: () => clock.at });
    const id = await escalated(gw);
    await c.act(gw, id, clock);
    const post = await gw.call('POST', '/v1/runtime/post-check', postCheck(id));
    assert.equal(post.status, 200);
    // Approved: the output's own escalation is answered by the human's approval (a block would still block).
    assert.equal(post.body.decision.outcome, c.outcome, post.body.decision.reason);
    assert.match(post.body.decision.reason, c.reason);
  });
}

test('re-run decision of a reviewed pre-check takes the human answer; of an unreviewed one stays escalated', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const approved = await escalated(gw, 'billing');
  const rejected = await escalated(gw, 'search');
  const open = await escalated(gw, 'mail');
  await gw.call('POST', `/v1/review/queue/${approved}/resolution`, { outcome: 'approve', note: 'ok for tonight' });
  await gw.call('POST', `/v1/review/queue/${rejected}/resolution`, { outcome: 'reject', note: 'never on a Friday' });
  const rerun = async (id: string) => (await gw.call('POST', `/v1/runtime/decision/${id}`)).body.decision;
  const a = await rerun(approved);
  assert.equal(a.outcome, 'approve');
  assert.match(a.reason, /^Approved by anonymous in review .*: ok for tonight$/);
  const r = await rerun(rejected);
  assert.equal(r.outcome, 'block');
  assert.match(r.reason, /^Rejected by anonymous: never on a Friday$/);
  assert.equal((await rerun(open)).outcome, 'escalate');
});

test('a post-check whose output verdict is recorded keeps the review state in its row', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalated(gw);
  const post = await gw.call('POST', '/v1/runtime/post-check', postCheck(id));
  const row = await gw.call('GET', `/v1/audit/executions/${post.body.envelope_id}`);
  assert.equal(row.body.payload.review.outcome, 'pending');
  assert.deepEqual(responseErrors('PostCheckResponse', post.body), []);
});
