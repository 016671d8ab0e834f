// The SSO store on both back ends: a pending request is consumed once, an assertion id is new
// once, a session is found until revoked or expired, and purge removes only what expired.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migratePostgres, openLedgerDatabase } from '../../../src/ledger/index.ts';
import { openPostgresSsoStore, openSqliteSsoStore, type SessionRecord, type SsoStore } from '../../../src/sso/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip } = await probePostgres();

const session = (id: string, expires: number): SessionRecord => ({
  id_hash: id, subject: 'alice', name_id: 'alice@example.com', name_id_format: null, session_index: 's1', tier: 'enterprise',
  teams: ['payments'], roles: ['reviewer'], created_at: 1000, expires_at: expires, revoked_at: null,
});

async function exercise(store: SsoStore): Promise<void> {
  await store.saveRequest('_r1', '/console', 5000);
  await store.saveRequest('_r2', '/', 1500);
  assert.deepEqual(await store.consumeRequest('_r1', 2000), { relay_state: '/console' });
  assert.equal(await store.consumeRequest('_r1', 2000), null, 'consumed once');
  assert.equal(await store.consumeRequest('_r2', 2000), null, 'expired');
  assert.equal(await store.consumeRequest('_unknown', 2000), null);
  // Two replicas racing for one request: exactly one wins.
  await store.saveRequest('_r3', '/x', 5000);
  const race = await Promise.all([store.consumeRequest('_r3', 2000), store.consumeRequest('_r3', 2000)]);
  assert.equal(race.filter(Boolean).length, 1);

  assert.equal(await store.rememberAssertion('a1', 5000), true);
  assert.equal(await store.rememberAssertion('a1', 5000), false);
  const raced = await Promise.all([store.rememberAssertion('a2', 5000), store.rememberAssertion('a2', 5000)]);
  assert.deepEqual(raced.sort(), [false, true]);

  await store.createSession(session('h1', 5000));
  await store.createSession(session('h2', 1500));
  assert.deepEqual(await store.findSession('h1', 2000), session('h1', 5000));
  assert.equal(await store.findSession('h2', 2000), undefined, 'expired');
  assert.equal(await store.revokeSession('h1', 2500), true);
  assert.equal(await store.revokeSession('h1', 2600), false);
  assert.equal(await store.findSession('h1', 2700), undefined, 'revoked');

  await store.saveRequest('_r4', '/', 9000);
  await store.rememberAssertion('a3', 9000);
  await store.createSession(session('h3', 9000));
  // Expired: a1, a2, h1, h2 (5000 / 1500 <= 6000; the requests were deleted when consumed); kept: _r4, a3, h3.
  assert.equal(await store.purge(6000), 4);
  assert.equal(await store.rememberAssertion('a3', 9000), false, 'unexpired assertion ids survive a purge');
  assert.ok(await store.findSession('h3', 6000));
}

describe('SSO store', () => {
  test('SQLite', async (t) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sso-store-')), 'ledger.db');
    openLedgerDatabase(file).close();
    const store = openSqliteSsoStore(file);
    t.after(() => store.close());
    await exercise(store);
  });

  test('PostgreSQL', { skip }, async (t) => {
    const db = await createTestSchema(t);
    const pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${db.schema}`, max: 1 });
    await migratePostgres(pool);
    await pool.end();
    const store = await openPostgresSsoStore(db.options, () => {});
    t.after(() => store.close());
    await exercise(store);
  });
});
