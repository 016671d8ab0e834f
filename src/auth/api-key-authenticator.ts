// Checks an API key: hash it, find the row (cached), compare in constant time, refuse revoked
// keys. The cache holds rows for a short TTL and is dropped whenever the store's revocation
// mark moves, which is checked on every lookup: a revoke takes effect on the next request in
// every process, not after the TTL. Member and role changes move the same mark.
//
// Roles: those stored with the key; a key from before roles holds LEGACY_ROLES. A key that
// belongs to a member holds at most the member's current roles in the key's team, and stops
// working when the member leaves the team.

import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';
import type { Principal } from '../http/index.ts';
import { hashApiKey, sameHash } from './api-key-format.ts';
import { AuthFailure } from './auth-failure.ts';
import type { KeyStore, StoredApiKey } from './key-store.ts';
import { LEGACY_ROLES, type Role } from './roles.ts';

export interface ApiKeyAuthenticatorOptions {
  store: KeyStore;
  /** How long a row may be served from memory (default 30 s). */
  cacheTtlMs?: number;
  /** last_used_at is written at most this often per key and process (default 60 s). */
  touchIntervalMs?: number;
  now?: () => number;
}

export type ApiKeyAuthenticator = (key: string) => Promise<Principal>;

interface CachedKey {
  record: StoredApiKey;
  /** The key's roles after its member's (undefined: the member is gone; the key is refused). */
  roles: readonly Role[] | undefined;
  touchedAt: number;
}

export function createApiKeyAuthenticator(options: ApiKeyAuthenticatorOptions): ApiKeyAuthenticator {
  const { store } = options;
  const now = options.now ?? Date.now;
  const touchIntervalMs = options.touchIntervalMs ?? 60_000;
  const cache = entryBoundedCache<string, CachedKey>({ maxEntries: 10_000, ttl: options.cacheTtlMs ?? 30_000 });
  let mark: number | undefined;

  const lookup = async (keyHash: string): Promise<CachedKey | undefined> => {
    const current = await store.revocationMark();
    if (current !== mark) {
      cache.clear();
      mark = current;
    }
    let entry = cache.get(keyHash);
    if (entry === undefined) {
      const record = await store.findByHash(keyHash);
      if (record === undefined) return undefined;
      entry = { record, roles: await rolesOf(store, record), touchedAt: Number.NEGATIVE_INFINITY };
      cache.set(keyHash, entry);
    }
    return entry;
  };

  return async (key) => {
    const keyHash = hashApiKey(key);
    let entry: CachedKey | undefined;
    try {
      entry = await lookup(keyHash);
    } catch (error) {
      throw new AuthFailure('unavailable', 'The API key store cannot be read right now; retry shortly.', { cause: error });
    }
    // The row was found by its hash; comparing again in constant time keeps the decision itself
    // free of data-dependent timing whatever the store's index does.
    if (entry === undefined || !sameHash(entry.record.key_hash, keyHash)) throw new AuthFailure('invalid', 'The API key is not known to this gateway.');
    const { record } = entry;
    if (record.revoked_at !== null) throw new AuthFailure('invalid', `The API key ${record.id} was revoked at ${record.revoked_at}.`);
    if (entry.roles === undefined) throw new AuthFailure('invalid', `The API key ${record.id} belongs to member ${record.member_id}, who is no longer in team ${record.team ?? '(none)'}.`);
    const at = now();
    if (at - entry.touchedAt >= touchIntervalMs) {
      entry.touchedAt = at;
      // Best effort: a busy store must not turn a valid key away.
      store.touch(record.id, new Date(at).toISOString()).catch(() => undefined);
    }
    return {
      kind: 'api_key', subject: record.id, tier: record.tier, team: record.team, roles: entry.roles, agent_scope: record.agent_scope,
      ...(record.roles === null ? { legacy_roles: true } : {}), expires_at: null,
    };
  };
}

async function rolesOf(store: KeyStore, record: StoredApiKey): Promise<readonly Role[] | undefined> {
  if (record.roles === null) return LEGACY_ROLES;
  if (record.member_id === null) return Object.freeze(record.roles);
  if (record.team === null) return undefined;
  const memberRoles = await store.teams.memberRoles(record.member_id, record.team);
  if (memberRoles === undefined) return undefined;
  // admin in the member's roles covers any role the key names.
  return Object.freeze(record.roles.filter((role) => memberRoles.includes(role) || memberRoles.includes('admin')));
}
