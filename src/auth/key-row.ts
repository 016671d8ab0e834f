// The api_keys row as both stores hold it: roles as JSON text (NULL for a key from before roles).

import { parseStoredRoles } from './roles.ts';
import type { StoredApiKey } from './key-store.ts';

export const KEY_COLUMNS = 'id, key_hash, hint, name, tier, team, roles, agent_scope, member_id, created_at, last_used_at, revoked_at';

export function keyValues(key: StoredApiKey): Array<string | null> {
  return [
    key.id, key.key_hash, key.hint, key.name, key.tier, key.team, key.roles === null ? null : JSON.stringify(key.roles),
    key.agent_scope, key.member_id, key.created_at, key.last_used_at, key.revoked_at,
  ];
}

export function decodeKeyRow(row: Record<string, unknown>): StoredApiKey {
  return { ...(row as unknown as StoredApiKey), roles: parseStoredRoles(row.roles as string | null) };
}
