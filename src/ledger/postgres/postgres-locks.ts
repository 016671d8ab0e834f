// Advisory-lock keys of the ledger's jobs. One key per job and schema, so that gateways sharing
// a database but not a schema (tests, tenants) never wait for each other.

import { createHash } from 'node:crypto';
import type pg from 'pg';

/** 'govg': the first int of every key, so ours never collide with another application's. */
const NAMESPACE = 0x676f7667;

export type LedgerJob = 'migrate' | 'retention' | 'checkpoint' | 'review_expiry' | 'review_expiring_notice' | 'outcome_reconcile';

/** The two int4 arguments of pg_advisory_lock(int, int) for `job` in `schema`. */
export function advisoryKey(job: LedgerJob | string, schema: string): [number, number] {
  return [NAMESPACE, createHash('sha256').update(`${job}:${schema}`).digest().readInt32BE(0)];
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `task` on `client` holding the session advisory lock `key`, waiting until it is free.
 * The lock is released afterwards. When the release fails the session's lock state is unknown:
 * `onBroken` lets the caller close the connection instead of handing it back to the pool
 * (closing releases the lock).
 */
export async function withAdvisoryLock<T>(client: pg.PoolClient, key: [number, number], task: () => Promise<T>, onBroken: () => void): Promise<T> {
  await client.query('SELECT pg_advisory_lock($1, $2)', key);
  return releasingAfter(client, key, task, onBroken);
}

/** withAdvisoryLock, but gives up at once ({ ran: false }) when another session holds the lock. */
export async function tryAdvisoryLock<T>(client: pg.PoolClient, key: [number, number], task: () => Promise<T>, onBroken: () => void): Promise<LockedRun<T>> {
  const { rows: [{ locked }] } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', key);
  if (!locked) return { ran: false };
  return { ran: true, value: await releasingAfter(client, key, task, onBroken) };
}

async function releasingAfter<T>(client: pg.PoolClient, key: [number, number], task: () => Promise<T>, onBroken: () => void): Promise<T> {
  try {
    return await task();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', key).catch(onBroken);
  }
}
