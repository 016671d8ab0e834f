// The read side of the SQLite ledger: lookups, listings and the agent's recent outcomes.
// Every query walks an index (envelope_id, parent, (agent_id, seq), (kind, seq)).

import type { LedgerReads } from '../ledger-reads.ts';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { checkKind, checkListQuery, checkPaging, checkPeriodQuery, checkReviewQuery } from '../query-validation.ts';
import { decodePublicRow, decodeSummary, SELECT_PUBLIC_ROW, SELECT_SUMMARY } from '../row-codec.ts';
import { createReviewQueueReader } from './sqlite-review-queue.ts';
import { executionFloorSql, executionItem, executionOpenFloor, executionSql } from '../execution-queries.ts';
import type { FloorReading } from '../open-floor.ts';
import type { Outcome } from '../../governance/types.ts';
import { DECIDED_KINDS, kindsSql, type ExecutionQuery, type Ledger, type ListQuery, type UsageCounts } from '../types.ts';
import { checkUsageQuery, usageSql } from '../usage-sql.ts';

type Reads = LedgerReads;
type SyncReads = { [K in keyof Reads]: (...args: Parameters<Reads[K]>) => Awaited<ReturnType<Reads[K]>> };

const CHILDREN_LIMIT = 1000;
// A kill-switch block is the operator's decision, not the agent's record (governance/reliability.ts).
// json_valid: a payload that is not JSON (tampering, which verify reports) must not fail the read.
const NOT_OPERATOR_DECIDED = `(CASE WHEN json_valid(payload) THEN json_extract(payload, '$.decided_by') END) IS NOT 'kill_switch'`;

/** `read` in one snapshot (a deferred read transaction), unless the connection is already in one. */
function inOneSnapshot<T>(db: DatabaseSync, read: () => T): T {
  if (db.isTransaction) return read();
  db.exec('BEGIN');
  try {
    return read();
  } finally {
    db.exec('COMMIT');
  }
}

export function createSqliteReader(db: DatabaseSync): SyncReads {
  const byEnvelope = db.prepare(`${SELECT_PUBLIC_ROW} WHERE envelope_id = ?`);
  const child = db.prepare(`${SELECT_PUBLIC_ROW} WHERE parent_envelope_id = ? AND kind = ? ORDER BY seq LIMIT 1`);
  const childrenOf = db.prepare(`${SELECT_PUBLIC_ROW} WHERE parent_envelope_id = ? ORDER BY seq LIMIT ?`);
  const newestOfKind = db.prepare(`${SELECT_PUBLIC_ROW} WHERE kind = ? ORDER BY seq DESC LIMIT 1`);
  const outcomes = db.prepare(
    `SELECT outcome, final_confidence, created_at FROM ledger
      WHERE agent_id = ? AND kind IN ${kindsSql(DECIDED_KINDS)} AND outcome IS NOT NULL
        AND ${NOT_OPERATOR_DECIDED}
      ORDER BY seq DESC LIMIT ?`,
  );
  const reviewQueue = createReviewQueueReader(db);
  const periodPage = db.prepare(`${SELECT_PUBLIC_ROW} WHERE created_at >= $from AND created_at < $to AND seq > $after ORDER BY seq LIMIT $limit`);
  const agentPeriodPage = db.prepare(
    `${SELECT_PUBLIC_ROW} WHERE agent_id = $agent AND created_at >= $from AND created_at < $to AND seq > $after ORDER BY seq LIMIT $limit`,
  );
  const listStatements = new Map<string, { page: StatementSync; count: StatementSync }>();
  const executionStatements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = executionStatements.get(sql);
    if (!statement) executionStatements.set(sql, statement = db.prepare(sql));
    return statement;
  };

  // Below it every call is closed: queries for open calls start there (execution-queries.ts).
  const callFloor = executionOpenFloor();
  const callsFrom = (query: ExecutionQuery): number => {
    if (callFloor.due(query)) callFloor.moveTo(prepared(executionFloorSql('?')).get(callFloor.seq) as FloorReading | undefined);
    return callFloor.from(query);
  };

  const one = (statement: StatementSync, ...params: SQLInputValue[]) => {
    const row = statement.get(...params);
    return row ? decodePublicRow(row) : undefined;
  };

  // One prepared pair per filter combination, so each uses its index instead of `(? IS NULL OR ...)`.
  const listStatementsFor = (query: ListQuery) => {
    const conditions = [
      query.agent_id !== undefined ? 'agent_id = $agent_id' : '', query.kind !== undefined ? 'kind = $kind' : '',
      query.action !== undefined ? 'action = $action' : '', query.outcome !== undefined ? 'outcome = $outcome' : '',
      query.created_after !== undefined ? 'created_at >= $created_after' : '', query.created_before !== undefined ? 'created_at < $created_before' : '',
      // GLOB, not LIKE: case-sensitive, as agent ids are; a team pattern's only wildcard is `*`.
      query.agents !== undefined ? 'EXISTS (SELECT 1 FROM json_each($agents) p WHERE agent_id GLOB p.value)' : '',
    ].filter(Boolean);
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    let pair = listStatements.get(where);
    if (!pair) {
      pair = {
        page: db.prepare(`${SELECT_SUMMARY}${where} ORDER BY seq DESC LIMIT $limit OFFSET $offset`),
        count: db.prepare(`SELECT COUNT(*) AS total FROM ledger${where}`),
      };
      listStatements.set(where, pair);
    }
    return pair;
  };

  return {
    get: (envelopeId) => one(byEnvelope, envelopeId),
    findChild: (parentEnvelopeId, kind) => {
      checkKind(kind);
      return one(child, parentEnvelopeId, kind);
    },
    children: (parentEnvelopeId, limit = CHILDREN_LIMIT) => {
      checkPaging(limit, 0);
      return childrenOf.all(parentEnvelopeId, limit).map((row) => decodePublicRow(row));
    },
    latest: (kind) => {
      checkKind(kind);
      return one(newestOfKind, kind);
    },
    periodRows: (query) => {
      checkPeriodQuery(query);
      const params = { from: query.from, to: query.to, after: query.after_seq, limit: query.limit };
      const rows = query.agent_id === undefined ? periodPage.all(params) : agentPeriodPage.all({ ...params, agent: query.agent_id });
      return rows.map((row) => decodePublicRow(row));
    },
    list: (query) => {
      checkListQuery(query);
      const { page, count } = listStatementsFor(query);
      const filters: Record<string, SQLInputValue> = {};
      if (query.agent_id !== undefined) filters.agent_id = query.agent_id;
      if (query.kind !== undefined) filters.kind = query.kind;
      for (const name of ['action', 'outcome', 'created_after', 'created_before'] as const) if (query[name] !== undefined) filters[name] = query[name];
      if (query.agents !== undefined) filters.agents = JSON.stringify(query.agents);
      const rows = page.all({ ...filters, limit: query.limit, offset: query.offset }).map(decodeSummary);
      const { total } = count.get(filters) as { total: number };
      return { rows, total };
    },
    recentOutcomes: (agentId, limit) => {
      checkPaging(limit, 0);
      return outcomes.all(agentId, limit).map((row) => ({
        outcome: row.outcome as Outcome,
        final_confidence: row.final_confidence as number | null,
        created_at: row.created_at as string,
      }));
    },
    usage: (query) => {
      checkUsageQuery(query);
      const sql = usageSql(query.agents === undefined ? '1 = 1' : 'EXISTS (SELECT 1 FROM json_each($agents) p WHERE agent_id GLOB p.value)');
      const params: Record<string, SQLInputValue> = { from: query.from, to: query.to };
      if (query.agents !== undefined) params.agents = JSON.stringify(query.agents);
      return {
        agents: db.prepare(sql.perAgent).all(params).map((row) => ({ ...row })) as unknown as UsageCounts['agents'],
        actors: db.prepare(sql.perActor).all(params).map((row) => ({ ...row })) as unknown as UsageCounts['actors'],
      };
    },
    reviewQueue: (query) => {
      checkReviewQuery(query);
      // Its page and total, like the executions', in one read transaction.
      return inOneSnapshot(db, () => reviewQueue(query));
    },
    executions: (query) => {
      const sql = executionSql(query, 'sqlite', callsFrom(query));
      // One read transaction: the writer thread may commit between the page and its total.
      const { rows, total } = inOneSnapshot(db, () => ({
        rows: prepared(sql.page).all(...sql.values),
        total: (prepared(sql.count).get(...sql.countValues) as { total: number }).total,
      }));
      return { items: rows.map((row) => executionItem(decodeSummary(row), row)), total };
    },
    executionPage: (query) => {
      const sql = executionSql(query, 'sqlite', callsFrom(query));
      return prepared(sql.page).all(...sql.values).map((row) => executionItem(decodeSummary(row), row));
    },
  };
}
