// The session history a decision row keeps: stored as the calls since the session's last
// recorded row, and rebuilt exactly through the chain of those rows, whatever the session's
// window dropped, whichever earlier row is the base, in whatever order rows became durable.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addsCalls, historyToStore, sharedRun, recordedHistory, type HistoryBase } from '../../../src/runtime/recorded-history.ts';
import { SessionHistory } from '../../../src/runtime/session-history.ts';
import type { LedgerRow } from '../../../src/ledger/index.ts';
import type { SessionCall } from '../../../src/policy/index.ts';

const call = (name: string): SessionCall => ({ name, params: { n: name }, agent_id: 'agent-1', stage: 'pre_check' });

function row(envelopeId: string, payload: Record<string, unknown> | null): LedgerRow {
  return {
    envelope_id: envelopeId, parent_envelope_id: null, kind: 'pre_check', agent_id: 'agent-1', action: 'x', outcome: 'approve',
    risk_tier: 'low', risk_score: 1, final_confidence: 99, policy_version: 'p', score_version: 's', reviewer_id: null,
    review_deadline: null, seq: 1, created_at: '2026-11-26T00:00:00.000Z', payload, payload_state: payload ? 'present' : 'expired',
    pii_paths: [], payload_digest: '', prev_hash: '', hash: '',
  };
}

/** Rows as the ledger returns them: the stored history through JSON, as a store writes and reads it. */
function ledgerOf(rows: LedgerRow[]) {
  const byId = new Map(rows.map((r) => [r.envelope_id, JSON.parse(JSON.stringify(r)) as LedgerRow]));
  return { get: async (id: string) => byId.get(id), byId };
}

describe('sharedRun: the calls a history starts with that are consecutive calls of the one before', () => {
  const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(call);
  const cases: Array<[string, SessionCall[], SessionCall[], { skip: number; keep: number } | undefined]> = [
    ['nothing before', [], [a], undefined],
    ['nothing now', [a], [], undefined],
    ['the same history', [a, b], [a, b], { skip: 0, keep: 2 }],
    ['one call added', [a, b], [a, b, c], { skip: 0, keep: 2 }],
    ['the window dropped the oldest and added one', [a, b, c], [b, c, d], { skip: 1, keep: 2 }],
    ['the window dropped all of it', [a, b], [c, d], undefined],
    ['an older post-check: the start of the history before', [a, b, c], [a, b], { skip: 0, keep: 2 }],
    ['an older post-check after the window slid', [a, b, c, d], [b, c, e], { skip: 1, keep: 2 }],
    ['equal objects that are not the same calls', [a, b], [call('a'), call('b'), c], undefined],
    ['the same calls in another order', [a, b, c], [b, a, c], { skip: 1, keep: 1 }],
  ];
  for (const [name, previous, next, expected] of cases) {
    test(name, () => assert.deepEqual(sharedRun(previous, next), expected));
  }

  test('historyToStore: a delta against the base when it starts with some of its calls, the whole history otherwise', () => {
    const base: HistoryBase = { envelopeId: 'row-1', history: [a, b] };
    assert.deepEqual(historyToStore([a, b, c], base), { from: 'row-1', skip: 0, keep: 2, calls: [c] });
    assert.deepEqual(historyToStore([b, c], base), { from: 'row-1', skip: 1, keep: 1, calls: [c] });
    assert.deepEqual(historyToStore([c, d], base), [c, d]);
    assert.deepEqual(historyToStore([a, b], undefined), [a, b]);
    assert.equal(addsCalls({ from: 'row-1', skip: 0, keep: 2, calls: [] }), false);
    assert.equal(addsCalls([a]), true);
  });
});

describe('recordedHistory: rebuilding what the rules saw', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(call);
  const json = (calls: SessionCall[]) => JSON.parse(JSON.stringify(calls)) as SessionCall[];

  test('through a chain of deltas, taking only the last calls each row keeps', async () => {
    const { get, byId } = ledgerOf([
      row('r1', { session_history: [a, b] }),
      row('r2', { session_history: { from: 'r1', skip: 1, keep: 1, calls: [c] } }), // [b, c]
      row('r3', { session_history: { from: 'r2', skip: 0, keep: 2, calls: [d] } }), // [b, c, d]
      row('r4', { session_history: { from: 'r3', skip: 0, keep: 3, calls: [] } }), // a re-run of r3
      row('r5', { session_history: { from: 'r3', skip: 0, keep: 1, calls: [a] } }), // [b, a]: the start of r3's
      row('r6', { session_history: { from: 'r5', skip: 1, keep: 1, calls: [] } }), // [a]: through r5 to r1
    ]);
    assert.deepEqual(await recordedHistory(byId.get('r4')!, get), json([b, c, d]));
    assert.deepEqual(await recordedHistory(byId.get('r2')!, get), json([b, c]));
    assert.deepEqual(await recordedHistory(byId.get('r5')!, get), json([b, a]));
    assert.deepEqual(await recordedHistory(byId.get('r6')!, get), json([a]));
    assert.deepEqual(await recordedHistory(byId.get('r1')!, get), json([a, b]), 'a whole history (and the rows of earlier releases) as stored');
  });

  test('a row without a history, or with one in no known shape, saw none', async () => {
    const { get } = ledgerOf([]);
    assert.deepEqual(await recordedHistory(row('r', { request: {} }), get), []);
    assert.deepEqual(await recordedHistory(row('r', { session_history: { from: 'x', keep: 1, calls: [] } }), get), []);
    assert.deepEqual(await recordedHistory(row('r', { session_history: { from: 'x', skip: -1, keep: 1, calls: [] } }), get), []);
    assert.deepEqual(await recordedHistory(row('r', { session_history: 'tampered' }), get), []);
  });

  const refused: Array<[string, LedgerRow[], RegExp]> = [
    ['the row it refers to is gone (retention)', [], /envelope r0, which is not in the ledger/],
    ['its payload expired', [row('r0', null)], /envelope r0, which has no payload any more/],
    ['it holds no history', [row('r0', { request: {} })], /envelope r0, which holds no session history/],
    ['it holds fewer calls than kept', [row('r0', { session_history: [a] })], /envelope r0, which holds fewer calls/],
    ['its delta holds fewer calls than kept', [row('r0', { session_history: { from: 'r9', skip: 0, keep: 0, calls: [a] } })], /envelope r0, which holds fewer calls/],
    ['the chain loops', [row('r0', { session_history: { from: 'r1', skip: 0, keep: 2, calls: [] } })], /already read/],
  ];
  for (const [name, earlier, message] of refused) {
    test(`410 PAYLOAD_UNAVAILABLE when ${name}`, async () => {
      const last = row('r1', { session_history: { from: 'r0', skip: 0, keep: 2, calls: [c] } });
      const { get } = ledgerOf([...earlier, last]);
      await assert.rejects(recordedHistory(last, get), (error: { code?: string; message: string }) => {
        assert.equal(error.code, 'PAYLOAD_UNAVAILABLE');
        assert.match(error.message, message);
        return true;
      });
    });
  }

  test('property: every row rebuilds the history it was stored with (sliding window, post-checks of older calls, any durable order, stale bases)', async () => {
    // A row sees the whole history (a pre-check) or the calls before one of the calls (its post-check).
    type Op = { kind: 'call' } | { kind: 'row'; durableAfter: number; before: number | null };
    const ops = fc.array(fc.oneof(
      fc.constant<Op>({ kind: 'call' }),
      fc.record({ kind: fc.constant('row' as const), durableAfter: fc.nat(3), before: fc.option(fc.nat(40)) }),
    ), { maxLength: 60 });
    await fc.assert(fc.asyncProperty(ops, fc.integer({ min: 1, max: 6 }), async (steps, maxCalls) => {
      const sessions = new SessionHistory({ maxCallsPerSession: maxCalls });
      const stored: LedgerRow[] = [];
      const expected = new Map<string, SessionCall[]>();
      // Rows become durable (and a possible base) some steps after they are made, as appends do.
      const pending: Array<{ due: number; id: string; history: SessionCall[] }> = [];
      let calls = 0;
      steps.forEach((op, step) => {
        for (const done of pending.filter((p) => p.due <= step)) {
          const history = stored.find((r) => r.envelope_id === done.id)!.payload!.session_history as unknown;
          if (addsCalls(history as never)) sessions.noteRecorded('s', done.id, done.history);
          pending.splice(pending.indexOf(done), 1);
        }
        if (op.kind === 'call') {
          sessions.record('s', [call(`c${calls}`)], `e${calls}`);
          calls++;
          return;
        }
        const history = op.before === null || calls === 0 ? sessions.calls('s') : sessions.calls('s', `e${op.before % calls}`);
        if (history.length === 0) return;
        const id = `row-${step}`;
        stored.push(row(id, { session_history: historyToStore(history, sessions.recordedBase('s')) }));
        expected.set(id, history);
        pending.push({ due: step + op.durableAfter, id, history });
      });
      const { get, byId } = ledgerOf(stored);
      for (const [id, history] of expected) {
        assert.deepEqual(await recordedHistory(byId.get(id)!, get), json(history), id);
      }
    }), { numRuns: 300 });
  });
});
