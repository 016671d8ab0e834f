import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toSummary } from '../../../src/ledger/index.ts';
import { appendedRow } from '../../../src/ledger/append-request.ts';

const META = {
  envelope_id: 'e-1', parent_envelope_id: null, kind: 'pre_check', agent_id: 'a', action: 't', outcome: 'approve', risk_tier: 'low',
  risk_score: 1, final_confidence: 99, policy_version: 'p', score_version: 's', reviewer_id: null, review_deadline: null,
} as const;
const COMMITTED = { ok: true as const, seq: 3, prev_hash: '0'.repeat(64), hash: '1'.repeat(64), pii_paths: [], payload_digest: '2'.repeat(64) };

test('a summary of a row just appended leaves its payload unread (its text is parsed only on demand)', () => {
  // Text that does not parse: reading the lazy payload would throw.
  const row = appendedRow({ meta: META, payloadJson: '{not json', createdAt: '2026-11-28T00:00:00.000Z' }, undefined, COMMITTED);
  const summary = toSummary(row);
  assert.equal('payload' in summary, false);
  assert.deepEqual(Object.keys(summary), Object.keys(row).filter((key) => key !== 'payload'));
  assert.equal(summary.seq, 3);
});

test('a summary of a stored row leaves out the payload and the commitment material', () => {
  const row = appendedRow({ meta: META, payloadJson: '{"a":1}', createdAt: '2026-11-28T00:00:00.000Z' }, undefined, COMMITTED);
  const stored = Object.assign(row, { pii_commitments: { '/a': 'c'.repeat(64) }, pii_salts: { '/a': 's' } });
  const summary = toSummary(stored);
  for (const key of ['payload', 'pii_commitments', 'pii_salts']) assert.equal(key in summary, false, key);
  assert.equal(summary.envelope_id, 'e-1');
});
