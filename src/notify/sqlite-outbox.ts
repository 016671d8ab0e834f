// notification_outbox on the embedded SQLite ledger: a connection of its own to the ledger file
// (WAL lets it write beside the ledger's writer). One gateway owns a file, so a claim is one
// IMMEDIATE transaction.

import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { inImmediateTransaction, openLedgerDatabase, throughWriteGate } from '../ledger/index.ts';
import { emptyCounts, MAX_ERROR_CHARS, type Delivery, type DeliveryStatus, type OutboxStore } from './outbox-store.ts';

const COLUMNS = 'id, event_id, event, webhook, source_id, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, updated_at, delivered_at, locked_until';
const DUE = `(status IN ('pending', 'failed') AND next_attempt_at <= ?) OR (status = 'delivering' AND locked_until < ?)`;

export function openSqliteOutbox(path: string): OutboxStore {
  // The ledger already migrated a file; ':memory:' is a database of its own that needs the table.
  const db: DatabaseSync = openLedgerDatabase(path, { migrate: path === ':memory:' });
  const insert = db.prepare(`INSERT INTO notification_outbox (id, event_id, event, webhook, source_id, payload, status, next_attempt_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (id) DO NOTHING`);
  const due = db.prepare(`SELECT ${COLUMNS} FROM notification_outbox WHERE ${DUE} ORDER BY next_attempt_at, id LIMIT ?`);
  const lease = db.prepare(`UPDATE notification_outbox SET status = 'delivering', locked_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?`);
  const settle = db.prepare(`UPDATE notification_outbox SET status = ?, last_status = ?, last_error = ?, next_attempt_at = ?, locked_until = NULL,
    updated_at = ?, delivered_at = ? WHERE id = ? AND status = 'delivering' AND locked_until = ?`);
  const requeue = db.prepare(`UPDATE notification_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL, updated_at = ?
    WHERE id = ? AND status IN ('dead', 'failed')`);
  const one = db.prepare(`SELECT ${COLUMNS} FROM notification_outbox WHERE id = ?`);
  const counts = db.prepare('SELECT status, COUNT(*) AS n FROM notification_outbox GROUP BY status');
  const prune = db.prepare(`DELETE FROM notification_outbox WHERE status IN ('delivered', 'dead') AND created_at < ?`);
  let open = true;

  const inTransaction = <T>(work: () => T): T => inImmediateTransaction(db, work);

  return {
    // Writes take turns with the other main-thread writers of the ledger file (sqlite-write-gate.ts).
    enqueue(rows, now) {
      return throughWriteGate(path, () => inTransaction(() => rows.reduce((added, row) => added + Number(insert.run(row.id, row.event_id, row.event, row.webhook, row.source_id, row.payload, now, now, now).changes), 0)));
    },
    claim(limit, now, leaseMs) {
      return throughWriteGate(path, () => inTransaction(() => {
        const rows = (due.all(now, now, limit) as unknown as Delivery[]).map(toDelivery);
        for (const row of rows) lease.run(now + leaseMs, now, row.id);
        return rows.map((row) => ({ ...row, status: 'delivering' as const, attempts: row.attempts + 1, updated_at: now, locked_until: now + leaseMs }));
      }));
    },
    settle(id, leaseUntil, attempt, now) {
      return throughWriteGate(path, () => Number(settle.run(attempt.outcome, attempt.status, attempt.error?.slice(0, MAX_ERROR_CHARS) ?? null, attempt.next_attempt_at, now, attempt.outcome === 'delivered' ? now : null, id, leaseUntil).changes) === 1);
    },
    requeue(id, now) {
      return throughWriteGate(path, () => Number(requeue.run(now, now, id).changes) === 1);
    },
    async get(id) {
      const row = one.get(id) as unknown as Delivery | undefined;
      return row && toDelivery(row);
    },
    async list(query) {
      const where: string[] = [];
      const values: SQLInputValue[] = [];
      if (query.status) { where.push('status = ?'); values.push(query.status); }
      if (query.event) { where.push('event = ?'); values.push(query.event); }
      if (query.webhook) { where.push('webhook = ?'); values.push(query.webhook); }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const total = Number((db.prepare(`SELECT COUNT(*) AS n FROM notification_outbox ${clause}`).get(...values) as { n: number }).n);
      const items = db.prepare(`SELECT ${COLUMNS} FROM notification_outbox ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...values, query.limit, query.offset) as unknown as Delivery[];
      return { items: items.map(toDelivery), total };
    },
    prune(before) {
      return throughWriteGate(path, () => Number(prune.run(before).changes));
    },
    async counts() {
      const result = emptyCounts();
      for (const row of counts.all() as unknown as Array<{ status: DeliveryStatus; n: number }>) result[row.status] = Number(row.n);
      return result;
    },
    async close() {
      if (open) db.close();
      open = false;
    },
  };
}

function toDelivery(row: Delivery): Delivery {
  return {
    ...row, attempts: Number(row.attempts), next_attempt_at: Number(row.next_attempt_at), created_at: Number(row.created_at), updated_at: Number(row.updated_at),
    last_status: row.last_status === null ? null : Number(row.last_status), delivered_at: row.delivered_at === null ? null : Number(row.delivered_at),
    locked_until: row.locked_until === null ? null : Number(row.locked_until),
  };
}
