// One retention run: payloads older than HOT_PAYLOAD_DAYS are dropped (metadata, digests and
// commitments stay, so the chain still verifies and the record says its payload is gone), then
// rows older than METADATA_YEARS are deleted as a prefix of the chain, leaving a verified (and,
// with a signer, signed) anchor to verify from. Shared by the scheduled job and `govgate retention run`.

import type { RetentionConfig } from '../config/index.ts';
import { retireMetadata, type CheckpointSigner, type Ledger, type MetadataRetirement } from '../ledger/index.ts';

export interface RetentionReport {
  /** false when another process of the fleet was running it (nothing was done here). */
  ran: boolean;
  payloads_before: string;
  payloads_expired: number;
  hot_payload_days: number;
  metadata_years: number;
  metadata_before: string;
  /** Rows deleted by this run (the chain's oldest, up to the new anchor). */
  metadata_rows_deleted: number;
  /** The retained chain's first seq after the run (null: empty ledger or not run here). */
  first_seq: number | null;
  /** seq and hash of the last deleted row: the retained chain links to it (null: nothing deleted yet). */
  anchor_seq: number | null;
  anchor_hash: string | null;
  /** A checkpoint this run signed at the new anchor, or null. */
  anchor_checkpoint_seq: number | null;
  /** Set when the prefix past METADATA_YEARS did not verify and was kept (evidence of tampering). */
  metadata_refused: MetadataRetirement['refused'];
  duration_ms: number;
}

const DAY_MS = 86_400_000;

export async function runRetention(
  ledger: Ledger, retention: RetentionConfig, now: Date, options: { signer?: CheckpointSigner | null } = {},
): Promise<RetentionReport> {
  const started = performance.now();
  const before = new Date(now.getTime() - retention.hotPayloadDays * DAY_MS).toISOString();
  const metadataCutoff = new Date(now.getTime());
  metadataCutoff.setUTCFullYear(metadataCutoff.getUTCFullYear() - retention.metadataYears);
  const metadataBefore = metadataCutoff.toISOString();
  const result = await ledger.runExclusive('retention', async () => {
    if (options.signer) {
      // Signed and stored before any payload is dropped: verify accepts an expired row only when a
      // signed run covers it (seq up to the head then, created before the cut-off).
      const head = await ledger.head();
      await ledger.addRetentionRecord(await options.signer.signRetention({
        v: 1, kind: 'payload_expiry', through_seq: head.seq, created_before: before, hot_payload_days: retention.hotPayloadDays, run_at: now.toISOString(),
      }));
    }
    const expired = await ledger.expirePayloads(before);
    const retired = await retireMetadata(ledger, metadataBefore, { signer: options.signer, now: () => now });
    return { expired, retired };
  });
  const retired = result.ran ? result.value.retired : null;
  return {
    ran: result.ran,
    payloads_before: before,
    payloads_expired: result.ran ? result.value.expired : 0,
    hot_payload_days: retention.hotPayloadDays,
    metadata_years: retention.metadataYears,
    metadata_before: metadataBefore,
    metadata_rows_deleted: retired?.rows_deleted ?? 0,
    first_seq: retired?.first_seq ?? null,
    anchor_seq: retired?.anchor_seq ?? null,
    anchor_hash: retired?.anchor_hash ?? null,
    anchor_checkpoint_seq: retired?.checkpoint_seq ?? null,
    metadata_refused: retired?.refused ?? null,
    duration_ms: Math.round(performance.now() - started),
  };
}
