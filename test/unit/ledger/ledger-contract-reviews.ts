// Contract cases for the human review queue: which rows enter it, how status is derived
// (pending / overdue / resolved), filters, paging and totals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';
import type { ReviewQuery } from '../../../src/ledger/index.ts';

const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const PAST = '2030-06-01T11:59:59.999Z';
const FUTURE = '2030-06-02T12:00:00+02:00';

export function reviewCases(open: OpenLedger): void {
  test('review queue: escalations and evidence requests; state derived from linked rows', () => withLedger(open, async (ledger) => {
    const [pending, overdue, resolvedItem, , , evidence] = await appendInOrder(ledger, [
      makeEntry({ outcome: 'escalate', risk_tier: 'high', reviewer_id: 'rev-1', review_deadline: FUTURE }),
      makeEntry({ kind: 'pre_check', action: 'pay', outcome: 'escalate', risk_tier: 'critical', reviewer_id: 'rev-2', review_deadline: PAST }),
      makeEntry({ kind: 'post_check', outcome: 'escalate', risk_tier: 'high', review_deadline: PAST }),
      makeEntry({ outcome: 'approve' }),
      makeEntry({ kind: 'judge', outcome: 'escalate' }),
      makeEntry({ kind: 'decision', outcome: 'request_evidence', risk_tier: 'low', review_deadline: null }),
    ]);
    const review = await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: resolvedItem.envelope_id, outcome: 'approve', reviewer_id: 'user:alice' }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: resolvedItem.envelope_id, outcome: 'block', reviewer_id: 'user:bob' }));

    const all = await ledger.reviewQueue({ limit: 10, offset: 0, now: NOW });
    assert.equal(all.total, 4);
    assert.deepEqual(all.items.map((i) => [i.envelope_id, i.status, i.overdue]), [
      [evidence.envelope_id, 'pending', false],
      [resolvedItem.envelope_id, 'approved', false],
      [overdue.envelope_id, 'pending', true],
      [pending.envelope_id, 'pending', false],
    ]);
    const resolved = all.items[1];
    assert.equal(resolved.resolution_envelope_id, review.envelope_id, 'the first review row is the verdict');
    assert.deepEqual(all.items[2], {
      envelope_id: overdue.envelope_id, seq: overdue.seq, kind: 'pre_check', agent_id: 'agent-a', action: 'pay',
      outcome: 'escalate', risk_tier: 'critical', reviewer_id: 'rev-2', review_deadline: PAST, status: 'pending', overdue: true,
      claimed_by: null, created_at: overdue.created_at, resolution_envelope_id: null,
    });
    assert.equal(all.items[3].review_deadline, '2030-06-02T10:00:00.000Z', 'deadlines are stored in UTC');

    const seqs = async (query: Partial<ReviewQuery>) =>
      (await ledger.reviewQueue({ limit: 10, offset: 0, now: NOW, ...query })).items.map((i) => i.seq);
    assert.deepEqual(await seqs({ status: 'pending' }), [evidence.seq, overdue.seq, pending.seq]);
    assert.deepEqual(await seqs({ overdue: true }), [overdue.seq]);
    assert.deepEqual(await seqs({ status: 'resolved' }), [resolvedItem.seq]);
    assert.deepEqual(await seqs({ status: 'approved' }), [resolvedItem.seq]);
    assert.deepEqual(await seqs({ agent_id: 'agent-a', action: 'pay' }), [overdue.seq]);
    assert.deepEqual(await seqs({ agent_id: 'agent-b' }), []);

    const later = await ledger.reviewQueue({ overdue: true, limit: 10, offset: 0, now: Date.parse('2030-06-03T00:00:00Z') });
    assert.deepEqual(later.items.map((i) => i.seq), [overdue.seq, pending.seq], 'the clock decides overdue');
  }));

  test('review queue: claims, releases, a rejection and an expiry', () => withLedger(open, async (ledger) => {
    const [claimed, released, rejected, expired] = await appendInOrder(ledger, [
      makeEntry({ outcome: 'escalate', review_deadline: FUTURE }),
      makeEntry({ outcome: 'escalate', review_deadline: FUTURE }),
      makeEntry({ outcome: 'escalate', review_deadline: FUTURE }),
      makeEntry({ outcome: 'request_evidence', review_deadline: PAST }),
    ]);
    const claim = (item: { envelope_id: string }, holder: string | null) =>
      ledger.append(makeEntry({ kind: 'review_claim', parent_envelope_id: item.envelope_id, outcome: null, reviewer_id: holder }));
    await claim(claimed, 'user:alice');
    await claim(claimed, 'user:bob');
    await claim(released, 'user:alice');
    await claim(released, null);
    await claim(rejected, 'user:carol');
    await ledger.append(makeEntry({ kind: 'review_note', parent_envelope_id: claimed.envelope_id, outcome: null, reviewer_id: 'user:dave' }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: rejected.envelope_id, outcome: 'block', reviewer_id: 'user:carol' }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: expired.envelope_id, outcome: 'block', reviewer_id: null }));
    const { items } = await ledger.reviewQueue({ limit: 10, offset: 0, now: NOW });
    assert.deepEqual(items.map((i) => [i.seq, i.status, i.claimed_by, i.overdue]), [
      [expired.seq, 'expired', null, false],
      [rejected.seq, 'rejected', null, false],
      [released.seq, 'pending', null, false],
      [claimed.seq, 'claimed', 'user:bob', false],
    ]);
    const open = await ledger.reviewQueue({ status: 'open', limit: 10, offset: 0, now: NOW });
    assert.deepEqual(open.items.map((i) => i.seq), [released.seq, claimed.seq]);
    const children = await ledger.children(claimed.envelope_id);
    assert.deepEqual(children.map((row) => [row.kind, row.reviewer_id]), [['review_claim', 'user:alice'], ['review_claim', 'user:bob'], ['review_note', 'user:dave']]);
    assert.deepEqual(await ledger.children(claimed.envelope_id, 1).then((rows) => rows.length), 1);
  }));

  test('review queue filters by tier and pages with a stable total', () => withLedger(open, async (ledger) => {
    await appendInOrder(ledger, [
      ...Array.from({ length: 5 }, () => makeEntry({ outcome: 'escalate', risk_tier: 'high' })),
      ...Array.from({ length: 2 }, () => makeEntry({ outcome: 'request_evidence', risk_tier: 'medium' })),
    ]);
    const high = await ledger.reviewQueue({ tier: 'high', limit: 2, offset: 2, now: NOW });
    assert.equal(high.total, 5);
    assert.deepEqual(high.items.map((i) => i.seq), [3, 2]);
    const medium = await ledger.reviewQueue({ tier: 'medium', status: 'pending', limit: 10, offset: 0, now: NOW });
    assert.deepEqual([medium.total, medium.items.map((i) => i.outcome)], [2, ['request_evidence', 'request_evidence']]);
    const none = await ledger.reviewQueue({ status: 'resolved', limit: 10, offset: 0, now: NOW });
    assert.deepEqual(none, { items: [], total: 0 });
    await assert.rejects(ledger.reviewQueue({ status: 'late' as never, limit: 1, offset: 0, now: NOW }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('review queue: open-item queries start at the first open item, and miss nothing after it', () => withLedger(open, async (ledger) => {
    const deadline = new Date(NOW - 1000).toISOString(); // past: open ones are overdue
    const items = await appendInOrder(ledger, Array.from({ length: 5 }, () => makeEntry({ kind: 'pre_check', outcome: 'escalate', review_deadline: deadline })));
    const verdict = (item: { envelope_id: string }) => ledger.append(makeEntry({ kind: 'review', parent_envelope_id: item.envelope_id, outcome: 'approve', reviewer_id: 'user:sam' }));
    for (const item of items.slice(0, 3)) await verdict(item);
    const ids = async (query: Partial<Parameters<typeof ledger.reviewQueue>[0]>) =>
      (await ledger.reviewQueue({ limit: 50, offset: 0, now: NOW, ...query })).items.map((item) => item.envelope_id);
    // The first open-item query moves the floor to the fourth item.
    assert.deepEqual(await ids({ status: 'open' }), [items[4].envelope_id, items[3].envelope_id]);
    await verdict(items[3]);
    await ledger.append(makeEntry({ kind: 'review_claim', parent_envelope_id: items[4].envelope_id, outcome: null, reviewer_id: 'user:kim' }));
    const late = await ledger.append(makeEntry({ kind: 'pre_check', outcome: 'escalate', review_deadline: deadline }));
    assert.deepEqual(await ids({ status: 'open' }), [late.envelope_id, items[4].envelope_id]);
    assert.deepEqual(await ids({ status: 'pending' }), [late.envelope_id]);
    assert.deepEqual(await ids({ status: 'claimed' }), [items[4].envelope_id]);
    assert.deepEqual(await ids({ overdue: true }), [late.envelope_id, items[4].envelope_id]);
    assert.equal((await ledger.reviewQueue({ status: 'open', limit: 1, offset: 0, now: NOW })).total, 2);
    // Queries that may match resolved items read all of them.
    assert.deepEqual(await ids({ status: 'resolved' }), items.slice(0, 4).map((item) => item.envelope_id).reverse());
    assert.equal((await ids({})).length, 6);
    assert.deepEqual(await ids({ overdue: false }), items.slice(0, 4).map((item) => item.envelope_id).reverse());
  }));
}
