// Verification of a run of rows, independent of where they are stored: a store feeds rows in
// seq order (streamed, never all at once) and the verifier stops at the first bad one. It
// accepts erased PII and expired payloads because the chain covers commitments, not values.

import { LedgerError } from '../ledger-errors.ts';
import { GENESIS_HEAD, rowHash } from './hash-chain.ts';
import { getAtPath, parsePath } from './json-paths.ts';
import { ERASED_VALUE, piiCommitment, redactedDigest } from './pii-commitments.ts';
import type { ChainHead, StoredRow } from '../stored-row.ts';
import { expiryProven } from './retention-proofs.ts';
import type { VerifyProblem, VerifyProofs, VerifyReport } from '../types.ts';

export interface Finding {
  problem: VerifyProblem;
  detail: string;
}

export interface ChainVerifier {
  /** Checks the next row in seq order. Returns false at the first bad row; feed no more rows after that. */
  check(row: StoredRow): boolean;
  /**
   * check() with the payload columns checked by `checkPayloadColumns` (called after the seq and
   * prev_hash checks, before the hash) instead of checkPayload: for a store that can show the
   * payload consistent without parsing it. `row.payload` is not read.
   */
  checkWith(row: StoredRow, checkPayloadColumns: () => Finding | null): boolean;
  /** Stops verification at `seq` for a reason found outside check() (e.g. a column that does not decode). */
  reject(seq: number, finding: Finding): void;
  /** Call after the last row: rows up to `toSeq` were expected, so a shortfall is a gap. */
  expectEnd(toSeq: number): void;
  /** The good rows are from_seq..to_seq; first_bad_seq names where verification stopped. */
  report(durationMs: number): VerifyReport;
}

/**
 * `anchor` is the row before the first one to check: GENESIS_HEAD, or the stored row from_seq - 1.
 * With `proofs`, each row at a signed checkpoint must have the signed hash, and each expired row
 * must be covered by a signed expiry run.
 */
export function createChainVerifier(anchor: ChainHead = GENESIS_HEAD, proofs?: VerifyProofs): ChainVerifier {
  let last = anchor;
  // The last seq a signature proved: a rewrite found at a checkpoint lies after it.
  let proven = anchor.seq;
  let firstSeq: number | null = null;
  let checked = 0;
  let erased = 0;
  let expired = 0;
  let bad: { seq: number; finding: Finding } | null = null;

  const fail = (seq: number, finding: Finding): false => {
    bad = { seq, finding };
    return false;
  };

  const checkWith = (row: StoredRow, checkPayloadColumns: () => Finding | null): boolean => {
    if (bad) return false;
    const expected = last.seq + 1;
    if (row.seq !== expected) {
      const detail = row.seq > expected
        ? `expected seq ${expected}, found ${row.seq}: ${row.seq - expected} row(s) missing`
        : `expected seq ${expected}, found ${row.seq} (duplicate or out of order)`;
      return fail(expected, { problem: 'seq_gap', detail });
    }
    if (row.prev_hash !== last.hash) {
      return fail(row.seq, { problem: 'prev_hash_mismatch', detail: `prev_hash ${row.prev_hash} does not equal the hash ${last.hash} of row ${last.seq}` });
    }
    let payloadFinding: Finding | null;
    try {
      payloadFinding = checkPayloadColumns();
    } catch (err) {
      payloadFinding = { problem: 'payload_tampered', detail: `payload columns cannot be checked: ${(err as Error).message}` };
    }
    if (payloadFinding) return fail(row.seq, payloadFinding);
    const recomputed = rowHash(row);
    if (recomputed !== row.hash) {
      return fail(row.seq, { problem: 'hash_mismatch', detail: `stored hash ${row.hash}, recomputed ${recomputed}: a hashed column was changed` });
    }
    const signed = proofs?.checkpoints.get(row.seq);
    if (signed !== undefined && signed !== row.hash) {
      // Every row links up, so hashes were recomputed from some row after the last proven one on.
      return fail(proven + 1, {
        problem: 'checkpoint_mismatch',
        detail: `row ${row.seq} has hash ${row.hash}, but the signed checkpoint at seq ${row.seq} says ${signed}: rows ${proven + 1}..${row.seq} were rewritten with recomputed hashes (row ${proven + 1} is the first not proven by a signature)`,
      });
    }
    if (signed !== undefined) proven = row.seq;
    if (proofs && row.payload_state === 'expired' && !expiryProven(proofs.expiry, row)) {
      return fail(row.seq, {
        problem: 'expiry_unproven',
        detail: `row ${row.seq} (created ${row.created_at}) has an expired payload, but no signed payload-expiry run covers it: its payload was dropped outside retention`,
      });
    }
    firstSeq ??= row.seq;
    checked += 1;
    if (row.payload_state === 'erased') erased += 1;
    if (row.payload_state === 'expired') expired += 1;
    last = { seq: row.seq, hash: row.hash };
    return true;
  };

  return {
    check: (row) => checkWith(row, () => checkPayload(row)),
    checkWith,
    reject(seq, finding) {
      if (!bad) fail(seq, finding);
    },
    expectEnd(toSeq) {
      if (!bad && last.seq < toSeq) {
        fail(last.seq + 1, { problem: 'seq_gap', detail: `rows ${last.seq + 1}..${toSeq} are missing` });
      }
    },
    report(durationMs) {
      const stop = bad as { seq: number; finding: Finding } | null;
      return {
        valid: stop === null,
        rows_checked: checked,
        from_seq: firstSeq,
        to_seq: checked > 0 ? last.seq : null,
        head_hash: checked > 0 ? last.hash : null,
        erased_rows: erased,
        expired_rows: expired,
        first_bad_seq: stop?.seq ?? null,
        problem: stop?.finding.problem ?? null,
        detail: stop?.finding.detail ?? null,
        duration_ms: durationMs,
        anchored_at_seq: null,
        rows_deleted_before: 0,
      };
    },
  };
}

/** Verifies a whole sequence of rows; `toSeq` (optional) is the seq the sequence must reach. */
export function verifyRows(rows: Iterable<StoredRow>, options: { anchor?: ChainHead; toSeq?: number } = {}): VerifyReport {
  const started = performance.now();
  const verifier = createChainVerifier(options.anchor);
  let ok = true;
  for (const row of rows) if (!(ok = verifier.check(row))) break;
  if (ok && options.toSeq !== undefined) verifier.expectEnd(options.toSeq);
  return verifier.report(performance.now() - started);
}

/**
 * The payload columns are outside the row hash, so they are checked against what it covers:
 * present PII must match its commitment, erased PII must read ERASED_VALUE, and the redacted
 * payload must match payload_digest. Returns null when the payload is consistent.
 */
export function checkPayload(row: StoredRow): Finding | null {
  const tampered = (detail: string): Finding => ({ problem: 'payload_tampered', detail });
  const paths = Object.keys(row.pii_commitments ?? {});
  if (!samePaths(row.pii_paths, paths)) return tampered('pii_paths differ from the paths of the committed PII');
  if (row.payload === null) {
    return row.payload_state === 'expired' ? null : tampered(`payload is missing but payload_state is ${row.payload_state}`);
  }
  if (row.payload_state === 'expired') return tampered('payload_state is expired but a payload is present');
  if (row.payload_state !== 'present' && row.payload_state !== 'erased') return tampered(`unknown payload_state ${String(row.payload_state)}`);
  for (const path of paths) {
    const leaf = getAtPath(row.payload, parsePath(path));
    if (!leaf.found) return tampered(`PII leaf ${path} is missing from the payload`);
    if (row.payload_state === 'erased') {
      if (leaf.value !== ERASED_VALUE) return tampered(`PII leaf ${path} of an erased row holds a value other than ${ERASED_VALUE}`);
      continue;
    }
    const salt = row.pii_salts?.[path];
    if (typeof salt !== 'string') return tampered(`the salt of PII leaf ${path} is missing`);
    if (piiCommitment(salt, leaf.value) !== row.pii_commitments[path]) {
      return tampered(`PII leaf ${path} does not match its commitment`);
    }
  }
  if (redactedDigest(row.payload, row.pii_commitments) !== row.payload_digest) {
    return tampered('the payload (PII leaves replaced by their commitments) does not match payload_digest');
  }
  return null;
}

/**
 * The stored payload text against the value it parses to, for SQLite, which stores the shortest
 * text of that value (JSON.stringify's), so a longer text holds something a parse drops. Above
 * all a duplicate key: JSON.parse keeps the last of two, which checkPayload then finds matching
 * payload_digest, while SQLite's json_extract (reliability history, analytics) reads the first,
 * which a forger chose. Keys in another order stay accepted. (PostgreSQL's jsonb keeps the last
 * key, as JSON.parse does, and its tests accept a payload re-serialized by jsonb, with spaces.)
 */
export function checkPayloadText(text: string, parsed: unknown): Finding | null {
  if (JSON.stringify(parsed).length === text.length) return null;
  return { problem: 'payload_tampered', detail: 'the stored payload is not the text of the JSON value it parses to (a duplicate key, or characters a parse drops)' };
}

/** The same set of path strings (both lists are tiny; most rows have none or one). */
function samePaths(listed: unknown, committed: string[]): boolean {
  if (!Array.isArray(listed) || listed.length !== committed.length) return false;
  if (listed.length === 0) return true;
  if (!listed.every((path) => typeof path === 'string')) return false;
  const a = [...listed].sort();
  const b = [...committed].sort();
  return a.every((path, i) => path === b[i]);
}

/** The seq range a verify walks: from_seq (default 1) to the lower of to_seq and the head. */
export function resolveVerifyRange(head: { seq: number }, range: { from_seq?: number; to_seq?: number }): { from: number; to: number } {
  const from = range.from_seq ?? 1;
  const to = Math.min(range.to_seq ?? head.seq, head.seq);
  if (!Number.isSafeInteger(from) || from < 1) throw new LedgerError('LEDGER_INVALID_ARGUMENT', `from_seq must be an integer >= 1, got ${from}`);
  if (!Number.isSafeInteger(to)) throw new LedgerError('LEDGER_INVALID_ARGUMENT', `to_seq must be an integer, got ${range.to_seq}`);
  return { from, to };
}

/** The report when the row before from_seq, which anchors a range, does not exist. */
export function missingAnchorReport(from: number, startedAt: number): VerifyReport {
  const verifier = createChainVerifier();
  verifier.reject(from - 1, { problem: 'seq_gap', detail: `anchor row ${from - 1} (the row before from_seq) is missing` });
  return verifier.report(performance.now() - startedAt);
}
