// The bootstrap credential: one API key handed to every replica in BOOTSTRAP_API_KEY (the Helm
// chart keeps it in a Secret created once), so the first call after an install works before
// anyone has run `govgate keys create`. It is an ordinary row of the key store, written on every
// start when missing: listed by `keys list`, and revoked like any key (a revoked bootstrap key
// stays revoked; a new value in the Secret is a new key with a new id).

import { createHash } from 'node:crypto';
import { hashApiKey, keyHint } from './api-key-format.ts';
import type { Tier } from './entitlements.ts';
import type { KeyStore, StoredApiKey } from './key-store.ts';

/** The bootstrap key is the administrator's: the highest tier and the admin role. */
const BOOTSTRAP_TIER: Tier = 'enterprise';

/** The row for `key`: its id is derived from the key, so every replica writes the same row. */
export function bootstrapKeyRecord(key: string, now: Date = new Date()): StoredApiKey {
  const keyHash = hashApiKey(key);
  return {
    id: `key_${createHash('sha256').update(`bootstrap:${keyHash}`).digest('hex').slice(0, 16)}`,
    key_hash: keyHash,
    hint: keyHint(key),
    name: 'bootstrap (BOOTSTRAP_API_KEY)',
    tier: BOOTSTRAP_TIER,
    team: null,
    roles: ['admin'],
    agent_scope: null,
    member_id: null,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
}

export async function installBootstrapKey(store: KeyStore, key: string, now?: Date): Promise<{ id: string; result: 'inserted' | 'exists' }> {
  const record = bootstrapKeyRecord(key, now);
  return { id: record.id, result: await store.insertIfAbsent(record) };
}
