// Calls per tool per session, for max_calls_per_session. A slot is taken before the pre-check
// (so two concurrent calls cannot both take the last one) and given back when the call is not
// forwarded. Sessions idle for longer than idle_seconds are forgotten; at most max_sessions are
// kept (least recently used go first).

import type { LRUCache } from 'lru-cache';
import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';

/** Calls made without a session id share this one session per agent (so omitting it escapes nothing). */
export const NO_SESSION = '(no session)';

export interface SessionSlot {
  /** Calls of this tool the session made (or has under way) before this one. */
  readonly prior: number;
  /** The call was not forwarded: it does not count. Idempotent. */
  release(): void;
}

export class SessionCounter {
  readonly #sessions: LRUCache<string, Map<string, number>>;

  constructor(options: { idleSeconds: number; maxSessions: number }) {
    this.#sessions = entryBoundedCache({ maxEntries: options.maxSessions, ttl: options.idleSeconds * 1000, updateAgeOnGet: true });
  }

  reserve(sessionId: string | null, tool: string): SessionSlot {
    const key = sessionId ?? NO_SESSION;
    let counts = this.#sessions.get(key);
    if (!counts) {
      counts = new Map();
      this.#sessions.set(key, counts);
    }
    const prior = counts.get(tool) ?? 0;
    counts.set(tool, prior + 1);
    let released = false;
    const held = counts;
    return {
      prior,
      release: () => {
        if (released) return;
        released = true;
        const now = held.get(tool) ?? 0;
        if (now <= 1) held.delete(tool);
        else held.set(tool, now - 1);
      },
    };
  }

  count(sessionId: string | null, tool: string): number {
    return this.#sessions.get(sessionId ?? NO_SESSION)?.get(tool) ?? 0;
  }
}
