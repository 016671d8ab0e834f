// BOOTSTRAP_API_KEY: checked at start-up, installed as one enterprise row whose id is derived
// from the key (every replica writes the same row), and revoked like any key. Also: the
// PostgreSQL key table allows exactly the tiers of entitlements.ts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../../src/config/index.ts';
import { TIERS, bootstrapKeyRecord, createApiKeyAuthenticator, generateApiKey, installBootstrapKey, openSqliteKeyStore } from '../../../src/auth/index.ts';
import { POSTGRES_MIGRATIONS } from '../../../src/ledger/postgres/postgres-migrations.ts';

describe('the bootstrap API key', () => {
  test('BOOTSTRAP_API_KEY must be an API key; the message says what one looks like', () => {
    for (const bad of ['secret', 'ggk_short', `ggk_${'a'.repeat(42)}!`]) {
      assert.throws(() => loadConfig({ BOOTSTRAP_API_KEY: bad }), (error: unknown) => error instanceof ConfigError && /BOOTSTRAP_API_KEY: must be an API key, ggk_/.test(error.message));
    }
    const key = generateApiKey();
    assert.equal(loadConfig({ BOOTSTRAP_API_KEY: ` ${key}\n` }).bootstrapApiKey, key);
    assert.equal(loadConfig({}).bootstrapApiKey, null);
  });

  test('installed once whatever the number of starts, with the enterprise tier; a revoke sticks', async () => {
    const store = openSqliteKeyStore(':memory:');
    const key = generateApiKey();
    const first = await installBootstrapKey(store, key);
    const second = await installBootstrapKey(store, key);
    assert.deepEqual([first.result, second.result, first.id === second.id], ['inserted', 'exists', true]);
    assert.equal(first.id, bootstrapKeyRecord(key).id);
    assert.match(first.id, /^key_[0-9a-f]{16}$/);
    const authenticate = createApiKeyAuthenticator({ store });
    assert.equal((await authenticate(key)).tier, 'enterprise');
    assert.equal(await store.revoke(first.id, new Date().toISOString()), 'revoked');
    assert.equal((await installBootstrapKey(store, key)).result, 'exists', 'a restart does not bring a revoked bootstrap key back');
    await assert.rejects(authenticate(key), /revoked/);
    assert.notEqual(bootstrapKeyRecord(generateApiKey()).id, first.id, 'a new value is a new key');
    await store.close();
  });

  test('the PostgreSQL api_keys table accepts exactly the tiers of entitlements.ts', () => {
    const sql = POSTGRES_MIGRATIONS.find((migration) => /CREATE TABLE api_keys/.test(migration.sql))!.sql;
    const allowed = /tier IN \(([^)]*)\)/.exec(sql)![1].split(',').map((tier) => tier.trim().replace(/'/g, ''));
    assert.deepEqual(allowed, [...TIERS]);
  });
});
