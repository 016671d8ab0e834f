// /v1/audit over a real gateway: listing and paging, filters, detail, tier guards, chain
// verification (including tampering with the SQLite file on disk) and PII erasure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { startTestGateway, type CallResult, type TestGateway } from '../helpers/gateway.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function assertProblem(res: CallResult, status: number, code: string): void {
  assert.equal(res.status, status);
  assert.equal(res.body.code, code);
  assert.deepEqual(responseErrors('Problem', res.body), []);
}

/** Four decisions: three validates from two support agents, then one payments pre-check. Returns their ids in order. */
async function recordDecisions(gw: TestGateway): Promise<string[]> {
  const ids: string[] = [];
  for (const body of [validateBody(), validateBody({ agent_id: 'support-agent-2' }), validateBody(), preCheckBody()]) {
    const res = await gw.call('POST', body.action ? '/v1/runtime/pre-check' : '/v1/runtime/validate', body);
    assert.equal(res.status, 200);
    ids.push(res.body.envelope_id);
  }
  return ids;
}

test('list: newest first, total, default limit 50, offset 0, no payloads', async (t) => {
  const gw = await startTestGateway(t);
  const ids = await recordDecisions(gw);
  const res = await gw.call('GET', '/v1/audit/executions');
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('AuditList', res.body), []);
  assert.equal(res.body.total, 4);
  assert.equal(res.body.limit, 50);
  assert.equal(res.body.offset, 0);
  assert.deepEqual(res.body.items.map((i: any) => i.envelope_id), [...ids].reverse());
  const seqs = res.body.items.map((i: any) => i.seq);
  assert.deepEqual(seqs, [...seqs].sort((a, b) => b - a));
  for (const item of res.body.items) assert.equal('payload' in item, false, 'list items must not carry the payload');
});

test('list: limit and offset page through the records without overlap', async (t) => {
  const gw = await startTestGateway(t);
  const ids = await recordDecisions(gw);
  const page = async (query: string) => {
    const res = await gw.call('GET', `/v1/audit/executions?${query}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.total, 4, 'total ignores limit and offset');
    return res.body;
  };
  const first = await page('limit=3');
  const second = await page('limit=3&offset=3');
  assert.equal(first.limit, 3);
  assert.equal(second.offset, 3);
  assert.deepEqual([...first.items, ...second.items].map((i: any) => i.envelope_id), [...ids].reverse());
  assert.deepEqual((await page('offset=10')).items, []);
  assert.equal((await page('limit=500')).limit, 500);
});

test('list: agent_id and kind filters', async (t) => {
  const gw = await startTestGateway(t);
  const [first, second, third, fourth] = await recordDecisions(gw);
  const byAgent = await gw.call('GET', '/v1/audit/executions?agent_id=support-agent-1');
  assert.deepEqual(byAgent.body.items.map((i: any) => i.envelope_id), [third, first]);
  assert.equal(byAgent.body.total, 2);
  const other = await gw.call('GET', '/v1/audit/executions?agent_id=support-agent-2');
  assert.deepEqual(other.body.items.map((i: any) => i.envelope_id), [second]);
  const byKind = await gw.call('GET', '/v1/audit/executions?kind=pre_check');
  assert.deepEqual(byKind.body.items.map((i: any) => [i.envelope_id, i.kind, i.action]), [[fourth, 'pre_check', 'invoicepay.create_payment']]);
  const both = await gw.call('GET', '/v1/audit/executions?kind=validate&agent_id=payments-agent-1');
  assert.deepEqual([both.body.items, both.body.total], [[], 0]);
});

const badQueries: Array<[string, string]> = [
  ['limit=501', 'query.limit'],
  ['limit=0', 'query.limit'],
  ['limit=abc', 'query.limit'],
  ['limit=1e1', 'query.limit'],
  ['limit=2.5', 'query.limit'],
  ['offset=-1', 'query.offset'],
  ['offset=0x10', 'query.offset'],
  ['kind=everything', 'query.kind'],
  ['agent_id=bad%20agent', 'query.agent_id'],
];

for (const [query, path] of badQueries) {
  test(`list 422: ${query}`, async (t) => {
    const gw = await startTestGateway(t);
    const res = await gw.call('GET', `/v1/audit/executions?${query}`);
    assertProblem(res, 422, 'VALIDATION_FAILED');
    assert.equal(res.body.errors[0].path, path);
  });
}

test('detail: the payload and every metadata field; unknown and non-UUID ids are 404', async (t) => {
  const gw = await startTestGateway(t);
  const decided = await gw.call('POST', '/v1/runtime/validate', validateBody());
  const id = decided.body.envelope_id;
  const res = await gw.call('GET', `/v1/audit/executions/${id}`);
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('AuditRecord', res.body), []);
  assert.equal(res.body.payload_state, 'present');
  assert.deepEqual(res.body.payload.response, decided.body);
  assert.equal(res.body.payload.request.agent_id, 'support-agent-1');
  assert.equal(res.body.outcome, decided.body.decision.outcome);
  assert.equal(res.body.risk_tier, decided.body.risk.tier);
  assert.equal(res.body.final_confidence, decided.body.validation.final_confidence);
  const [summary] = (await gw.call('GET', '/v1/audit/executions')).body.items;
  const { payload: _payload, ...metadata } = res.body;
  assert.deepEqual(metadata, summary, 'detail carries the same metadata as the listing, plus the payload');

  const upper = await gw.call('GET', `/v1/audit/executions/${id.toUpperCase()}`);
  assert.equal(upper.body.envelope_id, id);
  assertProblem(await gw.call('GET', `/v1/audit/executions/${UNKNOWN_ID}`), 404, 'ENVELOPE_NOT_FOUND');
  assertProblem(await gw.call('GET', '/v1/audit/executions/not-a-uuid'), 404, 'ENVELOPE_NOT_FOUND');
});

test('tiers: Team reads the audit but chain verify needs Enterprise; Developer cannot read the audit', async (t) => {
  const team = await startTestGateway(t, { env: { DEFAULT_TIER: 'team' } });
  assert.equal((await team.call('GET', '/v1/audit/executions')).status, 200);
  const verify = await team.call('GET', '/v1/audit/chain/verify');
  assertProblem(verify, 403, 'FORBIDDEN');
  assert.equal(verify.body.required_tier, 'enterprise');
  assert.equal(verify.body.current_tier, 'team');

  const developer = await startTestGateway(t, { env: { DEFAULT_TIER: 'developer' } });
  for (const [method, path] of [['GET', '/v1/audit/executions'], ['GET', `/v1/audit/executions/${UNKNOWN_ID}`], ['DELETE', `/v1/audit/executions/${UNKNOWN_ID}/pii`]]) {
    const res = await developer.call(method, path);
    assertProblem(res, 403, 'FORBIDDEN');
    assert.equal(res.body.required_tier, 'team');
  }
});

test('chain verify: valid after several decisions, with a seq range', async (t) => {
  const gw = await startTestGateway(t);
  await recordDecisions(gw);
  const all = await gw.call('GET', '/v1/audit/chain/verify');
  assert.equal(all.status, 200);
  assert.deepEqual(responseErrors('ChainVerifyReport', all.body), []);
  assert.equal(all.body.valid, true);
  assert.equal(all.body.rows_checked, 4);
  assert.equal(all.body.first_bad_seq, null);
  const head = (await gw.call('GET', '/v1/audit/executions?limit=1')).body.items[0];
  assert.equal(all.body.head_hash, head.hash);

  const range = await gw.call('GET', '/v1/audit/chain/verify?from_seq=2&to_seq=3');
  assert.deepEqual([range.body.valid, range.body.rows_checked, range.body.from_seq, range.body.to_seq], [true, 2, 2, 3]);
  const emptyBound = await gw.call('GET', '/v1/audit/chain/verify?from_seq=&to_seq=');
  assert.equal(emptyBound.body.rows_checked, 4, 'an empty bound means no bound');

  for (const [query, path] of [['from_seq=0', 'query.from_seq'], ['to_seq=x', 'query.to_seq'], ['from_seq=3&to_seq=2', 'query.to_seq']]) {
    const res = await gw.call('GET', `/v1/audit/chain/verify?${query}`);
    assertProblem(res, 422, 'VALIDATION_FAILED');
    assert.equal(res.body.errors[0].path, path);
  }
});

/** Closes the gateway, edits its SQLite file directly, and starts a new gateway on the same file. */
async function tamperAndRestart(t: Parameters<typeof startTestGateway>[0], gw: TestGateway, sql: string, params: Array<string | number>): Promise<TestGateway> {
  await gw.close();
  const db = new DatabaseSync(gw.ledgerPath);
  try {
    const changed = db.prepare(sql).run(...params);
    assert.equal(changed.changes, 1, 'the tampering statement must hit exactly one row');
  } finally {
    db.close();
  }
  return startTestGateway(t, { ledgerPath: gw.ledgerPath });
}

test('chain verify: a payload edited on disk is caught at exactly that seq', async (t) => {
  const gw = await startTestGateway(t);
  const ids = await recordDecisions(gw);
  const target = (await gw.call('GET', `/v1/audit/executions/${ids[1]}`)).body;
  const restarted = await tamperAndRestart(t, gw, `UPDATE ledger SET payload = json_set(payload, '$.response.decision.outcome', 'block') WHERE envelope_id = ?`, [ids[1]]);
  const res = await restarted.call('GET', '/v1/audit/chain/verify');
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('ChainVerifyReport', res.body), []);
  assert.equal(res.body.valid, false);
  assert.equal(res.body.first_bad_seq, target.seq);
  assert.equal(typeof res.body.problem, 'string');
  const before = await restarted.call('GET', `/v1/audit/chain/verify?to_seq=${target.seq - 1}`);
  assert.equal(before.body.valid, true, 'rows before the tampered one still verify');
});

test('chain verify: a risk_score rewritten on disk (append-only trigger dropped) is caught at exactly that seq', async (t) => {
  const gw = await startTestGateway(t);
  const ids = await recordDecisions(gw);
  const target = (await gw.call('GET', `/v1/audit/executions/${ids[2]}`)).body;
  await gw.close();
  const db = new DatabaseSync(gw.ledgerPath);
  // The trigger refuses the rewrite: an attacker with file access would drop it first.
  assert.throws(() => db.prepare('UPDATE ledger SET risk_score = 0 WHERE envelope_id = ?').run(ids[2]), /append-only/);
  db.exec('DROP TRIGGER ledger_no_rewrite');
  db.close();
  const restarted = await tamperAndRestart(t, gw, 'UPDATE ledger SET risk_score = ? WHERE envelope_id = ?', [target.risk_score + 1, ids[2]]);
  const res = await restarted.call('GET', '/v1/audit/chain/verify');
  assert.equal(res.body.valid, false);
  assert.equal(res.body.first_bad_seq, target.seq);
});

/** A validate whose request user and output both hold an email address. */
function personalValidateBody(): Record<string, any> {
  return validateBody({
    request: { user: 'jane.doe@example.com', input: 'What is the status of ticket T-1001?' },
    output: { answer: 'Ticket T-1001 is open; updates go to jane.doe@example.com.', ticket: 'T-1001', status: 'open' },
  });
}

test('PII erasure: masks personal data, keeps metadata, chain stays valid; idempotent; unknown is 404', async (t) => {
  const gw = await startTestGateway(t);
  await recordDecisions(gw);
  const decided = await gw.call('POST', '/v1/runtime/validate', personalValidateBody());
  const id = decided.body.envelope_id;
  const before = (await gw.call('GET', `/v1/audit/executions/${id}`)).body;
  assert.ok(before.pii_paths.includes('request.request.user'));

  const erased = await gw.call('DELETE', `/v1/audit/executions/${id}/pii`);
  assert.equal(erased.status, 200);
  assert.deepEqual(responseErrors('PiiErasure', erased.body), []);
  assert.equal(erased.body.envelope_id, id);
  assert.equal(erased.body.seq, before.seq);
  assert.equal(erased.body.already_erased, false);
  assert.ok(erased.body.erased_paths.includes('request.request.user'));
  assert.ok(erased.body.erased_paths.includes('request.output.answer'));

  const after = await gw.call('GET', `/v1/audit/executions/${id}`);
  assert.deepEqual(responseErrors('AuditRecord', after.body), []);
  assert.equal(after.body.payload_state, 'erased');
  assert.equal(after.body.payload.request.request.user, '[erased]');
  assert.equal(after.body.payload.request.output.answer, '[erased]');
  assert.match(after.body.payload_note, /erased/);
  assert.doesNotMatch(after.text, /jane\.doe@example\.com/);
  assert.equal(after.body.payload.request.output.ticket, 'T-1001', 'fields without personal data stay');
  for (const field of ['seq', 'hash', 'prev_hash', 'payload_digest', 'outcome', 'risk_score', 'created_at']) {
    assert.equal(after.body[field], before[field], `${field} must survive erasure`);
  }

  const verify = await gw.call('GET', '/v1/audit/chain/verify');
  // 5 rows and the `access` row that names who asked for the erasure.
  assert.deepEqual([verify.body.valid, verify.body.erased_rows, verify.body.rows_checked], [true, 1, 6]);

  const again = await gw.call('DELETE', `/v1/audit/executions/${id}/pii`);
  assert.equal(again.status, 200);
  assert.equal(again.body.already_erased, true);
  assertProblem(await gw.call('DELETE', `/v1/audit/executions/${UNKNOWN_ID}/pii`), 404, 'ENVELOPE_NOT_FOUND');
  assertProblem(await gw.call('DELETE', '/v1/audit/executions/not-a-uuid/pii'), 404, 'ENVELOPE_NOT_FOUND');
});

test('PII erasure keeps the audit trail readable: tool names and scores survive, personal data does not', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/validate', validateBody({
    request: { user: 'jane.doe@example.com', input: 'Call me on +44 20 7946 0958 about ticket T-1001' },
  }));
  const erased = await gw.call('DELETE', `/v1/audit/executions/${res.body.envelope_id}/pii`);
  assert.equal(erased.status, 200);
  const record = await gw.call('GET', `/v1/audit/executions/${res.body.envelope_id}`);
  const payload = record.body.payload;
  assert.equal(payload.request.request.user, '[erased]');
  assert.equal(payload.request.request.input, '[erased]');
  assert.equal(payload.request.execution.tools_called[0].name, 'search_kb');
  assert.deepEqual(payload.response.validation, res.body.validation);
  assert.doesNotMatch(JSON.stringify(payload), /jane\.doe|7946/);
});
