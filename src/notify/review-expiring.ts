// review.expiring: an open review item whose deadline is less than `expiring_before_seconds`
// away. A periodic scan (one process of a fleet at a time: the ledger's exclusive job lock) finds
// them; the event id is derived from the item, so a later scan, another replica or a restart
// enqueues nothing new: each item fires once per webhook.

import type { Ledger } from '../ledger/index.ts';
import { eventIdFor, type NotificationEvent } from './notification-event.ts';

const PAGE = 200;
/** Open items looked at per scan; a queue longer than this is scanned in deadline-agnostic pages over several rounds. */
const MAX_SCANNED = 2_000;

export async function scanExpiringReviews(ledger: Ledger, beforeSeconds: number, now: number, submit: (event: NotificationEvent) => Promise<number>): Promise<{ ran: boolean; queued: number }> {
  const result = await ledger.runExclusive('review_expiring_notice', async () => {
    let queued = 0;
    for (let offset = 0; offset < MAX_SCANNED; offset += PAGE) {
      const { items } = await ledger.reviewQueue({ status: 'open', overdue: false, limit: PAGE, offset, now });
      for (const item of items) {
        if (item.review_deadline === null) continue;
        const deadline = Date.parse(item.review_deadline);
        if (!(deadline > now && deadline - now <= beforeSeconds * 1000)) continue;
        queued += await submit(expiringEvent(item, now));
      }
      if (items.length < PAGE) break;
    }
    return queued;
  });
  return result.ran ? { ran: true, queued: result.value } : { ran: false, queued: 0 };
}

function expiringEvent(item: Awaited<ReturnType<Ledger['reviewQueue']>>['items'][number], now: number): NotificationEvent {
  return {
    id: eventIdFor('review.expiring', item.envelope_id),
    type: 'review.expiring',
    occurred_at: new Date(now).toISOString(),
    source_envelope_id: item.envelope_id,
    agent_id: item.agent_id,
    risk_tier: item.risk_tier,
    data: {
      envelope_id: item.envelope_id, agent_id: item.agent_id, tool: item.action, risk_tier: item.risk_tier, status: item.status,
      claimed_by: item.claimed_by, review_deadline: item.review_deadline, seconds_left: Math.round((Date.parse(item.review_deadline!) - now) / 1000),
    },
  };
}
