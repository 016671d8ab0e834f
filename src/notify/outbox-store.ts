// The outbox: one row per (event, webhook) in the ledger's database (table notification_outbox,
// created by the ledger migrations), so a delivery survives restarts and receiver outages.
// States: pending -> delivering (leased to one process) -> delivered | failed (retrying at
// next_attempt_at) -> ... -> dead (after max_attempts; an operator may send it back to pending).
// Times are epoch ms.

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface NewDelivery {
  id: string;
  event_id: string;
  event: string;
  webhook: string;
  source_id: string | null;
  /** The event as JSON (the body is rendered per webhook format at each try). */
  payload: string;
}

export interface Delivery extends NewDelivery {
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
  /** While delivering: the lease's end; a settle must name it (a process whose lease ran out cannot overwrite the next one's try). */
  locked_until: number | null;
}

export interface DeliveryQuery {
  status?: DeliveryStatus;
  event?: string;
  webhook?: string;
  limit: number;
  offset: number;
}

export interface Attempt {
  /** 'delivered', or what to do after a failure: try again at next_attempt_at, or give up. */
  outcome: 'delivered' | 'failed' | 'dead';
  status: number | null;
  error: string | null;
  next_attempt_at: number;
}

export interface OutboxStore {
  /** Inserts the rows that do not exist yet; returns how many were new. */
  enqueue(rows: readonly NewDelivery[], now: number): Promise<number>;
  /**
   * Leases up to `limit` due rows (pending or failed with next_attempt_at <= now, or delivering
   * with an expired lease) until now + leaseMs, counting the attempt. One process gets each row.
   */
  claim(limit: number, now: number, leaseMs: number): Promise<Delivery[]>;
  /** Records the try of a row this process leased (`leaseUntil` as claimed); false when the lease was lost. */
  settle(id: string, leaseUntil: number, attempt: Attempt, now: number): Promise<boolean>;
  /** dead or failed -> pending, due now, attempts reset; false when the row is in another state. */
  requeue(id: string, now: number): Promise<boolean>;
  get(id: string): Promise<Delivery | undefined>;
  list(query: DeliveryQuery): Promise<{ items: Delivery[]; total: number }>;
  /** Deletes delivered and dead rows created before `before`; returns how many. */
  prune(before: number): Promise<number>;
  /** Rows per status (queue depth, dead letters). */
  counts(): Promise<Record<DeliveryStatus, number>>;
  close(): Promise<void>;
}

export function emptyCounts(): Record<DeliveryStatus, number> {
  return { pending: 0, delivering: 0, delivered: 0, failed: 0, dead: 0 };
}

/** Errors are stored for operators, bounded so a chatty receiver cannot grow the table. */
export const MAX_ERROR_CHARS = 1_000;
