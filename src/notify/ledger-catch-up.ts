// The events a ledger row announces, rebuilt from the row: the message its publisher sends, fed
// through the same sources table, so the event and its id are the live publish's. Two uses:
// - closing the crash window between a row becoming durable and its outbox rows being written
//   (the process could die in between: the event was published in memory only): at start, the
//   rows of the last `catch_up_seconds` that announce something are read back and queued;
// - the rows a central gateway appends for its sidecars (POST /v1/internal/ledger/append): the
//   sidecar that decided has no outbox, so the central gateway announces them.
// Event ids derive from the source row, so anything already queued is a no-op.

import { isReviewItemKind, type Ledger, type LedgerRow, type LedgerRowSummary, type EntryKind } from '../ledger/index.ts';
import type { NotificationEvent } from './notification-event.ts';
import { fromMessage, NOTIFICATION_SOURCES } from './notification-sources.ts';

const PAGE = 200;
/** Rows read per kind at most: a start-up must not turn into a full scan of a busy ledger. */
const MAX_ROWS_PER_KIND = 10_000;
const ESCALATIONS = new Set(['escalate', 'request_evidence']);

type Message = Record<string, unknown> & { type: string };

/** Each kind whose rows notify: the channel its publisher uses, and the message it sends. */
const FROM_ROWS: ReadonlyArray<{ kind: EntryKind; channel: string; message(row: LedgerRow): Message | undefined }> = [
  { kind: 'kill_switch', channel: 'gateway:kill_switch', message: (row) => {
    const p = row.payload ?? {};
    return { type: 'kill_switch.changed', envelope_id: row.envelope_id, at: row.created_at, active: row.action === 'activate', reason: p.reason, actor: p.actor, by: p.actor };
  } },
  // A changed definition is a review item (review.created); its acceptance by an operator's
  // accepted hash is a tool_pin row with status accepted and no review item. An acceptance by a
  // reviewer is announced with the verdict's row id, which a restart cannot rebuild from here.
  { kind: 'tool_pin', channel: 'gateway:tool-pin', message: (row) => {
    const p = row.payload ?? {};
    if (p.status !== 'accepted' || p.review_envelope_id) return undefined;
    return {
      type: 'tool_pin.changed', tool: p.tool, route: p.route, server: p.upstream ?? null, old_digest: p.pinned_hash ?? null, new_digest: p.hash,
      by: p.accepted_by ?? null, at: row.created_at, envelope_id: null, row_envelope_id: row.envelope_id,
    };
  } },
  { kind: 'review_claim', channel: 'gateway:review', message: (row) => {
    const p = row.payload ?? {};
    if (p.action !== 'claim') return undefined;
    return { ...reviewFields(row), type: 'review.claimed', by: p.by, assignee: row.reviewer_id, ...(p.note ? { note: p.note } : {}) };
  } },
  { kind: 'review', channel: 'gateway:review', message: (row) => {
    const p = row.payload ?? {};
    const expired = p.action === 'expire';
    return { ...reviewFields(row), type: expired ? 'review.expired' : 'review.decided', by: expired ? 'system:expiry' : p.reviewer ?? p.by, outcome: row.outcome === 'approve' ? 'approve' : 'block', ...(p.note ? { note: p.note } : {}) };
  } },
];

function reviewFields(row: LedgerRow): Record<string, unknown> {
  return { envelope_id: row.parent_envelope_id, row_envelope_id: row.envelope_id, at: row.created_at, agent_id: row.agent_id, tool: row.action, risk_tier: row.risk_tier };
}

/** An escalated row: review.created, or (a `decision` row the judge wrote) a retroactive escalation. */
function escalationMessage(row: LedgerRow): { channel: string; message: Message } {
  const p = row.payload ?? {};
  if (row.kind === 'decision' && p.source === 'judge') {
    return { channel: 'gateway:judge', message: {
      type: 'retroactive_escalation', envelope_id: row.parent_envelope_id, escalation_envelope_id: row.envelope_id, judge_envelope_id: p.judge_envelope_id,
      agent_id: row.agent_id, reviewer_id: row.reviewer_id, review_deadline: row.review_deadline,
    } };
  }
  const principal = p.principal;
  return { channel: 'gateway:review', message: {
    type: 'review.created', envelope_id: row.envelope_id, row_envelope_id: row.envelope_id, at: row.created_at,
    by: typeof principal === 'string' ? principal : (row.agent_id ? `agent:${row.agent_id}` : 'anonymous'),
    agent_id: row.agent_id, tool: row.action, risk_tier: row.risk_tier, review_deadline: row.review_deadline,
  } };
}

/** What the sources table makes of `message` on `channel` (the same id as the live publish). */
function eventOf(channel: string, message: Message, now: () => number): NotificationEvent | undefined {
  const source = NOTIFICATION_SOURCES.find((candidate) => candidate.channel === channel);
  return source ? (source.toEvent ?? fromMessage)(message, now) : undefined;
}

/** The events `row` announces: by its kind (kill switch, tool pin, review actions), and a review item's escalation. */
export function eventsOfRow(row: LedgerRow, now: () => number): NotificationEvent[] {
  const announced: Array<{ channel: string; message: Message | undefined }> = [];
  const byKind = FROM_ROWS.find((source) => source.kind === row.kind);
  if (byKind) announced.push({ channel: byKind.channel, message: byKind.message(row) });
  if (isReviewItemKind(row.kind) && row.outcome !== null && ESCALATIONS.has(row.outcome)) announced.push(escalationMessage(row));
  return announced.flatMap(({ channel, message }) => {
    const event = message && eventOf(channel, message, now);
    return event ? [event] : [];
  });
}

/** Whether a row of this kind and outcome can announce anything: the rows worth reading back. */
export function mayAnnounce(kind: string, outcome: string | null): boolean {
  return FROM_ROWS.some((source) => source.kind === kind) || (isReviewItemKind(kind) && outcome !== null && ESCALATIONS.has(outcome));
}

export async function catchUpFromLedger(ledger: Ledger, sinceMs: number, now: () => number, submit: (event: NotificationEvent) => Promise<number>): Promise<{ rows: number; queued: number }> {
  let rows = 0;
  let queued = 0;
  const recent = <T extends { created_at: string }>(row: T) => Date.parse(row.created_at) >= sinceMs;
  const feed = async (channel: string, message: Message | undefined): Promise<void> => {
    const event = message && eventOf(channel, message, now);
    if (event) queued += await submit(event);
  };
  for (const source of FROM_ROWS) {
    await pages((limit, offset) => ledger.list({ kind: source.kind, limit, offset }).then((page) => page.rows), recent, async (summary: LedgerRowSummary) => {
      const row = await ledger.get(summary.envelope_id);
      if (!row) return;
      rows += 1;
      await feed(source.channel, source.message(row));
    });
  }
  await pages((limit, offset) => ledger.reviewQueue({ limit, offset, now: now() }).then((page) => page.items), recent, async (item) => {
    if (!ESCALATIONS.has(item.outcome)) return;
    const row = await ledger.get(item.envelope_id);
    if (!row) return;
    rows += 1;
    const { channel, message } = escalationMessage(row);
    await feed(channel, message);
  });
  return { rows, queued };
}

/** Newest first: stops at the first page that reaches before the window, or at the bound. */
async function pages<T extends { created_at: string }>(read: (limit: number, offset: number) => Promise<T[]>, recent: (row: T) => boolean, each: (row: T) => Promise<void>): Promise<void> {
  for (let offset = 0; offset < MAX_ROWS_PER_KIND; offset += PAGE) {
    const page = await read(PAGE, offset);
    for (const row of page) if (recent(row)) await each(row);
    if (page.length < PAGE || !recent(page[page.length - 1])) return;
  }
}
