// The review queue's open floor (open-floor.ts): a verdict is final and a new item always comes
// after every row already recorded, so below the first open item every item is resolved for good.

import type { ReviewQuery } from './types.ts';
import { REVIEW_ITEMS_WHERE, VERDICT_SEQ_SQL } from './review-queue-filters.ts';
import { OpenFloor } from './open-floor.ts';

/** True when only items with no verdict yet can match: open, pending, claimed, or overdue. */
export function onlyOpenItems(query: Pick<ReviewQuery, 'status' | 'overdue'>): boolean {
  return query.status === 'open' || query.status === 'pending' || query.status === 'claimed' || query.overdue === true;
}

export const reviewOpenFloor = () => new OpenFloor<Pick<ReviewQuery, 'status' | 'overdue'>>(onlyOpenItems);

/**
 * The first open item's seq and the last item's seq at or after `$from` (`:from` placeholder
 * given by the store). The two are read in one statement, so a floor past `last` skips nothing.
 */
export function openFloorSql(from: string, dialect: 'sqlite' | 'postgres'): string {
  // SQLite: the partial index holds exactly the items, in seq order (as the queue's own query).
  const items = dialect === 'sqlite' ? 'ledger l INDEXED BY ledger_review_candidates' : 'ledger l';
  return `SELECT min(CASE WHEN ${VERDICT_SEQ_SQL} IS NULL THEN l.seq END) AS first_open, max(l.seq) AS last
            FROM ${items}
           WHERE ${REVIEW_ITEMS_WHERE} AND l.seq >= ${from}`;
}
