// The ledger's columns and how a stored row reads back, shared by both stores: JSON columns are
// TEXT in SQLite and PostgreSQL alike (the exact text is kept; see docs/ledger.md), numbers stay
// numbers. Only the INSERT side differs per store.

import type { StoredRow } from './stored-row.ts';
import type { LedgerRow, LedgerRowSummary } from './types.ts';

type DbRow = Record<string, unknown>;

/** Columns of LedgerRowSummary, i.e. everything except the payload and the commitment material. */
export const SUMMARY_COLUMNS = [
  'seq', 'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier',
  'risk_score', 'final_confidence', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline',
  'created_at', 'payload_state', 'pii_paths', 'payload_digest', 'prev_hash', 'hash',
] as const;

/** Columns of the public LedgerRow: reads never load (or parse) the commitment material. */
export const PUBLIC_COLUMNS = [...SUMMARY_COLUMNS, 'payload'] as const;

export const ALL_COLUMNS = [...PUBLIC_COLUMNS, 'pii_commitments', 'pii_salts'] as const;

export const JSON_COLUMNS: ReadonlySet<string> = new Set<string>(['payload', 'pii_paths', 'pii_commitments', 'pii_salts']);

export const SELECT_ROW = `SELECT ${ALL_COLUMNS.join(', ')} FROM ledger`;
export const SELECT_PUBLIC_ROW = `SELECT ${PUBLIC_COLUMNS.join(', ')} FROM ledger`;
export const SELECT_SUMMARY = `SELECT ${SUMMARY_COLUMNS.join(', ')} FROM ledger`;

/** Column values in ALL_COLUMNS order; `payloadJson`, when given, is the payload column as is. */
export function rowValues(row: StoredRow, payloadJson?: string): Array<string | number | null> {
  return ALL_COLUMNS.map((column) => {
    if (column === 'payload' && payloadJson !== undefined) return payloadJson;
    const value = row[column];
    if (JSON_COLUMNS.has(column)) return value === null ? null : JSON.stringify(value);
    return value as string | number | null;
  });
}

/** Throws a SyntaxError when a JSON column does not parse (the verifier reports that as tampering). */
export function decodeRow(dbRow: DbRow): StoredRow {
  return decode(dbRow, ALL_COLUMNS) as unknown as StoredRow;
}

export function decodePublicRow(dbRow: DbRow): LedgerRow {
  return decode(dbRow, PUBLIC_COLUMNS) as unknown as LedgerRow;
}

export function decodeSummary(dbRow: DbRow): LedgerRowSummary {
  return decode(dbRow, SUMMARY_COLUMNS) as unknown as LedgerRowSummary;
}

function decode(dbRow: DbRow, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const value = dbRow[column];
    out[column] = JSON_COLUMNS.has(column) && typeof value === 'string' ? JSON.parse(value) : value ?? null;
  }
  return out;
}
