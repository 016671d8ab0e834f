// Contract cases for appending and reading back: get, list (paging, totals, filters),
// findChild, latest, recentOutcomes and the append-time refusals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GENESIS_HASH } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';

export function readCases(open: OpenLedger): void {
  test('append assigns seq from 1, links prev_hash and reads back the same row', () => withLedger(open, async (ledger) => {
    const [first, second] = await appendInOrder(ledger, [makeEntry(), makeEntry({ risk_score: 0.1, final_confidence: null })]);
    assert.equal(first.seq, 1);
    assert.equal(first.prev_hash, GENESIS_HASH);
    assert.equal(second.seq, 2);
    assert.equal(second.prev_hash, first.hash);
    assert.match(first.hash, /^[0-9a-f]{64}$/);
    assert.match(first.payload_digest, /^[0-9a-f]{64}$/);
    assert.equal(first.payload_state, 'present');
    assert.deepEqual(await ledger.get(first.envelope_id), first);
    const back = await ledger.get(second.envelope_id);
    assert.deepEqual(back, second);
    assert.equal(typeof back?.risk_score, 'number');
    assert.equal(back?.final_confidence, null);
    assert.deepEqual(back?.payload, makeEntry().payload);
    assert.equal(await ledger.get('no-such-envelope'), undefined);
  }));

  test('list returns summaries newest first with the total, paged and filtered', () => withLedger(open, async (ledger) => {
    const rows = await appendInOrder(ledger, [
      makeEntry({ agent_id: 'a', kind: 'validate' }),
      makeEntry({ agent_id: 'b', kind: 'pre_check', action: 'send_email' }),
      makeEntry({ agent_id: 'a', kind: 'pre_check', action: 'lookup' }),
      makeEntry({ agent_id: 'a', kind: 'validate' }),
      makeEntry({ agent_id: 'b', kind: 'validate' }),
    ]);
    const all = await ledger.list({ limit: 10, offset: 0 });
    assert.equal(all.total, 5);
    assert.deepEqual(all.rows.map((r) => r.seq), [5, 4, 3, 2, 1]);
    assert.ok(all.rows.every((r) => !('payload' in r)));
    const { payload: _payload, ...summary } = rows[4];
    assert.deepEqual(all.rows[0], summary);

    const page = await ledger.list({ limit: 2, offset: 1 });
    assert.deepEqual(page.rows.map((r) => r.seq), [4, 3]);
    assert.equal(page.total, 5);

    const agentA = await ledger.list({ agent_id: 'a', limit: 10, offset: 0 });
    assert.deepEqual(agentA.rows.map((r) => r.seq), [4, 3, 1]);
    assert.equal(agentA.total, 3);
    const preChecks = await ledger.list({ kind: 'pre_check', limit: 10, offset: 0 });
    assert.deepEqual(preChecks.rows.map((r) => r.seq), [3, 2]);
    const both = await ledger.list({ agent_id: 'b', kind: 'validate', limit: 10, offset: 0 });
    assert.deepEqual([both.rows.map((r) => r.seq), both.total], [[5], 1]);
    const beyond = await ledger.list({ limit: 10, offset: 10 });
    assert.deepEqual([beyond.rows, beyond.total], [[], 5]);
    await assert.rejects(ledger.list({ limit: -1, offset: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('list and executions filter by action, outcome and created_at (from inclusive, to exclusive); bad values are refused', () => {
    let clock = Date.parse('2026-03-01T10:00:00.000Z');
    return withLedger(open, async (ledger) => {
      const at = (minutes: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minutes * 60_000).toISOString();
      const entries = [
        makeEntry({ kind: 'pre_check', action: 'pay', outcome: 'approve' }),
        makeEntry({ kind: 'pre_check', action: 'pay', outcome: 'escalate' }),
        makeEntry({ kind: 'pre_check', action: 'lookup', outcome: 'approve' }),
        makeEntry({ kind: 'validate', action: null, outcome: 'block' }),
      ];
      for (const [minute, entry] of entries.entries()) {
        clock = Date.parse(at(minute));
        await ledger.append(entry);
      }
      const seqs = async (query: Partial<Parameters<typeof ledger.list>[0]>) => (await ledger.list({ limit: 10, offset: 0, ...query })).rows.map((r) => r.seq);
      assert.deepEqual(await seqs({ action: 'pay' }), [2, 1]);
      assert.deepEqual(await seqs({ outcome: 'approve' }), [3, 1]);
      assert.deepEqual(await seqs({ action: 'pay', outcome: 'escalate' }), [2]);
      assert.deepEqual(await seqs({ created_after: at(1) }), [4, 3, 2]);
      assert.deepEqual(await seqs({ created_before: at(1) }), [1]);
      assert.deepEqual(await seqs({ created_after: at(1), created_before: at(3), kind: 'pre_check' }), [3, 2]);
      assert.equal((await ledger.list({ limit: 10, offset: 0, action: 'pay', created_after: at(1) })).total, 1);

      const calls = async (query: Partial<Parameters<typeof ledger.executions>[0]>) => (await ledger.executions({ limit: 10, offset: 0, ...query })).items.map((i) => [i.seq, i.execution_status]);
      assert.deepEqual(await calls({ action: 'pay' }), [[2, 'awaiting_review'], [1, 'in_flight']]);
      assert.deepEqual(await calls({ outcome: 'approve', status: 'in_flight' }), [[3, 'in_flight'], [1, 'in_flight']]);
      assert.deepEqual(await calls({ action: 'lookup', created_before: at(2) }), []);

      for (const bad of [{ outcome: 'maybe' }, { action: '' }, { created_after: 'yesterday' }, { created_before: '2026-03-01T10:00:00Z' }]) {
        await assert.rejects(ledger.list({ limit: 10, offset: 0, ...bad } as never), { code: 'LEDGER_INVALID_ARGUMENT' }, JSON.stringify(bad));
      }
      for (const bad of [{ outcome: 'maybe' }, { action: '' }]) {
        await assert.rejects(ledger.executions({ limit: 10, offset: 0, ...bad } as never), { code: 'LEDGER_INVALID_ARGUMENT' }, JSON.stringify(bad));
      }
    }, { now: () => new Date(clock) });
  });

  test('findChild returns the first child of the kind; latest returns the newest of a kind', () => withLedger(open, async (ledger) => {
    const pre = await ledger.append(makeEntry({ kind: 'pre_check', action: 'pay' }));
    const judge1 = await ledger.append(makeEntry({ kind: 'judge', parent_envelope_id: pre.envelope_id }));
    await ledger.append(makeEntry({ kind: 'judge', parent_envelope_id: pre.envelope_id }));
    assert.equal(await ledger.findChild(pre.envelope_id, 'post_check'), undefined);
    const post = await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id }));
    assert.equal((await ledger.findChild(pre.envelope_id, 'post_check'))?.envelope_id, post.envelope_id);
    assert.equal((await ledger.findChild(pre.envelope_id, 'judge'))?.envelope_id, judge1.envelope_id);

    assert.equal(await ledger.latest('kill_switch'), undefined);
    await ledger.append(makeEntry({ kind: 'kill_switch', payload: { active: true } }));
    const off = await ledger.append(makeEntry({ kind: 'kill_switch', payload: { active: false } }));
    const latest = await ledger.latest('kill_switch');
    assert.equal(latest?.envelope_id, off.envelope_id);
    assert.deepEqual(latest?.payload, { active: false });
  }));

  test('recentOutcomes lists the agent\'s decided rows newest first', () => withLedger(open, async (ledger) => {
    await appendInOrder(ledger, [
      makeEntry({ agent_id: 'x', kind: 'validate', outcome: 'approve', final_confidence: 90 }),
      makeEntry({ agent_id: 'x', kind: 'pre_check', outcome: 'block', final_confidence: 10 }),
      makeEntry({ agent_id: 'y', kind: 'validate', outcome: 'block' }),
      makeEntry({ agent_id: 'x', kind: 'review', outcome: 'approve' }),
      makeEntry({ agent_id: 'x', kind: 'judge', outcome: 'escalate' }),
      makeEntry({ agent_id: 'x', kind: 'post_check', outcome: null }),
      makeEntry({ agent_id: 'x', kind: 'decision', outcome: 'escalate', final_confidence: null }),
    ]);
    const recent = await ledger.recentOutcomes('x', 10);
    assert.deepEqual(recent.map((r) => [r.outcome, r.final_confidence]), [['escalate', null], ['block', 10], ['approve', 90]]);
    assert.ok(recent.every((r) => typeof r.created_at === 'string'));
    assert.deepEqual((await ledger.recentOutcomes('x', 1)).map((r) => r.outcome), ['escalate']);
    assert.deepEqual(await ledger.recentOutcomes('nobody', 5), []);
  }));

  test('recentOutcomes leaves out the kill switch\'s blocks: the operator decided them, not the agent', () => withLedger(open, async (ledger) => {
    await appendInOrder(ledger, [
      makeEntry({ agent_id: 'x', kind: 'pre_check', outcome: 'approve', final_confidence: 90, payload: { decided_by: 'weighted' } }),
      makeEntry({ agent_id: 'x', kind: 'pre_check', outcome: 'block', final_confidence: 90, payload: { decided_by: 'kill_switch' } }),
      makeEntry({ agent_id: 'x', kind: 'validate', outcome: 'block', final_confidence: 20, payload: { decided_by: 'safety', note: { decided_by: 'kill_switch' } } }),
      makeEntry({ agent_id: 'x', kind: 'validate', outcome: 'block', final_confidence: 80, payload: { decided_by: 'kill_switch' } }),
    ]);
    const recent = await ledger.recentOutcomes('x', 10);
    assert.deepEqual(recent.map((r) => [r.outcome, r.final_confidence]), [['block', 20], ['approve', 90]],
      'only a top-level decided_by of kill_switch is left out; a nested key the agent controls is not');
  }));

  test('a duplicate envelope or a second post-check is refused without failing its batch neighbours', () => withLedger(open, async (ledger) => {
    const pre = await ledger.append(makeEntry({ kind: 'pre_check' }));
    const post = makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id });
    const [dupEnvelope, ok1, firstPost, secondPost, ok2] = await Promise.allSettled([
      ledger.append(makeEntry({ envelope_id: pre.envelope_id })),
      ledger.append(makeEntry()),
      ledger.append(post),
      ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id })),
      ledger.append(makeEntry()),
    ]);
    assert.equal(dupEnvelope.status === 'rejected' && dupEnvelope.reason.code, 'LEDGER_DUPLICATE_ENVELOPE');
    assert.equal(secondPost.status === 'rejected' && secondPost.reason.code, 'LEDGER_DUPLICATE_POST_CHECK');
    assert.deepEqual([ok1, firstPost, ok2].map((r) => r.status === 'fulfilled' && r.value.seq), [2, 3, 4]);
    assert.equal((await ledger.verify()).valid, true);
  }));

  test('entries that break the contract are refused with LEDGER_INVALID_ENTRY', () => withLedger(open, async (ledger) => {
    const bad = [
      makeEntry({ envelope_id: '' }),
      makeEntry({ kind: 'nonsense' as never }),
      makeEntry({ outcome: 'maybe' as never }),
      makeEntry({ risk_tier: 'extreme' as never }),
      makeEntry({ risk_score: Number.NaN }),
      makeEntry({ review_deadline: 'next tuesday' }),
      makeEntry({ payload: [] as never }),
      makeEntry({ payload: { big: 1n } }),
      makeEntry({ agent_id: 'agent\u0000b' }),
      makeEntry({ action: 'lone \ud800 surrogate' }),
    ];
    for (const entry of bad) await assert.rejects(ledger.append(entry), { code: 'LEDGER_INVALID_ENTRY' });
    assert.equal((await ledger.list({ limit: 1, offset: 0 })).total, 0);
  }));

  test('ping answers true while open and false once closed', () => withLedger(open, async (ledger) => {
    assert.equal(await ledger.ping(), true);
    await ledger.close();
    assert.equal(await ledger.ping(), false);
    await assert.rejects(ledger.get('x'), { code: 'LEDGER_CLOSED' });
  }));
}
