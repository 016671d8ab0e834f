// A sidecar with CENTRAL_GATEWAY_URL and no DATABASE_URL: a real central gateway on PostgreSQL
// (port 0) records what the sidecar decides, in the one chain, and the chain verifies; the
// kill switch set on the central gateway blocks the sidecar; a central gateway that cannot be
// reached makes the sidecar fail closed (503) without forwarding. The internal API refuses
// callers without the Enterprise tier and entries that try to write seq or hashes.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { json, startToolServer } from '../helpers/tool-server.ts';
import { hs256, TEST_JWT_SECRET } from '../helpers/credentials.ts';

const { skip } = await probePostgres();

const ROUTES = (upstream: string) => `
routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
  - name: tools
    match: { path_prefix: /tools }
    upstream: ${upstream}
    tool: { path: "/tools/{tool}" }
`;

async function startFleet(t: Parameters<typeof startTestGateway>[0] & object) {
  const db = await createTestSchema(t);
  const upstream = await startToolServer(t);
  upstream.on('/api', json(200, { results: [{ title: 'Reset your password' }] }));
  const central = await startTestGateway(t, {
    env: { ...db.env, GATEWAY_VARIANT: 'edge', AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET },
  });
  const token = await hs256({ sub: 'sidecar-support-agent-1', tier: 'enterprise', team: null as unknown as string });
  const sidecar = await startTestGateway(t, {
    env: { GATEWAY_VARIANT: 'edge', CENTRAL_GATEWAY_URL: central.url, CENTRAL_GATEWAY_TOKEN: token },
    agentId: 'support-agent-1',
    gatewayYaml: ROUTES(upstream.origin),
  });
  return { db, upstream, central, sidecar, token };
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) if (await check()) return;
  throw new Error(`${what} did not happen within 10 s`);
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  envelope_id: randomUUID(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'support-agent-1', action: 'search_kb',
  outcome: 'approve', risk_tier: 'low', risk_score: 10, final_confidence: 90, policy_version: 'v1', score_version: 's1',
  reviewer_id: null, review_deadline: null, payload: { note: 'direct' }, ...overrides,
});

describe('a sidecar that records through the central gateway', { skip }, () => {
  test('an allowed and a blocked call land in the central ledger, and the chain verifies', async (t) => {
    const { upstream, central, sidecar } = await startFleet(t);
    const health = await sidecar.call('GET', '/health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.body.ledger, { kind: 'central', reachable: true });

    const allowed = await sidecar.call('POST', '/kb', { query: 'reset password' });
    assert.equal(allowed.status, 200);
    const blocked = await sidecar.call('POST', '/tools/delete_all_tickets', { confirm: true });
    assert.equal(blocked.status, 403);
    assert.equal(blocked.body.code, 'TOOL_CALL_BLOCKED');
    assert.equal(upstream.received.length, 1, 'only the allowed call was forwarded');

    // Read from the central gateway's own store: the sidecar has none.
    const pre = await central.ledger.get(allowed.headers.get('x-governance-pre-check')!);
    const post = await central.ledger.get(allowed.headers.get('x-governance-post-check')!);
    const block = await central.ledger.get(blocked.body.envelope_id);
    assert.deepEqual([pre?.kind, pre?.outcome, pre?.agent_id], ['pre_check', 'approve', 'support-agent-1']);
    assert.deepEqual([post?.kind, post?.parent_envelope_id], ['post_check', pre?.envelope_id]);
    assert.deepEqual([block?.kind, block?.outcome, block?.action], ['pre_check', 'block', 'delete_all_tickets']);
    // The credential that sent each entry is recorded with it.
    assert.deepEqual(pre?.payload?.recorded_by, { principal: 'jwt:sidecar-support-agent-1', tier: 'enterprise' });
    const report = await central.ledger.verify();
    assert.equal(report.valid, true);
    assert.ok(report.rows_checked >= 3);
  });

  test('the kill switch set on the central gateway blocks the sidecar, and lifting it reopens it', async (t) => {
    const { upstream, central, sidecar } = await startFleet(t);
    const admin = await hs256({ sub: 'sre-alice', tier: 'enterprise' });
    const on = await central.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident INC-9', actor: 'sre-alice' }, { 'x-service-token': admin });
    assert.equal(on.status, 200);
    await until('the sidecar seeing the kill switch', async () => (await sidecar.call('GET', '/v1/runtime/kill-switch')).body.active === true);
    const res = await sidecar.call('POST', '/kb', { query: 'anything' });
    assert.equal(res.status, 403);
    assert.equal(res.body.decision.outcome, 'block');
    assert.match(res.body.decision.reason, /kill switch/i);
    assert.equal(upstream.received.length, 0);

    await central.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'resolved', actor: 'sre-alice' }, { 'x-service-token': admin });
    await until('the sidecar seeing the kill switch lifted', async () => (await sidecar.call('GET', '/v1/runtime/kill-switch')).body.active === false);
    assert.equal((await sidecar.call('POST', '/kb', { query: 'after' })).status, 200);
  });

  test('the central gateway down: the sidecar fails closed with 503 LEDGER_UNAVAILABLE and forwards nothing', async (t) => {
    const { upstream, central, sidecar } = await startFleet(t);
    assert.equal((await sidecar.call('POST', '/kb', { query: 'before' })).status, 200);
    await central.close();
    const refused = await sidecar.call('POST', '/kb', { query: 'after' });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'LEDGER_UNAVAILABLE');
    assert.match(refused.body.detail, /central gateway at http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
    assert.equal(upstream.received.length, 1, 'nothing was forwarded once the central gateway was gone');
    const health = await sidecar.call('GET', '/health');
    assert.equal(health.status, 503);
    assert.equal(health.body.ledger.reachable, false);
  });

  test('the internal API: Enterprise only, strict entries (no seq or hashes, no kill switch rows), the central gateway chains them', async (t) => {
    const { central, token } = await startFleet(t);
    const append = (body: unknown, credential = token) => central.call('POST', '/v1/internal/ledger/append', body, { 'x-service-token': credential });

    const team = await append({ entries: [entry()] }, await hs256({ sub: 'dev', tier: 'team' }));
    assert.equal(team.status, 403);
    assert.equal(team.body.code, 'FORBIDDEN');
    assert.equal(team.body.feature, 'ledger_internal');
    assert.equal((await append({ entries: [entry()] }, 'not-a-credential')).status, 401);

    const cases: Array<[string, unknown, string]> = [
      ['a seq of its choosing', { entries: [{ ...entry(), seq: 1 }] }, 'entries[0]'],
      ['its own hash', { entries: [{ ...entry(), hash: 'f'.repeat(64), prev_hash: '0'.repeat(64) }] }, 'entries[0]'],
      ['a kill switch row', { entries: [entry({ kind: 'kill_switch', action: 'activate', outcome: null })] }, 'entries[0].kind'],
      ['a review verdict', { entries: [entry({ kind: 'review' })] }, 'entries[0].kind'],
      ['an envelope id that is not a UUID', { entries: [entry({ envelope_id: 'x' })] }, 'entries[0].envelope_id'],
      ['no entries', { entries: [] }, 'entries'],
      ['a missing field', { entries: [{ ...entry(), payload: undefined }] }, 'entries[0]'],
    ];
    for (const [what, body, path] of cases) {
      const res = await append(body);
      assert.equal(res.status, 422, what);
      assert.equal(res.body.code, 'VALIDATION_FAILED', what);
      assert.ok(res.body.errors.some((e: { path: string }) => e.path.startsWith(path)), `${what}: ${JSON.stringify(res.body.errors)}`);
    }

    const first = entry();
    const ok = await append({ entries: [first, entry({ kind: 'post_check', parent_envelope_id: first.envelope_id, action: null })] });
    assert.equal(ok.status, 200);
    const [a, b] = ok.body.results.map((r: { row: { seq: number; prev_hash: string; hash: string } }) => r.row);
    assert.equal(b.seq, a.seq + 1);
    assert.equal(b.prev_hash, a.hash);
    // A second post-check for the same pre-check is refused on its own, with the ledger's code.
    const again = await append({ entries: [entry({ kind: 'post_check', parent_envelope_id: first.envelope_id, action: null }), entry()] });
    assert.equal(again.status, 200);
    assert.equal(again.body.results[0].error.code, 'LEDGER_DUPLICATE_POST_CHECK');
    assert.ok(again.body.results[1].row.seq > b.seq);

    // Prefer: return=minimal (what sidecars send): rows without payloads, and what was added to them once.
    const sent = entry();
    const minimal = await central.call('POST', '/v1/internal/ledger/append', { entries: [sent] }, { 'x-service-token': token, prefer: 'return=minimal' });
    assert.equal(minimal.status, 200);
    assert.equal(minimal.headers.get('preference-applied'), 'return=minimal');
    assert.match(minimal.headers.get('vary') ?? '', /prefer/i);
    const [{ row }] = minimal.body.results;
    assert.equal('payload' in row, false);
    assert.equal(row.envelope_id, sent.envelope_id);
    assert.deepEqual(minimal.body.recorded_by, { principal: 'jwt:sidecar-support-agent-1', tier: 'enterprise' });
    const stored = await central.ledger.get(sent.envelope_id);
    assert.deepEqual(stored?.payload, { ...sent.payload, recorded_by: minimal.body.recorded_by });
    assert.deepEqual({ ...stored, payload: undefined }, { ...row, payload: undefined });
    // Without it (a sidecar from before): full rows, no Preference-Applied.
    assert.equal(ok.headers.get('preference-applied'), null);
    assert.ok(ok.body.results[0].row.payload);
    assert.equal((await central.ledger.verify()).valid, true);
  });

  test('an agent-bound credential appends only for its agent: no entry without an agent, no child row of another agent\'s call', async (t) => {
    const { central, token } = await startFleet(t);
    const bound = await hs256({ sub: 'sidecar-support-agent-1', tier: 'enterprise', team: null as unknown as string, agent: 'support-agent-1' });
    const append = (credential: string, ...entries: unknown[]) => central.call('POST', '/v1/internal/ledger/append', { entries }, { 'x-service-token': credential });

    // Another agent's pre-check, recorded by a fleet-wide credential.
    const foreign = entry({ agent_id: 'payments-agent-1', action: 'pay_invoice' });
    assert.equal((await append(token, foreign)).status, 200);
    const own = entry();
    assert.equal((await append(bound, own)).status, 200, 'its own agent\'s pre-check is recorded');

    const refusals: Array<[string, Record<string, unknown>]> = [
      ['an entry that names no agent', entry({ kind: 'tunnel', agent_id: null, action: 'CONNECT example.com:443', outcome: null })],
      ['a post-check of another agent\'s pre-check', entry({ kind: 'post_check', parent_envelope_id: foreign.envelope_id, action: null })],
      ['an idempotency conflict on another agent\'s pre-check', entry({ kind: 'idempotency_conflict', parent_envelope_id: foreign.envelope_id, outcome: null })],
      ['a decision re-run of another agent\'s call', entry({ kind: 'decision', parent_envelope_id: foreign.envelope_id })],
    ];
    for (const [what, refused] of refusals) {
      const res = await append(bound, refused);
      assert.equal(res.status, 403, `${what}: ${res.text}`);
      assert.equal(res.body.code, 'AGENT_OUT_OF_SCOPE', what);
      assert.equal(await central.ledger.get(refused.envelope_id as string), undefined, `${what}: nothing recorded`);
    }
    // A pre-check this gateway did not append through the route (another replica's): its agent is read from the ledger.
    const elsewhere = entry({ agent_id: 'payments-agent-2', action: 'pay_invoice' });
    await central.ledger.append(elsewhere as never);
    const theirs = await append(bound, entry({ kind: 'post_check', parent_envelope_id: elsewhere.envelope_id, action: null }));
    assert.deepEqual([theirs.status, theirs.body.code], [403, 'AGENT_OUT_OF_SCOPE'], theirs.text);
    // The other agent's sidecar can still post-check its own call: the slot was not taken.
    const post = await append(token, entry({ kind: 'post_check', parent_envelope_id: foreign.envelope_id, agent_id: 'payments-agent-1', action: null }));
    assert.equal(post.status, 200, post.text);
    assert.ok(post.body.results[0].row, JSON.stringify(post.body));
    // Its own post-check, and one whose pre-check is in the same request, are recorded.
    const mine = await append(bound, entry({ kind: 'post_check', parent_envelope_id: own.envelope_id, action: null }));
    assert.ok(mine.body.results[0].row, mine.text);
    const pre = entry();
    const together = await append(bound, pre, entry({ kind: 'post_check', parent_envelope_id: pre.envelope_id, action: null }));
    assert.equal(together.status, 200, together.text);
    assert.ok(together.body.results.every((r: { row?: unknown }) => r.row), together.text);
  });

  test('an agent-bound credential reads only its agent\'s rows and what the fleet shares; a sidecar bound to its agent still governs end to end', async (t) => {
    const { upstream, central, token } = await startFleet(t);
    const bound = await hs256({ sub: 'sidecar-support-agent-1', tier: 'enterprise', team: null as unknown as string, agent: 'support-agent-1' });
    const read = (credential: string, path: string) => central.call('GET', path, undefined, { 'x-service-token': credential });
    const append = (...entries: unknown[]) => central.call('POST', '/v1/internal/ledger/append', { entries }, { 'x-service-token': token });

    const foreign = entry({ agent_id: 'payments-agent-1', action: 'pay_invoice', payload: { iban: 'DE89370400440532013000' } });
    const foreignPost = entry({ kind: 'post_check', parent_envelope_id: foreign.envelope_id, agent_id: 'payments-agent-1', action: null });
    const own = entry();
    const ownPost = entry({ kind: 'post_check', parent_envelope_id: own.envelope_id, action: null });
    const pin = entry({ kind: 'tool_pin', agent_id: 'payments-agent-1', action: 'pay_invoice', outcome: null, risk_tier: null, risk_score: null, final_confidence: null });
    assert.equal((await append(foreign, foreignPost, own, ownPost, pin)).status, 200);

    // By id: another agent's row, and a row linked to it, answer as unknown rows do.
    const rowOf = async (credential: string, path: string) => {
      const res = await read(credential, path);
      assert.equal(res.status, 200, `${path}: ${res.text}`);
      return res.body.row?.envelope_id ?? null;
    };
    assert.equal(await rowOf(bound, `/v1/internal/ledger/rows/${foreign.envelope_id}`), null);
    assert.equal(await rowOf(token, `/v1/internal/ledger/rows/${foreign.envelope_id}`), foreign.envelope_id, 'a fleet-wide credential reads it');
    assert.equal(await rowOf(bound, `/v1/internal/ledger/rows/${own.envelope_id}`), own.envelope_id);
    assert.equal(await rowOf(bound, `/v1/internal/ledger/rows/${pin.envelope_id}`), pin.envelope_id, 'a tool pin is the fleet\'s');
    assert.equal(await rowOf(bound, `/v1/internal/ledger/rows/${foreign.envelope_id}/child?kind=post_check`), null);
    assert.equal(await rowOf(bound, `/v1/internal/ledger/rows/${own.envelope_id}/child?kind=post_check`), ownPost.envelope_id);
    const children = async (credential: string, id: string) => (await read(credential, `/v1/internal/ledger/rows/${id}/children`)).body.rows.map((row: { envelope_id: string }) => row.envelope_id);
    assert.deepEqual(await children(bound, foreign.envelope_id), []);
    assert.deepEqual(await children(token, foreign.envelope_id), [foreignPost.envelope_id]);
    assert.deepEqual(await children(bound, own.envelope_id), [ownPost.envelope_id]);
    // A parent this gateway did not append through the route (another replica's) is read from the ledger to decide.
    const elsewhere = entry();
    const elsewherePost = entry({ kind: 'post_check', parent_envelope_id: elsewhere.envelope_id, action: null });
    await central.ledger.append(elsewhere as never);
    await central.ledger.append(elsewherePost as never);
    assert.deepEqual(await children(bound, elsewhere.envelope_id), [elsewherePost.envelope_id]);

    // Queries: another agent, or none, is refused and recorded; its own agent and the fleet's shared kinds are served.
    const refused: Array<[string, string]> = [
      ['another agent\'s recent outcomes', '/v1/internal/ledger/recent-outcomes?agent_id=payments-agent-1&limit=10'],
      ['another agent\'s rows', '/v1/internal/ledger/rows?agent_id=payments-agent-1'],
      ['every agent\'s calls', '/v1/internal/ledger/rows?kind=pre_check'],
      ['every row', '/v1/internal/ledger/rows'],
      ['the newest call of the fleet', '/v1/internal/ledger/latest?kind=pre_check'],
    ];
    for (const [what, path] of refused) {
      const res = await read(bound, path);
      assert.deepEqual([res.status, res.body.code], [403, 'AGENT_OUT_OF_SCOPE'], `${what}: ${res.text}`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, what);
      assert.equal((await read(token, path)).status, 200, `${what}: a fleet-wide credential reads it`);
    }
    const mismatches = await central.ledger.list({ kind: 'agent_mismatch', limit: 100, offset: 0 });
    assert.ok(mismatches.total >= refused.length, `each refusal is recorded (${mismatches.total})`);
    assert.equal((await read(bound, '/v1/internal/ledger/recent-outcomes?agent_id=support-agent-1&limit=10')).status, 200);
    const ownRows = await read(bound, '/v1/internal/ledger/rows?agent_id=support-agent-1');
    assert.ok(ownRows.body.rows.every((row: { agent_id: string }) => row.agent_id === 'support-agent-1') && ownRows.body.total >= 2, ownRows.text);
    const pins = await read(bound, '/v1/internal/ledger/rows?kind=tool_pin');
    assert.deepEqual(pins.body.rows.map((row: { envelope_id: string }) => row.envelope_id), [pin.envelope_id], pins.text);
    assert.equal((await read(bound, '/v1/internal/ledger/latest?kind=kill_switch')).status, 200);

    // A sidecar holding the bound credential reads what it needs (tool pins, its calls' rows) and governs as before.
    const sidecar = await startTestGateway(t, {
      env: { GATEWAY_VARIANT: 'edge', CENTRAL_GATEWAY_URL: central.url, CENTRAL_GATEWAY_TOKEN: bound },
      agentId: 'support-agent-1',
      gatewayYaml: ROUTES(upstream.origin),
    });
    const allowed = await sidecar.call('POST', '/kb', { query: 'reset password' });
    assert.equal(allowed.status, 200, allowed.text);
    const post = await central.ledger.get(allowed.headers.get('x-governance-post-check')!);
    assert.deepEqual([post?.kind, post?.agent_id], ['post_check', 'support-agent-1']);
    const blocked = await sidecar.call('POST', '/tools/delete_all_tickets', { confirm: true });
    assert.deepEqual([blocked.status, blocked.body.code], [403, 'TOOL_CALL_BLOCKED']);
  });

  test('the internal API is in the central gateway\'s /openapi.json (tag internal, a valid document), and not served by a sidecar', async (t) => {
    const { central, sidecar, token } = await startFleet(t);
    const doc = (await central.call('GET', '/openapi.json')).body;
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    const internal = Object.keys(doc.paths).filter((p) => p.startsWith('/v1/internal/')).sort();
    assert.deepEqual(internal, [
      '/v1/internal/fleet/state', '/v1/internal/ledger/append', '/v1/internal/ledger/head', '/v1/internal/ledger/latest',
      '/v1/internal/ledger/recent-outcomes', '/v1/internal/ledger/rows', '/v1/internal/ledger/rows/{envelope_id}', '/v1/internal/ledger/rows/{envelope_id}/child',
      '/v1/internal/ledger/rows/{envelope_id}/children',
    ]);
    for (const p of internal) for (const op of Object.values(doc.paths[p]) as Array<{ tags: string[] }>) assert.deepEqual(op.tags, ['internal']);
    assert.equal((await sidecar.call('POST', '/v1/internal/ledger/append', { entries: [entry()] }, { 'x-service-token': token })).status, 404);
    // What only the central gateway serves, asked of the sidecar: 501 naming where to ask.
    const verify = await sidecar.call('GET', '/v1/audit/chain/verify');
    assert.equal(verify.status, 501);
    assert.equal(verify.body.code, 'CENTRAL_GATEWAY_ONLY');
  });

  test('fleet state long-poll: 304 after the wait when nothing changed, the new state at once when the kill switch flips', async (t) => {
    const { central, token } = await startFleet(t);
    const auth = { 'x-service-token': token };
    const first = await central.call('GET', '/v1/internal/fleet/state', undefined, auth);
    assert.equal(first.status, 200);
    assert.equal(first.body.kill_switch.active, false);
    const etag = first.headers.get('etag')!;
    assert.equal(first.body.etag, etag);
    const unchanged = await central.call('GET', '/v1/internal/fleet/state?wait=1', undefined, { ...auth, 'if-none-match': etag });
    assert.equal(unchanged.status, 304);

    const waiting = central.call('GET', '/v1/internal/fleet/state?wait=30', undefined, { ...auth, 'if-none-match': etag });
    const admin = await hs256({ sub: 'sre-alice', tier: 'enterprise' });
    await central.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'sre-alice' }, { 'x-service-token': admin });
    const changed = await waiting;
    assert.equal(changed.status, 200);
    assert.equal(changed.body.kill_switch.active, true);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal((await central.call('GET', '/v1/internal/fleet/state?wait=31', undefined, auth)).status, 422);
  });
});
