// verify() for SQLite: streams rows by seq with StatementSync.iterate(), one keyset page at a
// time, and yields to the event loop between pages so appends keep flowing during a long walk.
// Memory stays bounded by the page size whatever the table size.

import type { DatabaseSync } from 'node:sqlite';
import { createChainVerifier, missingAnchorReport } from './chain-verifier.ts';
import { resolveRetainedRange, withAnchor } from './retained-chain.ts';
import { decodeRow, SELECT_ROW } from './row-codec.ts';
import type { ChainHead } from './stored-row.ts';
import type { LedgerAnchor, VerifyRange, VerifyReport } from './types.ts';

const PAGE_ROWS = 500;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Verifies rows from_seq..to_seq (default: the retained chain, 1 or retention's anchor + 1, to the
 * head). A range starting later trusts row from_seq - 1 as its anchor.
 */
export async function walkSqliteChain(db: DatabaseSync, head: ChainHead, range: VerifyRange = {}, retained: LedgerAnchor | null = null): Promise<VerifyReport> {
  const started = performance.now();
  const { from, to, start, note } = resolveRetainedRange(head, range, retained);
  const done = (report: VerifyReport) => withAnchor(report, retained, note);

  if (from > to) return done(createChainVerifier().report(performance.now() - started));

  let anchor: ChainHead;
  if (start) {
    anchor = start;
  } else {
    const found = db.prepare('SELECT seq, hash FROM ledger WHERE seq = ?').get(from - 1) as ChainHead | undefined;
    if (!found) return done(missingAnchorReport(from, started));
    anchor = { seq: found.seq, hash: found.hash };
  }

  const verifier = createChainVerifier(anchor);
  const page = db.prepare(`${SELECT_ROW} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?`);
  let cursor = anchor.seq;
  let ok = true;
  while (ok && cursor < to) {
    let read = 0;
    for (const dbRow of page.iterate(cursor, to, PAGE_ROWS)) {
      read += 1;
      cursor = dbRow.seq as number;
      try {
        ok = verifier.check(decodeRow(dbRow));
      } catch (err) {
        verifier.reject(cursor, { problem: 'payload_tampered', detail: `row ${cursor} does not decode: ${(err as Error).message}` });
        ok = false;
      }
      if (!ok) break;
    }
    if (read < PAGE_ROWS) break;
    await yieldToEventLoop();
  }
  if (ok) verifier.expectEnd(to);
  return done(verifier.report(performance.now() - started));
}
