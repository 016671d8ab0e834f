// Where API keys live: a small interface so the SQLite store (embedded gateway, a single sidecar)
// and the PostgreSQL store (a fleet: every replica shares it) are interchangeable. Keys are never in the ledger: the
// ledger is append-only, and a key's last-used time and revocation must change.

import type { Tier } from './entitlements.ts';
import type { Role } from './roles.ts';
import type { TeamStore } from './team-store.ts';

export interface ApiKeyRecord {
  id: string;
  name: string | null;
  tier: Tier;
  team: string | null;
  /** null: a key from before roles, which holds LEGACY_ROLES (src/auth/roles.ts). */
  roles: Role[] | null;
  /** An agent key's binding: an agent id or glob its runtime calls must name. */
  agent_scope: string | null;
  /** The member the key belongs to: it then holds at most the member's current roles in its team. */
  member_id: string | null;
  /** `ggk_…abcd`: enough to recognise a key, useless to an attacker. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface StoredApiKey extends ApiKeyRecord {
  /** sha256 of the key, hex. */
  key_hash: string;
}

export type RevokeResult = 'revoked' | 'already_revoked' | 'not_found';

export interface KeyStore {
  insert(key: StoredApiKey): Promise<void>;
  /** Inserts unless a key with this id exists (the bootstrap key, on every start). */
  insertIfAbsent(key: StoredApiKey): Promise<'inserted' | 'exists'>;
  findByHash(keyHash: string): Promise<StoredApiKey | undefined>;
  list(): Promise<ApiKeyRecord[]>;
  revoke(id: string, at: string): Promise<RevokeResult>;
  /** Records a use; callers throttle it (it is a write). */
  touch(id: string, at: string): Promise<void>;
  /**
   * A number that changes whenever any process revokes a key. Caches compare it on every
   * lookup, so a revocation takes effect at once on every process sharing the store.
   */
  revocationMark(): Promise<number>;
  /** Teams and members, in the same store. */
  readonly teams: TeamStore;
  close(): Promise<void>;
}
