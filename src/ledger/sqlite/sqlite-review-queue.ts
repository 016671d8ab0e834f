// The human review queue read from SQLite: escalated / evidence-requested rows and the review
// rows linked to them. The item's state is derived from those rows (the ledger is append-only):
// the first 'review' row is its verdict (approved / rejected, or expired when no reviewer signed
// it), else the newest 'review_claim' row says who holds it. Status is computed in SQL so that
// filtering, paging and the total agree.

import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ReviewItem, ReviewQuery } from '../types.ts';
import { REVIEW_ITEMS_WHERE, reviewFilterValues, VERDICT_SEQ_SQL } from '../review-queue-filters.ts';
import { openFloorSql, reviewOpenFloor } from '../review-open-floor.ts';
import type { FloorReading } from '../open-floor.ts';

/**
 * INDEXED BY: the partial index holds exactly the candidates in seq order; without statistics
 * the planner prefers (kind, seq) and sorts the whole table.
 */
const CLASSIFIED = `
  WITH candidates AS (
    SELECT l.seq, l.envelope_id, l.kind, l.agent_id, l.action, l.outcome, l.risk_tier, l.reviewer_id,
           l.review_deadline, l.created_at,
           ${VERDICT_SEQ_SQL} AS verdict_seq,
           (SELECT c.reviewer_id FROM ledger c
             WHERE c.parent_envelope_id = l.envelope_id AND c.kind = 'review_claim'
             ORDER BY c.seq DESC LIMIT 1) AS claimed_by
      FROM ledger l INDEXED BY ledger_review_candidates
     WHERE ${REVIEW_ITEMS_WHERE}
       AND ($tier IS NULL OR l.risk_tier = $tier)
       AND ($agent IS NULL OR l.agent_id = $agent)
       AND ($agents IS NULL OR EXISTS (SELECT 1 FROM json_each($agents) p WHERE l.agent_id GLOB p.value))
       AND ($action IS NULL OR l.action = $action)
       AND l.seq >= $from
  ), verdicts AS (
    SELECT c.*, v.envelope_id AS resolution_envelope_id, v.outcome AS verdict_outcome, v.reviewer_id AS verdict_reviewer
      FROM candidates c LEFT JOIN ledger v ON v.seq = c.verdict_seq
  ), classified AS (
    SELECT seq, envelope_id, kind, agent_id, action, outcome, risk_tier, reviewer_id, review_deadline, created_at,
           resolution_envelope_id,
           CASE WHEN resolution_envelope_id IS NULL THEN claimed_by END AS claimed_by,
           CASE WHEN resolution_envelope_id IS NOT NULL THEN
                  CASE WHEN verdict_reviewer IS NULL THEN 'expired' WHEN verdict_outcome = 'approve' THEN 'approved' ELSE 'rejected' END
                WHEN claimed_by IS NOT NULL THEN 'claimed'
                ELSE 'pending' END AS status,
           CASE WHEN resolution_envelope_id IS NULL AND review_deadline IS NOT NULL AND review_deadline < $now THEN 1 ELSE 0 END AS overdue
      FROM verdicts
  )`;

const FILTER = `($status IS NULL OR status = $status
                 OR ($status = 'open' AND status IN ('pending', 'claimed'))
                 OR ($status = 'resolved' AND status IN ('approved', 'rejected', 'expired')))
            AND ($overdue IS NULL OR overdue = $overdue)`;

export function createReviewQueueReader(db: DatabaseSync): (query: ReviewQuery) => { items: ReviewItem[]; total: number } {
  const page = db.prepare(`${CLASSIFIED} SELECT * FROM classified WHERE ${FILTER} ORDER BY seq DESC LIMIT $limit OFFSET $offset`);
  const count = db.prepare(`${CLASSIFIED} SELECT COUNT(*) AS total FROM classified WHERE ${FILTER}`);
  // Below it every item is resolved: queries for open items start there (review-open-floor.ts).
  const floor = reviewOpenFloor();
  const readFloor = db.prepare(openFloorSql('$from', 'sqlite'));
  return (query) => {
    if (floor.due(query)) floor.moveTo(readFloor.get({ from: floor.seq }) as FloorReading | undefined);
    const values = reviewFilterValues(query);
    const filters: Record<string, SQLInputValue> = {
      ...values, overdue: values.overdue === null ? null : Number(values.overdue),
      agents: query.agents === undefined ? null : JSON.stringify(query.agents),
      from: floor.from(query),
    };
    const rows = page.all({ ...filters, limit: query.limit, offset: query.offset }) as unknown as Array<Omit<ReviewItem, 'overdue'> & { overdue: number }>;
    const { total } = count.get(filters) as { total: number };
    return { items: rows.map((row) => ({ ...row, overdue: row.overdue === 1 })), total };
  };
}
