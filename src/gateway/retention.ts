// One retention run: payloads older than HOT_PAYLOAD_DAYS are dropped (metadata, digests and
// commitments stay, so the chain still verifies and the record says its payload is gone).
// Shared by the scheduled job and `govgate retention run`.

import type { RetentionConfig } from '../config/index.ts';
import type { Ledger } from '../ledger/index.ts';

export interface RetentionReport {
  /** false when another process of the fleet was running it (nothing was done here). */
  ran: boolean;
  payloads_before: string;
  payloads_expired: number;
  hot_payload_days: number;
  metadata_years: number;
  duration_ms: number;
}

const DAY_MS = 86_400_000;

export async function runRetention(ledger: Ledger, retention: RetentionConfig, now: Date): Promise<RetentionReport> {
  const started = performance.now();
  const before = new Date(now.getTime() - retention.hotPayloadDays * DAY_MS).toISOString();
  const result = await ledger.runExclusive('retention', () => ledger.expirePayloads(before));
  return {
    ran: result.ran,
    payloads_before: before,
    payloads_expired: result.ran ? result.value : 0,
    hot_payload_days: retention.hotPayloadDays,
    metadata_years: retention.metadataYears,
    duration_ms: Math.round(performance.now() - started),
  };
}
