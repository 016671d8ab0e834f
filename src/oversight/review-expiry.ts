// The expiry job: every open review item past its deadline gets the row that expires it, with
// its tier's default (on_expiry, `block` unless decision.yaml says otherwise). In a fleet one
// process runs it at a time (advisory lock); the state lives only in the ledger, so a restart
// simply finds the overdue items again. Enforcement does not wait for it (review-gate.ts).

import type { ReviewDesk } from './review-desk.ts';

/** Items expired per round; the next round takes the rest. */
export const EXPIRY_BATCH = 200;

export interface ExpiryReport {
  ran: boolean;
  expired: number;
}

export async function expireOverdueReviews(desk: ReviewDesk): Promise<ExpiryReport> {
  const result = await desk.ledger.runExclusive('review_expiry', async () => {
    const { items } = await desk.ledger.reviewQueue({ status: 'open', overdue: true, limit: EXPIRY_BATCH, offset: 0, now: desk.now() });
    let expired = 0;
    // Oldest first: the longest-waiting item is expired first if the round is cut short.
    for (const item of items.reverse()) {
      if (await desk.expire(item.envelope_id)) expired += 1;
    }
    return expired;
  });
  return result.ran ? { ran: true, expired: result.value } : { ran: false, expired: 0 };
}
