// The SSO tables in the SQLite ledger file, on a connection of their own (WAL lets it sit beside
// the ledger writer). ':memory:' gets a database of its own: nothing in memory is shared anyway.

import type { DatabaseSync } from 'node:sqlite';
import { openLedgerDatabase } from '../ledger/index.ts';
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
  let open = true;
  return {
    async saveRequest(id, relayState, expiresAt) {
      insertRequest.run(id, relayState, expiresAt);
    },
    async consumeRequest(id, now) {
      const row = takeRequest.get(id) as { relay_state: string; expires_at: number } | undefined;
      return row && row.expires_at > now ? { relay_state: row.relay_state } : null;
    },
    async rememberAssertion(id, expiresAt) {
      return Number(insertAssertion.run(id, expiresAt).changes) === 1;
    },
    async createSession(s) {
      insertSession.run(s.id_hash, s.subject, s.name_id, s.name_id_format, s.session_index, s.tier, JSON.stringify(s.teams), JSON.stringify(s.roles), s.created_at, s.expires_at, s.revoked_at);
    },
    async findSession(idHash, now) {
      const row = selectSession.get(idHash, now) as SessionRow | undefined;
      return row && { ...row, teams: JSON.parse(row.teams), roles: JSON.parse(row.roles) };
    },
    async revokeSession(idHash, at) {
      return Number(revoke.run(at, idHash, at).changes) === 1;
    },
    async purge(now) {
      return [purgeRequests, purgeAssertions, purgeSessions].reduce((sum, statement) => sum + Number(statement.run(now).changes), 0);
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
