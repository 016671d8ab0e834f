// The row exactly as a store keeps it: the public LedgerRow plus the commitment material the
// verifier needs. Shared by every store so that verification is store-independent.

import type { LedgerRow, LedgerRowSummary } from './types.ts';

export interface StoredRow extends LedgerRow {
  /** {path: sha256(salt ':' canonicalJson(value))}, covered by the row hash. */
  pii_commitments: Record<string, string>;
  /** {path: salt}; null once the PII was erased or the payload expired. */
  pii_salts: Record<string, string> | null;
}

/** The newest row of the chain as far as this process knows: the next row links to it. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** The row without its payload (and commitment material); the payload is never read. */
export function toSummary(row: StoredRow | LedgerRow): LedgerRowSummary {
  // Copied key by key, not with a rest pattern: a row just appended may hold its payload as text
  // behind a getter (append-request.ts), and a rest pattern would call it and parse the text.
  const summary: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (key !== 'payload' && key !== 'pii_commitments' && key !== 'pii_salts') summary[key] = (row as unknown as Record<string, unknown>)[key];
  }
  return summary as unknown as LedgerRowSummary;
}
