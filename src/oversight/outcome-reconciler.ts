// The outcome reconciler: a pre-check whose call was forwarded but whose post-check never came
// (the upstream timed out and the sidecar died, the sidecar was killed mid-call) gets a linked
// `outcome_unknown` row once the call's deadline plus a grace period has passed, so it no longer
// looks like a call still in flight. The deadline is the sidecar's own record in the pre-check
// row (payload.sidecar.execution: the route's timeout and escalation mode), never a guess.
// In a fleet one process runs it at a time (advisory lock); the state lives only in the ledger
// (the row's id is derived from the pre-check's), so a restart finds the lost calls again and
// two runs can never record one twice.

import type { ExecutionItem, Ledger, LedgerRow } from '../ledger/index.ts';
import { eventEntry } from '../ledger/index.ts';
import { publishExecutionEvent } from './execution-events.ts';
import { derivedEnvelopeId, isDuplicateEnvelope } from './transition-id.ts';

/** Pre-checks read per page; a run stops after MAX_PAGES and the next one takes the rest. */
export const RECONCILE_PAGE = 200;
const MAX_PAGES = 10;
/**
 * How far back a run looks: a call is forwarded within MAX_HOLD_SECONDS of its pre-check and
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

export async function reconcileOutcomes(ledger: Ledger, options: { graceMs: number; now?: () => number }): Promise<ReconcileReport> {
  const now = options.now ?? Date.now;
  const result = await ledger.runExclusive('outcome_reconcile', async () => {
    let recorded = 0;
    for (const status of ['in_flight', 'awaiting_review'] as const) {
      let offset = 0;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const at = now();
        const { items } = await ledger.executions({
          status, order: 'oldest', limit: RECONCILE_PAGE, offset,
          created_after: new Date(at - RECONCILE_HORIZON_MS).toISOString(),
          created_before: new Date(at - options.graceMs).toISOString(),
        });
        let kept = 0;
        for (const item of items) {
          if (await reconcileOne(ledger, item, options.graceMs, now())) recorded += 1;
          else kept += 1;
        }
        if (items.length < RECONCILE_PAGE) break;
        // Recorded rows leave the status, so the next page starts after the ones still in it.
        offset += kept;
      }
    }
    return recorded;
  });
  return result.ran ? { ran: true, recorded: result.value } : { ran: false, recorded: 0 };
}

/** Records the item's outcome as unknown when it was forwarded and its deadline + grace passed. */
async function reconcileOne(ledger: Ledger, item: ExecutionItem, graceMs: number, now: number): Promise<boolean> {
  const row = await ledger.get(item.envelope_id);
  const sidecar = (row?.payload?.sidecar ?? null) as { execution?: ExecutionRecord; route?: string; request_id?: string } | null;
  const execution = sidecar?.execution;
  if (!row || !execution || !Number.isFinite(execution.timeout_ms)) return false;
  const forwardedAt = await forwardedAtOf(ledger, row, execution);
  if (forwardedAt === null) return false;
  const deadline = forwardedAt + execution.timeout_ms;
  if (now < deadline + graceMs) return false;
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
    if (isDuplicateEnvelope(error)) return false;
    throw error;
  }
  publishExecutionEvent({
    type: 'execution.outcome_unknown', envelope_id: row.envelope_id, row_envelope_id: written.envelope_id,
    agent_id: row.agent_id, tool: row.action, route: sidecar?.route ?? null,
    forwarded_at: iso(forwardedAt), deadline: iso(deadline), at: written.created_at,
  });
  return true;
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
