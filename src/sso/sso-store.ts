// What single sign-on keeps, in the shared store (the ledger's database: SQLite embedded,
// PostgreSQL in a fleet, migration 9 / 11) so any replica can finish a login another started,
// refuse an assertion another already accepted, and see a logout made anywhere. Three small
// tables, apart from members and teams, so the people model can adopt them later.

import type { Role } from '../auth/roles.ts';

export interface SessionRecord {
  /** sha256 of the session id, hex: the id itself is only ever in the cookie. */
  id_hash: string;
  subject: string;
  name_id: string;
  name_id_format: string | null;
  session_index: string | null;
  tier: string;
  teams: string[];
  roles: Role[];
  /** Epoch milliseconds. */
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface SsoStore {
  /** Remembers an AuthnRequest id sent to the IdP, with where the person goes afterwards. */
  saveRequest(id: string, relayState: string, expiresAt: number): Promise<void>;
  /** Consumes a pending request atomically: the first response answering it gets its relay state, every later one null. */
  consumeRequest(id: string, now: number): Promise<{ relay_state: string } | null>;
  /** true the first time an assertion id is seen (atomically, across replicas); false for a replay. */
  rememberAssertion(id: string, expiresAt: number): Promise<boolean>;
  createSession(session: SessionRecord): Promise<void>;
  /** A live session (not expired, not revoked) or undefined. */
  findSession(idHash: string, now: number): Promise<SessionRecord | undefined>;
  /** true when it ended a live session. */
  revokeSession(idHash: string, at: number): Promise<boolean>;
  /** Deletes what has expired; returns how many rows went. */
  purge(now: number): Promise<number>;
  close(): Promise<void>;
}

export const SESSION_COLUMNS = 'id_hash, subject, name_id, name_id_format, session_index, tier, teams, roles, created_at, expires_at, revoked_at';
