// Creating a key: the only moment its secret exists outside the caller's hands. The store gets
// the hash; the caller gets the key once and must keep it.

import { generateApiKey, hashApiKey, keyHint, newKeyId } from './api-key-format.ts';
import type { Tier } from './entitlements.ts';
import type { ApiKeyRecord, KeyStore } from './key-store.ts';

export interface NewApiKey {
  tier: Tier;
  team?: string | null;
  name?: string | null;
}

export async function issueApiKey(store: KeyStore, request: NewApiKey, now: Date = new Date()): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: newKeyId(),
    name: request.name ?? null,
    tier: request.tier,
    team: request.team ?? null,
    hint: keyHint(key),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await store.insert({ ...record, key_hash: hashApiKey(key) });
  return { key, record };
}
