// API keys of a fleet: with DATABASE_URL on PostgreSQL, two gateway processes on one schema and
// the `govgate keys` CLI share one key store. A key created once works on every replica; a revoke
// (from another process, as `kubectl exec … keys revoke` would be) is refused by every replica on
// its very next request, also by one that had the key cached; the bootstrap key of BOOTSTRAP_API_KEY
// works on both before anyone created a key, and is one row however many replicas install it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { generateApiKey, installBootstrapKey, openPostgresKeyStore } from '../../src/auth/index.ts';
import { migratePostgresSchema } from '../../src/ledger/index.ts';
import { REPO_ROOT } from '../helpers/gateway.ts';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip } = await probePostgres();
const MAIN = path.join(REPO_ROOT, 'src/main.ts');

interface Run { code: number | null; stdout: string; stderr: string }

function govgate(args: string[], env: Record<string, string>): Promise<Run> {
  const { NODE_TEST_CONTEXT: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

/** A call that needs a credential of the team tier (the audit list). */
const audit = (gw: GatewayProcess, key: string) => gw.call('GET', '/v1/audit/executions?limit=1', undefined, { 'x-service-token': key });

describe('API keys shared by a fleet through PostgreSQL', { skip }, () => {
  test('replicas installing the bootstrap key at the same moment: one row, no replica fails', async (t) => {
    const db = await createTestSchema(t);
    await migratePostgresSchema(db.options);
    const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresKeyStore({ connection: db.options, listen: false })));
    t.after(async () => { for (const store of stores) await store.close(); });
    const key = generateApiKey();
    for (let round = 0; round < 30; round++) {
      const fresh = round === 0 ? key : generateApiKey();
      const results = await Promise.all(stores.map((store) => installBootstrapKey(store, fresh)));
      assert.equal(results.filter((r) => r.result === 'inserted').length, 1, `round ${round}: ${results.map((r) => r.result).join(', ')}`);
      assert.equal(new Set(results.map((r) => r.id)).size, 1);
    }
    assert.equal((await stores[0].list()).length, 30);
  });

  test('created once, used on every replica; revoked on one process, refused by all on the next request', async (t) => {
    const db = await createTestSchema(t);
    const bootstrap = generateApiKey();
    const env = { ...db.env, GATEWAY_VARIANT: 'edge', AUTH_ENABLED: 'true', CHECKPOINT_INTERVAL_SECONDS: '0', FLEET_SYNC_INTERVAL_MS: '600000', BOOTSTRAP_API_KEY: bootstrap };
    const [a, b] = await Promise.all([startGatewayProcess(t, env), startGatewayProcess(t, env)]);

    // The first call after an install: the bootstrap key, on both, with the enterprise tier.
    for (const gw of [a, b]) {
      const res = await gw.call('GET', '/v1/audit/chain/verify', undefined, { 'x-service-token': bootstrap });
      assert.equal(res.status, 200, res.text);
    }
    const listed = await govgate(['keys', 'list', '--json'], db.env);
    assert.equal(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as { id: string; tier: string; name: string }[];
    assert.equal(rows.length, 1, 'both replicas installed the same bootstrap row');
    assert.deepEqual([rows[0].tier, rows[0].name], ['enterprise', 'bootstrap (BOOTSTRAP_API_KEY)']);

    const created = await govgate(['keys', 'create', '--tier', 'team', '--name', 'ci', '--json'], db.env);
    assert.equal(created.code, 0, created.stderr);
    const { key, id } = JSON.parse(created.stdout) as { key: string; id: string };
    for (const gw of [a, b]) assert.equal((await audit(gw, key)).status, 200, `${gw.url} accepts the key created once`);
    // Both now hold the key in their cache.
    for (const gw of [a, b]) assert.equal((await audit(gw, key)).status, 200);

    const revoked = await govgate(['keys', 'revoke', id], db.env);
    assert.equal(revoked.code, 0, revoked.stderr);
    for (const gw of [b, a]) {
      const res = await audit(gw, key);
      assert.equal(res.status, 401, `${gw.url} refuses the revoked key on its next request`);
      assert.match(res.body.detail, /revoked/);
    }
    assert.match((await govgate(['keys', 'revoke', id], db.env)).stdout, /already revoked/);
    assert.equal((await govgate(['keys', 'revoke', 'key_0000000000000000'], db.env)).code, 1);
    // The bootstrap key is an ordinary key: revoked like one, everywhere.
    assert.equal((await govgate(['keys', 'revoke', rows[0].id], db.env)).code, 0);
    for (const gw of [a, b]) assert.equal((await audit(gw, bootstrap)).status, 401);
  });

  test('keys commands before the schema exists say to migrate', async (t) => {
    const db = await createTestSchema(t);
    const run = await govgate(['keys', 'list'], db.env);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /govgate migrate/);
  });
});
