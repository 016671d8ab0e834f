// The SQLite INSERT of a ledger row. Column lists and decoding are shared with PostgreSQL
// (row-codec.ts).

import type { SQLInputValue } from 'node:sqlite';
import { ALL_COLUMNS, rowValues } from '../row-codec.ts';
import type { StoredRow } from '../stored-row.ts';

export const INSERT_SQL = `INSERT INTO ledger (${ALL_COLUMNS.join(', ')}) VALUES (${ALL_COLUMNS.map(() => '?').join(', ')})`;

/** `payloadJson`, when given, is written as the payload column instead of serializing row.payload again. */
export function encodeRow(row: StoredRow, payloadJson?: string): SQLInputValue[] {
  return rowValues(row, payloadJson);
}
