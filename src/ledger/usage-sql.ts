// GET /v1/team/usage counts, the same SQL for both stores apart from the agent filter. A scan of
// the period's rows: usage is an occasional report, not a hot path.

import { checkUsageQuery } from './query-validation.ts';
import type { UsageQuery } from './types.ts';

/** The kinds that record what a person did in oversight; reviewer_id names who. */
export const OVERSIGHT_KINDS = `('review', 'review_claim', 'review_note', 'approval', 'approval_revoked')`;

export function usageSql(agentFilter: string): { perAgent: string; perActor: string } {
  return {
    perAgent: `SELECT agent_id, kind, outcome, count(*) AS count FROM ledger
                WHERE created_at >= $from AND created_at < $to AND agent_id IS NOT NULL AND ${agentFilter}
                GROUP BY agent_id, kind, outcome ORDER BY agent_id, kind, outcome`,
    perActor: `SELECT reviewer_id AS actor, kind, count(*) AS count FROM ledger
                WHERE created_at >= $from AND created_at < $to AND reviewer_id IS NOT NULL AND kind IN ${OVERSIGHT_KINDS} AND ${agentFilter}
                GROUP BY reviewer_id, kind ORDER BY reviewer_id, kind`,
  };
}

export { checkUsageQuery };
export type { UsageQuery };
