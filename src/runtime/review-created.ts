// `review.created` on gateway:review: an escalation or evidence request was recorded and now
// waits in the review queue. The other lifecycle events come from src/oversight.

import type { LedgerRow } from '../ledger/index.ts';
import { publishReviewEvent } from '../oversight/review-events.ts';

export function publishReviewCreated(row: LedgerRow): void {
  const principal = row.payload?.principal;
  publishReviewEvent({
    type: 'review.created', envelope_id: row.envelope_id, row_envelope_id: row.envelope_id,
    by: typeof principal === 'string' ? principal : (row.agent_id ? `agent:${row.agent_id}` : 'anonymous'),
    at: row.created_at, agent_id: row.agent_id, tool: row.action, risk_tier: row.risk_tier, review_deadline: row.review_deadline,
  });
}
