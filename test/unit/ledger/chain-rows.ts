// Builds chains of StoredRow in memory (no store), and applies erasure / expiry the way a
// store does, for the verifier's unit and property tests.

import {
  defaultPiiDetector, erasePayload, GENESIS_HEAD, linkRow, sealEntry, validateEntry,
  type ChainHead, type LedgerEntry, type StoredRow,
} from '../../../src/ledger/index.ts';
import { makeEntry } from './ledger-fixtures.ts';

export function buildChain(entries: LedgerEntry[], anchor: ChainHead = GENESIS_HEAD): StoredRow[] {
  const rows: StoredRow[] = [];
  let head = anchor;
  entries.forEach((raw, i) => {
    const entry = validateEntry(raw);
    const row = linkRow(sealEntry(entry, defaultPiiDetector(entry.payload)), head, new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString());
    rows.push(row);
    head = { seq: row.seq, hash: row.hash };
  });
  return rows;
}

export function sampleChain(count: number): StoredRow[] {
  return buildChain(Array.from({ length: count }, (_, i) => makeEntry({
    payload: { request: { user: `user-${i}`, input: 'question' }, output: { value: i, contact: `p${i}@example.com` } },
  })));
}

export function erased(row: StoredRow): StoredRow {
  if (row.payload === null || row.pii_paths.length === 0) return row;
  return { ...row, payload: erasePayload(row.payload, row.pii_paths), pii_salts: null, payload_state: 'erased' };
}

export function expired(row: StoredRow): StoredRow {
  return { ...row, payload: null, pii_salts: null, payload_state: 'expired' };
}
