// The review queue's filters as bind values, the same for both stores' SQL.

import type { ReviewQuery } from './types.ts';

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
