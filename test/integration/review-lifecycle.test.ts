// The review lifecycle over a real gateway: claim, release, reassign, comment, resolve; the item
// view with everything a reviewer needs and its long-poll; separation of duties; N approvers;
// expiry at the deadline; the `gateway:review` events.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256 } from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { REVIEW_CHANNEL, ReviewDesk, expireOverdueReviews, type ReviewEvent } from '../../src/oversight/index.ts';
import { loadPolicyBundleSync } from '../../src/policy/index.ts';

const restart = (service = 'billing') => preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it' });

async function escalated(gw: TestGateway, headers: Record<string, string> = {}, service = 'billing'): Promise<string> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', restart(service), headers);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.decision.outcome, 'escalate');
  return res.body.envelope_id;
}

function item(gw: TestGateway, id: string, query = '', headers: Record<string, string> = {}) {
  return gw.call('GET', `/v1/review/queue/${id}${query}`, undefined, headers);
}

test('claim, comment, release, reassign, approve: each a linked row; the item shows the call and the history', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalated(gw);
  const path = (action: string) => `/v1/review/queue/${id}/${action}`;

  const claimed = await gw.call('POST', path('claim'), { reviewer_id: 'user:rita', note: 'mine' });
  assert.equal(claimed.status, 200);
  assert.deepEqual(responseErrors('ReviewItemDetail', claimed.body), []);
  assert.deepEqual([claimed.body.status, claimed.body.claimed_by], ['claimed', 'user:rita']);

  const stolen = await gw.call('POST', path('claim'), { reviewer_id: 'user:sam' });
  assert.deepEqual([stolen.status, stolen.body.code, stolen.body.claimed_by], [409, 'REVIEW_CLAIMED', 'user:rita']);
  const decidedByOther = await gw.call('POST', path('resolution'), { outcome: 'approve', note: 'x', reviewer_id: 'user:sam' });
  assert.deepEqual([decidedByOther.status, decidedByOther.body.code], [409, 'REVIEW_CLAIMED']);
  const notHolder = await gw.call('POST', path('release'), { reviewer_id: 'user:sam' });
  assert.deepEqual([notHolder.status, notHolder.body.code], [409, 'REVIEW_NOT_CLAIMED']);

  assert.equal((await gw.call('POST', path('comment'), { reviewer_id: 'user:sam', note: 'billing closes at 18:00' })).status, 200);
  const released = await gw.call('POST', path('release'), { reviewer_id: 'user:rita', note: 'out of office' });
  assert.deepEqual([released.body.status, released.body.claimed_by], ['pending', null]);
  const reassigned = await gw.call('POST', path('reassign'), { reviewer_id: 'user:rita', to: 'user:sam', note: 'sam knows billing' });
  assert.deepEqual([reassigned.body.status, reassigned.body.claimed_by], ['claimed', 'user:sam']);
  const approved = await gw.call('POST', path('resolution'), { outcome: 'approve', note: 'maintenance window', reviewer_id: 'user:sam' });
  assert.equal(approved.status, 201);
  assert.deepEqual(responseErrors('ReviewResolution', approved.body), []);
  assert.deepEqual([approved.body.status, approved.body.decided, approved.body.approvals], ['approved', true, ['user:sam']]);

  const view = await item(gw, id);
  assert.equal(view.status, 200);
  assert.deepEqual(responseErrors('ReviewItemDetail', view.body), []);
  assert.deepEqual(view.body.history.map((h: any) => [h.action, h.by]), [
    ['claim', 'user:rita'], ['comment', 'user:sam'], ['release', 'user:rita'], ['reassign', 'user:rita'], ['approve', 'user:sam'],
  ]);
  assert.deepEqual([view.body.call.tool, view.body.call.arguments], ['restart_service', { service: 'billing' }]);
  assert.equal(view.body.call.risk.tier, 'high');
  assert.ok(view.body.call.validation, 'scores and failures are shown');
  assert.ok(view.body.agent_history.some((row: any) => row.envelope_id === id), "the agent's recent history");
  assert.equal(view.body.verdict.note, 'maintenance window');

  const late = await gw.call('POST', path('claim'), { reviewer_id: 'user:rita' });
  assert.deepEqual([late.status, late.body.code], [409, 'ALREADY_RESOLVED']);
  // Comments stay possible after the verdict; the verdict does not change.
  assert.equal((await gw.call('POST', path('comment'), { note: 'done, thanks' })).body.status, 'approved');

  const rows = await gw.call('GET', '/v1/audit/executions?limit=20');
  const linked = rows.body.items.filter((row: any) => row.parent_envelope_id === id).map((row: any) => row.kind);
  assert.deepEqual(linked.sort(), ['review', 'review_claim', 'review_claim', 'review_claim', 'review_note', 'review_note'].sort());
  assert.equal((await gw.call('GET', '/v1/audit/chain/verify')).body.valid, true);
});

test('queue filters: status claimed / open / approved, agent, tool, overdue; each item links to itself', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const [a, b, c] = [await escalated(gw, {}, 'billing'), await escalated(gw, {}, 'search'), await escalated(gw, {}, 'mail')];
  await gw.call('POST', `/v1/review/queue/${a}/claim`, { reviewer_id: 'user:rita' });
  await gw.call('POST', `/v1/review/queue/${b}/resolution`, { outcome: 'approve', note: 'ok' });
  const ids = async (query: string) => (await gw.call('GET', `/v1/review/queue?${query}`)).body.items.map((i: any) => i.envelope_id);
  assert.deepEqual(await ids('status=claimed'), [a]);
  assert.deepEqual(await ids('status=open'), [c, a]);
  assert.deepEqual(await ids('status=approved'), [b]);
  assert.deepEqual(await ids('agent_id=ops-agent-1&tool=restart_service&status=pending'), [c]);
  assert.deepEqual(await ids('tool=other_tool'), []);
  assert.deepEqual(await ids('overdue=true'), []);
  const queue = await gw.call('GET', '/v1/review/queue');
  assert.deepEqual(responseErrors('ReviewQueue', queue.body), []);
  assert.equal(queue.body.items[0].href, `/v1/review/queue/${c}`);
});

test('?wait long-polls: it answers as soon as the item changes, with the new state', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalated(gw);
  const first = await item(gw, id);
  const waiting = item(gw, id, `?wait=60&revision=${first.body.revision}`);
  // The claim lands while the long-poll waits; the poll returns with it (well before 60 s).
  const claim = await gw.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' });
  assert.equal(claim.status, 200);
  const answered = await waiting;
  assert.equal(answered.status, 200);
  assert.deepEqual([answered.body.status, answered.body.claimed_by], ['claimed', 'user:rita']);
  assert.ok(answered.body.revision > first.body.revision);
  // A revision already behind answers at once.
  assert.equal((await item(gw, id, `?wait=60&revision=${first.body.revision}`)).body.revision, answered.body.revision);
  const bad = await item(gw, id, '?wait=61');
  assert.deepEqual([bad.status, bad.body.code, bad.body.errors[0].path], [422, 'VALIDATION_FAILED', 'query.wait']);
});

test('separation of duties: the credential that made the call can neither claim nor resolve it; errors have codes', async (t) => {
  const gw = await startTestGateway(t, {
    env: { POLICIES_DIR: writeOpsBundle(t), AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE },
  });
  const bearer = async (sub: string) => ({ authorization: `Bearer ${await hs256({ sub, tier: 'team' })}` });
  const agent = await bearer('ops-bot');
  const reviewer = await bearer('alice');
  const id = await escalated(gw, agent);
  const own = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'looks fine to me', reviewer_id: 'someone-else' }, agent);
  assert.deepEqual([own.status, own.body.code, own.body.requested_by], [403, 'SELF_REVIEW_FORBIDDEN', 'jwt:ops-bot']);
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/claim`, {}, agent)).body.code, 'SELF_REVIEW_FORBIDDEN');
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/reassign`, { to: 'jwt:ops-bot' }, reviewer)).body.code, 'SELF_REVIEW_FORBIDDEN');
  const ok = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'fine' }, reviewer);
  assert.deepEqual([ok.status, ok.body.reviewer_id], [201, 'jwt:alice']);
  assert.equal((await item(gw, id, '', reviewer)).body.requested_by, 'jwt:ops-bot');

  const unknown = await gw.call('POST', '/v1/review/queue/00000000-0000-4000-8000-000000000000/claim', {}, reviewer);
  assert.deepEqual([unknown.status, unknown.body.code], [404, 'ENVELOPE_NOT_FOUND']);
  const badBody = await gw.call('POST', `/v1/review/queue/${id}/reassign`, { note: 'to nobody' }, reviewer);
  assert.deepEqual([badBody.status, badBody.body.code], [422, 'VALIDATION_FAILED']);
  // The next holder becomes the row's reviewer column, which cannot hold control characters.
  for (const to of ['user:\u0000sam', 'user:sam\r\n']) {
    const badTo = await gw.call('POST', `/v1/review/queue/${id}/reassign`, { to }, reviewer);
    assert.deepEqual([badTo.status, badTo.body.code, badTo.body.errors?.[0]?.path], [422, 'VALIDATION_FAILED', 'to'], JSON.stringify(to));
  }
});

test('critical items can need N distinct approvers (required_approvals); one approval answers 202', async (t) => {
  const dir = writeOpsBundle(t);
  const decision = path.join(dir, 'decision.yaml');
  const text = readFileSync(decision, 'utf8').replace(/(\n  high:\n)/, '$1    required_approvals: 2\n');
  writeFileSync(decision, text);
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: dir } });
  const id = await escalated(gw);
  assert.equal((await gw.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' })).status, 200);
  const first = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'ok', reviewer_id: 'user:rita' });
  assert.deepEqual([first.status, first.body.decided, first.body.status, first.body.required_approvals], [202, false, 'claimed', 2]);
  const again = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'ok again', reviewer_id: 'user:rita' });
  assert.deepEqual([again.status, again.body.code], [409, 'REVIEW_CONFLICT'], 'the same approver twice does not count twice');
  // Rita's claim does not keep a second approver out of an item that needs two.
  const second = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'agreed', reviewer_id: 'user:sam' });
  assert.deepEqual([second.status, second.body.status, second.body.approvals.sort()], [201, 'approved', ['user:rita', 'user:sam']]);
});

test('expiry at the deadline: one row, the tier default (block), status expired; the job is idempotent', async (t) => {
  const clock = { at: Date.parse('2026-03-02T09:00:00.000Z') };
  const dir = writeOpsBundle(t);
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: dir }, now: () => clock.at });
  const id = await escalated(gw);
  // A second process's view of the same ledger: the job needs nothing but the ledger and the bundle.
  const bundle = loadPolicyBundleSync(dir);
  const desk = new ReviewDesk({ ledger: gw.ledger, policies: { current: () => bundle }, now: () => clock.at });
  assert.deepEqual(await expireOverdueReviews(desk), { ran: true, expired: 0 });
  clock.at += 5 * 3600_000;
  const events: ReviewEvent[] = [];
  const listen = (event: unknown) => events.push(event as ReviewEvent);
  diagnostics_channel.subscribe(REVIEW_CHANNEL, listen);
  t.after(() => diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen));
  assert.deepEqual(await expireOverdueReviews(desk), { ran: true, expired: 1 });
  assert.deepEqual(await expireOverdueReviews(desk), { ran: true, expired: 0 });
  const view = await item(gw, id);
  assert.deepEqual([view.body.status, view.body.verdict.outcome, view.body.verdict.by], ['expired', 'block', null]);
  assert.deepEqual(events.map((e) => [e.type, e.envelope_id, e.outcome, e.by]), [['review.expired', id, 'block', 'system:expiry']]);
  const late = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'sorry, late' });
  assert.deepEqual([late.status, late.body.code], [409, 'ALREADY_RESOLVED']);
});

test('events: claim and decision are published on gateway:review after their rows', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalated(gw);
  const events: ReviewEvent[] = [];
  const listen = (event: unknown) => events.push(event as ReviewEvent);
  diagnostics_channel.subscribe(REVIEW_CHANNEL, listen);
  t.after(() => diagnostics_channel.unsubscribe(REVIEW_CHANNEL, listen));
  await gw.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' });
  await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'no', reviewer_id: 'user:rita' });
  assert.deepEqual(events.map((e) => [e.type, e.by, e.tool, e.assignee ?? null, e.outcome ?? null]), [
    ['review.claimed', 'user:rita', 'restart_service', 'user:rita', null],
    ['review.decided', 'user:rita', 'restart_service', null, 'block'],
  ]);
  for (const event of events) assert.equal((await gw.call('GET', `/v1/audit/executions/${event.row_envelope_id}`)).status, 200);
});

test('two verdicts racing on one item: exactly one is recorded', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const id = await escalated(gw);
  const results = await Promise.all(['approve', 'reject', 'approve', 'reject'].map((outcome, i) =>
    gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome, note: `racer ${i}`, reviewer_id: `user:r${i}` })));
  assert.deepEqual(results.map((r) => r.status).filter((s) => s === 201), [201]);
  for (const r of results) if (r.status !== 201) assert.ok(['ALREADY_RESOLVED', 'REVIEW_CONFLICT'].includes(r.body.code), r.text);
  assert.equal((await gw.call('GET', '/v1/audit/executions?kind=review')).body.total, 1);
});

test('expiry survives a restart: the restarted gateway expires what passed its deadline while it was down', async (t) => {
  const clock = { at: Date.parse('2026-03-02T09:00:00.000Z') };
  const dir = writeOpsBundle(t);
  const first = await startTestGateway(undefined, { env: { POLICIES_DIR: dir }, now: () => clock.at });
  t.after(() => rmSync(path.dirname(first.ledgerPath), { recursive: true, force: true }));
  const id = await escalated(first);
  const before = (await item(first, id)).body;
  await first.close();
  clock.at += 5 * 3600_000;
  const second = await startTestGateway(t, { env: { POLICIES_DIR: dir }, now: () => clock.at, ledgerPath: first.ledgerPath });
  // The start-up expiry round records the row; the long-poll returns when it lands (or already has).
  const after = (await item(second, id, `?wait=30&revision=${before.revision}`)).body;
  assert.deepEqual([after.status, after.verdict.by, after.history.at(-1).action], ['expired', null, 'expire']);
});

test('two approvals racing on an item that needs two: the item is approved, never left open with both votes', async (t) => {
  const dir = writeOpsBundle(t);
  const decision = path.join(dir, 'decision.yaml');
  writeFileSync(decision, readFileSync(decision, 'utf8').replace(/(\n  high:\n)/, '$1    required_approvals: 2\n'));
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: dir } });
  for (let round = 0; round < 5; round += 1) {
    const id = await escalated(gw);
    const results = await Promise.all(['user:rita', 'user:sam'].map((reviewer) =>
      gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'fine', reviewer_id: reviewer })));
    const view = (await item(gw, id)).body;
    assert.equal(view.status, 'approved', `round ${round}: ${results.map((r) => `${r.status} ${r.body.code ?? r.body.status}`).join(', ')}; approvals ${view.approvals}`);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 202], results.map((r) => r.text).join('\n'));
  }
});

test('past its deadline an item is decided by the tier default: a late verdict or claim is 409 ALREADY_RESOLVED, before the expiry job runs', async (t) => {
  const clock = { at: Date.parse('2026-03-02T09:00:00.000Z') };
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) }, now: () => clock.at });
  const id = await escalated(gw);
  clock.at += 5 * 3600_000;
  // Enforcement already applies the default (block) from the deadline on...
  assert.equal((await item(gw, id)).body.overdue, true);
  // ...so nobody may turn it into an approval afterwards, whether or not the job has recorded it.
  const late = await gw.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'sorry, late', reviewer_id: 'user:rita' });
  assert.deepEqual([late.status, late.body.code], [409, 'ALREADY_RESOLVED'], late.text);
  const claim = await gw.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' });
  assert.deepEqual([claim.status, claim.body.code], [409, 'ALREADY_RESOLVED'], claim.text);
  const view = (await item(gw, id)).body;
  assert.deepEqual([view.status, view.verdict?.outcome, view.verdict?.by], ['expired', 'block', null]);
  assert.equal((await gw.call('GET', '/v1/audit/executions?kind=review')).body.total, 1);
});
