// Verification of a chain whose oldest rows metadata retention deleted: the walk starts from the
// stored anchor (seq and hash of the last deleted row) instead of the genesis hash, and its report
// says so, so a reader sees the start was retired, not lost. A range asked from inside the
// deleted prefix is verified from the retained start, with a note, rather than failing.

import { createChainVerifier, missingAnchorReport, resolveVerifyRange } from './chain-verifier.ts';
import { GENESIS_HEAD } from './hash-chain.ts';
import type { ChainHead } from '../stored-row.ts';
import type { LedgerAnchor, VerifyRange, VerifyReport } from '../types.ts';

export interface RetainedRange {
  from: number;
  to: number;
  /** The row before `from` when the store need not read it: the anchor or the genesis head. */
  start: ChainHead | null;
  /** Set when the asked range began inside the deleted prefix. */
  note: string | null;
}

export function resolveRetainedRange(head: { seq: number }, range: VerifyRange, anchor: LedgerAnchor | null): RetainedRange {
  const base = anchor?.seq ?? 0;
  const resolved = resolveVerifyRange(head, { from_seq: range.from_seq ?? base + 1, to_seq: range.to_seq });
  let note: string | null = null;
  const asksDeleted = resolved.from <= base || (range.to_seq !== undefined && range.to_seq <= base);
  if (anchor && asksDeleted) {
    note = `rows 1..${base} were deleted by metadata retention (anchor hash ${anchor.hash}, latest run ${anchor.retired_at}); verified from seq ${base + 1}`;
    resolved.from = Math.max(resolved.from, base + 1);
  }
  const start = anchor && resolved.from === base + 1 ? { seq: anchor.seq, hash: anchor.hash } : resolved.from === 1 ? GENESIS_HEAD : null;
  return { ...resolved, start, note };
}

export type RetainedWalk =
  | { kind: 'done'; report: VerifyReport }
  | { kind: 'walk'; anchor: ChainHead; to: number; done: (report: VerifyReport) => VerifyReport };

/**
 * Where a store's walk starts: the anchor (retention's, the genesis head, or row from_seq - 1,
 * read through `rowBefore`) and the last seq, or the finished report when there is nothing to
 * walk or the row before the range is missing. `done` adds the anchor to the walk's report.
 */
export async function startRetainedWalk(
  head: { seq: number }, range: VerifyRange, retained: LedgerAnchor | null, started: number,
  rowBefore: (seq: number) => ChainHead | undefined | Promise<ChainHead | undefined>,
): Promise<RetainedWalk> {
  const { from, to, start, note } = resolveRetainedRange(head, range, retained);
  const done = (report: VerifyReport) => withAnchor(report, retained, note);
  if (from > to) return { kind: 'done', report: done(createChainVerifier().report(performance.now() - started)) };
  if (start) return { kind: 'walk', anchor: start, to, done };
  const found = await rowBefore(from - 1);
  if (!found) return { kind: 'done', report: done(missingAnchorReport(from, started)) };
  return { kind: 'walk', anchor: { seq: found.seq, hash: found.hash }, to, done };
}

/** The report with the anchor it started from (and the note, when the range was moved). */
export function withAnchor(report: VerifyReport, anchor: LedgerAnchor | null, note: string | null): VerifyReport {
  return {
    ...report,
    anchored_at_seq: anchor?.seq ?? null,
    rows_deleted_before: anchor?.seq ?? 0,
    detail: report.detail ?? note,
  };
}

/**
 * Runs `walk` and, when it found rows missing that a retention run (another process) deleted
 * while it walked, once more from the anchor that run wrote: verification follows the anchor
 * the store holds at the end, never one remembered from before.
 */
export async function verifyRetained(
  readAnchor: () => Promise<LedgerAnchor | null>,
  walk: (anchor: LedgerAnchor | null) => Promise<VerifyReport>,
): Promise<VerifyReport> {
  let anchor = await readAnchor();
  for (;;) {
    const report = await walk(anchor);
    if (report.valid || report.problem !== 'seq_gap' || report.first_bad_seq === null) return report;
    const now = await readAnchor();
    // Anchors only move forward and stay below the head, so this ends.
    if ((now?.seq ?? 0) <= (anchor?.seq ?? 0) || report.first_bad_seq > now!.seq) return report;
    anchor = now;
  }
}
