// The outcome reconciler: a pre-check whose call was forwarded but whose post-check never came
// (the upstream timed out and the sidecar died, the sidecar was killed mid-call) gets a linked
// `outcome_unknown` row once the call's deadline plus a grace period has passed, so it no longer
// looks like a call still in flight. The deadline is the sidecar's own record in the pre-check
// row (payload.sidecar.execution: the route's timeout and escalation mode), never a guess.
// In a fleet one process runs it at a time (advisory lock); the state lives only in the ledger
// (the row's id is derived from the pre-check's), so a restart finds the lost calls again and
// two runs can never record one twice.

// Each pre-check is classified once: a run reads the pre-checks recorded since the last one it
// read (the first run, those of the last RECONCILE_HORIZON_MS), keeps those still in flight or
// awaiting review, and looks at only those again until each is settled or recorded. Asking the
// ledger instead for every in-flight call of the last day on each run read every pre-check of
// that day three times a run, 110 ms of blocked event loop at 9,000 pre-checks on SQLite and
// growing with the traffic.

import { performance } from 'node:perf_hooks';
import type { ExecutionItem, Ledger, LedgerRow } from '../ledger/index.ts';
import { eventEntry } from '../ledger/index.ts';
import { publishExecutionEvent } from './execution-events.ts';
import { derivedEnvelopeId, isDuplicateEnvelope } from './transition-id.ts';

/** Pre-checks read per query: about 2 ms on SQLite (21 us a pre-check), synchronous on the event loop. */
export const RECONCILE_PAGE = 100;
/**
 * After each page of new pre-checks, a pause this many times as long as the page took: a catch-up
 * (9,000 pre-checks every 30 s at 300 calls/s, a day of them after a restart) then takes a quarter
 * of the event loop at most. At 1, the catch-up every 30 s took the p99 of a sidecar at 300
 * calls/s from 50 to 230 ms (calls queued behind it); with the reconciler off, 50 ms.
 */
const PAUSE_RATIO = 3;
/**
 * How far back the first run looks: a call is forwarded within MAX_HOLD_SECONDS of its pre-check and
 * route timeouts are minutes, so a day covers every deadline with room for a fleet that was down.
 */
export const RECONCILE_HORIZON_MS = 24 * 3600_000;

export interface ReconcileReport {
  ran: boolean;
  recorded: number;
}

export interface ExecutionRecord {
  timeout_ms: number;
  on_escalation: string;
  hold_seconds: number | null;
}

export const outcomeUnknownId = (preCheckId: string): string => derivedEnvelopeId('outcome_unknown', preCheckId);

const UNSETTLED = new Set<ExecutionItem['execution_status']>(['in_flight', 'awaiting_review']);

/** What reconciling one call came to: recorded now, maybe later (its deadline or verdict is still to come), or never (not forwarded, or not a sidecar's call). */
type Verdict = 'recorded' | 'later' | 'never';

export class OutcomeReconciler {
  readonly #ledger: Ledger;
  readonly #graceMs: number;
  readonly #now: () => number;
  /** The newest pre-check seq read; undefined until a run has read one. */
  #through: number | undefined;
  /** Pre-checks read while in flight or awaiting review, looked at again each run until settled. */
  readonly #open = new Set<string>();
  #running = false;

  constructor(ledger: Ledger, options: { graceMs: number; now?: () => number }) {
    this.#ledger = ledger;
    this.#graceMs = options.graceMs;
    this.#now = options.now ?? Date.now;
  }

  /**
   * One run (in a fleet, by one process at a time: the others skip it). A run that starts while
   * this reconciler's last one is still going (a long catch-up) skips too: two would read the
   * same pages.
   */
  async run(): Promise<ReconcileReport> {
    if (this.#running) return { ran: false, recorded: 0 };
    this.#running = true;
    try {
      const result = await this.#ledger.runExclusive('outcome_reconcile', async () => {
        await this.#readNew();
        return this.#reconcileOpen();
      });
      return result.ran ? { ran: true, recorded: result.value } : { ran: false, recorded: 0 };
    } finally {
      this.#running = false;
    }
  }

  /** How many calls are waiting to be settled or recorded (in flight, awaiting review). */
  get open(): number {
    return this.#open.size;
  }

  async #readNew(): Promise<void> {
    for (;;) {
      const started = performance.now();
      const first = this.#through === undefined;
      const items = await this.#ledger.executionPage({
        order: 'oldest', limit: RECONCILE_PAGE, offset: 0,
        ...(first ? { created_after: new Date(this.#now() - RECONCILE_HORIZON_MS).toISOString() } : { after_seq: this.#through }),
      });
      for (const item of items) if (UNSETTLED.has(item.execution_status)) this.#open.add(item.envelope_id);
      if (items.length > 0) this.#through = items[items.length - 1]!.seq;
      else if (first) this.#through = 0; // nothing in the horizon: from the start of what comes next
      if (items.length < RECONCILE_PAGE) return;
      // Calls go first.
      const pauseMs = (performance.now() - started) * PAUSE_RATIO;
      await new Promise((resolve) => (pauseMs >= 1 ? setTimeout(resolve, pauseMs) : setImmediate(resolve)));
    }
  }

  async #reconcileOpen(): Promise<number> {
    let recorded = 0;
    const ids = [...this.#open];
    for (let start = 0; start < ids.length; start += RECONCILE_PAGE) {
      const page = ids.slice(start, start + RECONCILE_PAGE);
      const items = await this.#ledger.executionPage({ envelope_ids: page, order: 'oldest', limit: page.length, offset: 0 });
      const found = new Set(items.map((item) => item.envelope_id));
      // Gone from the ledger (retention): nothing left to record against.
      for (const id of page) if (!found.has(id)) this.#open.delete(id);
      for (const item of items) {
        const verdict = UNSETTLED.has(item.execution_status) ? await reconcileOne(this.#ledger, item, this.#graceMs, this.#now()) : 'never';
        if (verdict === 'recorded') recorded += 1;
        if (verdict !== 'later') this.#open.delete(item.envelope_id);
      }
    }
    return recorded;
  }
}

/** One run of a reconciler of its own (it reads the whole horizon): a test's or a one-off job's. */
export async function reconcileOutcomes(ledger: Ledger, options: { graceMs: number; now?: () => number }): Promise<ReconcileReport> {
  return new OutcomeReconciler(ledger, options).run();
}

/** Records the item's outcome as unknown when it was forwarded and its deadline + grace passed. */
async function reconcileOne(ledger: Ledger, item: ExecutionItem, graceMs: number, now: number): Promise<Verdict> {
  const row = await ledger.get(item.envelope_id);
  const sidecar = (row?.payload?.sidecar ?? null) as { execution?: ExecutionRecord; route?: string; request_id?: string } | null;
  const execution = sidecar?.execution;
  // Not a sidecar's call (an API pre-check), or its payload expired: nothing says when it ran.
  if (!row || !execution || !Number.isFinite(execution.timeout_ms)) return 'never';
  const forwardedAt = await forwardedAtOf(ledger, row, execution);
  if (forwardedAt === null) return heldForVerdict(row, execution, now) ? 'later' : 'never';
  const deadline = forwardedAt + execution.timeout_ms;
  if (now < deadline + graceMs) return 'later';
  const entry = eventEntry({
    kind: 'outcome_unknown', envelopeId: outcomeUnknownId(row.envelope_id), parentEnvelopeId: row.envelope_id,
    agentId: row.agent_id, action: row.action,
    versions: { policy_version: row.policy_version, score_version: row.score_version },
    payload: {
      status: 'outcome_unknown',
      reason: `The call was forwarded at ${iso(forwardedAt)} and no outcome was recorded by its deadline ${iso(deadline)} (route timeout ${execution.timeout_ms} ms) plus ${graceMs} ms grace: the upstream may or may not have acted.`,
      forwarded_at: iso(forwardedAt),
      deadline: iso(deadline),
      timeout_ms: execution.timeout_ms,
      grace_ms: graceMs,
      route: sidecar?.route ?? null,
      request_id: sidecar?.request_id ?? null,
    },
  });
  let written: LedgerRow;
  try {
    written = await ledger.append(entry);
  } catch (error) {
    if (isDuplicateEnvelope(error)) return 'never'; // another process recorded it
    throw error;
  }
  publishExecutionEvent({
    type: 'execution.outcome_unknown', envelope_id: row.envelope_id, row_envelope_id: written.envelope_id,
    agent_id: row.agent_id, tool: row.action, route: sidecar?.route ?? null,
    forwarded_at: iso(forwardedAt), deadline: iso(deadline), at: written.created_at,
  });
  return 'recorded';
}

/** An escalated call held for a verdict that may still come within the hold: it may yet be forwarded. */
function heldForVerdict(row: LedgerRow, execution: ExecutionRecord, now: number): boolean {
  if ((row.outcome !== 'escalate' && row.outcome !== 'request_evidence') || execution.on_escalation !== 'hold') return false;
  return now <= Date.parse(row.created_at) + (execution.hold_seconds ?? 0) * 1000;
}

/**
 * When the sidecar forwarded the call, from its rows: an approved call at once; an escalated one
 * at once on `on_escalation: forward`, when a reviewer approved it within the hold on `hold`, and
 * never on `block` (the agent is told to come back). null: not forwarded.
 */
async function forwardedAtOf(ledger: Ledger, row: LedgerRow, execution: ExecutionRecord): Promise<number | null> {
  const created = Date.parse(row.created_at);
  if (row.outcome === 'approve') return created;
  if (row.outcome !== 'escalate' && row.outcome !== 'request_evidence') return null;
  if (execution.on_escalation === 'forward') return created;
  if (execution.on_escalation !== 'hold') return null;
  const verdict = await ledger.findChild(row.envelope_id, 'review');
  if (!verdict || verdict.outcome !== 'approve' || verdict.reviewer_id === null) return null;
  const approvedAt = Date.parse(verdict.created_at);
  return approvedAt - created <= (execution.hold_seconds ?? 0) * 1000 ? approvedAt : null;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
