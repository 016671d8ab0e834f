// The tool calls each session has made, oldest first, for sequence rules ("an email outside the
// company after the inbox was read"). Kept in memory per gateway process, keyed by session id
// (validate's request.session_id, pre-check's session_id, the sidecar's X-Session-Id or MCP
// session), bounded three ways: calls per session, sessions, and idle time.

import { LRUCache } from 'lru-cache';
import type { SessionCall } from '../policy/index.ts';

export interface SessionHistoryOptions {
  /** Oldest calls are dropped beyond this. */
  maxCallsPerSession?: number;
  /** Least recently used sessions are dropped beyond this. */
  maxSessions?: number;
  /** A session unused for this long is forgotten. */
  idleSeconds?: number;
}

export const SESSION_HISTORY_DEFAULTS = Object.freeze({ maxCallsPerSession: 100, maxSessions: 10_000, idleSeconds: 3600 });

interface Entry {
  call: SessionCall;
  /** The pre-check that recorded the call, so its post-check neither sees it as earlier nor adds it twice. */
  envelopeId?: string;
}

export class SessionHistory {
  readonly #sessions: LRUCache<string, Entry[]>;
  readonly #maxCalls: number;

  constructor(options: SessionHistoryOptions = {}) {
    const settings = { ...SESSION_HISTORY_DEFAULTS, ...options };
    this.#maxCalls = settings.maxCallsPerSession;
    this.#sessions = new LRUCache({ max: settings.maxSessions, ttl: settings.idleSeconds * 1000, updateAgeOnGet: true });
  }

  /** The session's calls so far (a copy); before `envelopeId`'s own call when that pre-check recorded one. */
  calls(sessionId: string | null | undefined, before?: string): SessionCall[] {
    if (!sessionId) return [];
    const entries = this.#sessions.get(sessionId) ?? [];
    const end = before === undefined ? -1 : entries.findIndex((entry) => entry.envelopeId === before);
    return (end < 0 ? entries : entries.slice(0, end)).map((entry) => entry.call);
  }

  /** Appends calls; with `envelopeId`, only once per pre-check envelope. */
  record(sessionId: string | null | undefined, calls: readonly SessionCall[], envelopeId?: string): void {
    if (!sessionId || calls.length === 0) return;
    let entries = this.#sessions.get(sessionId);
    if (entries === undefined) {
      entries = [];
      this.#sessions.set(sessionId, entries);
    }
    if (envelopeId !== undefined && entries.some((entry) => entry.envelopeId === envelopeId)) return;
    for (const call of calls) entries.push(envelopeId === undefined ? { call } : { call, envelopeId });
    if (entries.length > this.#maxCalls) entries.splice(0, entries.length - this.#maxCalls);
  }
}
