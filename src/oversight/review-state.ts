// A review item's state, derived from the escalated row and the rows linked to it (the ledger is
// append-only: nothing is ever updated). Pure: rows and a clock in, state out.
//
//   pending -> claimed -> approved | rejected          (claim, release, reassign move between
//   pending | claimed -> expired  (at the deadline)     pending and claimed)
//
// The first 'review' row is the verdict; a verdict with no reviewer is an expiry. The newest
// 'review_claim' row says who holds the item. 'review_note' rows are comments and approval votes.

import { isReviewItemKind, type LedgerRow, type ReviewStatus } from '../ledger/index.ts';

export const REVIEWED_OUTCOMES: ReadonlySet<string> = new Set(['escalate', 'request_evidence']);

export interface ReviewVerdict {
  envelope_id: string;
  outcome: 'approve' | 'block';
  /** null for an expiry (no human decided). */
  by: string | null;
  note: string;
  approvers: string[];
  at: string;
}

export interface ReviewHistoryEntry {
  envelope_id: string;
  kind: string;
  action: string;
  by: string | null;
  note: string | null;
  at: string;
  assignee?: string | null;
}

export interface ReviewState {
  envelope_id: string;
  status: ReviewStatus;
  /** Open past its deadline (the expiry job has not recorded it yet; enforcement already applies it). */
  overdue: boolean;
  review_deadline: string | null;
  claimed_by: string | null;
  /** Distinct principals who voted to approve (critical items may need more than one). */
  approvals: string[];
  verdict: ReviewVerdict | null;
  /** The credential that made the call; it may never resolve it. */
  requested_by: string | null;
  /** Review and claim rows so far: the next transition is number transitions + 1. */
  transitions: number;
  /** Every linked row counts: a long-poll returns when this moves. */
  revision: number;
  history: ReviewHistoryEntry[];
}

export function isReviewItem(row: Pick<LedgerRow, 'kind' | 'outcome'>): boolean {
  return isReviewItemKind(row.kind) && REVIEWED_OUTCOMES.has(row.outcome ?? '');
}

export function deriveReviewState(item: LedgerRow, linked: readonly LedgerRow[], now: number): ReviewState {
  let verdict: ReviewVerdict | null = null;
  let claimedBy: string | null = null;
  let transitions = 0;
  const approvals = new Set<string>();
  const history: ReviewHistoryEntry[] = [];
  for (const row of linked) {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    const note = typeof payload.note === 'string' ? payload.note : null;
    const action = typeof payload.action === 'string' ? payload.action : row.kind;
    if (row.kind === 'review') {
      transitions += 1;
      history.push({ envelope_id: row.envelope_id, kind: row.kind, action: row.reviewer_id === null ? 'expire' : (row.outcome === 'approve' ? 'approve' : 'reject'), by: row.reviewer_id ?? 'system:expiry', note, at: row.created_at });
      if (verdict) continue;
      verdict = {
        envelope_id: row.envelope_id,
        outcome: row.outcome === 'approve' ? 'approve' : 'block',
        by: row.reviewer_id,
        note: note ?? '',
        approvers: Array.isArray(payload.approvers) ? payload.approvers.map(String) : (row.reviewer_id ? [row.reviewer_id] : []),
        at: row.created_at,
      };
    } else if (row.kind === 'review_claim') {
      transitions += 1;
      claimedBy = row.reviewer_id;
      history.push({ envelope_id: row.envelope_id, kind: row.kind, action, by: stringOr(payload.by, row.reviewer_id), note, at: row.created_at, assignee: row.reviewer_id });
    } else if (row.kind === 'review_note') {
      const by = stringOr(payload.by, row.reviewer_id);
      if (action === 'vote' && by) approvals.add(by);
      history.push({ envelope_id: row.envelope_id, kind: row.kind, action, by, note, at: row.created_at });
    }
  }
  const deadline = item.review_deadline;
  const open = verdict === null;
  return {
    envelope_id: item.envelope_id,
    status: verdict ? (verdict.by === null ? 'expired' : verdict.outcome === 'approve' ? 'approved' : 'rejected') : (claimedBy ? 'claimed' : 'pending'),
    overdue: open && deadline !== null && Date.parse(deadline) < now,
    review_deadline: deadline,
    claimed_by: open ? claimedBy : null,
    approvals: [...approvals],
    verdict,
    requested_by: requester(item),
    transitions,
    revision: linked.length,
    history,
  };
}

/** The principal recorded on the item's row (runtime.ts stores it in the payload as `principal`). */
export function requester(item: LedgerRow): string | null {
  const principal = item.payload?.principal;
  return typeof principal === 'string' ? principal : null;
}

function stringOr(value: unknown, fallback: string | null): string | null {
  return typeof value === 'string' ? value : fallback;
}
