// The sidecar's remote ledger asks the central gateway for rows without the payloads it sent
// (Prefer: return=minimal), and rebuilds each row's payload as the central gateway stored it:
// the sent payload plus recorded_by. A central gateway from before return=minimal answers full
// rows, which are taken as they come. A real HTTP server on port 0 stands in for the central
// gateway's internal API.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { openRemoteLedger } from '../../../src/central/index.ts';
import { LedgerError, type LedgerEntry } from '../../../src/ledger/index.ts';
import { json, startToolServer, type ReceivedRequest } from '../../helpers/tool-server.ts';

const RECORDED_BY = { principal: 'jwt:sidecar-1', tier: 'enterprise' };

function entry(): LedgerEntry {
  return {
    envelope_id: randomUUID(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'support-agent-1', action: 'search_kb', outcome: 'approve',
    risk_tier: 'low', risk_score: 10, final_confidence: 90, policy_version: 'pol-1', score_version: 'v1', reviewer_id: null, review_deadline: null,
    payload: { request: { tool: 'search_kb', params: { query: 'reset' } }, skipped: undefined, at: new Date(0) } as unknown as LedgerEntry['payload'],
  };
}

/** What the central gateway stores for an entry: its fields, a seq and hashes, the payload with recorded_by. */
function storedRow(sent: LedgerEntry, seq: number) {
  return {
    seq, envelope_id: sent.envelope_id, parent_envelope_id: null, kind: sent.kind, agent_id: sent.agent_id, action: sent.action,
    outcome: sent.outcome, risk_tier: sent.risk_tier, risk_score: sent.risk_score, final_confidence: sent.final_confidence,
    policy_version: sent.policy_version, score_version: sent.score_version, reviewer_id: null, review_deadline: null,
    created_at: '2026-11-28T00:00:00.000Z', payload_state: 'present', pii_paths: [], payload_digest: 'd'.repeat(64),
    prev_hash: '0'.repeat(64), hash: String(seq).padStart(64, 'a'),
    payload: { ...JSON.parse(JSON.stringify(sent.payload)), recorded_by: RECORDED_BY },
  };
}

async function centralAnswering(t: Parameters<typeof startToolServer>[0], answer: (req: ReceivedRequest) => { body: unknown; headers?: Record<string, string> }) {
  const central = await startToolServer(t);
  central.on('/v1/internal/ledger/append', (req, res) => {
    const { body, headers } = answer(req);
    json(200, body, headers)(req, res);
  });
  const ledger = openRemoteLedger({ url: central.origin, token: 'sidecar-token' });
  t!.after(() => ledger.close());
  return { central, ledger };
}

test('with return=minimal applied, a row carries the payload sent plus recorded_by, as stored', async (t) => {
  const { central, ledger } = await centralAnswering(t, (req) => {
    const { entries } = JSON.parse(req.body) as { entries: LedgerEntry[] };
    const rows = entries.map((sent, i) => {
      const { payload: _payload, ...withoutPayload } = storedRow(sent, i + 1);
      return { row: withoutPayload };
    });
    return { body: { results: rows, recorded_by: RECORDED_BY }, headers: { 'preference-applied': 'return=minimal' } };
  });
  const sent = entry();
  const row = await ledger.append(sent);
  assert.equal(central.received[0]!.headers.prefer, 'return=minimal');
  assert.equal(row.seq, 1);
  assert.equal(row.envelope_id, sent.envelope_id);
  assert.deepEqual(row.payload, storedRow(sent, 1).payload);
  // A JSON copy, as a store returns it: not the object the caller still holds.
  assert.notEqual(row.payload, sent.payload);
  assert.deepEqual(JSON.parse(JSON.stringify(row)), storedRow(sent, 1));
});

test('a central gateway that ignores the preference answers full rows, taken as they come', async (t) => {
  const { ledger } = await centralAnswering(t, (req) => {
    const { entries } = JSON.parse(req.body) as { entries: LedgerEntry[] };
    return { body: { results: entries.map((sent, i) => ({ row: storedRow(sent, i + 7) })) } };
  });
  const sent = entry();
  const row = await ledger.append(sent);
  assert.equal(row.seq, 7);
  assert.deepEqual(row.payload, storedRow(sent, 7).payload);
});

test('payloads left out without recorded_by: the append fails (LEDGER_WRITE_FAILED), it does not guess', async (t) => {
  for (const recordedBy of [undefined, null, 'jwt:x', { principal: 'jwt:x' }]) {
    const { ledger } = await centralAnswering(t, (req) => {
      const { entries } = JSON.parse(req.body) as { entries: LedgerEntry[] };
      const results = entries.map((sent, i) => {
        const { payload: _payload, ...withoutPayload } = storedRow(sent, i + 1);
        return { row: withoutPayload };
      });
      return { body: { results, recorded_by: recordedBy }, headers: { 'preference-applied': 'return=minimal' } };
    });
    await assert.rejects(ledger.append(entry()), (error: unknown) => {
      assert.ok(error instanceof LedgerError);
      assert.equal(error.code, 'LEDGER_WRITE_FAILED');
      assert.match(error.message, /left the payloads out of its answer without saying what it added to them \(recorded_by\)/);
      return true;
    }, JSON.stringify(recordedBy));
  }
});

test('an entry the central gateway refused keeps its own error beside rebuilt rows', async (t) => {
  const { ledger } = await centralAnswering(t, (req) => {
    const { entries } = JSON.parse(req.body) as { entries: LedgerEntry[] };
    const results = entries.map((sent, i) => {
      if (sent.kind === 'post_check') return { error: { code: 'LEDGER_DUPLICATE_POST_CHECK', detail: 'a post-check exists' } };
      const { payload: _payload, ...withoutPayload } = storedRow(sent, i + 1);
      return { row: withoutPayload };
    });
    return { body: { results, recorded_by: RECORDED_BY }, headers: { 'preference-applied': 'return=minimal' } };
  });
  const pre = entry();
  const [row, refused] = await Promise.allSettled([
    ledger.append(pre),
    ledger.append({ ...entry(), kind: 'post_check', parent_envelope_id: pre.envelope_id, action: null }),
  ]);
  assert.equal(row.status, 'fulfilled');
  assert.deepEqual(row.status === 'fulfilled' && row.value.payload, storedRow(pre, 1).payload);
  assert.equal(refused.status, 'rejected');
  assert.equal(refused.status === 'rejected' && (refused.reason as LedgerError).code, 'LEDGER_DUPLICATE_POST_CHECK');
});
