// The SSO tables in the SQLite ledger file, on a connection of their own (WAL lets it sit beside
// the ledger writer). ':memory:' gets a database of its own: nothing in memory is shared anyway.
// Every write takes its turn at the file's write gate, so a sign-in never waits in SQLite's busy
// handler (blocking the event loop) for an analytics transaction (src/ledger/sqlite/sqlite-write-gate.ts).

import type { DatabaseSync } from 'node:sqlite';
import { openLedgerDatabase, throughWriteGate } from '../ledger/index.ts';
import { SESSION_COLUMNS, type SessionRecord, type SsoStore } from './sso-store.ts';

interface SessionRow extends Omit<SessionRecord, 'teams' | 'roles'> {
  teams: string;
  roles: string;
}

export function openSqliteSsoStore(path: string): SsoStore {
  const db: DatabaseSync = openLedgerDatabase(path, { migrate: path === ':memory:' });
  const insertRequest = db.prepare('INSERT INTO sso_requests (id, relay_state, expires_at) VALUES (?, ?, ?)');
  const takeRequest = db.prepare('DELETE FROM sso_requests WHERE id = ? RETURNING relay_state, expires_at');
  const insertAssertion = db.prepare('INSERT INTO sso_assertions (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  const insertSession = db.prepare(`INSERT INTO sso_sessions (${SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const selectSession = db.prepare(`SELECT ${SESSION_COLUMNS} FROM sso_sessions WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?`);
  const revoke = db.prepare('UPDATE sso_sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?');
  const purgeRequests = db.prepare('DELETE FROM sso_requests WHERE expires_at <= ?');
  const purgeAssertions = db.prepare('DELETE FROM sso_assertions WHERE expires_at <= ?');
  const purgeSessions = db.prepare('DELETE FROM sso_sessions WHERE expires_at <= ?');
  const write = <T>(work: () => T): Promise<T> => throughWriteGate(path, work);
  let open = true;
  return {
    async saveRequest(id, relayState, expiresAt) {
      await write(() => insertRequest.run(id, relayState, expiresAt));
    },
    async consumeRequest(id, now) {
      const row = await write(() => takeRequest.get(id) as { relay_state: string; expires_at: number } | undefined);
      return row && row.expires_at > now ? { relay_state: row.relay_state } : null;
    },
    async rememberAssertion(id, expiresAt) {
      return write(() => Number(insertAssertion.run(id, expiresAt).changes) === 1);
    },
    async createSession(s) {
      await write(() => insertSession.run(s.id_hash, s.subject, s.name_id, s.name_id_format, s.session_index, s.tier, JSON.stringify(s.teams), JSON.stringify(s.roles), s.created_at, s.expires_at, s.revoked_at));
    },
    async findSession(idHash, now) {
      const row = selectSession.get(idHash, now) as SessionRow | undefined;
      return row && { ...row, teams: JSON.parse(row.teams), roles: JSON.parse(row.roles) };
    },
    async revokeSession(idHash, at) {
      return write(() => Number(revoke.run(at, idHash, at).changes) === 1);
    },
    async purge(now) {
      return write(() => [purgeRequests, purgeAssertions, purgeSessions].reduce((sum, statement) => sum + Number(statement.run(now).changes), 0));
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
