// The session history a decision's rules saw, as the decision's ledger row keeps it, and read
// back for a re-run. A row could keep the whole history, but a session's history grows by a call
// at a time, and every decision of the session would then repeat every earlier call with its
// params: a session of n calls writes O(n^2) bytes to a ledger kept for years (a 100-call session
// made rows 4.8 KB larger on average, and added 40 % to the ledger writer's CPU per call: sealing,
// hashing and committing the copies), and copies a call's personal data into every later row of
// the session, beyond the erasure of that call's envelope. So a row keeps the calls added since the
// last row this gateway recorded for the session, and which row that was: each call is written
// once, and the chain back through those rows rebuilds the history exactly.

import type { LedgerRow } from '../ledger/index.ts';
import type { SessionCall } from '../policy/index.ts';
import { ApiError } from '../http/index.ts';

/**
 * `payload.session_history`: the whole history, or `keep` calls of the history of the row `from`
 * (the same session, recorded earlier in this ledger) from its `skip`th call on, followed by
 * `calls`.
 */
export type StoredHistory = SessionCall[] | HistoryDelta;

export interface HistoryDelta {
  from: string;
  skip: number;
  keep: number;
  calls: SessionCall[];
}

/** The last row recorded with a session's history and the history it recorded (the calls themselves, not copies). */
export interface HistoryBase {
  envelopeId: string;
  history: readonly SessionCall[];
}

/**
 * A legitimate chain is as long as the session's window at most (each row it passes through
 * added a call); this bounds one that is not.
 */
const MAX_CHAIN_STEPS = 10_000;

/** What a row stores for `history`: the calls since `base` when it starts with some of base's, else all of them. */
export function historyToStore(history: readonly SessionCall[], base: HistoryBase | undefined): StoredHistory {
  const shared = base ? sharedRun(base.history, history) : undefined;
  return shared ? { from: base!.envelopeId, ...shared, calls: history.slice(shared.keep) } : [...history];
}

/** True when a row storing `stored` adds calls, so later rows can be stored against it. */
export function addsCalls(stored: StoredHistory): boolean {
  return Array.isArray(stored) ? stored.length > 0 : stored.calls.length > 0;
}

/**
 * The calls `next` starts with that are consecutive calls of `previous` (the same objects, in
 * the same order): `keep` of them from `previous[skip]` on. The session's window after it
 * dropped its oldest calls and added new ones, or the history of a post-check whose pre-check
 * came before `previous`'s row. Undefined when `next` starts with none.
 */
export function sharedRun(previous: readonly SessionCall[], next: readonly SessionCall[]): { skip: number; keep: number } | undefined {
  if (next.length === 0) return undefined;
  const skip = previous.indexOf(next[0]!);
  if (skip < 0) return undefined;
  let keep = 1;
  while (keep < next.length && skip + keep < previous.length && previous[skip + keep] === next[keep]) keep++;
  return { skip, keep };
}

/**
 * The history `row`'s rules saw, rebuilt through the rows it was stored against. A row without
 * one (no rule of its bundle read the session, or the session had no calls) saw none. Throws
 * PAYLOAD_UNAVAILABLE when a row of the chain is gone or its payload expired or does not hold
 * what the next one claims: evaluating without the history would not be the same decision.
 */
export async function recordedHistory(row: LedgerRow, get: (envelopeId: string) => Promise<LedgerRow | undefined>): Promise<SessionCall[]> {
  const first = row.payload?.session_history;
  if (!Array.isArray(first) && !isDelta(first)) return [];
  // The history is rebuilt back to front: each row gives the calls of the wanted range it holds
  // itself, and sends the rest of the range on to the row it was stored against.
  const segments: SessionCall[][] = [];
  const visited = new Set<string>([row.envelope_id]);
  let stored: unknown = first;
  let holder = row.envelope_id;
  let range = { from: 0, to: Number.POSITIVE_INFINITY };
  for (let step = 0; ; step++) {
    if (Array.isArray(stored)) {
      if (range.to !== Number.POSITIVE_INFINITY && stored.length < range.to) throw unavailable(row, holder, 'holds fewer calls than the row after it keeps');
      segments.push(stored.slice(range.from, range.to) as SessionCall[]);
      break;
    }
    if (!isDelta(stored)) throw unavailable(row, holder, 'holds no session history');
    const { from, skip, keep, calls } = stored;
    const to = Math.min(range.to, keep + calls.length);
    if (range.to !== Number.POSITIVE_INFINITY && range.to > keep + calls.length) throw unavailable(row, holder, 'holds fewer calls than the row after it keeps');
    if (to > keep) segments.push(calls.slice(Math.max(range.from - keep, 0), to - keep));
    if (range.from >= keep) break;
    if (step >= MAX_CHAIN_STEPS || visited.has(from)) throw unavailable(row, holder, 'refers back to a row already read');
    visited.add(from);
    const earlier = await get(from);
    if (!earlier) throw unavailable(row, from, 'is not in the ledger (retention)');
    if (!earlier.payload) throw unavailable(row, from, 'has no payload any more (payload retention)');
    holder = earlier.envelope_id;
    stored = earlier.payload.session_history;
    range = { from: skip + range.from, to: skip + Math.min(to, keep) };
  }
  return segments.reverse().flat();
}

function isDelta(value: unknown): value is HistoryDelta {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { from, skip, keep, calls } = value as Partial<HistoryDelta>;
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return typeof from === 'string' && from !== '' && count(skip) && count(keep) && Array.isArray(calls);
}

function unavailable(row: LedgerRow, holder: string, why: string): ApiError {
  return new ApiError('PAYLOAD_UNAVAILABLE', `The session history envelope ${row.envelope_id} was decided with is recorded through envelope ${holder}, which ${why}; the decision cannot be evaluated again as it was made.`);
}
