// Roles on credentials: an upgrade from the key store before roles keeps every key working
// (every role but admin), new keys default to viewer, JWT roles and agent claims, keys that belong
// to a member, the single sign-on member entry point, and an agent key's rate-limit bucket.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SignJWT } from 'jose';
import {
  AuthFailure, LEGACY_ROLES, ROLES, createApiKeyAuthenticator, createJwtVerifier, generateApiKey, hashApiKey, issueApiKey,
  openSqliteKeyStore, upsertSsoMember, type KeyStore,
} from '../../../src/auth/index.ts';
import { TEAM_TABLES_SQL } from '../../../src/auth/team-store.ts';
import { POSTGRES_MIGRATIONS } from '../../../src/ledger/postgres/postgres-migrations.ts';
import { credentialAgentBucket } from '../../../src/ratelimit/rate-limit-hooks.ts';

function tempFile(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-roles-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'keys.db');
}

function open(t: TestContext, file: string): KeyStore {
  const store = openSqliteKeyStore(file);
  t.after(() => store.close());
  return store;
}

describe('upgrading a key store from before roles', () => {
  test('a key of schema 1 keeps working with every role but admin; the bootstrap row becomes admin', async (t) => {
    const file = tempFile(t);
    const old = new DatabaseSync(file);
    old.exec(`
      CREATE TABLE api_keys (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, hint TEXT NOT NULL, name TEXT, tier TEXT NOT NULL,
        team TEXT, created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT) STRICT;
      CREATE TABLE api_key_revocations (id INTEGER PRIMARY KEY CHECK (id = 1), mark INTEGER NOT NULL) STRICT;
      INSERT INTO api_key_revocations (id, mark) VALUES (1, 0);
      PRAGMA user_version = 1;`);
    const legacy = generateApiKey();
    const bootstrap = generateApiKey();
    const insert = old.prepare('INSERT INTO api_keys (id, key_hash, hint, name, tier, team, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    insert.run('key_legacy', hashApiKey(legacy), 'ggk_…', 'ci', 'team', 'payments', '2026-01-01T00:00:00.000Z');
    insert.run('key_boot', hashApiKey(bootstrap), 'ggk_…', 'bootstrap (BOOTSTRAP_API_KEY)', 'enterprise', null, '2026-01-01T00:00:00.000Z');
    old.close();

    const store = open(t, file);
    const check = createApiKeyAuthenticator({ store });
    const principal = await check(legacy);
    assert.deepEqual(principal.roles, LEGACY_ROLES);
    assert.ok(!principal.roles.includes('admin'));
    assert.equal(principal.legacy_roles, true, 'its reads are not limited to its team');
    assert.deepEqual((await check(bootstrap)).roles, ['admin']);
    assert.equal((await store.list()).find((key) => key.id === 'key_legacy')?.roles, null);
    // Opening again (another process) finds schema 2 and migrates nothing twice.
    open(t, file);
  });

  test('a new key without roles is a viewer; roles are stored deduplicated in table order', async (t) => {
    const store = open(t, tempFile(t));
    const { key } = await issueApiKey(store, { tier: 'team' });
    const check = createApiKeyAuthenticator({ store });
    assert.deepEqual((await check(key)).roles, ['viewer']);
    const { key: two } = await issueApiKey(store, { tier: 'team', roles: ['viewer', 'reviewer', 'viewer'] });
    assert.deepEqual((await check(two)).roles, ['reviewer', 'viewer']);
  });

  test('the PostgreSQL migration 10 creates what the SQLite key store schema 2 creates', () => {
    const normalize = (sql: string) => sql.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('--')).join(' ');
    const migration = POSTGRES_MIGRATIONS.find((m) => m.version === 10);
    assert.equal(normalize(migration!.sql), normalize(TEAM_TABLES_SQL));
  });
});

describe('keys that belong to a member', () => {
  test('hold at most the member\'s roles in the key\'s team, follow changes at once, and die with the membership', async (t) => {
    const store = open(t, tempFile(t));
    const at = '2026-01-01T00:00:00.000Z';
    const { member } = await store.teams.addMember({ subject: 'a@example.com', display_name: null, source: 'local', team: 'pay', roles: ['reviewer', 'auditor'] }, at);
    const { key } = await issueApiKey(store, { tier: 'team', team: 'pay', roles: ['reviewer', 'auditor', 'operator'], member_id: member.id });
    const check = createApiKeyAuthenticator({ store });
    assert.deepEqual((await check(key)).roles, ['reviewer', 'auditor'], 'operator is not the member\'s');
    await store.teams.updateMember(member.id, 'pay', { roles: ['auditor'] }, at);
    assert.deepEqual((await check(key)).roles, ['auditor'], 'seen on the next request: the mark moved');
    await store.teams.removeMember(member.id, 'pay', at);
    await assert.rejects(check(key), (error: unknown) => error instanceof AuthFailure && /no longer in team pay/.test(error.message));
    assert.equal(await store.teams.getMember(member.id), undefined, 'their last team: the member is gone');
  });
});

describe('single sign-on members', () => {
  test('upsertSsoMember creates the member, then replaces its teams with what the IdP maps, keeping the id', async (t) => {
    const store = open(t, tempFile(t));
    const first = await upsertSsoMember(store, { subject: 'carol@idp.example', display_name: 'Carol', teams: [{ team: 'pay', roles: ['reviewer'] }, { team: 'bill', roles: ['viewer'] }] });
    assert.equal(first.source, 'sso');
    assert.deepEqual(first.teams, [{ team: 'bill', roles: ['viewer'] }, { team: 'pay', roles: ['reviewer'] }]);
    const changes: unknown[] = [];
    const again = await upsertSsoMember(store, { subject: 'carol@idp.example', teams: [{ team: 'pay', roles: ['auditor', 'reviewer'] }] }, { recordChange: async (change) => { changes.push(change); } });
    assert.equal(again.id, first.id);
    assert.equal(again.display_name, 'Carol', 'kept when the IdP sends none');
    assert.deepEqual(again.teams, [{ team: 'pay', roles: ['reviewer', 'auditor'] }]);
    assert.equal(changes.length, 1);
    assert.deepEqual((await store.teams.listMembers('bill')).map((m) => m.id), []);
    await assert.rejects(upsertSsoMember(store, { subject: 'x', teams: [{ team: 'has space', roles: ['viewer'] }] }), /team/);
    await assert.rejects(upsertSsoMember(store, { subject: 'x', teams: [{ team: 'pay', roles: ['root' as never] }] }), /unknown role/);
  });
});

describe('JWT roles and agent claims', () => {
  const secret = 'test-secret-of-at-least-32-bytes-0123456789';
  const verify = createJwtVerifier({ secret, jwksUrl: null, issuer: null, audience: null, clockToleranceSeconds: 5, jwksCooldownSeconds: 30 });
  const sign = (claims: Record<string, unknown>) => new SignJWT({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600, ...claims })
    .setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

  test('an array or a space-separated string; none means the legacy roles; an unknown role is refused', async () => {
    assert.deepEqual((await verify(await sign({ roles: ['auditor', 'reviewer'] }))).roles, ['reviewer', 'auditor']);
    assert.deepEqual((await verify(await sign({ roles: 'viewer operator' }))).roles, ['operator', 'viewer']);
    const legacy = await verify(await sign({}));
    assert.deepEqual([legacy.roles, legacy.legacy_roles], [LEGACY_ROLES, true]);
    await assert.rejects(verify(await sign({ roles: ['root'] })), (error: unknown) => error instanceof AuthFailure && error.kind === 'invalid');
    await assert.rejects(verify(await sign({ roles: 7 })), AuthFailure);
  });

  test('agent binds the token; a glob that can never match is refused', async () => {
    const bound = await verify(await sign({ roles: ['agent'], agent: 'payments-*' }));
    assert.deepEqual([bound.roles, bound.agent_scope], [['agent'], 'payments-*']);
    await assert.rejects(verify(await sign({ roles: ['agent'], agent: 'a/b' })), AuthFailure);
  });
});

describe('rate-limit bucket of an agent credential', () => {
  test('its own agent whatever X-Agent-ID says; a glob picks the header\'s agent only when it covers it', () => {
    assert.equal(credentialAgentBucket(null, 'support-1'), 'support-1');
    assert.equal(credentialAgentBucket('pay-1', 'support-1'), 'pay-1');
    assert.equal(credentialAgentBucket('pay-1', undefined), 'pay-1');
    assert.equal(credentialAgentBucket('pay-*', 'pay-7'), 'pay-7');
    assert.equal(credentialAgentBucket('pay-*', 'support-1'), 'pay-*');
    assert.equal(credentialAgentBucket('pay-*', undefined), 'pay-*');
  });
  test('every role exists once', () => assert.equal(new Set(ROLES).size, 6));
});
