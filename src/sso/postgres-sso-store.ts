// The SSO tables in PostgreSQL beside the ledger (migration 11), shared by every replica.

import { createPool, type PostgresConnectionOptions } from '../ledger/index.ts';
import { SESSION_COLUMNS, type SessionRecord, type SsoStore } from './sso-store.ts';

interface SessionRow extends Omit<SessionRecord, 'created_at' | 'expires_at' | 'revoked_at'> {
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export async function openPostgresSsoStore(connection: PostgresConnectionOptions, onError: (error: Error) => void): Promise<SsoStore> {
  const pool = createPool({ ...connection, poolSize: 2 }, onError);
  try {
    const { rows: [row] } = await pool.query<{ ready: boolean }>(`SELECT to_regclass('sso_sessions') IS NOT NULL AS ready`);
    if (!row.ready) throw new Error('the SSO tables do not exist: run govgate migrate (a gateway migrates when it starts)');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return {
    async saveRequest(id, relayState, expiresAt) {
      await pool.query('INSERT INTO sso_requests (id, relay_state, expires_at) VALUES ($1, $2, $3)', [id, relayState, expiresAt]);
    },
    async consumeRequest(id, now) {
      const { rows: [row] } = await pool.query<{ relay_state: string; expires_at: string }>('DELETE FROM sso_requests WHERE id = $1 RETURNING relay_state, expires_at', [id]);
      return row && Number(row.expires_at) > now ? { relay_state: row.relay_state } : null;
    },
    async rememberAssertion(id, expiresAt) {
      const { rowCount } = await pool.query('INSERT INTO sso_assertions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, expiresAt]);
      return rowCount === 1;
    },
    async createSession(s) {
      await pool.query(`INSERT INTO sso_sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
        s.id_hash, s.subject, s.name_id, s.name_id_format, s.session_index, s.tier, JSON.stringify(s.teams), JSON.stringify(s.roles), s.created_at, s.expires_at, s.revoked_at,
      ]);
    },
    async findSession(idHash, now) {
      const { rows: [row] } = await pool.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sso_sessions WHERE id_hash = $1 AND revoked_at IS NULL AND expires_at > $2`, [idHash, now]);
      return row && { ...row, created_at: Number(row.created_at), expires_at: Number(row.expires_at), revoked_at: row.revoked_at === null ? null : Number(row.revoked_at) };
    },
    async revokeSession(idHash, at) {
      const { rowCount } = await pool.query('UPDATE sso_sessions SET revoked_at = $1 WHERE id_hash = $2 AND revoked_at IS NULL AND expires_at > $1', [at, idHash]);
      return rowCount === 1;
    },
    async purge(now) {
      let total = 0;
      for (const table of ['sso_requests', 'sso_assertions', 'sso_sessions']) {
        total += (await pool.query(`DELETE FROM ${table} WHERE expires_at <= $1`, [now])).rowCount ?? 0;
      }
      return total;
    },
    async close() {
      await pool.end().catch(() => {});
    },
  };
}
