// verify() for SQLite: streams rows by seq with StatementSync.iterate(), one keyset page at a
// time, and yields to the event loop after each page and each 10 ms of checking
// (src/workers/time-slice.ts), so appends keep flowing during a long walk. Memory stays bounded
// by the page size whatever the table size.

import type { DatabaseSync } from 'node:sqlite';
import { checkPayload, checkPayloadText, createChainVerifier } from '../chain/chain-verifier.ts';
import { startRetainedWalk } from '../chain/retained-chain.ts';
import { timeSlice, type TimeSlice } from '../../workers/time-slice.ts';
import { decodeRow, SELECT_ROW } from '../row-codec.ts';
import type { ChainHead } from '../stored-row.ts';
import type { LedgerAnchor, VerifyRange, VerifyReport } from '../types.ts';

const PAGE_ROWS = 500;

/**
 * Verifies rows from_seq..to_seq (default: the retained chain, 1 or retention's anchor + 1, to the
 * head). A range starting later trusts row from_seq - 1 as its anchor.
 */
export async function walkSqliteChain(
  db: DatabaseSync, head: ChainHead, range: VerifyRange = {}, retained: LedgerAnchor | null = null, slice: TimeSlice = timeSlice(),
): Promise<VerifyReport> {
  const started = performance.now();
  const begin = await startRetainedWalk(head, range, retained, started, (seq) => db.prepare('SELECT seq, hash FROM ledger WHERE seq = ?').get(seq) as ChainHead | undefined);
  if (begin.kind === 'done') return begin.report;
  const { anchor, to, done } = begin;

  const verifier = createChainVerifier(anchor, range.proofs);
  const page = db.prepare(`${SELECT_ROW} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?`);
  let cursor = anchor.seq;
  let ok = true;
  while (ok && cursor < to) {
    let read = 0;
    let paused = false;
    // Leaving the loop early ends the statement (no read transaction is held across the yield);
    // the next page starts after the cursor.
    for (const dbRow of page.iterate(cursor, to, PAGE_ROWS)) {
      read += 1;
      cursor = dbRow.seq as number;
      try {
        const row = decodeRow(dbRow);
        const text = dbRow.payload;
        ok = verifier.checkWith(row, () => checkPayload(row) ?? (typeof text === 'string' ? checkPayloadText(text, row.payload) : null));
      } catch (err) {
        verifier.reject(cursor, { problem: 'payload_tampered', detail: `row ${cursor} does not decode: ${(err as Error).message}` });
        ok = false;
      }
      if (!ok) break;
      if (slice.spent()) {
        paused = true;
        break;
      }
    }
    if (!paused && read < PAGE_ROWS) break;
    await slice.yield();
  }
  if (ok) verifier.expectEnd(to);
  return done(verifier.report(performance.now() - started));
}
