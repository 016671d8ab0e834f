// The shape a stored checkpoint must have, checked the same way by every store before it is
// written. The signature itself is checked by whoever reads it (checkpoints.ts, an auditor).

import { LedgerError } from '../ledger-errors.ts';
import type { LedgerCheckpoint, RetentionRecord } from '../types.ts';

const HEX64 = /^[0-9a-f]{64}$/;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function checkCheckpoint(checkpoint: LedgerCheckpoint): void {
  const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', `checkpoint: ${why}`); };
  if (checkpoint === null || typeof checkpoint !== 'object') invalid('must be an object');
  if (!Number.isSafeInteger(checkpoint.seq) || checkpoint.seq < 0) invalid('seq must be a non-negative integer');
  if (typeof checkpoint.head_hash !== 'string' || !HEX64.test(checkpoint.head_hash)) invalid('head_hash must be 64 lowercase hex digits');
  if (typeof checkpoint.key_id !== 'string' || checkpoint.key_id === '') invalid('key_id must be a non-empty string');
  if (typeof checkpoint.jws !== 'string' || !COMPACT_JWS.test(checkpoint.jws)) invalid('jws must be a compact JWS');
  if (typeof checkpoint.created_at !== 'string' || Number.isNaN(Date.parse(checkpoint.created_at))) invalid('created_at must be an ISO-8601 timestamp');
}

export function checkRetentionRecord(record: RetentionRecord): void {
  const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', `retention record: ${why}`); };
  if (record === null || typeof record !== 'object') invalid('must be an object');
  if (record.kind !== 'payload_expiry' && record.kind !== 'metadata_retirement') invalid('kind must be payload_expiry or metadata_retirement');
  if (typeof record.key_id !== 'string' || record.key_id === '') invalid('key_id must be a non-empty string');
  if (typeof record.jws !== 'string' || !COMPACT_JWS.test(record.jws)) invalid('jws must be a compact JWS');
  if (typeof record.created_at !== 'string' || Number.isNaN(Date.parse(record.created_at))) invalid('created_at must be an ISO-8601 timestamp');
}
