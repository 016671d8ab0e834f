// Alert state in the shared store: one `alerts` row per firing, updated while it fires and kept
// after it resolves (the history). A unique index allows one firing row per rule, so replicas that
// see the same event at once record it once.

import { randomUUID } from 'node:crypto';
import type { InsightDb, SqlRow } from '../insight-db.ts';
import type { Severity } from './alert-rules.ts';

export interface AlertRecord {
  id: string;
  rule: string;
  severity: Severity;
  status: 'firing' | 'resolved';
  summary: string;
  value: number | null;
  threshold: number | null;
  started_at: string;
  last_seen_at: string;
  resolved_at: string | null;
  acked_by: string | null;
  acked_at: string | null;
  silenced_until: string | null;
  ack_envelope_id: string | null;
}

export interface Firing {
  rule: string;
  severity: Severity;
  summary: string;
  value: number | null;
  threshold: number | null;
}

const COLUMNS = 'id, rule, severity, status, summary, value, threshold, started_at, last_seen_at, resolved_at, acked_by, acked_at, silenced_until, ack_envelope_id';

export class AlertStore {
  readonly #db: InsightDb;

  constructor(db: InsightDb) {
    this.#db = db;
  }

  async active(): Promise<AlertRecord[]> {
    return (await this.#db.all(`SELECT ${COLUMNS} FROM alerts WHERE status = 'firing' ORDER BY started_at DESC, id`)).map(record);
  }

  async history(query: { limit: number; offset: number; rule?: string }): Promise<{ alerts: AlertRecord[]; total: number }> {
    const where = query.rule ? 'WHERE rule = :rule' : '';
    const params: Record<string, string> = query.rule ? { rule: query.rule } : {};
    const rows = await this.#db.all(`SELECT ${COLUMNS} FROM alerts ${where} ORDER BY started_at DESC, id LIMIT :limit OFFSET :offset`, { ...params, limit: query.limit, offset: query.offset });
    const [count] = await this.#db.all(`SELECT COUNT(*) AS total FROM alerts ${where}`, params);
    return { alerts: rows.map(record), total: Number(count.total) };
  }

  async get(id: string): Promise<AlertRecord | undefined> {
    const [row] = await this.#db.all(`SELECT ${COLUMNS} FROM alerts WHERE id = :id`, { id });
    return row ? record(row) : undefined;
  }

  /** The newest silence of a rule still in force at `now`, if any. */
  async silencedUntil(rule: string, now: Date): Promise<string | null> {
    const [row] = await this.#db.all(`SELECT MAX(silenced_until) AS until FROM alerts WHERE rule = :rule AND silenced_until > :now`, { rule, now: now.toISOString() });
    return (row?.until as string | null) ?? null;
  }

  /**
   * Records that `firing` holds at `now`: a new alert when the rule was not firing (returned as
   * `started`), otherwise the firing one's value and last_seen_at move (de-duplication).
   */
  async fire(firing: Firing, now: Date): Promise<{ alert: AlertRecord; started: boolean }> {
    const at = now.toISOString();
    return this.#db.transaction(async (tx) => {
      const [current] = await tx.all(`SELECT ${COLUMNS} FROM alerts WHERE rule = :rule AND status = 'firing'`, { rule: firing.rule });
      if (current) {
        const [row] = await tx.all(`UPDATE alerts SET value = :value, last_seen_at = :at WHERE id = :id RETURNING ${COLUMNS}`, { value: firing.value, at, id: current.id as string });
        return { alert: record(row), started: false };
      }
      // ON CONFLICT DO NOTHING: another replica started it in between; that one is the alert.
      const inserted = await tx.all(
        `INSERT INTO alerts (${COLUMNS}) VALUES (:id, :rule, :severity, 'firing', :summary, :value, :threshold, :at, :at, NULL, NULL, NULL, NULL, NULL)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        { id: randomUUID(), rule: firing.rule, severity: firing.severity, summary: firing.summary, value: firing.value, threshold: firing.threshold, at });
      if (inserted[0]) return { alert: record(inserted[0]), started: true };
      const [other] = await tx.all(`SELECT ${COLUMNS} FROM alerts WHERE rule = :rule AND status = 'firing'`, { rule: firing.rule });
      return { alert: record(other), started: false };
    });
  }

  /** Resolves the rule's firing alert, if any; returns it once resolved. */
  async resolve(rule: string, now: Date, value: number | null = null): Promise<AlertRecord | undefined> {
    const rows = await this.#db.all(
      `UPDATE alerts SET status = 'resolved', resolved_at = :at, last_seen_at = :at, value = COALESCE(:value, value)
        WHERE rule = :rule AND status = 'firing' RETURNING ${COLUMNS}`, { rule, at: now.toISOString(), value });
    return rows[0] ? record(rows[0]) : undefined;
  }

  async acknowledge(id: string, ack: { by: string; at: Date; silencedUntil: Date | null; envelopeId: string }): Promise<AlertRecord | undefined> {
    const rows = await this.#db.all(
      `UPDATE alerts SET acked_by = :by, acked_at = :at, silenced_until = :until, ack_envelope_id = :envelope WHERE id = :id RETURNING ${COLUMNS}`,
      { id, by: ack.by, at: ack.at.toISOString(), until: ack.silencedUntil?.toISOString() ?? null, envelope: ack.envelopeId });
    return rows[0] ? record(rows[0]) : undefined;
  }
}

function record(row: SqlRow): AlertRecord {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: String(row.id), rule: String(row.rule), severity: row.severity as Severity, status: row.status as AlertRecord['status'],
    summary: String(row.summary), value: num(row.value), threshold: num(row.threshold),
    started_at: String(row.started_at), last_seen_at: String(row.last_seen_at), resolved_at: (row.resolved_at as string | null) ?? null,
    acked_by: (row.acked_by as string | null) ?? null, acked_at: (row.acked_at as string | null) ?? null,
    silenced_until: (row.silenced_until as string | null) ?? null, ack_envelope_id: (row.ack_envelope_id as string | null) ?? null,
  };
}
