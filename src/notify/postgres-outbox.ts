// notification_outbox on PostgreSQL: every replica of a fleet polls the same table; FOR UPDATE
// SKIP LOCKED hands each due row to exactly one of them, and the lease (locked_until) returns
// the row of a replica that died mid-delivery to the queue. A settle names the lease it holds,
// so a replica whose lease ran out (and the row went to another) cannot overwrite its outcome.

import pg from 'pg';
import { postgresClientConfig, type PostgresConnectionOptions } from '../ledger/index.ts';
import { emptyCounts, MAX_ERROR_CHARS, type Delivery, type DeliveryStatus, type NewDelivery, type OutboxStore } from './outbox-store.ts';

const COLUMNS = 'id, event_id, event, webhook, source_id, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, updated_at, delivered_at, locked_until';

export function openPostgresOutbox(options: PostgresConnectionOptions, onError: (error: Error) => void): OutboxStore {
  const pool = new pg.Pool({ ...postgresClientConfig(options), max: 3, idleTimeoutMillis: 30_000 });
  pool.on('error', onError);
  return {
    async enqueue(rows: readonly NewDelivery[], now) {
      if (rows.length === 0) return 0;
      const values: unknown[] = [];
      const tuples = rows.map((row, i) => {
        values.push(row.id, row.event_id, row.event, row.webhook, row.source_id, row.payload);
        const b = i * 6;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, 'pending', $${rows.length * 6 + 1}, $${rows.length * 6 + 1}, $${rows.length * 6 + 1})`;
      });
      values.push(now);
      const result = await pool.query(`INSERT INTO notification_outbox (id, event_id, event, webhook, source_id, payload, status, next_attempt_at, created_at, updated_at)
        VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`, values);
      return result.rowCount ?? 0;
    },
    async claim(limit, now, leaseMs) {
      const { rows } = await pool.query<Delivery>(
        `UPDATE notification_outbox SET status = 'delivering', locked_until = $2, attempts = attempts + 1, updated_at = $1
          WHERE id IN (SELECT id FROM notification_outbox
                        WHERE (status IN ('pending', 'failed') AND next_attempt_at <= $1) OR (status = 'delivering' AND locked_until < $1)
                        ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}`,
        [now, now + leaseMs, limit],
      );
      return rows.map(toDelivery);
    },
    async settle(id, leaseUntil, attempt, now) {
      const result = await pool.query(
        `UPDATE notification_outbox SET status = $2, last_status = $3, last_error = $4, next_attempt_at = $5, locked_until = NULL, updated_at = $6, delivered_at = $7
          WHERE id = $1 AND status = 'delivering' AND locked_until = $8`,
        [id, attempt.outcome, attempt.status, attempt.error?.slice(0, MAX_ERROR_CHARS) ?? null, attempt.next_attempt_at, now, attempt.outcome === 'delivered' ? now : null, leaseUntil],
      );
      return result.rowCount === 1;
    },
    async requeue(id, now) {
      const result = await pool.query(
        `UPDATE notification_outbox SET status = 'pending', attempts = 0, next_attempt_at = $2, locked_until = NULL, updated_at = $2
          WHERE id = $1 AND status IN ('dead', 'failed')`, [id, now]);
      return result.rowCount === 1;
    },
    async get(id) {
      const { rows: [row] } = await pool.query<Delivery>(`SELECT ${COLUMNS} FROM notification_outbox WHERE id = $1`, [id]);
      return row && toDelivery(row);
    },
    async list(query) {
      const where: string[] = [];
      const values: unknown[] = [];
      for (const key of ['status', 'event', 'webhook'] as const) {
        if (query[key]) {
          values.push(query[key]);
          where.push(`${key} = $${values.length}`);
        }
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const { rows: [{ n }] } = await pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM notification_outbox ${clause}`, values);
      const { rows } = await pool.query<Delivery>(
        `SELECT ${COLUMNS} FROM notification_outbox ${clause} ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, query.limit, query.offset]);
      return { items: rows.map(toDelivery), total: Number(n) };
    },
    async prune(before) {
      const result = await pool.query(`DELETE FROM notification_outbox WHERE status IN ('delivered', 'dead') AND created_at < $1`, [before]);
      return result.rowCount ?? 0;
    },
    async counts() {
      const result = emptyCounts();
      const { rows } = await pool.query<{ status: DeliveryStatus; n: string }>('SELECT status, COUNT(*) AS n FROM notification_outbox GROUP BY status');
      for (const row of rows) result[row.status] = Number(row.n);
      return result;
    },
    close: () => pool.end(),
  };
}

/** bigint columns arrive as strings from pg. */
function toDelivery(row: Delivery): Delivery {
  return {
    ...row, attempts: Number(row.attempts), next_attempt_at: Number(row.next_attempt_at), created_at: Number(row.created_at), updated_at: Number(row.updated_at),
    last_status: row.last_status === null ? null : Number(row.last_status), delivered_at: row.delivered_at === null ? null : Number(row.delivered_at),
    locked_until: row.locked_until === null ? null : Number(row.locked_until),
  };
}
