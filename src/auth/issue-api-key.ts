// Creating a key: the only moment its secret exists outside the caller's hands. The store gets
// the hash; the caller gets the key once and must keep it.

import { generateApiKey, hashApiKey, keyHint, newKeyId } from './api-key-format.ts';
import type { Tier } from './entitlements.ts';
import { DEFAULT_KEY_ROLES, normalizeRoles, type Role } from './roles.ts';
import type { ApiKeyRecord, KeyStore } from './key-store.ts';

export interface NewApiKey {
  tier: Tier;
  team?: string | null;
  name?: string | null;
  /** Default DEFAULT_KEY_ROLES (viewer): least privilege. */
  roles?: readonly Role[];
  /** Required with the agent role (checked by the callers, which say how to fix it). */
  agent_scope?: string | null;
  member_id?: string | null;
}

export async function issueApiKey(store: KeyStore, request: NewApiKey, now: Date = new Date()): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: newKeyId(),
    name: request.name ?? null,
    tier: request.tier,
    team: request.team ?? null,
    roles: normalizeRoles(request.roles ?? DEFAULT_KEY_ROLES),
    agent_scope: request.agent_scope ?? null,
    member_id: request.member_id ?? null,
    hint: keyHint(key),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await store.insert({ ...record, key_hash: hashApiKey(key) });
  return { key, record };
}
