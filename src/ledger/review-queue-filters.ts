// The review queue's SQL pieces and filters as bind values, the same for both stores.

import { kindsSql, REVIEW_ITEM_KINDS, type ReviewQuery } from './types.ts';

/**
 * The ledger rows (`l`) that are review items: the condition of the ledger_review_candidates
 * partial index, word for word (SQLite uses a partial index only then).
 */
export const REVIEW_ITEMS_WHERE = `l.outcome IN ('escalate', 'request_evidence') AND l.kind IN ${kindsSql(REVIEW_ITEM_KINDS)}`;

/**
 * The seq of item `l`'s verdict (its first 'review' row), or NULL. ORDER BY r.seq matters: without
 * it SQLite finds the verdict through (kind, seq), reading every review row before it, instead
 * of through parent_envelope_id (10,000 items: 22 s instead of a few ms).
 */
export const VERDICT_SEQ_SQL = `(SELECT r.seq FROM ledger r
             WHERE r.parent_envelope_id = l.envelope_id AND r.kind = 'review'
             ORDER BY r.seq LIMIT 1)`;

export interface ReviewFilterValues {
  tier: string | null;
  agent: string | null;
  action: string | null;
  status: string | null;
  overdue: boolean | null;
  /** review_deadline is stored as toISOString() output (see validateEntry), so text order is time order. */
  now: string;
}

export function reviewFilterValues(query: ReviewQuery): ReviewFilterValues {
  return {
    tier: query.tier ?? null,
    agent: query.agent_id ?? null,
    action: query.action ?? null,
    status: query.status ?? null,
    overdue: query.overdue ?? null,
    now: new Date(query.now).toISOString(),
  };
}
