// audit: intent (docs/sidecar.md, "Audit modes"): the post-check is decided before release as in
// strict mode (a leaking result is still withheld), but the answer goes out without waiting for
// its row, which is group-committed just after. Shown with real upstreams and both ledgers; then
// with the ledger file's write lock taken by the test once the call is forwarded (the pre-check
// row is durable by then), so the post-check row cannot commit: the answer is released anyway,
// the failed append is counted and logged, and the call is left to the outcome reconciler. The
// crash cases run real child processes, killed (SIGKILL) between the release and the commit, on
// both ledgers: SQLite with the file's write lock taken, PostgreSQL with the chain's head row held
// by another transaction. Nothing in the product waits on purpose (no test-only hook): the ledger
// is blocked the way another writer would block it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestContext } from 'node:test';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { SECRET, startMcpServer } from '../helpers/mcp-server.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { json, startToolServer, type ToolHandler } from '../helpers/tool-server.ts';
import { reconcileOutcomes } from '../../src/oversight/index.ts';
import { openSqliteLedger } from '../../src/ledger/index.ts';
import { SIDECAR_CHANNEL, type SidecarEvent } from '../../src/proxy/sidecar-events.ts';
import { until } from '../helpers/until.ts';

const { skip: noPostgres } = await probePostgres();
const OPENAI_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';

function intentRoutes(upstream: string, mcp?: string): string {
  return `
audit: intent
routes:
  - name: kb
    match: { path_prefix: /kb }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
    timeouts: { connect_ms: 200, headers_ms: 1000, body_ms: 200 }
  - name: strict-kb
    match: { path_prefix: /strict }
    upstream: ${upstream}/api
    strip_prefix: true
    tool: { name: search_kb }
    audit: strict
${mcp ? `  - name: tools-mcp
    match: { path_prefix: /mcp }
    upstream: ${mcp}
    strip_prefix: true
    protocol: mcp
` : ''}`;
}


/** The post-check row of a released call, once it is durable. */
function durableRow(gw: TestGateway, envelopeId: string) {
  return until(`post-check row ${envelopeId}`, async () => (await gw.ledger.get(envelopeId)) ?? undefined);
}

const stores = [
  { name: 'SQLite', skip: false, env: async (_t: TestContext) => ({}) },
  { name: 'PostgreSQL', skip: noPostgres, env: async (t: TestContext) => (await createTestSchema(t)).env },
];

for (const store of stores) {
  describe(`audit: intent on ${store.name}`, { skip: store.skip }, () => {
    test('HTTP: the answer is released and its post-check row appears just after; a leak is still withheld', async (t) => {
      const upstream = await startToolServer(t);
      upstream.on('/api/search', json(200, { results: [{ id: 'KB-7' }] }));
      upstream.on('/api/leak', json(200, { key: OPENAI_KEY }));
      const gw = await startTestGateway(t, { env: await store.env(t), agentId: 'support-agent-1', gatewayYaml: intentRoutes(upstream.origin) });

      const res = await gw.call('POST', '/kb/search', { query: 'reset password' });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { results: [{ id: 'KB-7' }] });
      const preId = res.headers.get('x-governance-pre-check')!;
      const post = await durableRow(gw, res.headers.get('x-governance-post-check')!);
      assert.deepEqual([post.kind, post.outcome, post.parent_envelope_id], ['post_check', 'approve', preId]);
      assert.equal((post.payload?.sidecar as { upstream_status: number }).upstream_status, 200);

      // intent changes when the row is durable, never the decision.
      const leak = await gw.call('POST', '/kb/leak', { query: 'keys' });
      assert.equal(leak.status, 403);
      assert.equal(leak.body.code, 'TOOL_RESULT_BLOCKED');
      assert.ok(!leak.text.includes(OPENAI_KEY));
      const withheld = await durableRow(gw, leak.headers.get('x-governance-post-check')!);
      assert.equal(withheld.outcome, 'block');

      // A strict route beside it: the row is durable before the answer is.
      const strict = await gw.call('POST', '/strict/search', { query: 'x' });
      assert.equal(strict.status, 200);
      assert.ok(await gw.ledger.get(strict.headers.get('x-governance-post-check')!), 'strict: durable at release');
    });

    test('MCP: a tools/call result is released and recorded just after; a leaking result is still replaced', async (t) => {
      const server = await startMcpServer(t);
      const upstream = await startToolServer(t);
      const gw = await startTestGateway(t, { env: await store.env(t), agentId: 'support-agent-1', gatewayYaml: intentRoutes(upstream.origin, server.url) });
      const client = new Client({ name: 'support-agent', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.url}/mcp`)));
      t.after(() => client.close());

      const result = await client.callTool({ name: 'search_kb', arguments: { query: 'reset password' } });
      assert.equal(result.isError, undefined);
      const leaked = await client.callTool({ name: 'search_kb', arguments: { query: 'leak the admin key' } });
      assert.equal(leaked.isError, true);
      assert.ok(!JSON.stringify(leaked).includes(SECRET));
      const posts = await until('both post-check rows', async () => {
        const rows = (await gw.ledger.list({ limit: 20, offset: 0 })).rows.filter((r) => r.kind === 'post_check');
        return rows.length === 2 ? rows : undefined;
      });
      assert.deepEqual(posts.map((r) => r.outcome).sort(), ['approve', 'block']);
    });
  });
}

/** Takes the ledger file's write lock (as another writer would) and gives it back. */
function writeLock(file: string): { take(): void; give(): void } {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 10000');
  let held = false;
  return {
    take() { db.exec('BEGIN IMMEDIATE'); held = true; },
    give() {
      if (!db.isOpen) return;
      if (held) db.exec('ROLLBACK');
      held = false;
      db.close();
    },
  };
}

/** An upstream handler that takes the lock first: the call was forwarded, so its pre-check row is durable. */
function lockingThenAnswering(lock: { take(): void }, body: unknown): ToolHandler {
  const answer = json(200, body);
  return (req, res) => {
    lock.take();
    answer(req, res);
  };
}

test('audit: intent, the post-check row cannot commit: released anyway, counted, logged, and reconciled as outcome_unknown', async (t) => {
  const upstream = await startToolServer(t);
  const gw = await startTestGateway(t, { agentId: 'support-agent-1', gatewayYaml: intentRoutes(upstream.origin), env: { OUTCOME_RECONCILE_INTERVAL_SECONDS: '0' } });
  const lock = writeLock(gw.ledgerPath);
  t.after(() => lock.give());
  upstream.on('/api/search', lockingThenAnswering(lock, { results: [] }));

  const unrecorded = new Promise<void>((resolve) => {
    const onEvent = (message: unknown) => {
      if ((message as SidecarEvent).event !== 'intent_unrecorded') return;
      diagnostics_channel.unsubscribe(SIDECAR_CHANNEL, onEvent);
      resolve();
    };
    diagnostics_channel.subscribe(SIDECAR_CHANNEL, onEvent);
  });
  const res = await gw.call('POST', '/kb/search', { query: 'x' });
  assert.equal(res.status, 200, 'released without waiting for the row');
  const preId = res.headers.get('x-governance-pre-check')!;
  const postId = res.headers.get('x-governance-post-check')!;
  // Released, but its row still holds memory: the call counts against the budget until it is settled.
  assert.match((await gw.call('GET', '/metrics')).text, /^sidecar_calls_in_flight\{value="now"\} 1$/m);
  // SQLite gives up on a locked file after its busy_timeout (5 s): the append fails, after the release.
  await unrecorded;
  lock.give();
  const metrics = (await gw.call('GET', '/metrics')).text;
  assert.match(metrics, /sidecar_events_total\{route="kb",event="intent_unrecorded"\} 1/);
  assert.match(metrics, /sidecar_events_total\{route="kb",event="released"\} 1/);
  assert.match(metrics, /^sidecar_calls_in_flight\{value="now"\} 0$/m);
  assert.equal(await gw.ledger.get(postId), undefined, 'the row never committed');

  // The pre-check is left in flight; past its deadline the reconciler marks it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const report = await reconcileOutcomes(gw.ledger, { graceMs: 0 });
  assert.deepEqual(report, { ran: true, recorded: 1 });
  const { items } = await gw.ledger.executions({ status: 'outcome_unknown', order: 'oldest', limit: 10, offset: 0 });
  assert.deepEqual(items.map((item) => item.envelope_id), [preId]);
});

test('audit: intent, a sidecar killed after the release and before the post-check commit: the restart records outcome_unknown', async (t) => {
  const upstream = await startToolServer(t);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-intent-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'gateway.yaml'), intentRoutes(upstream.origin));
  const ledgerPath = path.join(dir, 'ledger.db');
  const env = {
    LEDGER_PATH: ledgerPath, CONFIG_DIR: dir, AGENT_ID: 'support-agent-1', GATEWAY_VARIANT: 'edge',
    OUTCOME_UNKNOWN_GRACE_SECONDS: '0', OUTCOME_RECONCILE_INTERVAL_SECONDS: '1',
  };
  const first = await startGatewayProcess(t, env);
  const lock = writeLock(ledgerPath);
  t.after(() => lock.give());
  upstream.on('/api/search', lockingThenAnswering(lock, { results: [{ id: 'KB-7' }] }));

  const res = await first.call('POST', '/kb/search', { query: 'reset password' });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { results: [{ id: 'KB-7' }] }, 'the agent has the answer');
  const preId = res.headers.get('x-governance-pre-check')!;
  const postId = res.headers.get('x-governance-post-check')!;
  // Its row waits for the lock (busy_timeout 5 s): killed now, it never commits.
  await first.kill9();
  lock.give();

  const second = await startGatewayProcess(t, env);
  const unknown = await until('the outcome_unknown row', async () => {
    const page = await second.call('GET', '/v1/audit/executions?status=outcome_unknown');
    return page.body.items.length >= 1 ? page.body : undefined;
  });
  assert.deepEqual(unknown.items.map((item: { envelope_id: string }) => item.envelope_id), [preId]);
  assert.equal((await second.call('GET', `/v1/audit/executions/${postId}`)).status, 404, 'the released call\'s post-check row was lost with the process');
  assert.equal((await second.call('GET', '/v1/audit/executions?status=in_flight')).body.total, 0);
});

test('audit: intent on PostgreSQL, a sidecar killed while its post-check row waits for the ledger head: the restart records outcome_unknown', { skip: noPostgres }, async (t) => {
  const upstream = await startToolServer(t);
  const db = await createTestSchema(t);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-intent-pg-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'gateway.yaml'), intentRoutes(upstream.origin));
  const env = {
    ...db.env, CONFIG_DIR: dir, AGENT_ID: 'support-agent-1', GATEWAY_VARIANT: 'edge',
    OUTCOME_UNKNOWN_GRACE_SECONDS: '0', OUTCOME_RECONCILE_INTERVAL_SECONDS: '1',
  };
  const first = await startGatewayProcess(t, env);
  // Another writer holds the chain's head row: every append waits behind it (statement_timeout 5 s).
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  t.after(() => locker.end().catch(() => undefined));
  upstream.on('/api/search', (req, res) => {
    void (async () => {
      await locker.query(`SET search_path = ${db.schema}`);
      await locker.query('BEGIN');
      await locker.query('SELECT seq FROM ledger_head WHERE id = 1 FOR UPDATE');
      json(200, { results: [{ id: 'KB-7' }] })(req, res);
    })();
  });

  const res = await first.call('POST', '/kb/search', { query: 'reset password' });
  assert.equal(res.status, 200);
  const preId = res.headers.get('x-governance-pre-check')!;
  const postId = res.headers.get('x-governance-post-check')!;
  await first.kill9();
  // The killed process's backend may still be queued behind the locker with its whole append in
  // hand: left alone it would commit the row once the lock goes (PostgreSQL notices a dead client
  // only when it next talks to it). End it as the server would, so the row is lost with its process.
  const blocked = await until('the killed append waiting behind the locker', async () => {
    const { rows } = await locker.query('SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))');
    return rows.length > 0 ? rows : undefined;
  }, 5_000).catch(() => []);
  for (const { pid } of blocked) await locker.query('SELECT pg_terminate_backend($1)', [pid]);
  await locker.query('ROLLBACK');

  const second = await startGatewayProcess(t, env);
  const unknown = await until('the outcome_unknown row', async () => {
    const page = await second.call('GET', '/v1/audit/executions?status=outcome_unknown');
    return page.body.items.length >= 1 ? page.body : undefined;
  });
  assert.deepEqual(unknown.items.map((item: { envelope_id: string }) => item.envelope_id), [preId]);
  assert.equal((await second.call('GET', `/v1/audit/executions/${postId}`)).status, 404);
});

test('audit: intent, a graceful shutdown right after the release still appends the post-check row', async (t) => {
  const upstream = await startToolServer(t);
  const gw = await startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: intentRoutes(upstream.origin) });
  t.after(() => rmSync(gw.dir, { recursive: true, force: true }));
  const lock = writeLock(gw.ledgerPath);
  t.after(() => lock.give());
  upstream.on('/api/search', lockingThenAnswering(lock, { results: [] }));

  const res = await gw.call('POST', '/kb/search', { query: 'x' });
  assert.equal(res.status, 200);
  // The row waits on the lock while the gateway shuts down; the lock goes before SQLite gives up.
  const closed = gw.close();
  setTimeout(() => lock.give(), 300);
  await closed;
  const ledger = openSqliteLedger({ path: gw.ledgerPath });
  t.after(() => ledger.close());
  const post = await ledger.get(res.headers.get('x-governance-post-check')!);
  assert.equal(post?.kind, 'post_check');
  assert.equal(post?.parent_envelope_id, res.headers.get('x-governance-pre-check'));
});
