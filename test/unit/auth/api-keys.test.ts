// API keys: format, hash-only storage, constant-time check, revocation seen at once by every
// process sharing the store (two store handles on one file stand in for two processes).

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  AuthFailure, createApiKeyAuthenticator, generateApiKey, hashApiKey, isApiKeyFormat, issueApiKey, openSqliteKeyStore,
  type KeyStore,
} from '../../../src/auth/index.ts';

function tempStore(t: TestContext): { file: string; open: () => KeyStore } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-keys-'));
  const file = path.join(dir, 'keys.db');
  const opened: KeyStore[] = [];
  t.after(async () => {
    for (const store of opened) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { file, open: () => { const store = openSqliteKeyStore(file); opened.push(store); return store; } };
}

async function rejects(promise: Promise<unknown>, kind: 'invalid' | 'unavailable', message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => error instanceof AuthFailure && error.kind === kind && message.test(error.message));
}

describe('key format', () => {
  test('a recognisable prefix and 256 random bits; never the same twice', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    assert.equal(keys.size, 200);
    for (const key of keys) {
      assert.match(key, /^ggk_[A-Za-z0-9_-]{43}$/);
      assert.ok(isApiKeyFormat(key));
    }
    for (const bad of ['ggk_short', 'xyz_' + 'a'.repeat(43), 'ggk_' + 'a'.repeat(44), 'ggk_' + '!'.repeat(43)]) assert.equal(isApiKeyFormat(bad), false, bad);
  });
});

describe('SQLite key store', () => {
  test('stores only the hash: the key itself is nowhere in the file', async (t) => {
    const { file, open } = tempStore(t);
    const store = open();
    const { key, record } = await issueApiKey(store, { tier: 'team', team: 'payments', name: 'ci' });
    await store.close();
    const bytes = [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f).toString('latin1')).join('');
    assert.ok(!bytes.includes(key.slice(4)), 'the secret part of the key is not stored');
    const db = new DatabaseSync(file);
    const row = db.prepare('SELECT * FROM api_keys').get() as Record<string, unknown>;
    db.close();
    assert.equal(row.key_hash, hashApiKey(key));
    assert.equal(row.id, record.id);
    assert.deepEqual([row.tier, row.team, row.name, row.last_used_at, row.revoked_at], ['team', 'payments', 'ci', null, null]);
    assert.match(String(row.created_at), /^\d{4}-\d\d-\d\dT/);
  });

  test('list shows tier, team, name, hint and times, never a hash; revoke reports what happened', async (t) => {
    const store = tempStore(t).open();
    const a = await issueApiKey(store, { tier: 'developer' });
    const b = await issueApiKey(store, { tier: 'enterprise', team: 'sec', name: 'siem' });
    const listed = await store.list();
    assert.deepEqual(listed.map((k) => k.id).sort(), [a.record.id, b.record.id].sort());
    for (const entry of listed) assert.equal('key_hash' in entry, false);
    assert.equal(listed.find((k) => k.id === b.record.id)?.hint, `ggk_…${b.key.slice(-4)}`);
    assert.equal(await store.revoke(a.record.id, '2026-01-01T00:00:00.000Z'), 'revoked');
    assert.equal(await store.revoke(a.record.id, '2026-01-02T00:00:00.000Z'), 'already_revoked');
    assert.equal(await store.revoke('key_nope', '2026-01-02T00:00:00.000Z'), 'not_found');
    assert.equal((await store.list()).find((k) => k.id === a.record.id)?.revoked_at, '2026-01-01T00:00:00.000Z');
  });
});

describe('API key authenticator', () => {
  test('a valid key becomes a principal with its tier and team', async (t) => {
    const store = tempStore(t).open();
    const { key, record } = await issueApiKey(store, { tier: 'team', team: 'payments' });
    const check = createApiKeyAuthenticator({ store });
    assert.deepEqual(await check(key), { kind: 'api_key', subject: record.id, tier: 'team', team: 'payments', roles: ['viewer'], agent_scope: null, expires_at: null });
    await rejects(check(generateApiKey()), 'invalid', /not known/);
  });

  test('a revoke in another process is refused on the very next request, cache or not', async (t) => {
    const { open } = tempStore(t);
    const gateway = open();
    const cli = open(); // the `govgate keys revoke` process
    const { key, record } = await issueApiKey(cli, { tier: 'enterprise' });
    const check = createApiKeyAuthenticator({ store: gateway, cacheTtlMs: 3_600_000 });
    assert.equal((await check(key)).tier, 'enterprise');
    assert.equal((await check(key)).tier, 'enterprise'); // now served from the cache
    assert.equal(await cli.revoke(record.id, new Date().toISOString()), 'revoked');
    await rejects(check(key), 'invalid', new RegExp(`${record.id} was revoked`));
  });

  test('last_used_at is written on use, at most once per interval', async (t) => {
    const store = tempStore(t).open();
    const { key, record } = await issueApiKey(store, { tier: 'developer' });
    let clock = Date.parse('2026-03-01T10:00:00.000Z');
    const check = createApiKeyAuthenticator({ store, touchIntervalMs: 60_000, now: () => clock });
    const lastUsed = async () => (await store.list()).find((k) => k.id === record.id)?.last_used_at;
    await check(key);
    assert.equal(await lastUsed(), '2026-03-01T10:00:00.000Z');
    clock += 30_000;
    await check(key);
    assert.equal(await lastUsed(), '2026-03-01T10:00:00.000Z', 'within the interval: no write');
    clock += 30_000;
    await check(key);
    assert.equal(await lastUsed(), '2026-03-01T10:01:00.000Z');
  });

  test('an unreadable store is "unavailable" (503), not "invalid" (401)', async () => {
    const broken: KeyStore = {
      insert: async () => undefined, insertIfAbsent: async () => 'exists', list: async () => [], revoke: async () => 'not_found', touch: async () => undefined, close: async () => undefined,
      findByHash: async () => { throw new Error('disk I/O error'); },
      revocationMark: async () => 0, teams: undefined as never,
    };
    await rejects(createApiKeyAuthenticator({ store: broken })(generateApiKey()), 'unavailable', /cannot be read/);
  });
});
