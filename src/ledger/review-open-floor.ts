// The review queue derives each item's state from the rows linked to it, so a query classifies
// every escalation the ledger holds (two index lookups each): 50,000 resolved escalations made
// one query for overdue open items 195 ms of synchronous SQLite, run every 15 s by the review
// expiry and again by the expiring-soon scan, and growing for as long as the ledger is kept. A
// verdict is final and a new item always comes after every row already recorded, so below the
// first open item every item is resolved for good: queries that can only match open items start
// there. Each store keeps that floor for its process and moves it up at most every
// OPEN_FLOOR_REFRESH_MS, reading from the floor it has; a floor that has not moved is only slower.

import type { ReviewQuery } from './types.ts';
import { REVIEW_ITEMS_WHERE, VERDICT_SEQ_SQL } from './review-queue-filters.ts';

export const OPEN_FLOOR_REFRESH_MS = 10_000;

/** True when only items with no verdict yet can match: open, pending, claimed, or overdue. */
export function onlyOpenItems(query: Pick<ReviewQuery, 'status' | 'overdue'>): boolean {
  return query.status === 'open' || query.status === 'pending' || query.status === 'claimed' || query.overdue === true;
}

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

export class OpenFloor {
  #seq = 0;
  #refreshedAt = Number.NEGATIVE_INFINITY;
  readonly #clock: () => number;

  constructor(clock: () => number = () => performance.now()) {
    this.#clock = clock;
  }

  /** The seq the query's candidates start at: 0 unless only open items can match. */
  from(query: Pick<ReviewQuery, 'status' | 'overdue'>): number {
    return onlyOpenItems(query) ? this.#seq : 0;
  }

  /** Whether the floor should be read again before answering `query`; the caller then calls moveTo. */
  due(query: Pick<ReviewQuery, 'status' | 'overdue'>): boolean {
    return onlyOpenItems(query) && this.#clock() - this.#refreshedAt >= OPEN_FLOOR_REFRESH_MS;
  }

  /** The current floor, for the refresh query's `from`. */
  get seq(): number {
    return this.#seq;
  }

  /** Moves the floor with what openFloorSql(from = this.seq) read (numbers, or null when no item). */
  moveTo(row: { first_open: unknown; last: unknown } | undefined): void {
    this.#refreshedAt = this.#clock();
    const firstOpen = row?.first_open === null || row?.first_open === undefined ? null : Number(row.first_open);
    const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
    const next = firstOpen ?? (last === null ? this.#seq : last + 1);
    if (next > this.#seq) this.#seq = next;
  }
}
