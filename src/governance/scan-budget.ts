// How much text one evaluation may scan with patterns. Patterns run in linear time, so work is
// proportional to the characters scanned; the budget caps it, and so caps how long one request
// holds the event loop. Text beyond the budget is not scanned, and the evaluation says so
// (SCAN_LIMIT_EXCEEDED, a critical safety failure: blocked, never approved unscanned).

/** Characters one evaluation may hand to pattern scans (each pattern set counts once per text). */
export const SCAN_LIMIT_CHARS = 4 * 1024 * 1024;

export class ScanBudget {
  readonly limit: number;
  #used = 0;
  #exceeded = false;

  constructor(limit = SCAN_LIMIT_CHARS) {
    this.limit = limit;
  }

  /** Takes `chars` from the budget; false (and nothing taken) when they do not fit. */
  take(chars: number): boolean {
    if (this.#used + chars > this.limit) {
      this.#exceeded = true;
      return false;
    }
    this.#used += chars;
    return true;
  }

  get used(): number {
    return this.#used;
  }

  /** True once some text was left unscanned. */
  get exceeded(): boolean {
    return this.#exceeded;
  }
}
