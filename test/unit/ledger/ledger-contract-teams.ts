// Contract cases for team scoping and usage: the `agents` filter of list and reviewQueue (team
// agent patterns, `*` only, `_` literal, case-sensitive) and the usage counts of /v1/team/usage.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendInOrder, makeEntry, withLedger, type OpenLedger } from './ledger-fixtures.ts';

const NOW = Date.parse('2030-06-01T12:00:00.000Z');

export function teamCases(open: OpenLedger): void {
  test('list and reviewQueue limited to team agent patterns keep paging and totals exact', () => withLedger(open, async (ledger) => {
    await appendInOrder(ledger, [
      makeEntry({ agent_id: 'pay_1', outcome: 'escalate', review_deadline: null }),
      makeEntry({ agent_id: 'payX1' }),
      makeEntry({ agent_id: 'PAY_2' }),
      makeEntry({ agent_id: 'pay_2.eu', outcome: 'escalate', review_deadline: null }),
      makeEntry({ agent_id: 'billing-1', outcome: 'escalate', review_deadline: null }),
      makeEntry({ agent_id: null, kind: 'kill_switch', outcome: null }),
    ]);
    const team = await ledger.list({ agents: ['pay_*'], limit: 1, offset: 0 });
    assert.equal(team.total, 2, '`_` is literal and matching is case-sensitive');
    assert.deepEqual(team.rows.map((r) => r.agent_id), ['pay_2.eu']);
    const two = await ledger.list({ agents: ['pay_*', 'billing-1'], limit: 10, offset: 0 });
    assert.deepEqual(two.rows.map((r) => r.agent_id), ['billing-1', 'pay_2.eu', 'pay_1']);
    assert.deepEqual(await ledger.list({ agents: [], limit: 10, offset: 0 }), { rows: [], total: 0 });
    const queue = await ledger.reviewQueue({ agents: ['pay_*'], limit: 10, offset: 0, now: NOW });
    assert.deepEqual([queue.items.map((i) => i.agent_id), queue.total], [['pay_2.eu', 'pay_1'], 2]);
    assert.equal((await ledger.reviewQueue({ limit: 10, offset: 0, now: NOW })).total, 3);
    await assert.rejects(ledger.list({ agents: ["x' OR 1=1 --"], limit: 1, offset: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('usage counts rows per agent, kind and outcome, and oversight rows per actor, in the period', () => withLedger(open, async (ledger) => {
    const [item] = await appendInOrder(ledger, [
      makeEntry({ agent_id: 'pay-1', kind: 'pre_check', outcome: 'escalate', review_deadline: null }),
      makeEntry({ agent_id: 'pay-1', kind: 'validate', outcome: 'approve' }),
      makeEntry({ agent_id: 'bill-1', kind: 'validate', outcome: 'block' }),
    ]);
    await ledger.append(makeEntry({ agent_id: 'pay-1', kind: 'review', parent_envelope_id: item.envelope_id, outcome: 'approve', reviewer_id: 'api_key:key_a' }));
    const from = '2000-01-01T00:00:00.000Z';
    const to = '2100-01-01T00:00:00.000Z';
    const all = await ledger.usage({ from, to });
    const pay = all.agents.filter((r) => r.agent_id === 'pay-1').map((r) => [r.kind, r.outcome, r.count]);
    assert.deepEqual(pay.sort(), [['pre_check', 'escalate', 1], ['review', 'approve', 1], ['validate', 'approve', 1]]);
    assert.deepEqual(all.actors, [{ actor: 'api_key:key_a', kind: 'review', count: 1 }]);
    const team = await ledger.usage({ from, to, agents: ['bill-*'] });
    assert.deepEqual(team.agents, [{ agent_id: 'bill-1', kind: 'validate', outcome: 'block', count: 1 }]);
    assert.deepEqual(team.actors, []);
    const none = await ledger.usage({ from: '2100-01-01T00:00:00.000Z', to: '2100-01-02T00:00:00.000Z' });
    assert.deepEqual(none, { agents: [], actors: [] });
    await assert.rejects(ledger.usage({ from: 'yesterday', to }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));
}
