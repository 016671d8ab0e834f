// The pure figures layer: rows in, figures out. Durations are nearest-rank (each figure is a
// duration that occurred), days without decisions are listed, oversight rows count with their item.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FiguresAccumulator, csvField, durationFigures } from '../../../src/reports/index.ts';
import type { LedgerRow } from '../../../src/ledger/index.ts';

let seq = 0;
function row(fields: Partial<LedgerRow>): LedgerRow {
  seq += 1;
  return {
    seq, envelope_id: `e${seq}`, parent_envelope_id: null, kind: 'pre_check', agent_id: 'a-1', action: 'tool', outcome: 'approve', risk_tier: 'low',
    risk_score: 1, final_confidence: 90, policy_version: 'pol-1', score_version: 's1', reviewer_id: null, review_deadline: null,
    created_at: '2026-03-01T10:00:00.000Z', payload: {}, payload_state: 'present', pii_paths: [], payload_digest: 'd', prev_hash: 'p', hash: 'h', ...fields,
  };
}

test('durations: count, mean, nearest-rank median and p95, max; none at all is nulls', () => {
  assert.deepEqual(durationFigures([]), { count: 0, mean_seconds: null, median_seconds: null, p95_seconds: null, max_seconds: null });
  assert.deepEqual(durationFigures([10, 1, 3, 2]), { count: 4, mean_seconds: 4, median_seconds: 2, p95_seconds: 10, max_seconds: 10 });
});

test('volumes, days, oversight with verdicts, overrides and expiries, policy changes, kill switch', () => {
  const figures = new FiguresAccumulator({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-04T00:00:00.000Z' });
  const held = row({ outcome: 'escalate', risk_tier: 'high' });
  const expiring = row({ outcome: 'request_evidence', risk_tier: 'high' });
  figures.add(row({}));
  figures.add(row({ outcome: 'block', created_at: '2026-03-03T09:00:00.000Z', policy_version: 'pol-2' }));
  figures.add(held);
  figures.add(expiring);
  figures.addOversight(row({ kind: 'review', parent_envelope_id: held.envelope_id, reviewer_id: 'user:r', outcome: 'approve', created_at: '2026-03-01T10:01:30.000Z' }), figures.itemSeen(held.envelope_id)!);
  figures.addOversight(row({ kind: 'review', parent_envelope_id: expiring.envelope_id, reviewer_id: null, outcome: 'block' }), figures.itemSeen(expiring.envelope_id)!);
  figures.add(row({ kind: 'kill_switch', action: 'activate', outcome: null, agent_id: null, payload: { actor: 'user:sre', reason: 'incident' } }));
  const f = figures.figures();
  assert.equal(f.volumes.decisions, 4);
  assert.deepEqual(f.volumes.by_outcome, { approve: 1, block: 1, escalate: 1, request_evidence: 1 });
  assert.deepEqual(f.volumes.daily.map((d) => [d.day, d.decisions]), [['2026-03-01', 3], ['2026-03-02', 0], ['2026-03-03', 1]]);
  assert.deepEqual([f.oversight.items_escalated, f.oversight.items_reviewed, f.oversight.approved, f.oversight.overrides, f.oversight.expired], [2, 1, 1, 1, 1]);
  assert.equal(f.oversight.time_to_decision.median_seconds, 90);
  assert.deepEqual(f.policy.changes.map((c) => [c.from, c.to]), [['pol-1', 'pol-2'], ['pol-2', 'pol-1']]);
  assert.deepEqual(f.kill_switch.events.map((e) => [e.active, e.by, e.reason]), [[true, 'user:sre', 'incident']]);
  assert.equal(f.volumes.rows, 7);
});

test('CSV cells: quoted when needed, never run as a formula', () => {
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvField(-3), '-3');
  assert.equal(csvField(null), '');
});
