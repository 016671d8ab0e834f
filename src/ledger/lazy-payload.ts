// A row's payload read on first use: most rows a gateway appends are never read again, and
// parsing a payload costs more than the rest of the row.
//
// `payload` stays an own, enumerable member (spread, JSON.stringify and deep equality see it), an
// accessor defined with the same two functions on every row, reading a hidden member. An accessor
// written in an object literal makes a getter and a setter per row, held by an accessor pair V8
// allocates in the old generation: its references to the row's young objects (the closures, the
// request, the payload's text) kept them through every scavenge. At 200 calls/s that promoted
// ~500 KB of every 13 MB a sidecar's main thread allocated, garbage only a full mark-compact
// reclaims (docs/performance.md, "tenth session").

import type { JsonObject } from './chain/pii-commitments.ts';
import type { LedgerRow } from './types.ts';

interface LazyPayload {
  load: (() => JsonObject | null) | undefined;
  value: JsonObject | null;
}

/** Non-enumerable: no reader of the row sees it. */
const LAZY = Symbol('lazy payload');

type WithLazy = { [LAZY]: LazyPayload };

const PAYLOAD_ACCESSOR: PropertyDescriptor = Object.freeze({
  get(this: WithLazy): JsonObject | null {
    const lazy = this[LAZY];
    if (lazy.load) {
      lazy.value = lazy.load();
      lazy.load = undefined;
    }
    return lazy.value;
  },
  set(this: WithLazy, value: JsonObject | null) {
    const lazy = this[LAZY];
    lazy.load = undefined;
    lazy.value = value;
  },
  enumerable: true,
  configurable: true,
});

/**
 * Makes `row.payload` (a member already in its place: redefining keeps the order) read `load()`
 * on first use; an assignment replaces it. Returns the row.
 */
export function withLazyPayload<T extends LedgerRow>(row: T, load: () => JsonObject | null): T {
  const lazy: LazyPayload = { load, value: null };
  Object.defineProperty(row, LAZY, { value: lazy });
  Object.defineProperty(row, 'payload', PAYLOAD_ACCESSOR);
  return row;
}
