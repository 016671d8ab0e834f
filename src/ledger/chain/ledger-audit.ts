// The verify an auditor relies on: the chain walk, checked against everything the gateway signed.
// A database writer without the signing key can recompute every hash, delete the newest rows,
// drop a fresh payload as "expired", or delete the chain's start behind a forged anchor; the walk
// alone accepts all four. Here each row at a signed checkpoint must carry the signed hash, the
// chain must reach the newest signed seq, each expired row must be covered by a signed expiry
// run, and the anchor by a signed retirement. What no signature covers is reported, not hidden:
// the rows after the newest checkpoint (unprotected_rows) can still be cut off unnoticed.

import diagnostics_channel from 'node:diagnostics_channel';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { verifyCheckpointJws } from './checkpoints.ts';
import { expiryCoverage, verifyRetentionJws } from './retention-proofs.ts';
import type { Ledger, RetentionClaims, VerifyProblem, VerifyRange, VerifyReport } from '../types.ts';

const PAGE = 500;
/** How many of the newest checkpoints the report lists one by one (the rest are counted). */
const LISTED_CHECKPOINTS = 10;

export type SignatureStatus = 'valid' | 'invalid' | 'unknown_key';

export interface CheckpointEntry {
  seq: number;
  key_id: string;
  created_at: string;
  signature: SignatureStatus;
  /** The walk reached this seq and found the signed hash (false: it did not get there, or the hash differs). */
  confirmed: boolean;
}

export interface LedgerAudit extends VerifyReport {
  /** Whether signatures were checked at all: false when no key is configured (the walk alone then). */
  signatures_checked: boolean;
  /** Thumbprints of the trusted public keys. */
  trusted_key_ids: string[];
  checkpoints: {
    checked: number;
    /** Signed by a trusted key and consistent with their stored columns. */
    verified: number;
    /** Signed by a key not among the trusted ones: not counted as proof, not a failure. */
    unknown_key: number;
    newest_verified_seq: number | null;
    /** Rows after the newest verified checkpoint: no signature covers them yet, so cutting them off is not detectable. */
    unprotected_rows: number;
    /** The newest checkpoints, one by one. */
    newest: CheckpointEntry[];
  };
  anchor: null | { seq: number; hash: string; retired_at: string; signed: boolean; key_id: string | null };
  retention_records: { checked: number; payload_expiry: number; metadata_retirement: number; unknown_key: number };
}

/** seq null: the finding is about a stored statement, not a row. */
interface Finding { seq: number | null; problem: VerifyProblem; detail: string }

/**
 * `chain.verify_failed` for every audit that did not verify (the API route and `govgate verify`
 * both run auditLedger). Nothing is appended for it: a chain that fails is no place to record
 * that it fails. Keyed by problem and first bad seq, so a cron job re-running the same failed verify
 * notifies once per finding.
 */
export const CHAIN_EVENTS_CHANNEL = 'gateway:chain';
const chainEvents = diagnostics_channel.channel(CHAIN_EVENTS_CHANNEL);

/** Runs the walk over `range` with the proofs that `publicKeys` verify, and the checks only signatures allow. */
export async function auditLedger(ledger: Ledger, publicKeys: readonly JWK[], range: Omit<VerifyRange, 'proofs'> = {}): Promise<LedgerAudit> {
  const audit = await walkAndCheck(ledger, publicKeys, range);
  if (!audit.valid && chainEvents.hasSubscribers) {
    chainEvents.publish({
      type: 'chain.verify_failed', dedupe_key: `${audit.problem}:${audit.first_bad_seq}`,
      problem: audit.problem, first_bad_seq: audit.first_bad_seq, detail: audit.detail, rows_checked: audit.rows_checked,
      from_seq: audit.from_seq, to_seq: audit.to_seq, signatures_checked: audit.signatures_checked,
    });
  }
  return audit;
}

async function walkAndCheck(ledger: Ledger, publicKeys: readonly JWK[], range: Omit<VerifyRange, 'proofs'>): Promise<LedgerAudit> {
  const started = performance.now();
  const keys = new Map<string, JWK>();
  for (const jwk of publicKeys) keys.set(await calculateJwkThumbprint(jwk, 'sha256'), jwk);
  if (keys.size === 0) {
    const report = await ledger.verify(range);
    return {
      ...report, signatures_checked: false, trusted_key_ids: [],
      checkpoints: { checked: 0, verified: 0, unknown_key: 0, newest_verified_seq: null, unprotected_rows: 0, newest: [] },
      anchor: await anchorSummary(ledger, null),
      retention_records: { checked: 0, payload_expiry: 0, metadata_retirement: 0, unknown_key: 0 },
    };
  }

  const checkpoints = await collectCheckpoints(ledger, keys);
  let retention = await collectRetention(ledger, keys);
  const walk = () => ledger.verify({ ...range, proofs: { checkpoints: checkpoints.signed, expiry: expiryCoverage(retention.expiry) } });
  let report = await walk();
  if (report.problem === 'expiry_unproven') {
    // A retention run may have signed and expired while we walked: read its statement and walk once more.
    const again = await collectRetention(ledger, keys);
    if (again.checked > retention.checked) {
      retention = again;
      report = await walk();
    }
  }

  const anchor = await anchorSummary(ledger, retention.retirements);
  const walkedTo = report.to_seq ?? report.anchored_at_seq ?? 0;
  const newestSigned = checkpoints.newestSigned;
  const findings: Finding[] = [];
  if (checkpoints.invalid) findings.push(checkpoints.invalid);
  if (retention.invalid) findings.push(retention.invalid);
  if (anchor && !anchor.signed) {
    findings.push({ seq: anchor.seq, problem: 'anchor_unsigned', detail: `rows 1..${anchor.seq} are gone behind a retention anchor that no signed retention run vouches for (seq ${anchor.seq}, hash ${anchor.hash}): a prefix of the chain was deleted outside retention` });
  }
  const signedAtAnchor = anchor ? checkpoints.signed.get(anchor.seq) : undefined;
  if (anchor && signedAtAnchor !== undefined && signedAtAnchor !== anchor.hash) {
    findings.push({ seq: anchor.seq, problem: 'checkpoint_mismatch', detail: `the retention anchor at seq ${anchor.seq} has hash ${anchor.hash}, the signed checkpoint there says ${signedAtAnchor}` });
  }
  // A walk from past the last row checks nothing and ends nowhere: where the chain ends is its head.
  const chainEnd = report.rows_checked === 0 && range.from_seq !== undefined ? Math.max(walkedTo, (await ledger.head()).seq) : walkedTo;
  if (report.valid && range.to_seq === undefined && newestSigned !== null && newestSigned > chainEnd) {
    findings.push({ seq: chainEnd + 1, problem: 'truncated', detail: `the chain ends at seq ${chainEnd}, but a signed checkpoint vouches for seq ${newestSigned}: rows ${chainEnd + 1}..${newestSigned} (at least) were deleted` });
  }
  // The walk names the first bad row; otherwise the lowest seq a signature check found.
  const first = report.valid ? findings.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))[0] : undefined;
  const verifiedBelowWalk = newestSigned !== null && newestSigned <= walkedTo ? newestSigned : checkpoints.newestSignedAtOrBelow(walkedTo);
  return {
    ...report,
    ...(first ? { valid: false, first_bad_seq: first.seq, problem: first.problem, detail: first.detail } : {}),
    duration_ms: performance.now() - started,
    signatures_checked: true,
    trusted_key_ids: [...keys.keys()],
    checkpoints: {
      checked: checkpoints.checked,
      verified: checkpoints.signed.size,
      unknown_key: checkpoints.unknownKey,
      newest_verified_seq: newestSigned,
      unprotected_rows: Math.max(0, walkedTo - (verifiedBelowWalk ?? anchor?.seq ?? 0)),
      newest: checkpoints.newest.map((entry) => ({
        ...entry,
        confirmed: entry.signature === 'valid' && entry.seq <= walkedTo && entry.seq > (anchor?.seq ?? 0) && (report.valid || entry.seq < (report.first_bad_seq ?? 0)),
      })),
    },
    anchor,
    retention_records: { checked: retention.checked, payload_expiry: retention.expiry.length, metadata_retirement: retention.retirements.length, unknown_key: retention.unknownKey },
  };
}

async function collectCheckpoints(ledger: Ledger, keys: ReadonlyMap<string, JWK>) {
  const signed = new Map<number, string>();
  const newest: Array<Omit<CheckpointEntry, 'confirmed'>> = [];
  let checked = 0;
  let unknownKey = 0;
  let invalid = null as Finding | null;
  for (let offset = 0; ; offset += PAGE) {
    const page = await ledger.checkpoints({ limit: PAGE, offset });
    for (const checkpoint of page) {
      checked += 1;
      const result = await verifyCheckpointJws(checkpoint.jws, keys);
      let signature: SignatureStatus = result.ok ? 'valid' : result.problem === 'unknown_key' ? 'unknown_key' : 'invalid';
      if (result.ok && (result.claims.seq !== checkpoint.seq || result.claims.head_hash !== checkpoint.head_hash)) signature = 'invalid';
      if (signature === 'valid' && result.ok) signed.set(result.claims.seq, result.claims.head_hash);
      if (signature === 'unknown_key') unknownKey += 1;
      if (signature === 'invalid' && (!invalid || checkpoint.seq < (invalid.seq ?? 0))) {
        invalid = { seq: checkpoint.seq, problem: 'signature_invalid', detail: `the checkpoint stored at seq ${checkpoint.seq} does not carry a valid signature of what it states: ${result.ok ? 'its columns differ from the signed claims' : result.detail}` };
      }
      if (newest.length < LISTED_CHECKPOINTS) newest.push({ seq: checkpoint.seq, key_id: checkpoint.key_id, created_at: checkpoint.created_at, signature });
    }
    if (page.length < PAGE) break;
  }
  const seqs = [...signed.keys()].sort((a, b) => a - b);
  return {
    signed, newest, checked, unknownKey, invalid,
    newestSigned: seqs.at(-1) ?? null,
    newestSignedAtOrBelow: (seq: number): number | null => seqs.findLast((s) => s <= seq) ?? null,
  };
}

type Retirement = Extract<RetentionClaims, { kind: 'metadata_retirement' }> & { key_id: string };

async function collectRetention(ledger: Ledger, keys: ReadonlyMap<string, JWK>) {
  const expiry: Array<{ through_seq: number; created_before: string }> = [];
  const retirements: Retirement[] = [];
  let checked = 0;
  let unknownKey = 0;
  let invalid = null as Finding | null;
  for (let offset = 0; ; offset += PAGE) {
    const page = await ledger.retentionRecords({ limit: PAGE, offset });
    for (const record of page) {
      checked += 1;
      const result = await verifyRetentionJws(record.jws, keys);
      if (!result.ok) {
        if (result.problem === 'unknown_key') unknownKey += 1;
        else invalid ??= { seq: null, problem: 'signature_invalid', detail: `a stored retention record (${record.kind}, ${record.created_at}) does not carry a valid signature: ${result.detail}` };
        continue;
      }
      if (result.claims.kind === 'payload_expiry') expiry.push(result.claims);
      else retirements.push({ ...result.claims, key_id: record.key_id });
    }
    if (page.length < PAGE) break;
  }
  return { expiry, retirements, checked, unknownKey, invalid };
}

/** The anchor and whether a signed retirement states exactly it (null retirements: signatures not checked). */
async function anchorSummary(ledger: Ledger, retirements: Retirement[] | null): Promise<LedgerAudit['anchor']> {
  const anchor = await ledger.anchor();
  if (!anchor) return null;
  const proof = retirements?.find((r) => r.anchor_seq === anchor.seq && r.anchor_hash === anchor.hash);
  return { seq: anchor.seq, hash: anchor.hash, retired_at: anchor.retired_at, signed: proof !== undefined, key_id: proof?.key_id ?? null };
}
