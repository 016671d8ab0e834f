// The read side of the PostgreSQL ledger: lookups, listings, the agent's recent outcomes and the
// review queue. Same queries and results as the SQLite reader; every one walks an index.

import type { LedgerReads } from '../ledger-reads.ts';
import type pg from 'pg';
import { checkKind, checkListQuery, checkPaging, checkPeriodQuery, checkReviewQuery } from '../query-validation.ts';
import { decodePublicRow, decodeSummary, SELECT_PUBLIC_ROW, SELECT_SUMMARY } from '../row-codec.ts';
import type { Outcome } from '../../governance/types.ts';
import { DECIDED_KINDS, kindsSql, type ExecutionQuery, type Ledger, type ReviewItem, type UsageCounts } from '../types.ts';
import { checkUsageQuery, usageSql } from '../usage-sql.ts';
import { REVIEW_ITEMS_WHERE, reviewFilterValues, VERDICT_SEQ_SQL } from '../review-queue-filters.ts';
import { executionFloorSql, executionItem, executionOpenFloor, executionSql } from '../execution-queries.ts';
import { toLikePattern } from '../agent-patterns.ts';
import { inTransaction } from './postgres-connection.ts';
import { openFloorSql, reviewOpenFloor } from '../review-open-floor.ts';

type Reads = LedgerReads;

const DECIDED = kindsSql(DECIDED_KINDS);

/** The item's state derived from its linked rows, as in sqlite-review-queue.ts; computed in SQL so that filtering, paging and the total agree. */
const CLASSIFIED = `
  WITH candidates AS (
    SELECT l.seq, l.envelope_id, l.kind, l.agent_id, l.action, l.outcome, l.risk_tier, l.reviewer_id,
           l.review_deadline, l.created_at,
           ${VERDICT_SEQ_SQL} AS verdict_seq,
           (SELECT c.reviewer_id FROM ledger c
             WHERE c.parent_envelope_id = l.envelope_id AND c.kind = 'review_claim'
             ORDER BY c.seq DESC LIMIT 1) AS claimed_by
      FROM ledger l
     WHERE ${REVIEW_ITEMS_WHERE}
       AND ($1::text IS NULL OR l.risk_tier = $1::text)
       AND ($4::text IS NULL OR l.agent_id = $4::text)
       AND ($5::text IS NULL OR l.action = $5::text)
       AND ($7::text[] IS NULL OR l.agent_id LIKE ANY ($7::text[]))
       AND l.seq >= $8::bigint
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
           (resolution_envelope_id IS NULL AND review_deadline IS NOT NULL AND review_deadline < $3::text) AS overdue
      FROM verdicts
  )`;
const STATUS_FILTER = `($2::text IS NULL OR status = $2::text
                         OR ($2::text = 'open' AND status IN ('pending', 'claimed'))
                         OR ($2::text = 'resolved' AND status IN ('approved', 'rejected', 'expired')))
                   AND ($6::boolean IS NULL OR overdue = $6::boolean)`;
const CHILDREN_LIMIT = 1000;
const OPEN_FLOOR_SQL = openFloorSql('$1::bigint', 'postgres');
const CALL_FLOOR_SQL = executionFloorSql('$1::bigint');

/**
 * A page and its total read in one snapshot (one connection, REPEATABLE READ): read on two
 * connections, a row committed in between (the reconciler's outcome_unknown, a verdict) made a
 * page that disagreed with its total, e.g. no items and a total of 1.
 */
function inOneSnapshot<A, B>(pool: pg.Pool, queries: (client: pg.PoolClient) => [Promise<A>, Promise<B>]): Promise<[A, B]> {
  // pg runs a client's queries in order: sent together, they still share the transaction.
  return inTransaction(pool, (client) => Promise.all(queries(client)), 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

export function createPostgresReader(pool: pg.Pool): Reads {
  // Below it every review item is resolved: queries for open items start there (review-open-floor.ts).
  const floor = reviewOpenFloor();
  // Below it every call is closed: queries for open calls start there (execution-queries.ts).
  const callFloor = executionOpenFloor();
  const callsFrom = async (query: ExecutionQuery): Promise<number> => {
    if (callFloor.due(query)) callFloor.moveTo((await pool.query(CALL_FLOOR_SQL, [callFloor.seq])).rows[0]);
    return callFloor.from(query);
  };
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
    async children(parentEnvelopeId, limit = CHILDREN_LIMIT) {
      checkPaging(limit, 0);
      const { rows } = await pool.query({
        name: 'ledger_children', text: `${SELECT_PUBLIC_ROW} WHERE parent_envelope_id = $1 ORDER BY seq LIMIT $2`, values: [parentEnvelopeId, limit],
      });
      return rows.map(decodePublicRow);
    },
    async latest(kind) {
      checkKind(kind);
      return one('ledger_latest', `${SELECT_PUBLIC_ROW} WHERE kind = $1 ORDER BY seq DESC LIMIT 1`, [kind]);
    },
    async periodRows(query) {
      checkPeriodQuery(query);
      const { rows } = await pool.query({
        name: 'ledger_period_rows',
        text: `${SELECT_PUBLIC_ROW} WHERE created_at >= $1 AND created_at < $2 AND seq > $3 AND ($5::text IS NULL OR agent_id = $5::text) ORDER BY seq LIMIT $4`,
        values: [query.from, query.to, query.after_seq, query.limit, query.agent_id ?? null],
      });
      return rows.map(decodePublicRow);
    },
    async list(query) {
      checkListQuery(query);
      const conditions: string[] = [];
      const values: unknown[] = [];
      if (query.agent_id !== undefined) { values.push(query.agent_id); conditions.push(`agent_id = $${values.length}`); }
      if (query.kind !== undefined) { values.push(query.kind); conditions.push(`kind = $${values.length}`); }
      if (query.action !== undefined) { values.push(query.action); conditions.push(`action = $${values.length}`); }
      if (query.outcome !== undefined) { values.push(query.outcome); conditions.push(`outcome = $${values.length}`); }
      if (query.created_after !== undefined) { values.push(query.created_after); conditions.push(`created_at >= $${values.length}`); }
      if (query.created_before !== undefined) { values.push(query.created_before); conditions.push(`created_at < $${values.length}`); }
      if (query.agents !== undefined) { values.push(query.agents.map(toLikePattern)); conditions.push(`agent_id LIKE ANY ($${values.length}::text[])`); }
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
                WHERE agent_id = $1 AND kind IN ${DECIDED} AND outcome IS NOT NULL
                  AND (payload::jsonb ->> 'decided_by') IS DISTINCT FROM 'kill_switch'
                ORDER BY seq DESC LIMIT $2`,
        values: [agentId, limit],
      }).catch(async (error: { code?: string }) => {
        // A payload that is not JSON (tampering, which verify reports) must not stop decisions:
        // read without the filter (a kill-switch block may then count) rather than fail.
        if (error.code !== '22P02') throw error;
        return pool.query(`SELECT outcome, final_confidence, created_at FROM ledger
                WHERE agent_id = $1 AND kind IN ${DECIDED} AND outcome IS NOT NULL
                ORDER BY seq DESC LIMIT $2`, [agentId, limit]);
      });
      return rows.map((row) => ({ outcome: row.outcome as Outcome, final_confidence: row.final_confidence as number | null, created_at: row.created_at as string }));
    },
    async usage(query) {
      checkUsageQuery(query);
      const sql = usageSql(query.agents === undefined ? '$3::text[] IS NULL' : 'agent_id LIKE ANY ($3::text[])');
      const values = [query.from, query.to, query.agents === undefined ? null : query.agents.map(toLikePattern)];
      const numbered = (text: string) => text.replaceAll('$from', '$1::text').replaceAll('$to', '$2::text');
      const [agents, actors] = await Promise.all([pool.query(numbered(sql.perAgent), values), pool.query(numbered(sql.perActor), values)]);
      return {
        agents: agents.rows.map((row) => ({ ...row, count: Number(row.count) })) as UsageCounts['agents'],
        actors: actors.rows.map((row) => ({ ...row, count: Number(row.count) })) as UsageCounts['actors'],
      };
    },
    async reviewQueue(query) {
      checkReviewQuery(query);
      const v = reviewFilterValues(query);
      if (floor.due(query)) floor.moveTo((await pool.query(OPEN_FLOOR_SQL, [floor.seq])).rows[0]);
      const filters = [v.tier, v.status, v.now, v.agent, v.action, v.overdue, query.agents === undefined ? null : query.agents.map(toLikePattern), floor.from(query)];
      const [page, count] = await inOneSnapshot(pool, (client) => [
        client.query(`${CLASSIFIED} SELECT * FROM classified WHERE ${STATUS_FILTER} ORDER BY seq DESC LIMIT $9 OFFSET $10`, [...filters, query.limit, query.offset]),
        client.query<{ total: number }>(`${CLASSIFIED} SELECT count(*) AS total FROM classified WHERE ${STATUS_FILTER}`, filters),
      ]);
      return { items: page.rows.map((row) => ({ ...row }) as ReviewItem), total: count.rows[0].total };
    },
    async executions(query) {
      const sql = executionSql(query, 'postgres', await callsFrom(query));
      const [page, count] = await inOneSnapshot(pool, (client) => [
        client.query(sql.page, sql.values),
        client.query<{ total: number | string }>(sql.count, sql.countValues),
      ]);
      return { items: page.rows.map((row) => executionItem(decodeSummary(row), row)), total: Number(count.rows[0].total) };
    },
    async executionPage(query) {
      const sql = executionSql(query, 'postgres', await callsFrom(query));
      const page = await pool.query(sql.page, sql.values);
      return page.rows.map((row) => executionItem(decodeSummary(row), row));
    },
  };
}
