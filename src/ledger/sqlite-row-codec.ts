// Converts ledger rows to and from SQLite columns: JSON columns are TEXT, numbers stay numbers.

import type { SQLInputValue } from 'node:sqlite';
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

const JSON_COLUMNS = new Set<string>(['payload', 'pii_paths', 'pii_commitments', 'pii_salts']);

export const INSERT_SQL = `INSERT INTO ledger (${ALL_COLUMNS.join(', ')}) VALUES (${ALL_COLUMNS.map(() => '?').join(', ')})`;
export const SELECT_ROW = `SELECT ${ALL_COLUMNS.join(', ')} FROM ledger`;
export const SELECT_PUBLIC_ROW = `SELECT ${PUBLIC_COLUMNS.join(', ')} FROM ledger`;
export const SELECT_SUMMARY = `SELECT ${SUMMARY_COLUMNS.join(', ')} FROM ledger`;

/** `payloadJson`, when given, is written as the payload column instead of serializing row.payload again. */
export function encodeRow(row: StoredRow, payloadJson?: string): SQLInputValue[] {
  return ALL_COLUMNS.map((column) => {
    if (column === 'payload' && payloadJson !== undefined) return payloadJson;
    const value = row[column];
    if (JSON_COLUMNS.has(column)) return value === null ? null : JSON.stringify(value);
    return value as SQLInputValue;
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
