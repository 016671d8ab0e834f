// Enforcement: what a reviewed call may do given its review item's state. The post-check, the
// sidecar's forward and a re-run decision all ask here, so a verdict means the same everywhere.

import type { ReviewDesk } from './review-desk.ts';
import type { ReviewState } from './review-state.ts';

export interface ReviewGateResult {
  /** approve: may proceed; block: may not, ever; pending: not yet (hold or block per route). */
  outcome: 'approve' | 'block' | 'pending';
  reason: string;
  state: ReviewState;
}

export async function reviewGate(desk: ReviewDesk, envelopeId: string): Promise<ReviewGateResult> {
  const { item, state } = await desk.view(envelopeId);
  return gateOf(state, desk.policyFor(item).onExpiry);
}

/** Pure: the gate for a state; `onExpiry` is the tier's default for an item past its deadline. */
export function gateOf(state: ReviewState, onExpiry: 'approve' | 'block'): ReviewGateResult {
  const { verdict } = state;
  if (state.status === 'approved' && verdict) {
    return { outcome: 'approve', reason: `Approved by ${verdict.approvers.join(', ')} in review ${verdict.envelope_id}${verdict.note ? `: ${verdict.note}` : '.'}`, state };
  }
  if (state.status === 'rejected' && verdict) {
    return { outcome: 'block', reason: `Rejected by ${verdict.by}: ${verdict.note}`, state };
  }
  if (state.status === 'expired' && verdict) {
    return { outcome: verdict.outcome, reason: `Review ${state.envelope_id} expired unresolved; the tier's default is ${verdict.outcome}.`, state };
  }
  // The expiry job may lag the deadline; enforcement never does.
  if (state.overdue) {
    return { outcome: onExpiry, reason: `Review ${state.envelope_id} passed its deadline ${state.review_deadline} unresolved; the tier's default is ${onExpiry}.`, state };
  }
  const who = state.claimed_by ? ` (claimed by ${state.claimed_by})` : '';
  return {
    outcome: 'pending',
    reason: `A human must approve this call first: review ${state.envelope_id} is ${state.status}${who}${state.review_deadline ? `, deadline ${state.review_deadline}` : ''}.`,
    state,
  };
}
