// Advisory-lock keys of the ledger's jobs. One key per job and schema, so that gateways sharing
// a database but not a schema (tests, tenants) never wait for each other.

import { createHash } from 'node:crypto';

/** 'govg': the first int of every key, so ours never collide with another application's. */
const NAMESPACE = 0x676f7667;

export type LedgerJob = 'migrate' | 'retention' | 'checkpoint';

/** The two int4 arguments of pg_advisory_lock(int, int) for `job` in `schema`. */
export function advisoryKey(job: LedgerJob | string, schema: string): [number, number] {
  return [NAMESPACE, createHash('sha256').update(`${job}:${schema}`).digest().readInt32BE(0)];
}
