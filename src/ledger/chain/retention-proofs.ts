// Signed statements of what retention did, and the check that an expired row is one of them.
// A retention run signs what it is about to do before doing it (payload expiry: rows up to the
// head, created before the cut-off; metadata retirement: the prefix up to the anchor). Someone
// with write access to the database but not the key cannot make a fresh row look expired, nor
// delete the start of the chain behind a forged anchor: neither is covered by a signed statement.

import type { JWK } from 'jose';
import { RETENTION_TYP } from './checkpoint-signer.ts';
import { verifySignedJws } from './signed-jws.ts';
import type { RetentionClaims, VerifyProofs } from '../types.ts';

type ClaimsResult = { ok: true; claims: RetentionClaims } | { ok: false; problem: 'unknown_key' | 'bad_signature'; detail: string };

const ISO = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Verifies one retention statement against keys indexed by thumbprint, and that its claims are well formed. */
export async function verifyRetentionJws(jws: string, keys: ReadonlyMap<string, JWK>): Promise<ClaimsResult> {
  const result = await verifySignedJws(jws, keys, RETENTION_TYP);
  if (!result.ok) return result;
  const claims = result.payload as RetentionClaims;
  const wellFormed = claims.v === 1 && ISO(claims.created_before) && ISO(claims.run_at) && (
    (claims.kind === 'payload_expiry' && Number.isSafeInteger(claims.through_seq))
    || (claims.kind === 'metadata_retirement' && Number.isSafeInteger(claims.anchor_seq) && typeof claims.anchor_hash === 'string'));
  if (!wellFormed) return { ok: false, problem: 'bad_signature', detail: 'the signed claims are not a version 1 retention statement' };
  return { ok: true, claims };
}

/** The expiry runs in the form VerifyProofs wants: by through_seq, with the latest cut-off from there on. */
export function expiryCoverage(runs: ReadonlyArray<{ through_seq: number; created_before: string }>): VerifyProofs['expiry'] {
  const sorted = [...runs].sort((a, b) => a.through_seq - b.through_seq);
  const coverage = sorted.map((run) => ({ through_seq: run.through_seq, covers_before_ms: Date.parse(run.created_before) }));
  for (let i = coverage.length - 2; i >= 0; i--) {
    coverage[i].covers_before_ms = Math.max(coverage[i].covers_before_ms, coverage[i + 1].covers_before_ms);
  }
  return coverage;
}

/** True when a signed expiry run covers an expired row: its seq is up to the run's head and it was older than the cut-off. */
export function expiryProven(coverage: VerifyProofs['expiry'], row: { seq: number; created_at: string }): boolean {
  let low = 0;
  let high = coverage.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (coverage[mid].through_seq < row.seq) low = mid + 1;
    else high = mid;
  }
  return low < coverage.length && Date.parse(row.created_at) < coverage[low].covers_before_ms;
}
