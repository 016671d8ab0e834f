// Contract cases for the human review queue: which rows enter it, how status is derived
// (pending / overdue / resolved), filters, paging and totals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';

const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const PAST = '2030-06-01T11:59:59.999Z';
const FUTURE = '2030-06-02T12:00:00+02:00';

export function reviewCases(open: OpenLedger): void {
  test('review queue: escalations and evidence requests, pending / overdue / resolved', () => withLedger(open, async (ledger) => {
    const [pending, overdue, resolvedItem, , , evidence] = await appendInOrder(ledger, [
      makeEntry({ outcome: 'escalate', risk_tier: 'high', reviewer_id: 'rev-1', review_deadline: FUTURE }),
      makeEntry({ kind: 'pre_check', action: 'pay', outcome: 'escalate', risk_tier: 'critical', reviewer_id: 'rev-2', review_deadline: PAST }),
      makeEntry({ kind: 'post_check', outcome: 'escalate', risk_tier: 'high', review_deadline: PAST }),
      makeEntry({ outcome: 'approve' }),
      makeEntry({ kind: 'judge', outcome: 'escalate' }),
      makeEntry({ kind: 'decision', outcome: 'request_evidence', risk_tier: 'low', review_deadline: null }),
    ]);
    const review = await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: resolvedItem.envelope_id, outcome: 'approve' }));
    await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: resolvedItem.envelope_id, outcome: 'block' }));

    const all = await ledger.reviewQueue({ limit: 10, offset: 0, now: NOW });
    assert.equal(all.total, 4);
    assert.deepEqual(all.items.map((i) => [i.envelope_id, i.status]), [
      [evidence.envelope_id, 'pending'],
      [resolvedItem.envelope_id, 'resolved'],
      [overdue.envelope_id, 'overdue'],
      [pending.envelope_id, 'pending'],
    ]);
    const resolved = all.items[1];
    assert.equal(resolved.resolution_envelope_id, review.envelope_id, 'the first review row resolves it');
    assert.deepEqual(all.items[2], {
      envelope_id: overdue.envelope_id, seq: overdue.seq, kind: 'pre_check', agent_id: 'agent-a', action: 'pay',
      outcome: 'escalate', risk_tier: 'critical', reviewer_id: 'rev-2', review_deadline: PAST, status: 'overdue',
      created_at: overdue.created_at, resolution_envelope_id: null,
    });
    assert.equal(all.items[3].review_deadline, '2030-06-02T10:00:00.000Z', 'deadlines are stored in UTC');

    const statuses = async (status: 'pending' | 'overdue' | 'resolved') =>
      (await ledger.reviewQueue({ status, limit: 10, offset: 0, now: NOW })).items.map((i) => i.seq);
    assert.deepEqual(await statuses('pending'), [evidence.seq, overdue.seq, pending.seq], 'pending includes overdue');
    assert.deepEqual(await statuses('overdue'), [overdue.seq]);
    assert.deepEqual(await statuses('resolved'), [resolvedItem.seq]);

    const later = await ledger.reviewQueue({ status: 'overdue', limit: 10, offset: 0, now: Date.parse('2030-06-03T00:00:00Z') });
    assert.deepEqual(later.items.map((i) => i.seq), [overdue.seq, pending.seq], 'the clock decides overdue');
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
}
