// Contract cases for pre-checks by call status (GET /v1/audit/executions?status=): the status
// is derived from the rows linked to each pre-check, filters and totals agree, the created_at
// window holds; and a tool_change row is a review item like an escalation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';

export function executionCases(open: OpenLedger): void {
  test('executions: status of each pre-check\'s call, derived from its linked rows', () => withLedger(open, async (ledger) => {
    const [inFlight, completed, blocked, rejected, awaiting, approvedByReview, lost] = await appendInOrder(ledger, [
      makeEntry({ kind: 'pre_check', action: 'a', outcome: 'approve' }),
      makeEntry({ kind: 'pre_check', action: 'b', outcome: 'approve' }),
      makeEntry({ kind: 'pre_check', action: 'c', outcome: 'block' }),
      makeEntry({ kind: 'pre_check', action: 'd', outcome: 'escalate' }),
      makeEntry({ kind: 'pre_check', action: 'e', outcome: 'request_evidence', agent_id: 'agent-b' }),
      makeEntry({ kind: 'pre_check', action: 'f', outcome: 'escalate' }),
      makeEntry({ kind: 'pre_check', action: 'g', outcome: 'approve' }),
    ]);
    await ledger.append(makeEntry({ kind: 'validate' }));
    const post = await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: completed.envelope_id }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: rejected.envelope_id, outcome: 'block', reviewer_id: 'user:sam' }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: approvedByReview.envelope_id, outcome: 'approve', reviewer_id: 'user:sam' }));
    const unknown = await ledger.append(makeEntry({ kind: 'outcome_unknown', parent_envelope_id: lost.envelope_id, outcome: null }));

    const all = await ledger.executions({ limit: 50, offset: 0 });
    assert.equal(all.total, 7, 'pre-checks only');
    const statusOf = new Map(all.items.map((item) => [item.envelope_id, [item.execution_status, item.outcome_envelope_id]]));
    assert.deepEqual(statusOf.get(inFlight.envelope_id), ['in_flight', null]);
    assert.deepEqual(statusOf.get(completed.envelope_id), ['completed', post.envelope_id]);
    assert.deepEqual(statusOf.get(blocked.envelope_id), ['blocked', null]);
    assert.deepEqual(statusOf.get(rejected.envelope_id), ['blocked', null]);
    assert.deepEqual(statusOf.get(awaiting.envelope_id), ['awaiting_review', null]);
    assert.deepEqual(statusOf.get(approvedByReview.envelope_id), ['in_flight', null]);
    assert.deepEqual(statusOf.get(lost.envelope_id), ['outcome_unknown', unknown.envelope_id]);
    assert.equal(all.items[0].seq, lost.seq, 'newest first');
    assert.equal(all.items[0].hash, lost.hash, 'each item is the row summary');

    const ids = async (query: Parameters<typeof ledger.executions>[0]) => (await ledger.executions(query)).items.map((item) => item.envelope_id);
    assert.deepEqual(await ids({ status: 'in_flight', limit: 10, offset: 0 }), [approvedByReview.envelope_id, inFlight.envelope_id]);
    assert.deepEqual(await ids({ status: 'in_flight', order: 'oldest', limit: 10, offset: 0 }), [inFlight.envelope_id, approvedByReview.envelope_id]);
    assert.deepEqual(await ids({ status: 'in_flight', limit: 1, offset: 1 }), [inFlight.envelope_id]);
    assert.equal((await ledger.executions({ status: 'in_flight', limit: 1, offset: 0 })).total, 2);
    assert.deepEqual(await ids({ status: 'awaiting_review', agent_id: 'agent-a', limit: 10, offset: 0 }), []);
    assert.deepEqual(await ids({ status: 'outcome_unknown', limit: 10, offset: 0 }), [lost.envelope_id]);
    assert.deepEqual(await ids({ created_after: '2000-01-01T00:00:00Z', created_before: '2000-01-02T00:00:00Z', limit: 10, offset: 0 }), []);
    assert.equal((await ids({ created_after: new Date(Date.parse(inFlight.created_at)).toISOString(), limit: 10, offset: 0 })).length, 7);
    assert.equal((await ids({ created_before: new Date(Date.now() + 60_000).toISOString(), limit: 10, offset: 0 })).length, 7);
    await assert.rejects(ledger.executions({ status: 'lost' as never, limit: 10, offset: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
    await assert.rejects(ledger.executions({ created_after: 'yesterday', limit: 10, offset: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('executionPage: the page without its total, after a seq or for given pre-checks', () => withLedger(open, async (ledger) => {
    const [first, second, third] = await appendInOrder(ledger, [
      makeEntry({ kind: 'pre_check', action: 'a', outcome: 'approve' }),
      makeEntry({ kind: 'pre_check', action: 'b', outcome: 'approve' }),
      makeEntry({ kind: 'pre_check', action: 'c', outcome: 'block' }),
    ]);
    await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: second.envelope_id, action: 'b' }));
    const page = async (query: Partial<Parameters<typeof ledger.executionPage>[0]>) =>
      (await ledger.executionPage({ order: 'oldest', limit: 10, offset: 0, ...query })).map((item) => [item.envelope_id, item.execution_status]);
    assert.deepEqual(await page({}), [[first.envelope_id, 'in_flight'], [second.envelope_id, 'completed'], [third.envelope_id, 'blocked']]);
    assert.deepEqual(await page({ after_seq: first.seq }), [[second.envelope_id, 'completed'], [third.envelope_id, 'blocked']]);
    assert.deepEqual(await page({ after_seq: third.seq }), []);
    assert.deepEqual(await page({ envelope_ids: [third.envelope_id, first.envelope_id, 'not-an-id'] }), [[first.envelope_id, 'in_flight'], [third.envelope_id, 'blocked']]);
    assert.deepEqual(await page({ envelope_ids: [] }), []);
    assert.deepEqual(await page({ status: 'in_flight', after_seq: 0, limit: 1 }), [[first.envelope_id, 'in_flight']]);
    for (const bad of [{ after_seq: -1 }, { after_seq: 1.5 }, { envelope_ids: [1] as never }, { envelope_ids: Array.from({ length: 1001 }, () => 'x') }]) {
      await assert.rejects(ledger.executionPage({ limit: 10, offset: 0, ...bad }), { code: 'LEDGER_INVALID_ARGUMENT' });
    }
  }));

  test('review queue: a tool_change row waiting for a human is an item; its verdict resolves it', () => withLedger(open, async (ledger) => {
    const change = await ledger.append(makeEntry({ kind: 'tool_change', action: 'search_kb', outcome: 'escalate', risk_tier: 'high' }));
    const queue = await ledger.reviewQueue({ status: 'pending', limit: 10, offset: 0, now: Date.now() });
    assert.deepEqual(queue.items.map((item) => [item.envelope_id, item.kind]), [[change.envelope_id, 'tool_change']]);
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: change.envelope_id, outcome: 'approve', reviewer_id: 'user:sam' }));
    assert.equal((await ledger.reviewQueue({ status: 'approved', limit: 10, offset: 0, now: Date.now() })).total, 1);
  }));
}
