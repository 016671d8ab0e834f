// The ledger settings in the environment: DATABASE_URL selects PostgreSQL with pool, timeout,
// TLS and schema settings; retention and checkpoint settings have defaults; every bad value is
// refused at start-up with the variable's name. Also how a URL becomes pg's client settings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresConnection } from '../../../src/gateway/index.ts';
import { postgresClientConfig } from '../../../src/ledger/index.ts';
import { issues, load } from './load-config.ts';

const PG = 'postgres://gw:s%40cret@db.internal:6543/audit';

test('defaults: SQLite in ./data, 90-day payloads, 7-year metadata, checkpoints every 5 minutes with a key beside the ledger', () => {
  const config = load({});
  assert.deepEqual(config.ledger, { kind: 'sqlite', path: '/srv/gw/data/ledger.db' });
  assert.deepEqual(config.retention, { hotPayloadDays: 90, metadataYears: 7, intervalMinutes: 60 });
  assert.deepEqual(config.checkpoints, { key: null, keyFile: null, generatedKeyPath: '/srv/gw/data/checkpoint-key.jwk', intervalSeconds: 300 });
  assert.equal(config.fleetSyncMs, 5000);
  assert.equal(load({ LEDGER_PATH: ':memory:' }).checkpoints.generatedKeyPath, null);
});

test('DATABASE_URL selects PostgreSQL; PG_* settings are read and checked', () => {
  assert.deepEqual(load({ DATABASE_URL: PG }).ledger, { kind: 'postgres', url: PG, poolSize: 10, statementTimeoutMs: 5000, ssl: null, schema: null });
  assert.deepEqual(
    load({ DATABASE_URL: 'postgresql://h/db', PG_POOL_SIZE: '25', PG_STATEMENT_TIMEOUT_MS: '0', PG_SSL: 'verify-full', PG_SCHEMA: 'gateway_ledger' }).ledger,
    { kind: 'postgres', url: 'postgresql://h/db', poolSize: 25, statementTimeoutMs: 0, ssl: 'verify-full', schema: 'gateway_ledger' },
  );
});

const refused: Array<[Record<string, string>, RegExp]> = [
  [{ DATABASE_URL: 'mysql://h/db' }, /DATABASE_URL: only postgres:\/\//],
  [{ DATABASE_URL: 'postgres://h/db?sslmode=prefer' }, /sslmode=prefer is not one of disable, require, verify-ca, verify-full/],
  [{ DATABASE_URL: 'postgres://u:p@ss@h:x/db' }, /DATABASE_URL: not a valid URL/],
  [{ DATABASE_URL: PG, PG_POOL_SIZE: '0' }, /PG_POOL_SIZE: "0" must be an integer from 1 to 1000/],
  [{ DATABASE_URL: PG, PG_STATEMENT_TIMEOUT_MS: '-5' }, /PG_STATEMENT_TIMEOUT_MS/],
  [{ DATABASE_URL: PG, PG_SSL: 'yes' }, /PG_SSL: "yes" is not one of/],
  [{ DATABASE_URL: PG, PG_SCHEMA: 'ledger; drop table x' }, /PG_SCHEMA: .* must be a plain SQL identifier/],
  [{ HOT_PAYLOAD_DAYS: '0' }, /HOT_PAYLOAD_DAYS: "0" must be an integer/],
  [{ METADATA_YEARS: 'seven' }, /METADATA_YEARS: "seven"/],
  [{ HOT_PAYLOAD_DAYS: '800', METADATA_YEARS: '2' }, /payloads cannot outlive their metadata/],
  [{ CHECKPOINT_KEY: '{"kty":"OKP"}', CHECKPOINT_KEY_FILE: 'key.pem' }, /set one of them, not both/],
  [{ CHECKPOINT_INTERVAL_SECONDS: '1.5' }, /CHECKPOINT_INTERVAL_SECONDS/],
  [{ FLEET_SYNC_INTERVAL_MS: '10' }, /FLEET_SYNC_INTERVAL_MS: "10" must be an integer from 100/],
];

for (const [env, message] of refused) {
  test(`refused: ${JSON.stringify(env)}`, () => {
    assert.ok(issues(env).some((issue) => message.test(issue)), issues(env).join('\n'));
  });
}

test('the connection settings: URL parts, explicit settings over the URL, schema in search_path', () => {
  const config = load({ DATABASE_URL: `${PG}?sslmode=require&application_name=x`, PG_SCHEMA: 'gw', PG_POOL_SIZE: '3' });
  const client = postgresClientConfig(postgresConnection(config));
  assert.deepEqual(
    [client.host, client.port, client.user, client.password, client.database, client.options, client.statement_timeout],
    ['db.internal', 6543, 'gw', 's@cret', 'audit', '-c search_path=gw', 5000],
  );
  assert.deepEqual(client.ssl, { rejectUnauthorized: false }, 'sslmode=require encrypts without checking the server');
  const strict = postgresClientConfig({ ...postgresConnection(config), ssl: 'verify-full' });
  assert.deepEqual(strict.ssl, { rejectUnauthorized: true }, 'PG_SSL wins over the URL');
  assert.equal(postgresClientConfig({ url: 'postgres://u@/db?host=/var/run/postgresql' }).host, '/var/run/postgresql', 'a Unix socket directory');
  assert.equal(load({ DATABASE_URL: 'postgres://u@/db?host=/var/run/postgresql' }).ledger.kind, 'postgres');
  assert.throws(() => postgresClientConfig({ url: 'postgres://h/db?sslmode=allow' }), { code: 'LEDGER_INVALID_ARGUMENT' });
  assert.throws(() => postgresClientConfig({ url: 'postgres://h/db', schema: 'a-b' }), { code: 'LEDGER_INVALID_ARGUMENT' });
});
