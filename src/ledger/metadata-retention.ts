// Metadata retention: deletes the prefix of the chain older than METADATA_YEARS, never the head
// and never past the first row still within retention, so the chain keeps no holes. Before
// deleting it verifies the prefix (a prefix that does not verify is evidence and stays) and, with
// a signer, signs a checkpoint at the new anchor so an auditor can check where the chain starts.

import type { CheckpointSigner } from './chain/checkpoint-signer.ts';
import type { Ledger, VerifyProblem } from './types.ts';

export interface MetadataRetirement {
  rows_deleted: number;
  /** The retained chain's first seq after this run (null: the ledger is empty). */
  first_seq: number | null;
  /** The anchor the retained chain starts from (null: no row was ever deleted). */
  anchor_seq: number | null;
  anchor_hash: string | null;
  /** The seq of the checkpoint signed at the new anchor by this run, or null. */
  checkpoint_seq: number | null;
  /** Set when the prefix did not verify: nothing was deleted. */
  refused: { first_bad_seq: number | null; problem: VerifyProblem | null; detail: string | null } | null;
}

/** Rows deleted per transaction: a first run over years of rows never holds the writer for long. */
export const RETIRE_CHUNK_ROWS = 10_000;

export async function retireMetadata(
  ledger: Ledger, createdBefore: string, options: { signer?: CheckpointSigner | null; now?: () => Date; chunkRows?: number } = {},
): Promise<MetadataRetirement> {
  const now = options.now ?? (() => new Date());
  const chunkRows = options.chunkRows ?? RETIRE_CHUNK_ROWS;
  const summary = async (rowsDeleted: number, checkpointSeq: number | null, refused: MetadataRetirement['refused']): Promise<MetadataRetirement> => {
    const [anchor, head] = await Promise.all([ledger.anchor(), ledger.head()]);
    const firstSeq = head.seq === 0 ? null : (anchor?.seq ?? 0) + 1;
    return { rows_deleted: rowsDeleted, first_seq: firstSeq, anchor_seq: anchor?.seq ?? null, anchor_hash: anchor?.hash ?? null, checkpoint_seq: checkpointSeq, refused };
  };

  const through = await ledger.retirablePrefix(createdBefore);
  if (through === null) return summary(0, null, null);
  let base = (await ledger.anchor())?.seq ?? 0;
  let rowsDeleted = 0;
  let checkpointSeq: number | null = null;
  // In chunks, each its own verify, checkpoint and transaction: appends wait for one chunk at most,
  // and a run cut short leaves a signed anchor where it stopped, from which the next run goes on.
  while (base < through) {
    const end = Math.min(through, base + chunkRows);
    const report = await ledger.verify({ from_seq: base + 1, to_seq: end });
    if (!report.valid || report.to_seq !== end || report.head_hash === null) {
      return summary(rowsDeleted, checkpointSeq, {
        first_bad_seq: report.first_bad_seq,
        problem: report.problem,
        detail: `rows ${base + 1}..${end} do not verify, so they are kept as evidence: ${report.detail ?? `verification stopped at ${report.to_seq}`}`,
      });
    }
    const hash = report.head_hash;
    if (options.signer) {
      // Signed before deleting: the anchor is covered by a signature the database cannot forge.
      // The retirement statement is what verify accepts an anchor on (a head checkpoint at the same
      // seq proves the hash, not that retention deleted what lies before it).
      await ledger.addRetentionRecord(await options.signer.signRetention({
        v: 1, kind: 'metadata_retirement', anchor_seq: end, anchor_hash: hash, created_before: createdBefore, run_at: now().toISOString(),
      }));
      // false: a checkpoint at that seq exists already (an audit checks it against the anchor).
      if (await ledger.addCheckpoint(await options.signer.sign({ seq: end, hash }, now()))) checkpointSeq = end;
    }
    rowsDeleted += (await ledger.retirePrefix({ seq: end, hash }, now().toISOString())).rows_deleted;
    base = end;
  }
  return summary(rowsDeleted, checkpointSeq, null);
}
