// Signed checkpoints of the chain head. Periodically (one process of a fleet at a time) the head's
// seq and hash are signed and stored in the ledger. An auditor holding the public key checks a
// checkpoint's signature and that the chain, recomputed from row 1, reaches the signed hash at
// the signed seq: a database rewritten behind the gateway's back (hashes recomputed and all) or
// truncated below a checkpoint no longer matches. Once metadata retention deleted the chain's
// start, the checkpoint at the anchor's seq vouches for the anchor the chain is verified from.

import { calculateJwkThumbprint, type JWK } from 'jose';
import { CHECKPOINT_TYP, type CheckpointClaims, type CheckpointSigner } from './checkpoint-signer.ts';
import { verifyRetentionJws } from './retention-proofs.ts';
import { verifySignedJws } from './signed-jws.ts';
import type { Ledger, LedgerCheckpoint } from '../types.ts';

/** Signs and stores the current head unless the newest checkpoint already covers it. */
export async function checkpointHead(ledger: Ledger, signer: CheckpointSigner, now: () => Date = () => new Date()): Promise<LedgerCheckpoint | undefined> {
  const head = await ledger.head();
  if (head.seq === 0) return undefined;
  const [newest] = await ledger.checkpoints({ limit: 1, offset: 0 });
  if (newest && newest.seq >= head.seq) return undefined;
  const checkpoint = await signer.sign(head, now());
  return (await ledger.addCheckpoint(checkpoint)) ? checkpoint : undefined;
}

export type CheckpointProblem = 'unknown_key' | 'bad_signature' | 'claims_mismatch' | 'row_missing' | 'hash_mismatch' | 'anchor_unsigned';

export interface CheckpointAudit {
  valid: boolean;
  checkpoints_checked: number;
  /** The newest checkpoint whose signature and hash matched: the chain is proven up to here. */
  newest_verified_seq: number | null;
  problem: CheckpointProblem | null;
  /** The checkpoint's seq where the first problem was found (newest first). */
  checkpoint_seq: number | null;
  detail: string | null;
  /**
   * Checkpoints (signature checked) whose row metadata retention deleted: before the retained
   * chain, so only the one at the anchor's seq can be compared, with the anchor's hash.
   */
  before_retained_chain: number;
  /**
   * The retention anchor (null: no row was ever deleted) and whether a signed retirement statement
   * states its seq and hash. With trusted keys, an anchor that is not signed fails the audit.
   */
  anchor_seq: number | null;
  anchor_signed: boolean;
}

/**
 * Checks stored checkpoints, newest first (up to `limit`), against `publicKeys`: the signature,
 * that the signed claims are what the row says, and that the chain's row at the signed seq has
 * the signed hash. Run it together with verify(), which proves the rows up to that seq link up.
 */
export async function auditCheckpoints(ledger: Ledger, publicKeys: readonly JWK[], options: { limit?: number } = {}): Promise<CheckpointAudit> {
  const keys = new Map<string, JWK>();
  for (const jwk of publicKeys) keys.set(await calculateJwkThumbprint(jwk, 'sha256'), jwk);
  const limit = options.limit ?? Number.MAX_SAFE_INTEGER;
  let checked = 0;
  let beforeRetained = 0;
  let anchorSigned = false;
  let newestVerified: number | null = null;
  const anchor = await ledger.anchor();
  const fail = (problem: CheckpointProblem, seq: number, detail: string): CheckpointAudit =>
    ({ valid: false, checkpoints_checked: checked, newest_verified_seq: newestVerified, problem, checkpoint_seq: seq, detail, before_retained_chain: beforeRetained, anchor_seq: anchor?.seq ?? null, anchor_signed: anchorSigned });

  for (let offset = 0; checked < limit; offset += 500) {
    const page = await ledger.checkpoints({ limit: Math.min(500, limit - checked), offset });
    if (page.length === 0) break;
    for (const checkpoint of page) {
      checked += 1;
      const result = await verifyCheckpointJws(checkpoint.jws, keys);
      if (!result.ok) return fail(result.problem, checkpoint.seq, result.detail);
      const claims = result.claims;
      if (claims.seq !== checkpoint.seq || claims.head_hash !== checkpoint.head_hash) {
        return fail('claims_mismatch', checkpoint.seq, `the stored columns (seq ${checkpoint.seq}) differ from what the JWS signs (seq ${claims.seq}, ${claims.head_hash})`);
      }
      if (anchor && claims.seq <= anchor.seq) {
        // The row was deleted by metadata retention: nothing to compare but the anchor itself.
        beforeRetained += 1;
        if (claims.seq === anchor.seq) {
          if (claims.head_hash !== anchor.hash) {
            return fail('hash_mismatch', checkpoint.seq, `the retention anchor at seq ${anchor.seq} has hash ${anchor.hash}, the checkpoint signed ${claims.head_hash}`);
          }
          newestVerified ??= claims.seq;
        }
        continue;
      }
      const row = await ledger.verify({ from_seq: claims.seq, to_seq: claims.seq });
      if (row.rows_checked === 0 || row.to_seq !== claims.seq) {
        return fail('row_missing', checkpoint.seq, `the chain has no row ${claims.seq} (truncated below a signed checkpoint?)`);
      }
      if (!row.valid || row.head_hash !== claims.head_hash) {
        return fail('hash_mismatch', checkpoint.seq, `row ${claims.seq} has hash ${row.head_hash ?? '(unverifiable)'}, the checkpoint signed ${claims.head_hash}`);
      }
      newestVerified ??= claims.seq;
    }
  }
  if (anchor) {
    // A head checkpoint at the anchor's seq proves the hash, not that retention deleted the rows
    // before it: only a signed retirement statement vouches for the anchor.
    anchorSigned = await retirementSigned(ledger, keys, anchor);
    if (!anchorSigned && keys.size > 0) {
      return fail('anchor_unsigned', anchor.seq, `the retention anchor at seq ${anchor.seq} (hash ${anchor.hash}) is not stated by any retention run signed with a trusted key: rows 1..${anchor.seq} were deleted outside retention`);
    }
  }
  return { valid: true, checkpoints_checked: checked, newest_verified_seq: newestVerified, problem: null, checkpoint_seq: null, detail: null, before_retained_chain: beforeRetained, anchor_seq: anchor?.seq ?? null, anchor_signed: anchorSigned };
}

async function retirementSigned(ledger: Ledger, keys: ReadonlyMap<string, JWK>, anchor: { seq: number; hash: string }): Promise<boolean> {
  for (let offset = 0; ; offset += 500) {
    const page = await ledger.retentionRecords({ limit: 500, offset });
    for (const record of page) {
      if (record.kind !== 'metadata_retirement') continue;
      const result = await verifyRetentionJws(record.jws, keys);
      if (result.ok && result.claims.kind === 'metadata_retirement' && result.claims.anchor_seq === anchor.seq && result.claims.anchor_hash === anchor.hash) return true;
    }
    if (page.length < 500) return false;
  }
}

type JwsResult = { ok: true; claims: CheckpointClaims } | { ok: false; problem: 'unknown_key' | 'bad_signature'; detail: string };

/** Verifies one checkpoint JWS against keys indexed by thumbprint. */
export async function verifyCheckpointJws(jws: string, keys: ReadonlyMap<string, JWK>): Promise<JwsResult> {
  const result = await verifySignedJws(jws, keys, CHECKPOINT_TYP);
  if (!result.ok) return result;
  const claims = result.payload as unknown as CheckpointClaims;
  if (claims.v !== 1 || !Number.isSafeInteger(claims.seq) || typeof claims.head_hash !== 'string') {
    return { ok: false, problem: 'bad_signature', detail: 'the signed claims are not a version 1 checkpoint' };
  }
  return { ok: true, claims };
}
