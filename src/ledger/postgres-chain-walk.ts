// verify() for PostgreSQL: streams rows in seq order with a keyset cursor (WHERE seq > last
// ORDER BY seq LIMIT page), fetching the next page while the current one is checked, so memory
// stays bounded by two pages whatever the table size and no transaction stays open for the walk.

import type pg from 'pg';
import { createChainVerifier, missingAnchorReport, resolveVerifyRange } from './chain-verifier.ts';
import { GENESIS_HEAD } from './hash-chain.ts';
import { decodeRow, SELECT_ROW } from './row-codec.ts';
import type { ChainHead } from './stored-row.ts';
import type { VerifyRange, VerifyReport } from './types.ts';

export const VERIFY_PAGE_ROWS = 2000;

/** Verifies rows from_seq..to_seq (default 1..head). A range after row 1 trusts row from_seq - 1 as its anchor. */
export async function walkPostgresChain(pool: pg.Pool, head: ChainHead, range: VerifyRange = {}, pageRows = VERIFY_PAGE_ROWS): Promise<VerifyReport> {
  const started = performance.now();
  const { from, to } = resolveVerifyRange(head, range);

  if (from > to) return createChainVerifier().report(performance.now() - started);

  let anchor: ChainHead = GENESIS_HEAD;
  if (from > 1) {
    const { rows: [found] } = await pool.query<ChainHead>('SELECT seq, hash FROM ledger WHERE seq = $1', [from - 1]);
    if (!found) return missingAnchorReport(from, started);
    anchor = { seq: found.seq, hash: found.hash };
  }

  const verifier = createChainVerifier(anchor);
  const fetchPage = (after: number) => pool.query({
    name: 'ledger_verify_page',
    text: `${SELECT_ROW} WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3`,
    values: [after, to, pageRows],
  });
  let cursor = anchor.seq;
  let ok = true;
  let next: Promise<pg.QueryResult> | undefined = fetchPage(cursor);
  while (ok && next) {
    const { rows } = await next;
    next = undefined;
    const last = rows.at(-1)?.seq as number | undefined;
    // Prefetch: the database reads the next page while this one is checked.
    if (rows.length === pageRows && last !== undefined && last < to) {
      next = fetchPage(last);
      next.catch(() => {}); // awaited below unless verification stops first
    }
    for (const dbRow of rows) {
      cursor = dbRow.seq as number;
      try {
        ok = verifier.check(decodeRow(dbRow));
      } catch (err) {
        verifier.reject(cursor, { problem: 'payload_tampered', detail: `row ${cursor} does not decode: ${(err as Error).message}` });
        ok = false;
      }
      if (!ok) break;
    }
  }
  if (ok) verifier.expectEnd(to);
  return verifier.report(performance.now() - started);
}
