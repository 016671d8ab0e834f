// The read side of the PostgreSQL ledger: lookups, listings, the agent's recent outcomes and the
// review queue. Same queries and results as the SQLite reader; every one walks an index.

import type { LedgerReads } from './ledger-reads.ts';
import type pg from 'pg';
import { checkKind, checkListQuery, checkPaging, checkReviewQuery } from './query-validation.ts';
import { decodePublicRow, decodeSummary, SELECT_PUBLIC_ROW, SELECT_SUMMARY } from './row-codec.ts';
import type { Outcome } from '../governance/types.ts';
import type { Ledger, ReviewItem } from './types.ts';

type Reads = LedgerReads;

const DECIDED_KINDS = `('validate', 'pre_check', 'post_check', 'decision')`;

/** Status is computed in SQL so that filtering, paging and the total agree ('pending' includes overdue). */
const CLASSIFIED = `
  WITH candidates AS (
    SELECT l.seq, l.envelope_id, l.kind, l.agent_id, l.action, l.outcome, l.risk_tier, l.reviewer_id,
           l.review_deadline, l.created_at,
           (SELECT r.envelope_id FROM ledger r
             WHERE r.parent_envelope_id = l.envelope_id AND r.kind = 'review'
             ORDER BY r.seq LIMIT 1) AS resolution_envelope_id
      FROM ledger l
     WHERE l.outcome IN ('escalate', 'request_evidence')
       AND l.kind IN ${DECIDED_KINDS}
       AND ($1::text IS NULL OR l.risk_tier = $1::text)
  ), classified AS (
    SELECT *, CASE WHEN resolution_envelope_id IS NOT NULL THEN 'resolved'
                   WHEN review_deadline IS NOT NULL AND review_deadline < $3::text THEN 'overdue'
                   ELSE 'pending' END AS status
      FROM candidates
  )`;
const STATUS_FILTER = `($2::text IS NULL OR status = $2::text OR ($2::text = 'pending' AND status = 'overdue'))`;

export function createPostgresReader(pool: pg.Pool): Reads {
  const one = async (name: string, text: string, values: unknown[]) => {
    const { rows } = await pool.query({ name, text, values });
    return rows[0] ? decodePublicRow(rows[0]) : undefined;
  };

  return {
    get: (envelopeId) => one('ledger_get', `${SELECT_PUBLIC_ROW} WHERE envelope_id = $1`, [envelopeId]),
    async findChild(parentEnvelopeId, kind) {
      checkKind(kind);
      return one('ledger_child', `${SELECT_PUBLIC_ROW} WHERE parent_envelope_id = $1 AND kind = $2 ORDER BY seq LIMIT 1`, [parentEnvelopeId, kind]);
    },
    async latest(kind) {
      checkKind(kind);
      return one('ledger_latest', `${SELECT_PUBLIC_ROW} WHERE kind = $1 ORDER BY seq DESC LIMIT 1`, [kind]);
    },
    async list(query) {
      checkListQuery(query);
      const conditions: string[] = [];
      const values: unknown[] = [];
      if (query.agent_id !== undefined) { values.push(query.agent_id); conditions.push(`agent_id = $${values.length}`); }
      if (query.kind !== undefined) { values.push(query.kind); conditions.push(`kind = $${values.length}`); }
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      const page = pool.query(`${SELECT_SUMMARY}${where} ORDER BY seq DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, query.limit, query.offset]);
      // Rows are deleted only as a prefix (metadata retention, up to the newest anchor), so without
      // a filter the count is the head's seq minus the anchor's: no scan of the table.
      const count = where === ''
        ? pool.query<{ total: number }>('SELECT h.seq - coalesce((SELECT max(seq) FROM ledger_anchors), 0) AS total FROM ledger_head h WHERE h.id = 1')
        : pool.query<{ total: number }>(`SELECT count(*) AS total FROM ledger${where}`, values);
      const [{ rows }, { rows: [{ total }] }] = await Promise.all([page, count]);
      return { rows: rows.map(decodeSummary), total };
    },
    async recentOutcomes(agentId, limit) {
      checkPaging(limit, 0);
      const { rows } = await pool.query({
        name: 'ledger_recent_outcomes',
        text: `SELECT outcome, final_confidence, created_at FROM ledger
                WHERE agent_id = $1 AND kind IN ${DECIDED_KINDS} AND outcome IS NOT NULL
                  AND (payload::jsonb ->> 'decided_by') IS DISTINCT FROM 'kill_switch'
                ORDER BY seq DESC LIMIT $2`,
        values: [agentId, limit],
      }).catch(async (error: { code?: string }) => {
        // A payload that is not JSON (tampering, which verify reports) must not stop decisions:
        // read without the filter (a kill-switch block may then count) rather than fail.
        if (error.code !== '22P02') throw error;
        return pool.query(`SELECT outcome, final_confidence, created_at FROM ledger
                WHERE agent_id = $1 AND kind IN ${DECIDED_KINDS} AND outcome IS NOT NULL
                ORDER BY seq DESC LIMIT $2`, [agentId, limit]);
      });
      return rows.map((row) => ({ outcome: row.outcome as Outcome, final_confidence: row.final_confidence as number | null, created_at: row.created_at as string }));
    },
    async reviewQueue(query) {
      checkReviewQuery(query);
      // review_deadline is stored as toISOString() output (see validateEntry), so text order is time order.
      const filters = [query.tier ?? null, query.status ?? null, new Date(query.now).toISOString()];
      const [page, count] = await Promise.all([
        pool.query(`${CLASSIFIED} SELECT * FROM classified WHERE ${STATUS_FILTER} ORDER BY seq DESC LIMIT $4 OFFSET $5`, [...filters, query.limit, query.offset]),
        pool.query<{ total: number }>(`${CLASSIFIED} SELECT count(*) AS total FROM classified WHERE ${STATUS_FILTER}`, filters),
      ]);
      return { items: page.rows.map((row) => ({ ...row }) as ReviewItem), total: count.rows[0].total };
    },
  };
}
