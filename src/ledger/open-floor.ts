// Some reads derive a row's state from the rows linked to it (a review item's verdict, a call's
// post-check), so a query for rows in an open state classified every such row the ledger holds,
// growing for as long as the ledger is kept: 134 ms at 50,000 resolved review items, 130 ms at
// 11,000 calls for GET /v1/audit/executions?status=in_flight, all synchronous on SQLite. Where a
// closed state is final and a new row always comes after every row already recorded, every row
// below the first open one is closed for good: queries that can only match open rows start
// there. Each store keeps such a floor for its process and moves it up at most every
// OPEN_FLOOR_REFRESH_MS, reading from the floor it has; a floor that has not moved is only slower.

export const OPEN_FLOOR_REFRESH_MS = 10_000;

/** What the floor's query reads, from the current floor on: the first open row's seq and the last candidate row's seq. */
export interface FloorReading {
  first_open: unknown;
  last: unknown;
}

export class OpenFloor<Query> {
  #seq = 0;
  #refreshedAt = Number.NEGATIVE_INFINITY;
  readonly #onlyOpen: (query: Query) => boolean;
  readonly #clock: () => number;

  /** `onlyOpen`: whether a query can match open rows only (and so may start at the floor). */
  constructor(onlyOpen: (query: Query) => boolean, clock: () => number = () => performance.now()) {
    this.#onlyOpen = onlyOpen;
    this.#clock = clock;
  }

  /** The seq the query's candidates start at: 0 unless only open rows can match. */
  from(query: Query): number {
    return this.#onlyOpen(query) ? this.#seq : 0;
  }

  /** Whether the floor should be read again before answering `query`; the caller then calls moveTo. */
  due(query: Query): boolean {
    return this.#onlyOpen(query) && this.#clock() - this.#refreshedAt >= OPEN_FLOOR_REFRESH_MS;
  }

  /** The current floor, for the refresh query's `from`. */
  get seq(): number {
    return this.#seq;
  }

  /** Moves the floor with what the floor's query read from this.seq on (numbers or numeric text, null when no row). */
  moveTo(row: FloorReading | undefined): void {
    this.#refreshedAt = this.#clock();
    const firstOpen = row?.first_open === null || row?.first_open === undefined ? null : Number(row.first_open);
    const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
    const next = firstOpen ?? (last === null ? this.#seq : last + 1);
    if (next > this.#seq) this.#seq = next;
  }
}
