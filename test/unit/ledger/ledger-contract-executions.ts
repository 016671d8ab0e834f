// Contract cases for pre-checks by call status (GET /v1/audit/executions?status=): the status
// is derived from the rows linked to each pre-check, filters and totals agree, the created_at
// window holds; and a tool_change row is a review item like an escalation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';
import { EXECUTION_STATUSES, type ExecutionStatus, type Ledger } from '../../../src/ledger/index.ts';

type CallOutcome = 'approve' | 'block' | 'escalate' | 'request_evidence';
type CallEvent = 'post_check' | 'review_approve' | 'review_block' | 'outcome_unknown';
interface ModelCall { id: string; outcome: CallOutcome; events: CallEvent[] }

/** A call's status as the classification defines it, from what was appended for it. */
function modelStatus(call: ModelCall): ExecutionStatus {
  const firstReview = call.events.find((event) => event.startsWith('review_'));
  if (call.events.includes('post_check')) return 'completed';
  if (call.events.includes('outcome_unknown')) return 'outcome_unknown';
  if (call.outcome === 'block' || firstReview === 'review_block') return 'blocked';
  if ((call.outcome === 'escalate' || call.outcome === 'request_evidence') && firstReview === undefined) return 'awaiting_review';
  return 'in_flight';
}

/** Every status's items and total against the model (the stores start open-call and completed-call queries at an open floor, and find blocked and lost calls from the rows that close them). */
async function assertStatuses(ledger: Ledger, calls: ModelCall[], when: string): Promise<void> {
  for (const status of EXECUTION_STATUSES) {
    const expected = calls.filter((call) => modelStatus(call) === status).map((call) => call.id).reverse();
    const got = await ledger.executions({ status, limit: 500, offset: 0 });
    assert.deepEqual(got.items.map((item) => item.envelope_id), expected, `${when}: ${status} items`);
    assert.equal(got.total, expected.length, `${when}: ${status} total`);
    assert.ok(got.items.every((item) => item.execution_status === status));
    const page = await ledger.executionPage({ status, limit: 500, offset: 0 });
    assert.deepEqual(page.map((item) => item.envelope_id), expected, `${when}: ${status} executionPage`);
  }
}

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

  test('executions by status, as calls are opened and closed around the open floor: the same calls and totals as classifying every call', () => withLedger(open, async (ledger) => {
    const outcome = fc.constantFrom<CallOutcome>('approve', 'approve', 'approve', 'block', 'escalate', 'request_evidence');
    const events = fc.subarray<CallEvent>(['post_check', 'review_approve', 'review_block', 'outcome_unknown']).chain((picked) => fc.shuffledSubarray(picked, { minLength: picked.length }));
    const history = fc.array(fc.record({ outcome, events, later: fc.boolean() }), { minLength: 1, maxLength: 14 });
    // Every run appends to the same ledger: the model holds every call of every run.
    const calls: ModelCall[] = [];
    await fc.assert(fc.asyncProperty(history, history, async (before, after) => {
      // Each call's pre-check, then the events due now; `later` ones come after the first queries.
      const record = async (specs: typeof before, phase: 'first' | 'second') => {
        for (const spec of specs) {
          const row = await ledger.append(makeEntry({ kind: 'pre_check', outcome: spec.outcome }));
          calls.push({ id: row.envelope_id, outcome: spec.outcome, events: [] });
        }
        const start = calls.length - specs.length;
        for (const [i, spec] of specs.entries()) await recordEvents(calls[start + i]!, phase === 'first' && spec.later ? [] : spec.events);
      };
      const pending = new Map<ModelCall, CallEvent[]>();
      const recordEvents = async (call: ModelCall, list: CallEvent[]) => {
        for (const event of list) {
          const parent = call.id;
          if (event === 'post_check') await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: parent }));
          else if (event === 'outcome_unknown') await ledger.append(makeEntry({ kind: 'outcome_unknown', parent_envelope_id: parent, outcome: null }));
          else await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: parent, outcome: event === 'review_block' ? 'block' : 'approve', reviewer_id: 'user:sam' }));
          call.events.push(event);
        }
      };
      const firstCount = calls.length;
      await record(before, 'first');
      before.forEach((spec, i) => { if (spec.later) pending.set(calls[firstCount + i]!, spec.events); });
      await assertStatuses(ledger, calls, 'first');
      // Calls below the floor the first queries read get closed now, and new calls come after it.
      for (const [call, list] of pending) await recordEvents(call, list);
      await record(after, 'second');
      await assertStatuses(ledger, calls, 'second');
    }), { numRuns: 6 });
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
