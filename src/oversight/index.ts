// Human oversight that acts: the review lifecycle (claim, release, reassign, comment, approve,
// reject, expire), its enforcement on post-checks, sidecar forwards and re-runs, approvals as
// grants, and the `gateway:review` events that notifications subscribe to.

export { ReviewDesk, type ReviewDeskDeps, type ReviewView, type Verdict, type ResolveResult } from './review-desk.ts';
export { ReviewChanges, REVIEW_SIGNAL_CHANNEL } from './review-changes.ts';
export { deriveReviewState, isReviewItem, requester, REVIEWED_OUTCOMES, type ReviewState, type ReviewVerdict, type ReviewHistoryEntry } from './review-state.ts';
export { reviewGate, gateOf, type ReviewGateResult } from './review-gate.ts';
export { REVIEW_CHANNEL, reviewChannel, publishReviewEvent, type ReviewEvent, type ReviewEventType } from './review-events.ts';
export { tierReviewPolicy, DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS, type TierReviewPolicy } from './review-policy.ts';
export { expireOverdueReviews, EXPIRY_BATCH, type ExpiryReport } from './review-expiry.ts';
export { reviewItemBody, reviewItemPath } from './review-item-view.ts';
export { GrantBook, GRANT_SCOPES, DEFAULT_GRANT_TTL_SECONDS, callHash, type GrantView, type ScopeRequest } from './grant-book.ts';
export { derivedEnvelopeId } from './transition-id.ts';
export { OutcomeReconciler, reconcileOutcomes, outcomeUnknownId, RECONCILE_HORIZON_MS, RECONCILE_PAGE, type ReconcileReport } from './outcome-reconciler.ts';
export { EXECUTION_CHANNEL, executionChannel, publishExecutionEvent, type OutcomeUnknownEvent } from './execution-events.ts';

import { ReviewDesk } from './review-desk.ts';
import { reviewGate } from './review-gate.ts';
import type { ReviewVerdictPort } from '../runtime/oversight-hooks.ts';

/** The runtime's view of the desk: the gate a reviewed call must pass. */
export function reviewVerdicts(desk: ReviewDesk): ReviewVerdictPort {
  return { gate: (envelopeId) => reviewGate(desk, envelopeId) };
}
