// SIDECAR_MEMORY_MB split into the bounds the sidecar keeps (docs/performance.md, "Memory").
// Pure: the same budget always gives the same bounds, and the test checks that they add up.
//
// Where a sidecar's memory goes: the V8 heap (objects: calls under way, caches), buffers outside
// the heap (request and response bodies, read whole so they can be checked), and what Node
// itself needs outside both (code, the SQLite page cache, thread stacks, undici's sockets).
// Half the budget is the heap limit, a quarter the body buffers, a quarter is left to Node.

/** Heap per governed call under way (request, facts, promises, undici state, both rows), generously. */
export const HEAP_PER_CALL_BYTES = 32 * 1024;
/** Heap per remembered session (call counts by tool, LRU bookkeeping). */
export const HEAP_PER_SESSION_BYTES = 1024;

export interface MemoryBudget {
  readonly budgetBytes: number;
  /** The V8 heap limit (old space + 3 semi-spaces), set when Node starts: see `nodeOptions`. */
  readonly heapBytes: number;
  /** What NODE_OPTIONS must hold for the heap limit to be `heapBytes` (V8 counts the young generation on top of old space). */
  readonly nodeOptions: string;
  /** Request and response bodies of all calls under way, together. */
  readonly bufferBytes: number;
  /** One request body; the smaller of SERVICE_MAX_BODY_BYTES and an eighth of the buffers. */
  readonly maxRequestBytes: number;
  /** Governed calls under way at once; one more is refused (503 SIDECAR_OVERLOADED). */
  readonly maxInFlight: number;
  /** Sessions whose call counts are kept (max_calls_per_session); the least recently used go first. */
  readonly maxSessions: number;
  /** The runtime's session history (sequence rules), in bytes. */
  readonly sessionHistoryBytes: number;
  /** Left to Node outside the heap and the buffers. */
  readonly runtimeBytes: number;
}

const MIB = 1024 * 1024;

/**
 * `maxBodyBytes` (SERVICE_MAX_BODY_BYTES) and `maxSessions` (gateway.yaml sessions.max_sessions)
 * are upper bounds the budget can only lower.
 */
export function splitMemoryBudget(budgetMb: number, limits: { maxBodyBytes: number; maxSessions: number }): MemoryBudget {
  const budgetBytes = budgetMb * MIB;
  const heapMb = Math.floor(budgetMb / 2);
  const heapBytes = heapMb * MIB;
  // About an eighth of the heap per semi-space, a power of two from 4 to 32 MiB as V8 sizes them
  // (V8's young generation is three of them): a sidecar's live data is small and short-lived, so
  // a roomy young generation saves scavenges. charts/governance-sidecar computes the same.
  const semiSpaceMb = heapMb >= 256 ? 32 : heapMb >= 128 ? 16 : heapMb >= 64 ? 8 : 4;
  const bufferBytes = Math.floor(budgetBytes / 4);
  // A quarter of the heap for calls under way, a tenth for session counts, a sixteenth for the
  // session history; the rest is the gateway's own state and room for the collector to work.
  const maxInFlight = Math.max(16, Math.floor((heapBytes / 4) / HEAP_PER_CALL_BYTES));
  const maxSessions = Math.max(100, Math.min(limits.maxSessions, Math.floor((heapBytes / 10) / HEAP_PER_SESSION_BYTES)));
  return Object.freeze({
    budgetBytes,
    heapBytes,
    nodeOptions: `--max-old-space-size=${heapMb - 3 * semiSpaceMb} --max-semi-space-size=${semiSpaceMb}`,
    bufferBytes,
    maxRequestBytes: Math.min(limits.maxBodyBytes, Math.floor(bufferBytes / 8)),
    maxInFlight,
    maxSessions,
    sessionHistoryBytes: Math.floor(heapBytes / 16),
    runtimeBytes: budgetBytes - heapBytes - bufferBytes,
  });
}

/**
 * The heap share only holds when Node was started with it: a budget without a matching
 * --max-old-space-size gets one warning at start (the chart sets NODE_OPTIONS; bin/govgate.js
 * restarts itself with it). null when the heap limit agrees, or no budget was asked for.
 */
export function heapLimitWarning(memory: { budgetMb: number; budgetSet: boolean; heapFlagMb: number | null }, heapLimitBytes: number): string | null {
  if (!memory.budgetSet) return null;
  const budget = splitMemoryBudget(memory.budgetMb, { maxBodyBytes: Infinity, maxSessions: Infinity });
  // V8 rounds its spaces up a little: a limit within a tenth of the share agrees.
  if (heapLimitBytes <= budget.heapBytes * 1.1) return null;
  const given = memory.heapFlagMb === null ? 'NODE_OPTIONS sets no heap limit' : `NODE_OPTIONS sets --max-old-space-size=${memory.heapFlagMb}`;
  return `SIDECAR_MEMORY_MB=${memory.budgetMb} asks for a V8 heap limit of ${budget.heapBytes / MIB} MiB, but this process runs with ${Math.round(heapLimitBytes / MIB)} MiB (${given}): start Node with NODE_OPTIONS="${budget.nodeOptions}"`;
}

/** For bin/govgate.js: the NODE_OPTIONS flags of a budget, or null when none was asked for or a heap limit is given already. */
export function heapFlagsToAdd(env: NodeJS.ProcessEnv, execArgv: readonly string[]): string | null {
  const budgetMb = Number(env.SIDECAR_MEMORY_MB);
  if (!Number.isInteger(budgetMb) || budgetMb < 128 || budgetMb > 65_536) return null;
  if (/--max-old-space-size/.test(`${env.NODE_OPTIONS ?? ''} ${execArgv.join(' ')}`)) return null;
  return splitMemoryBudget(budgetMb, { maxBodyBytes: Infinity, maxSessions: Infinity }).nodeOptions;
}
