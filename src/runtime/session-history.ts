// The tool calls each session has made, oldest first, for sequence rules ("an email outside the
// company after the inbox was read"). Kept in memory per gateway process, keyed by session id
// (validate's request.session_id, pre-check's session_id, the sidecar's X-Session-Id or MCP
// session), bounded four ways: calls per session, sessions, idle time, and bytes. The byte bound
// is the one that holds whatever agents send: a call keeps its params, and params may be large,
// so without it 10,000 sessions of 100 calls could hold gigabytes in a sidecar sized in megabytes.

import { LRUCache } from 'lru-cache';
import type { SessionCall } from '../policy/index.ts';
import type { HistoryBase } from './recorded-history.ts';

export interface SessionHistoryOptions {
  /** Oldest calls are dropped beyond this. */
  maxCallsPerSession?: number;
  /** Least recently used sessions are dropped beyond this. */
  maxSessions?: number;
  /** A session unused for this long is forgotten. */
  idleSeconds?: number;
  /**
   * What all sessions may hold, measured as the JSON size of their calls: least recently used
   * sessions are dropped beyond it, and a session that alone would exceed it keeps its newest calls.
   */
  maxBytes?: number;
}

export const SESSION_HISTORY_DEFAULTS = Object.freeze({ maxCallsPerSession: 100, maxSessions: 10_000, idleSeconds: 3600, maxBytes: 16 * 1024 * 1024 });

/** A call's bookkeeping beyond its JSON (objects, the envelope id, the list slot), roughly. */
const ENTRY_OVERHEAD_BYTES = 160;

interface Entry {
  call: SessionCall;
  /** The pre-check that recorded the call, so its post-check neither sees it as earlier nor adds it twice. */
  envelopeId?: string;
  bytes: number;
}

/** Replaced on each record, as the cache sizes a value when it is set (`recorded` is not counted: it refers to calls the entries hold or just dropped). */
interface Session {
  entries: Entry[];
  bytes: number;
  /** The last row recorded with this session's history: the next row stores its history against it (recorded-history.ts). */
  recorded?: HistoryBase;
}

export class SessionHistory {
  readonly #sessions: LRUCache<string, Session>;
  readonly #maxCalls: number;
  readonly #maxBytes: number;

  constructor(options: SessionHistoryOptions = {}) {
    const settings = { ...SESSION_HISTORY_DEFAULTS, ...options };
    this.#maxCalls = settings.maxCallsPerSession;
    this.#maxBytes = settings.maxBytes;
    this.#sessions = new LRUCache({
      max: settings.maxSessions,
      maxSize: settings.maxBytes,
      sizeCalculation: (session) => Math.max(1, session.bytes),
      ttl: settings.idleSeconds * 1000,
      updateAgeOnGet: true,
    });
  }

  /** The session's calls so far (a copy); before `envelopeId`'s own call when that pre-check recorded one. */
  calls(sessionId: string | null | undefined, before?: string): SessionCall[] {
    if (!sessionId) return [];
    const entries = this.#sessions.get(sessionId)?.entries ?? [];
    const end = before === undefined ? -1 : entries.findIndex((entry) => entry.envelopeId === before);
    return (end < 0 ? entries : entries.slice(0, end)).map((entry) => entry.call);
  }

  /** Appends calls; with `envelopeId`, only once per pre-check envelope. */
  record(sessionId: string | null | undefined, calls: readonly SessionCall[], envelopeId?: string): void {
    if (!sessionId || calls.length === 0) return;
    const session = this.#sessions.get(sessionId);
    const entries = session?.entries ?? [];
    if (envelopeId !== undefined && entries.some((entry) => entry.envelopeId === envelopeId)) return;
    for (const call of calls) entries.push({ call, envelopeId, bytes: entryBytes(call) });
    // Oldest first: beyond the call limit, then until the session fits the byte budget (its newest call always stays).
    let drop = Math.max(0, entries.length - this.#maxCalls);
    let bytes = 0;
    for (let i = drop; i < entries.length; i++) bytes += entries[i]!.bytes;
    while (drop < entries.length - 1 && bytes > this.#maxBytes) bytes -= entries[drop++]!.bytes;
    entries.splice(0, drop);
    this.#sessions.set(sessionId, { entries, bytes: Math.min(bytes, this.#maxBytes), recorded: session?.recorded });
  }

  /** The last row recorded with the session's history, if this process recorded one and still remembers the session. */
  recordedBase(sessionId: string | null | undefined): HistoryBase | undefined {
    return sessionId ? this.#sessions.peek(sessionId)?.recorded : undefined;
  }

  /** `envelopeId`'s row, now durable, recorded `history` as the session's history. */
  noteRecorded(sessionId: string | null | undefined, envelopeId: string, history: readonly SessionCall[]): void {
    const session = sessionId ? this.#sessions.peek(sessionId) : undefined;
    if (session) session.recorded = { envelopeId, history };
  }
}

/** The call's JSON size plus bookkeeping; params came from a JSON body, so they serialize. */
function entryBytes(call: SessionCall): number {
  let json = 0;
  try {
    json = JSON.stringify(call.params)?.length ?? 0;
  } catch { /* not serializable after all: counted by its bookkeeping alone */ }
  return ENTRY_OVERHEAD_BYTES + call.name.length + call.agent_id.length + json;
}
