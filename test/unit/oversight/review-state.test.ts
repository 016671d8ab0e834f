// The review state is a pure function of the item and its linked rows: table cases for each
// state and the gate it gives, and properties over arbitrary row sequences (the first verdict
// wins, nothing after it changes the status, a resolved item is never claimed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { deriveReviewState, gateOf, derivedEnvelopeId, callHash } from '../../../src/oversight/index.ts';
import type { LedgerRow } from '../../../src/ledger/index.ts';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
let seq = 0;

function row(overrides: Partial<LedgerRow>): LedgerRow {
  seq += 1;
  return {
    seq, envelope_id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, parent_envelope_id: null, kind: 'pre_check',
    agent_id: 'ops-agent-1', action: 'restart_service', outcome: 'escalate', risk_tier: 'high', risk_score: 80, final_confidence: 50,
    policy_version: 'p', score_version: 's', reviewer_id: null, review_deadline: '2030-01-01T13:00:00.000Z',
    created_at: new Date(NOW - 1000 + seq).toISOString(), payload: { principal: 'jwt:ops-bot' }, payload_state: 'present', pii_paths: [],
    payload_digest: '', prev_hash: '', hash: '', ...overrides,
  };
}

const item = row({});
const claim = (holder: string | null, action = holder ? 'claim' : 'release') => row({ kind: 'review_claim', parent_envelope_id: item.envelope_id, outcome: null, reviewer_id: holder, payload: { action, by: holder ?? 'user:x' } });
const verdict = (outcome: 'approve' | 'block', by: string | null, note = 'why') => row({ kind: 'review', parent_envelope_id: item.envelope_id, outcome, reviewer_id: by, payload: { note } });
const vote = (by: string) => row({ kind: 'review_note', parent_envelope_id: item.envelope_id, outcome: 'approve', reviewer_id: by, payload: { action: 'vote', by, note: 'ok' } });
const comment = (by: string) => row({ kind: 'review_note', parent_envelope_id: item.envelope_id, outcome: null, reviewer_id: by, payload: { action: 'comment', by, note: 'hm' } });

const CASES: Array<{ name: string; rows: LedgerRow[]; now?: number; status: string; gate: string; claimed?: string | null }> = [
  { name: 'no rows', rows: [], status: 'pending', gate: 'pending' },
  { name: 'claimed', rows: [claim('user:rita')], status: 'claimed', gate: 'pending', claimed: 'user:rita' },
  { name: 'claimed then released', rows: [claim('user:rita'), claim(null)], status: 'pending', gate: 'pending', claimed: null },
  { name: 'a vote is not a verdict', rows: [vote('user:rita'), comment('user:sam')], status: 'pending', gate: 'pending' },
  { name: 'approved', rows: [claim('user:rita'), verdict('approve', 'user:rita')], status: 'approved', gate: 'approve', claimed: null },
  { name: 'rejected', rows: [verdict('block', 'user:rita')], status: 'rejected', gate: 'block' },
  { name: 'expired (no reviewer)', rows: [verdict('block', null)], status: 'expired', gate: 'block' },
  { name: 'first verdict wins', rows: [verdict('block', 'user:a'), verdict('approve', 'user:b')], status: 'rejected', gate: 'block' },
  { name: 'overdue, unrecorded: the tier default applies', rows: [claim('user:rita')], now: Date.parse('2030-01-01T14:00:00Z'), status: 'claimed', gate: 'block' },
];

for (const c of CASES) {
  test(`review state: ${c.name}`, () => {
    const state = deriveReviewState(item, c.rows, c.now ?? NOW);
    assert.equal(state.status, c.status);
    assert.equal(gateOf(state, 'block').outcome, c.gate);
    if (c.claimed !== undefined) assert.equal(state.claimed_by, c.claimed);
    assert.equal(state.requested_by, 'jwt:ops-bot');
    assert.equal(state.revision, c.rows.length);
  });
}

test('review state: an overdue item takes on_expiry approve when the tier says so', () => {
  assert.equal(gateOf(deriveReviewState(item, [], Date.parse('2030-01-02T00:00:00Z')), 'approve').outcome, 'approve');
});

test('property: the first verdict decides; a resolved item is never claimed; transitions count review and claim rows', () => {
  const anyRow = fc.oneof(
    fc.constantFrom('user:a', 'user:b', null).map((h) => claim(h)),
    fc.constantFrom('user:a', 'user:b').map((by) => vote(by)),
    fc.constantFrom('user:a', 'user:b').map((by) => comment(by)),
    fc.tuple(fc.constantFrom('approve' as const, 'block' as const), fc.constantFrom('user:a', null)).map(([o, by]) => verdict(o, by)),
  );
  fc.assert(fc.property(fc.array(anyRow, { maxLength: 12 }), (rows) => {
    const state = deriveReviewState(item, rows, NOW);
    const first = rows.find((r) => r.kind === 'review');
    if (first) {
      assert.equal(state.verdict?.envelope_id, first.envelope_id);
      assert.equal(state.claimed_by, null);
      assert.ok(['approved', 'rejected', 'expired'].includes(state.status));
      assert.equal(state.overdue, false);
    } else {
      assert.ok(['pending', 'claimed'].includes(state.status));
    }
    assert.equal(state.transitions, rows.filter((r) => r.kind === 'review' || r.kind === 'review_claim').length);
  }));
});

test('derived ids are UUIDs, stable per input, distinct across inputs; callHash ignores key order', () => {
  const id = derivedEnvelopeId('review', 'x', 1);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(derivedEnvelopeId('review', 'x', 1), id);
  assert.notEqual(derivedEnvelopeId('review', 'x', 2), id);
  assert.equal(callHash('pay', { a: 1, b: 2 }), callHash('pay', { b: 2, a: 1 }));
  assert.notEqual(callHash('pay', { a: 1 }), callHash('pay', { a: 2 }));
});
