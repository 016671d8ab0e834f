// Where notification events come from: ONE table of diagnostics channels. Each publisher sends
// `{ type: '<event name>', ... }` after the row that records it is durable; a message whose type
// is not a notification event (review.released, a judge call) is ignored. Adding a source is one
// line here (and its event name in NOTIFICATION_EVENTS when it is new).

import { NOTIFICATION_EVENTS, eventIdFor, type NotificationEvent, type NotificationEventName } from './notification-event.ts';

export interface NotificationSource {
  channel: string;
  /** Turns a message into an event; default `fromMessage` (the message's own type and ids). */
  toEvent?: (message: Record<string, unknown>, now: () => number) => NotificationEvent | undefined;
}

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = [
  { channel: 'gateway:review' }, // src/oversight/review-events.ts: review.created | claimed | decided | expired
  { channel: 'gateway:judge', toEvent: fromJudge }, // src/judge/judge-events.ts: retroactive_escalation
  { channel: 'gateway:kill_switch', toEvent: fromKillSwitch }, // src/runtime/kill-switch.ts: kill_switch.changed
  { channel: 'gateway:tool-pin' }, // src/oversight/tool-pin-events.ts: tool_pin.changed (a definition change accepted)
  { channel: 'gateway:chain' }, // src/ledger/chain/ledger-audit.ts: chain.verify_failed
  { channel: 'gateway:execution' }, // the outcome_unknown reconciler: execution.outcome_unknown
  { channel: 'gateway:alert' }, // alert rules: alert.firing | alert.resolved
];

const KNOWN = new Set<string>(NOTIFICATION_EVENTS);

/**
 * The generic conversion. The event's id comes from the first of `row_envelope_id` (the row that
 * recorded this happening), `envelope_id`, `dedupe_key` and `id`; none: a fresh id per publish.
 */
export function fromMessage(message: Record<string, unknown>, now: () => number): NotificationEvent | undefined {
  const type = message.type;
  if (typeof type !== 'string' || !KNOWN.has(type)) return undefined;
  const { type: _type, ...data } = message;
  const sourceId = text(message.row_envelope_id) ?? text(message.envelope_id);
  const key = sourceId ?? text(message.dedupe_key) ?? text(message.id);
  return {
    id: eventIdFor(type, key),
    type: type as NotificationEventName,
    occurred_at: text(message.at) ?? new Date(now()).toISOString(),
    source_envelope_id: sourceId,
    agent_id: text(message.agent_id),
    risk_tier: text(message.risk_tier),
    data,
  };
}

/** The judge's channel also carries every call (metrics); only a retroactive escalation notifies. */
function fromJudge(message: Record<string, unknown>, now: () => number): NotificationEvent | undefined {
  if (message.type !== 'retroactive_escalation') return undefined;
  // Keyed by the decision row that escalated: that row is what put the item in the review queue.
  return fromMessage({ ...message, type: 'judge.retroactive_escalation', row_envelope_id: message.escalation_envelope_id }, now);
}

/**
 * Every process announces the kill switch rows it reads back (alerts follow them); only the
 * process that recorded a flip notifies, so a fleet sends one event per flip. A message rebuilt
 * from a row at start (ledger-catch-up.ts) carries no `recorded_here` and is notified.
 */
function fromKillSwitch(message: Record<string, unknown>, now: () => number): NotificationEvent | undefined {
  const { recorded_here: recordedHere, ...event } = message;
  return recordedHere === false ? undefined : fromMessage(event, now);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
