import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { appendedRow } from '../../../src/ledger/append-request.ts';
import { withLazyPayload } from '../../../src/ledger/index.ts';
import type { LedgerRow } from '../../../src/ledger/index.ts';

const META = {
  envelope_id: 'e-1', parent_envelope_id: null, kind: 'pre_check', agent_id: 'a', action: 't', outcome: 'approve', risk_tier: 'low',
  risk_score: 1, final_confidence: 99, policy_version: 'p', score_version: 's', reviewer_id: null, review_deadline: null,
} as const;
const COMMITTED = { ok: true as const, seq: 3, prev_hash: '0'.repeat(64), hash: '1'.repeat(64), pii_paths: [], payload_digest: '2'.repeat(64) };
/** V8's gc(), exposed for this process. */
function collector(): (options?: { type: 'minor' | 'major' }) => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
}
const appended = (payloadJson: string): LedgerRow => appendedRow({ meta: META, payloadJson, createdAt: '2026-11-28T00:00:00.000Z' }, undefined, COMMITTED);

test('a row just appended reads as a plain row: the payload in its place, parsed once on first read', () => {
  const row = appended('{"a":{"b":[1,2]}}');
  const plain = { ...META, seq: 3, created_at: '2026-11-28T00:00:00.000Z', payload: { a: { b: [1, 2] } }, payload_state: 'present', pii_paths: [], payload_digest: '2'.repeat(64), prev_hash: '0'.repeat(64), hash: '1'.repeat(64) };
  assert.deepEqual(row, plain);
  assert.deepEqual(Object.keys(row), ['seq', 'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier', 'risk_score', 'final_confidence',
    'policy_version', 'score_version', 'reviewer_id', 'review_deadline', 'created_at', 'payload', 'payload_state', 'pii_paths', 'payload_digest', 'prev_hash', 'hash']);
  assert.equal(row.payload, row.payload, 'parsed once: the same object on every read');
  assert.deepEqual(JSON.parse(JSON.stringify(row)), plain);
  assert.deepEqual({ ...row }, plain);
  assert.equal(Object.getPrototypeOf(row), Object.prototype);
});

test('the payload is read only when asked for, and an assignment replaces it', () => {
  let loads = 0;
  const row = withLazyPayload({ ...appended('{}'), payload: null }, () => { loads += 1; return { n: loads }; });
  assert.equal(loads, 0);
  assert.deepEqual(row.payload, { n: 1 });
  assert.deepEqual(row.payload, { n: 1 });
  assert.equal(loads, 1);
  row.payload = null;
  assert.equal(row.payload, null);
  assert.equal(loads, 1);
  // Text that does not parse fails its reader, not the append.
  assert.throws(() => appended('{not json').payload, SyntaxError);
});

test('a row dropped after its append leaves nothing for the old generation: its young objects die in a scavenge', () => {
  // An accessor written in the row's literal put an old-generation object (its getter and setter
  // pair) in front of every row's young ones, so each scavenge promoted them: 85 % of these
  // payload bytes, garbage only a full mark-compact reclaims (docs/performance.md, "tenth session").
  const gc = collector();
  const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
  gc();
  const before = oldSpaceUsed();
  const rows = 1000;
  const text = (i: number) => `{"a":"${'x'.repeat(1000)}${i}"}`;
  (() => {
    for (let i = 0; i < rows; i += 1) appendedRow({ meta: { ...META }, payloadJson: text(i), createdAt: '2026-11-28T00:00:00.000Z' }, undefined, COMMITTED);
  })();
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  const promoted = oldSpaceUsed() - before;
  assert.ok(promoted < 0.25 * rows * text(0).length, `two scavenges promoted ${Math.round(promoted / 1024)} KB of ${Math.round((rows * text(0).length) / 1024)} KB of payload text`);
});

test('a row kept after its append keeps the payload text for its lazy read, not the append request', async () => {
  const gc = collector();
  let request: Parameters<typeof appendedRow>[0] | undefined = { meta: { ...META }, payloadJson: '{"kept":true}', createdAt: '2026-11-28T00:00:00.000Z' };
  const gone = new WeakRef(request);
  const row = appendedRow(request, undefined, COMMITTED);
  request = undefined;
  // WeakRefs are cleared at the end of a job: collect in a later one.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.equal(gone.deref(), undefined, 'the request (its metadata and sealing) was still reachable from the row');
  assert.deepEqual(row.payload, { kept: true });
});
