// Approvals as grants: a human approves more than one call. Each scope as a table row; revocation;
// the last use of a bounded grant raced by concurrent pre-checks is given exactly once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256 } from '../helpers/credentials.ts';

const restart = (service: string, session?: string) => preCheckBody({
  agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it', ...(session ? { session_id: session } : {}),
});

async function outcome(gw: TestGateway, body: Record<string, unknown>): Promise<{ outcome: string; id: string; reason: string }> {
  const res = await gw.call('POST', '/v1/runtime/pre-check', body);
  assert.equal(res.status, 200, res.text);
  return { outcome: res.body.decision.outcome, id: res.body.envelope_id, reason: res.body.decision.reason };
}

async function grant(gw: TestGateway, scope: Record<string, unknown>, args?: Record<string, unknown>) {
  const res = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: scope, note: 'change CHG-42', reviewer_id: 'user:rita', ...(args ? { arguments: args } : {}) });
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(responseErrors('ApprovalGrant', res.body), []);
  return res.body;
}

const CASES: Array<{ name: string; scope: Record<string, unknown>; args?: Record<string, unknown>; calls: Array<[Record<string, unknown>, string]> }> = [
  {
    name: 'once: the same call passes once; a different argument does not',
    scope: { scope: 'once' }, args: { service: 'billing' },
    calls: [[restart('search'), 'escalate'], [restart('billing'), 'approve'], [restart('billing'), 'escalate']],
  },
  {
    name: 'count: 2 calls of the tool, any arguments',
    scope: { scope: 'count', count: 2 },
    calls: [[restart('billing'), 'approve'], [restart('search'), 'approve'], [restart('mail'), 'escalate']],
  },
  {
    name: 'session: calls in that session only',
    scope: { scope: 'session', session_id: 'sess-7' },
    calls: [[restart('billing', 'sess-8'), 'escalate'], [restart('billing', 'sess-7'), 'approve'], [restart('search', 'sess-7'), 'approve']],
  },
  {
    name: 'condition: a CEL expression over args',
    scope: { scope: 'condition', condition: 'args.service.startsWith("bill")' },
    calls: [[restart('billing'), 'approve'], [restart('search'), 'escalate'], [restart('billing'), 'approve']],
  },
  { name: 'ttl: any call of the tool until it expires', scope: { scope: 'ttl', ttl_seconds: 600 }, calls: [[restart('billing'), 'approve'], [restart('search'), 'approve']] },
];

for (const c of CASES) {
  test(`grant ${c.name}`, async (t) => {
    const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
    const given = await grant(gw, c.scope, c.args);
    for (const [body, expected] of c.calls) {
      const got = await outcome(gw, body);
      assert.equal(got.outcome, expected, `${JSON.stringify(body.params)} ${body.session_id ?? ''}: ${got.reason}`);
      if (expected === 'approve') {
        assert.match(got.reason, new RegExp(`standing grant ${given.id}`));
        const row = await gw.call('GET', `/v1/audit/executions/${got.id}`);
        assert.equal(row.body.payload.approval_grant.grant_id, given.id, 'the pre-check row names the grant');
      }
    }
  });
}

test('ttl: past expiry the grant no longer answers', async (t) => {
  const clock = { at: Date.parse('2026-03-02T09:00:00.000Z') };
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) }, now: () => clock.at });
  await grant(gw, { scope: 'ttl', ttl_seconds: 60 });
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'approve');
  clock.at += 61_000;
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'escalate');
});

test('revoked grants answer nothing; listing, revocation errors', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const given = await grant(gw, { scope: 'count', count: 5 });
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'approve');
  const revoked = await gw.call('DELETE', `/v1/approvals/${given.id}`);
  assert.deepEqual([revoked.status, revoked.body.revoked, revoked.body.active, revoked.body.uses], [200, true, false, 1]);
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'escalate');
  const again = await gw.call('DELETE', `/v1/approvals/${given.id}`);
  assert.deepEqual([again.status, again.body.code], [409, 'GRANT_REVOKED']);
  const unknown = await gw.call('DELETE', '/v1/approvals/00000000-0000-4000-8000-000000000000');
  assert.deepEqual([unknown.status, unknown.body.code], [404, 'GRANT_NOT_FOUND']);
  const list = await gw.call('GET', '/v1/approvals?agent_id=ops-agent-1');
  assert.deepEqual(responseErrors('ApprovalGrantList', list.body), []);
  assert.deepEqual(list.body.items.map((g: any) => [g.id, g.revoked]), [[given.id, true]]);
  assert.deepEqual((await gw.call('GET', '/v1/approvals?active=true')).body.items, []);
  const badCel = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'condition', condition: 'args.(' }, note: 'x' });
  assert.deepEqual([badCel.status, badCel.body.code, badCel.body.errors[0].path], [422, 'VALIDATION_FAILED', 'grant.condition']);
  // It parses but could never match: it reads a variable other than args, or adds a string to an int.
  for (const condition of ['x.y.z > 1', '"a" + 1 == "a1"']) {
    const neverMatches = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'condition', condition }, note: 'x' });
    assert.deepEqual([neverMatches.status, neverMatches.body.errors?.[0]?.path], [422, 'grant.condition'], condition);
    assert.match(neverMatches.body.errors[0].message, /CEL type error/);
  }
  // It would run once per covered call on the event loop, with the square of what the agent sends.
  const quadratic = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'condition', condition: 'args.items.exists(a, args.items.exists(b, a == b))' }, note: 'x' });
  assert.deepEqual([quadratic.status, quadratic.body.errors?.[0]?.path], [422, 'grant.condition']);
  assert.match(quadratic.body.errors[0].message, /CEL cost: loops over request data/);
  const noCount = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'count' }, note: 'x' });
  assert.deepEqual([noCount.status, noCount.body.errors[0].path], [422, 'grant.count']);
  // Text that would become a ledger row's agent, tool or reviewer column: control characters are
  // refused at the door (the ledger cannot store NUL), not failed with a 500 at the append.
  const valid = { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'session', session_id: 's-1' }, note: 'x' };
  for (const [change, at] of [
    [{ agent_id: 'ops\u0000agent' }, 'agent_id'], [{ agent_id: 'ops agent' }, 'agent_id'], [{ tool: 'restart\u0000service' }, 'tool'],
    [{ tool: 'restart\nservice' }, 'tool'], [{ reviewer_id: 'user:\u0000rita' }, 'reviewer_id'],
    [{ grant: { scope: 'session', session_id: 's\u00001' } }, 'grant.session_id'],
  ] as const) {
    const refused = await gw.call('POST', '/v1/approvals', { ...valid, ...change });
    assert.deepEqual([refused.status, refused.body.code, refused.body.errors?.[0]?.path], [422, 'VALIDATION_FAILED', at], JSON.stringify(change));
  }
  assert.equal((await gw.call('POST', '/v1/approvals', valid)).status, 201);
});

test('approving a review item with grant once: the same call retried passes, a different one escalates', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const first = await outcome(gw, restart('billing'));
  const res = await gw.call('POST', `/v1/review/queue/${first.id}/resolution`, { outcome: 'approve', note: 'ok, and its retry', grant: { scope: 'once' } });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.grant.from_review, first.id);
  assert.equal((await outcome(gw, restart('search'))).outcome, 'escalate');
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'approve');
  assert.equal((await outcome(gw, restart('billing'))).outcome, 'escalate', 'once is once');
  const rejectWithGrant = await gw.call('POST', `/v1/review/queue/${(await outcome(gw, restart('mail'))).id}/resolution`, { outcome: 'reject', note: 'no', grant: { scope: 'once' } });
  assert.deepEqual([rejectWithGrant.status, rejectWithGrant.body.code], [422, 'VALIDATION_FAILED']);
});

test('the last use of a count grant, raced by concurrent pre-checks, is given exactly once', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } });
  const given = await grant(gw, { scope: 'count', count: 3 });
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => outcome(gw, restart(`svc-${'abcdefgh'[i]}`))));
  assert.equal(results.filter((r) => r.outcome === 'approve').length, 3);
  assert.equal((await gw.call('GET', `/v1/approvals?agent_id=ops-agent-1`)).body.items[0].uses, 3);
  assert.equal(given.max_uses, 3);
});

test('separation of duties: a grant never answers a call of the credential that gave it', async (t) => {
  const gw = await startTestGateway(t, {
    env: { POLICIES_DIR: writeOpsBundle(t), AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE },
  });
  // No roles claim: every role but admin, so this bot may both call and grant (a credential from before roles).
  const bot = { authorization: `Bearer ${await hs256({ sub: 'ops-bot', tier: 'team' })}` };
  const other = { authorization: `Bearer ${await hs256({ sub: 'ops-bot-2', tier: 'team' })}` };
  const call = async (headers: Record<string, string>) => {
    const res = await gw.call('POST', '/v1/runtime/pre-check', restart('billing'), headers);
    assert.equal(res.status, 200, res.text);
    return res.body.decision;
  };
  const escalated = await gw.call('POST', '/v1/runtime/pre-check', restart('billing'), bot);
  assert.equal(escalated.body.decision.outcome, 'escalate');
  const own = await gw.call('POST', `/v1/review/queue/${escalated.body.envelope_id}/resolution`, { outcome: 'approve', note: 'mine' }, bot);
  assert.equal(own.body.code, 'SELF_REVIEW_FORBIDDEN');
  // What the review refuses, a grant ahead of time must not do either.
  const given = await gw.call('POST', '/v1/approvals', { agent_id: 'ops-agent-1', tool: 'restart_service', grant: { scope: 'ttl', ttl_seconds: 600 }, note: 'self' }, bot);
  assert.equal(given.status, 201, given.text);
  assert.equal(given.body.granted_by, 'jwt:ops-bot');
  const retried = await call(bot);
  assert.equal(retried.outcome, 'escalate', retried.reason);
  // Someone else's call of the same agent and tool is what the grant is for.
  const theirs = await call(other);
  assert.equal(theirs.outcome, 'approve', theirs.reason);
  assert.match(theirs.reason, new RegExp(`standing grant ${given.body.id}`));
});
