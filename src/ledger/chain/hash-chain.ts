// The hash chain. Each row's hash covers its metadata, the payload digest, the PII commitments and
// the previous row's hash -- never the payload itself, so erasure and expiry leave hashes valid.

import { canonicalJson, createFixedShapeWriter } from './canonical-json.ts';
import { sha256Hex } from './digests.ts';
import { newSalt, sealPayload, type JsonObject, type SealedPayload } from './pii-commitments.ts';
import type { ChainHead, StoredRow } from '../stored-row.ts';
import type { LedgerEntry } from '../types.ts';

export const GENESIS_HASH = '0'.repeat(64);
export const GENESIS_HEAD: ChainHead = Object.freeze({ seq: 0, hash: GENESIS_HASH });

/** Exactly the fields the row hash covers, in documentation order (the hash sorts them anyway). */
export const HASHED_FIELDS = [
  'seq', 'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier',
  'risk_score', 'final_confidence', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline',
  'created_at', 'payload_digest', 'pii_commitments', 'prev_hash',
] as const;

export type HashedFields = Pick<StoredRow, (typeof HASHED_FIELDS)[number]>;

/** canonicalJson of the hashed fields alone, without building and sorting a copy per row. */
const writeHashedFields = createFixedShapeWriter(HASHED_FIELDS);

/** sha256 of the canonical JSON of the hashed fields; extra properties of `row` are ignored. */
export function rowHash(row: HashedFields): string {
  return sha256Hex(writeHashedFields(row as unknown as Record<string, unknown>));
}

const SORTED_HASHED_FIELDS = [...HASHED_FIELDS].sort();
// rowHashParts relies on this order: seq is the last member, prev_hash comes before it.
if (SORTED_HASHED_FIELDS.at(-1) !== 'seq' || SORTED_HASHED_FIELDS.indexOf('prev_hash') < 0) throw new Error('hash-chain: unexpected field order');

/**
 * The canonical text rowHash() hashes, cut around the two members only the chain head decides:
 * rowHash(row) = sha256(prefix + '"' + prev_hash + '"' + middle + seq + '}'). Lets a writer
 * prepare every row before it holds the head, and lets the PostgreSQL server link a batch itself
 * (ledger_link_hashes, schema v3). prev_hash is lowercase hex, so its JSON string needs no escaping.
 */
export function rowHashParts(row: Omit<HashedFields, 'seq' | 'prev_hash'>): { prefix: string; middle: string } {
  const record = row as unknown as Record<string, unknown>;
  let out = '{';
  let prefix = '';
  for (let i = 0; i < SORTED_HASHED_FIELDS.length; i += 1) {
    const field = SORTED_HASHED_FIELDS[i];
    out += MEMBER_NAMES[i];
    if (field === 'prev_hash') { prefix = out; out = ''; continue; }
    if (field === 'seq') break;
    const value = record[field];
    out += typeof value === 'string' ? JSON.stringify(value) : canonicalJson(value);
  }
  return { prefix, middle: out };
}

/** `"name":` for each sorted field, with the comma before every member but the first. */
const MEMBER_NAMES = SORTED_HASHED_FIELDS.map((field, i) => `${i > 0 ? ',' : ''}${JSON.stringify(field)}:`);

/** An entry whose payload is already committed: only its place in the chain is missing. */
export interface SealedEntry extends LedgerEntry, SealedPayload {}

/**
 * Commits the PII leaves and digests the payload -- the expensive part of an append, done
 * before the entry joins a batch. `entry.payload` must already be plain JSON (validateEntry),
 * because the stored payload is read back through JSON.parse.
 */
export function sealEntry(entry: LedgerEntry, piiPaths: readonly string[], salt: () => string = newSalt): SealedEntry {
  return { ...entry, ...sealPayload(entry.payload as JsonObject, piiPaths, salt) };
}

/** Places a sealed entry after `head`: assigns seq, prev_hash, created_at and computes the hash. */
export function linkRow(sealed: SealedEntry, head: ChainHead, createdAt: string): StoredRow {
  const row: Omit<StoredRow, 'hash'> = {
    seq: head.seq + 1,
    envelope_id: sealed.envelope_id,
    parent_envelope_id: sealed.parent_envelope_id,
    kind: sealed.kind,
    agent_id: sealed.agent_id,
    action: sealed.action,
    outcome: sealed.outcome,
    risk_tier: sealed.risk_tier,
    risk_score: sealed.risk_score,
    final_confidence: sealed.final_confidence,
    policy_version: sealed.policy_version,
    score_version: sealed.score_version,
    reviewer_id: sealed.reviewer_id,
    review_deadline: sealed.review_deadline,
    created_at: createdAt,
    payload: sealed.payload,
    payload_state: 'present',
    pii_paths: sealed.pii_paths,
    pii_commitments: sealed.pii_commitments,
    pii_salts: sealed.pii_salts,
    payload_digest: sealed.payload_digest,
    prev_hash: head.hash,
  };
  return { ...row, hash: rowHash(row) };
}
