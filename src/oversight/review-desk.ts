// What reviewers do to a review item: claim, release, reassign, comment, approve, reject; and
// what the expiry job does at the deadline. Each is one ledger row linked to the item, naming
// who and why. Transitions use derived ids (transition-id.ts): two acting on the same state
// race for one id and the loser gets 409 REVIEW_CONFLICT, in one process or across a fleet.

import { ApiError } from '../http/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import type { EntryKind, Ledger, LedgerRow } from '../ledger/index.ts';
import type { Outcome } from '../governance/index.ts';
import { newEnvelopeId } from '../ledger/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import { deriveReviewState, isReviewItem, type ReviewState } from './review-state.ts';
import { publishReviewEvent, type ReviewEventType } from './review-events.ts';
import { ReviewChanges } from './review-changes.ts';
import { tierReviewPolicy } from './review-policy.ts';
import { isDuplicateEnvelope, reviewTransitionId, reviewVoteId } from './transition-id.ts';
import { isToolChange } from './tool-change.ts';
import { publishToolPinEvent } from './tool-pin-events.ts';

export interface ReviewDeskDeps {
  ledger: Ledger;
  policies: { current(): PolicyBundle };
  changes?: ReviewChanges;
  now?: () => number;
}

export interface ReviewView {
  item: LedgerRow;
  state: ReviewState;
}

export type Verdict = 'approve' | 'reject';

export interface ResolveResult {
  row: LedgerRow;
  state: ReviewState;
  /** False when this was one approval of several the tier needs: the item stays open. */
  decided: boolean;
}

export class ReviewDesk {
  readonly ledger: Ledger;
  readonly changes: ReviewChanges;
  readonly #policies: ReviewDeskDeps['policies'];
  readonly #now: () => number;

  constructor(deps: ReviewDeskDeps) {
    this.ledger = deps.ledger;
    this.#policies = deps.policies;
    this.changes = deps.changes ?? new ReviewChanges();
    this.#now = deps.now ?? Date.now;
  }

  now(): number {
    return this.#now();
  }

  policyFor(item: LedgerRow) {
    return tierReviewPolicy(this.#policies.current(), item.risk_tier);
  }

  /** `readRow` sees the item and each linked row before the state is derived (the API masks personal data there). */
  async view(id: string, readRow: <T extends LedgerRow>(row: T) => T = (row) => row): Promise<ReviewView> {
    const stored = await this.ledger.get(id);
    if (!stored) throw new ApiError('ENVELOPE_NOT_FOUND', `No envelope with id ${id}.`);
    if (!isReviewItem(stored)) {
      throw new ApiError('NOT_IN_REVIEW', `Envelope ${id} has outcome ${stored.outcome ?? 'none'}; only escalate and request_evidence go to review.`);
    }
    const item = readRow(stored);
    return { item, state: deriveReviewState(item, (await this.ledger.children(id)).map(readRow), this.#now()) };
  }

  /** The item once its revision differs from `revision`, or as it is after `ms` (long-poll). */
  async waitForChange(id: string, revision: number, ms: number, signal?: AbortSignal): Promise<ReviewView> {
    const deadline = Date.now() + ms;
    // Ends the last round's listener (and its timer) when we answer early.
    const stop = new AbortController();
    const listening = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    try {
      for (;;) {
        // Listen before reading, so a change between the read and the wait is not missed.
        const remaining = deadline - Date.now();
        const next = remaining > 0 ? this.changes.next(id, remaining, listening) : Promise.resolve(false);
        const view = await this.view(id);
        if (view.state.revision !== revision || remaining <= 0 || signal?.aborted) return view;
        if (!(await next)) return this.view(id);
      }
    } finally {
      stop.abort();
    }
  }

  async claim(id: string, by: string, note: string | null): Promise<ReviewView> {
    const { item, state } = await this.#open(id);
    this.#refuseRequester(state, by, 'claim');
    if (state.claimed_by === by) return { item, state };
    if (state.claimed_by) throw claimedBy(state);
    return this.#transition(item, state, 'review_claim', { reviewer_id: by, outcome: null, payload: { action: 'claim', by, note } }, 'review.claimed');
  }

  async release(id: string, by: string, note: string | null): Promise<ReviewView> {
    const { item, state } = await this.#open(id);
    if (state.claimed_by !== by) {
      throw new ApiError('REVIEW_NOT_CLAIMED', `Review item ${id} is ${state.claimed_by ? `claimed by ${state.claimed_by}` : 'not claimed'}; only its holder releases it.`, { extensions: { claimed_by: state.claimed_by } });
    }
    return this.#transition(item, state, 'review_claim', { reviewer_id: null, outcome: null, payload: { action: 'release', by, note } }, 'review.released');
  }

  async reassign(id: string, by: string, to: string, note: string | null): Promise<ReviewView> {
    const { item, state } = await this.#open(id);
    this.#refuseRequester(state, to, 'be assigned');
    return this.#transition(item, state, 'review_claim', { reviewer_id: to, outcome: null, payload: { action: 'reassign', by, from: state.claimed_by, note } }, 'review.reassigned');
  }

  async comment(id: string, by: string, note: string): Promise<ReviewView> {
    const { item } = await this.view(id);
    const row = await this.#append(item, newEnvelopeId(), 'review_note', { reviewer_id: by, outcome: null, payload: { action: 'comment', by, note } });
    this.#published(item, row, 'review.commented', by, { note });
    return this.view(id);
  }

  async resolve(id: string, by: string, verdict: Verdict, note: string): Promise<ResolveResult> {
    const { item, state } = await this.#open(id);
    this.#refuseRequester(state, by, 'resolve');
    const needed = this.policyFor(item).requiredApprovals;
    // A claim reserves the decision; an item that needs several approvers takes theirs whoever holds it.
    if (state.claimed_by && state.claimed_by !== by && needed <= 1) throw claimedBy(state);
    if (verdict === 'approve') {
      const approvers = new Set([...state.approvals, by]);
      if (approvers.size < needed) {
        if (state.approvals.includes(by)) {
          throw new ApiError('REVIEW_CONFLICT', `${by} already approved review item ${id}; it needs ${needed} distinct approvers.`, { extensions: { status: state.status } });
        }
        const row = await this.#append(item, reviewVoteId(id, by), 'review_note', { reviewer_id: by, outcome: 'approve', payload: { action: 'vote', by, note } })
          .catch((error: unknown) => { throw isDuplicateEnvelope(error) ? conflict(id, state) : error; });
        this.#published(item, row, 'review.voted', by, { note, outcome: 'approve' });
        const after = (await this.view(id)).state;
        // Approvers voting at the same moment each saw too few votes; whoever reads them all after
        // its own vote decides, so enough votes never leave the item open (and then expire).
        if (after.verdict || after.approvals.length < needed) return { row, state: after, decided: false };
        try {
          return await this.#approve(item, after, by, note, after.approvals);
        } catch (error) {
          if (!(error instanceof ApiError) || (error.code !== 'ALREADY_RESOLVED' && error.code !== 'REVIEW_CONFLICT')) throw error;
          // The other approver decided it: this vote was recorded and counted in that verdict.
          return { row, state: (await this.view(id)).state, decided: false };
        }
      }
      return this.#approve(item, state, by, note, [...approvers]);
    }
    const view = await this.#transition(item, state, 'review', {
      reviewer_id: by, outcome: 'block', payload: { action: 'reject', verdict: 'block', note, reviewer: by },
    }, 'review.decided');
    return { row: view.row, state: view.state, decided: true };
  }

  async #approve(item: LedgerRow, state: ReviewState, by: string, note: string, approvers: string[]): Promise<ResolveResult> {
    const view = await this.#transition(item, state, 'review', {
      reviewer_id: by, outcome: 'approve', payload: { action: 'approve', verdict: 'approve', note, reviewer: by, approvers },
    }, 'review.decided');
    if (isToolChange(item)) publishToolPinAccepted(item, view.row, by);
    return { row: view.row, state: view.state, decided: true };
  }

  /** The expiry job: records the tier's default for an open item past its deadline. False if it was not due (or someone acted first). */
  async expire(id: string): Promise<boolean> {
    const { item, state } = await this.view(id);
    if (state.verdict || !state.overdue) return false;
    const outcome = this.policyFor(item).onExpiry;
    try {
      await this.#transition(item, state, 'review', {
        reviewer_id: null, outcome,
        payload: { action: 'expire', verdict: outcome, by: 'system:expiry', note: `Nobody resolved this item by its deadline ${state.review_deadline}; the ${item.risk_tier ?? 'default'} tier's default on expiry is ${outcome}.` },
      }, 'review.expired');
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'REVIEW_CONFLICT') return false;
      throw error;
    }
  }

  async #open(id: string): Promise<ReviewView> {
    let view = await this.view(id);
    // Past its deadline the tier's default already decides the call (enforcement does not wait
    // for the expiry job): record it now rather than let a late verdict contradict it.
    if (!view.state.verdict && view.state.overdue) {
      await this.expire(id);
      view = await this.view(id);
    }
    if (view.state.verdict || view.state.overdue) {
      const status = view.state.verdict ? view.state.status : `past its deadline ${view.state.review_deadline}`;
      throw new ApiError('ALREADY_RESOLVED', `Review item ${id} is ${status}; verdicts are append-only.`);
    }
    return view;
  }

  #refuseRequester(state: ReviewState, who: string, what: string): void {
    if (state.requested_by && state.requested_by === who && !who.startsWith('anonymous')) {
      throw new ApiError('SELF_REVIEW_FORBIDDEN', `${who} made this call, so it may not ${what} its review item (separation of duties).`, { extensions: { requested_by: who } });
    }
  }

  async #transition(item: LedgerRow, state: ReviewState, kind: EntryKind, fields: RowFields, type: ReviewEventType): Promise<ReviewView & { row: LedgerRow }> {
    let row: LedgerRow;
    try {
      row = await this.#append(item, reviewTransitionId(item.envelope_id, state.transitions + 1), kind, fields);
    } catch (error) {
      if (!isDuplicateEnvelope(error)) throw error;
      const now = await this.view(item.envelope_id);
      if (now.state.verdict && kind === 'review') throw new ApiError('ALREADY_RESOLVED', `Review item ${item.envelope_id} was resolved (${now.state.status}) at the same moment.`);
      throw conflict(item.envelope_id, now.state);
    }
    const payload = fields.payload as { by?: string; note?: string | null; reviewer?: string };
    this.#published(item, row, type, payload.by ?? payload.reviewer ?? 'system:expiry', {
      note: payload.note ?? undefined,
      ...(kind === 'review_claim' ? { assignee: fields.reviewer_id } : {}),
      ...(kind === 'review' ? { outcome: fields.outcome === 'approve' ? 'approve' : 'block' } : {}),
    });
    return { ...(await this.view(item.envelope_id)), row };
  }

  #append(item: LedgerRow, envelopeId: string, kind: EntryKind, fields: RowFields): Promise<LedgerRow> {
    return this.ledger.append({
      envelope_id: envelopeId, parent_envelope_id: item.envelope_id, kind, agent_id: item.agent_id, action: item.action,
      outcome: fields.outcome, risk_tier: item.risk_tier, risk_score: item.risk_score, final_confidence: item.final_confidence,
      policy_version: this.#policies.current().version, score_version: SCORE_VERSION, reviewer_id: fields.reviewer_id, review_deadline: null,
      payload: fields.payload,
    });
  }

  #published(item: LedgerRow, row: LedgerRow, type: ReviewEventType, by: string, extra: { note?: string | null; outcome?: 'approve' | 'block'; assignee?: string | null }): void {
    this.changes.publish(item.envelope_id);
    publishReviewEvent({
      type, envelope_id: item.envelope_id, row_envelope_id: row.envelope_id, by, at: row.created_at,
      agent_id: item.agent_id, tool: item.action, risk_tier: item.risk_tier, review_deadline: item.review_deadline,
      ...(extra.note ? { note: extra.note } : {}),
      ...(extra.outcome ? { outcome: extra.outcome } : {}),
      ...('assignee' in extra ? { assignee: extra.assignee } : {}),
    });
  }
}

interface RowFields {
  reviewer_id: string | null;
  outcome: Outcome | null;
  payload: Record<string, unknown>;
}

/** An approved tool definition change is the fleet's new pin: announced once, where it is approved. */
function publishToolPinAccepted(item: LedgerRow, verdict: LedgerRow, by: string): void {
  const payload = (item.payload ?? {}) as Record<string, unknown>;
  publishToolPinEvent({
    type: 'tool_pin.changed', tool: String(payload.tool ?? item.action ?? ''), route: String(payload.route ?? ''),
    server: typeof payload.upstream === 'string' ? payload.upstream : null,
    old_digest: String(payload.old_hash ?? ''), new_digest: String(payload.new_hash ?? ''),
    by, at: verdict.created_at, envelope_id: item.envelope_id, row_envelope_id: verdict.envelope_id,
  });
}

function claimedBy(state: ReviewState): ApiError {
  return new ApiError('REVIEW_CLAIMED', `Review item ${state.envelope_id} is claimed by ${state.claimed_by}; it must be released or reassigned first.`, { extensions: { claimed_by: state.claimed_by } });
}

function conflict(id: string, state: ReviewState): ApiError {
  return new ApiError('REVIEW_CONFLICT', `Review item ${id} changed while you acted on it (now ${state.status}); read it again and retry.`, { extensions: { status: state.status } });
}
