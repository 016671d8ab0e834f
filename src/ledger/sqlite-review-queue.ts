// The human review queue read from SQLite: escalated / evidence-requested rows, resolved by a
// later 'review' row whose parent is the escalated envelope. Status is computed in SQL so that
// filtering, paging and the total agree.

import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ReviewItem, ReviewQuery } from './types.ts';

/**
 * INDEXED BY: the partial index holds exactly the candidates in seq order; without statistics
 * the planner prefers (kind, seq) and sorts the whole table. Filtering by 'pending' returns
 * every unresolved item, overdue ones included (overdue is a kind of pending).
 */
const CLASSIFIED = `
  WITH candidates AS (
    SELECT l.seq, l.envelope_id, l.kind, l.agent_id, l.action, l.outcome, l.risk_tier, l.reviewer_id,
           l.review_deadline, l.created_at,
           (SELECT r.envelope_id FROM ledger r
             WHERE r.parent_envelope_id = l.envelope_id AND r.kind = 'review'
             ORDER BY r.seq LIMIT 1) AS resolution_envelope_id
      FROM ledger l INDEXED BY ledger_review_candidates
     WHERE l.outcome IN ('escalate', 'request_evidence')
       AND l.kind IN ('validate', 'pre_check', 'post_check', 'decision')
       AND ($tier IS NULL OR l.risk_tier = $tier)
  ), classified AS (
    SELECT *, CASE WHEN resolution_envelope_id IS NOT NULL THEN 'resolved'
                   WHEN review_deadline IS NOT NULL AND review_deadline < $now THEN 'overdue'
                   ELSE 'pending' END AS status
      FROM candidates
  )`;

const STATUS_FILTER = `($status IS NULL OR status = $status OR ($status = 'pending' AND status = 'overdue'))`;

export function createReviewQueueReader(db: DatabaseSync): (query: ReviewQuery) => { items: ReviewItem[]; total: number } {
  const page = db.prepare(`${CLASSIFIED} SELECT * FROM classified WHERE ${STATUS_FILTER} ORDER BY seq DESC LIMIT $limit OFFSET $offset`);
  const count = db.prepare(`${CLASSIFIED} SELECT COUNT(*) AS total FROM classified WHERE ${STATUS_FILTER}`);
  return (query) => {
    const filters: Record<string, SQLInputValue> = {
      tier: query.tier ?? null,
      status: query.status ?? null,
      // review_deadline is stored as toISOString() output (see validateEntry), so text order is time order.
      now: new Date(query.now).toISOString(),
    };
    const rows = page.all({ ...filters, limit: query.limit, offset: query.offset }) as unknown as ReviewItem[];
    const { total } = count.get(filters) as { total: number };
    return { items: rows.map((row) => ({ ...row })), total };
  };
}
