// Review lifecycle events on `gateway:review` (node:diagnostics_channel), published after the
// row that records the transition is durable. Notifications, metrics and anything else that
// reacts to reviews subscribe here, so the review code never knows them.

import diagnostics_channel from 'node:diagnostics_channel';

export const REVIEW_CHANNEL = 'gateway:review';
export const reviewChannel = diagnostics_channel.channel(REVIEW_CHANNEL);

export type ReviewEventType =
  | 'review.created' | 'review.claimed' | 'review.released' | 'review.reassigned' | 'review.commented'
  | 'review.voted' | 'review.decided' | 'review.expired'
  | 'approval.granted' | 'approval.revoked' | 'approval.used';

export interface ReviewEvent {
  type: ReviewEventType;
  /** The review item (the escalated envelope); for approval events the envelope the grant came from, if any. */
  envelope_id: string | null;
  /** The ledger row that recorded this event. */
  row_envelope_id: string;
  /** Who acted, as `kind:subject` (or `system:expiry`). */
  by: string;
  at: string;
  agent_id: string | null;
  tool: string | null;
  risk_tier: string | null;
  /** review.decided / review.expired: approve or block. */
  outcome?: 'approve' | 'block';
  note?: string;
  /** review.claimed / review.reassigned: who holds the item now. */
  assignee?: string | null;
  review_deadline?: string | null;
  grant_id?: string;
}

export function publishReviewEvent(event: ReviewEvent): void {
  if (reviewChannel.hasSubscribers) reviewChannel.publish(event);
}
