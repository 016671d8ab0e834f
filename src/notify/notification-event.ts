// A notification event: what happened, in one JSON shape every webhook receives (the `json`
// format sends it as is; `slack` renders it). Its id is derived from the ledger row that
// recorded it, so the same happening enqueued twice (two subscribers, a retried publish, a
// replica racing another) is one event, and one delivery per webhook.

import { createHash, randomUUID } from 'node:crypto';

/** Every event a webhook can subscribe to (globs such as `review.*` match these names). */
export const NOTIFICATION_EVENTS = [
  'review.created', 'review.claimed', 'review.decided', 'review.expiring', 'review.expired',
  'kill_switch.changed', 'tool_pin.changed', 'chain.verify_failed', 'judge.retroactive_escalation',
  'execution.outcome_unknown', 'alert.firing', 'alert.resolved',
] as const;
export type NotificationEventName = (typeof NOTIFICATION_EVENTS)[number];

export interface NotificationEvent {
  /** UUID; stable for one happening (see eventIdFor). */
  id: string;
  type: NotificationEventName;
  /** ISO-8601 UTC: when it happened (the ledger row's created_at when there is one). */
  occurred_at: string;
  /** The ledger row that recorded it, when one did (null: chain verification, alerts). */
  source_envelope_id: string | null;
  /** For webhook filters: null when the event is about no one agent or tier. */
  agent_id: string | null;
  risk_tier: string | null;
  /** What the source published, minus `type`. */
  data: Record<string, unknown>;
}

/**
 * A UUID-shaped digest of (event name, source key): the same source row gives the same id every
 * time. Without a source key (an alert with no id) each publish is its own event.
 */
export function eventIdFor(type: string, sourceKey: string | null): string {
  if (sourceKey === null) return randomUUID();
  return uuidFromDigest(`${type}\u0000${sourceKey}`);
}

/** The delivery of one event to one webhook: X-Governance-Delivery, the receivers' idempotency key. */
export function deliveryIdFor(eventId: string, webhook: string): string {
  return uuidFromDigest(`${eventId}\u0000${webhook}`);
}

function uuidFromDigest(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  // Version 8 (custom) and the RFC 9562 variant, so it passes a UUID check.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
