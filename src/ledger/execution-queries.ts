// Pre-check rows with the status of their call, derived from the rows linked to them (the ledger
// is append-only: a call's status is never stored, only what happened to it). The same SQL for
// both stores; only the placeholders differ. Each pre-check costs three lookups on the
// parent_envelope_id index; the walk itself is the (kind, seq) index.

import { SUMMARY_COLUMNS } from './row-codec.ts';
import { toLikePattern } from './agent-patterns.ts';
import { LedgerError } from './ledger-errors.ts';
import { checkActionOutcome, checkPaging, toIsoUtc } from './query-validation.ts';
import { EXECUTION_STATUSES, MAX_EXECUTION_IDS, type ExecutionItem, type ExecutionQuery } from './types.ts';

export interface ExecutionSql {
  page: string;
  count: string;
  values: Array<string | number>;
  countValues: Array<string | number>;
}

/** The n-th (1-based) bind value is `?` for SQLite and `$n` for PostgreSQL; team patterns are GLOB or LIKE. */
export function executionSql(query: ExecutionQuery, dialect: 'sqlite' | 'postgres'): ExecutionSql {
  const placeholder = dialect === 'sqlite' ? () => '?' : (n: number) => `$${n}`;
  checkExecutionQuery(query);
  const values: Array<string | number> = [];
  const bind = (value: string | number): string => { values.push(value); return placeholder(values.length); };
  const where = ["l.kind = 'pre_check'"];
  if (query.agent_id !== undefined) where.push(`l.agent_id = ${bind(query.agent_id)}`);
  if (query.action !== undefined) where.push(`l.action = ${bind(query.action)}`);
  if (query.outcome !== undefined) where.push(`l.outcome = ${bind(query.outcome)}`);
  if (query.agents !== undefined) {
    const match = (pattern: string) => dialect === 'sqlite' ? `l.agent_id GLOB ${bind(pattern)}` : `l.agent_id LIKE ${bind(toLikePattern(pattern))}`;
    where.push(query.agents.length === 0 ? '1 = 0' : `(${query.agents.map(match).join(' OR ')})`);
  }
  if (query.created_after !== undefined) {
    const after = toIsoUtc(query.created_after, 'created_after');
    // Also as a seq bound (one probe of the created_at index): the walk then starts at the window
    // on the (kind, seq) index instead of reading every pre-check ever made.
    where.push(`l.seq >= (SELECT s.seq FROM ledger s WHERE s.created_at >= ${bind(after)} ORDER BY s.created_at, s.seq LIMIT 1)`);
    where.push(`l.created_at >= ${bind(after)}`);
  }
  if (query.created_before !== undefined) where.push(`l.created_at < ${bind(toIsoUtc(query.created_before, 'created_before'))}`);
  if (query.after_seq !== undefined) where.push(`l.seq > ${bind(query.after_seq)}`);
  if (query.envelope_ids !== undefined) {
    where.push(query.envelope_ids.length === 0 ? '1 = 0' : `l.envelope_id IN (${query.envelope_ids.map((id) => bind(id)).join(', ')})`);
  }
  const linked = (kind: string, column: string) =>
    `(SELECT c.${column} FROM ledger c WHERE c.parent_envelope_id = l.envelope_id AND c.kind = '${kind}' ORDER BY c.seq LIMIT 1)`;
  const classified = `
    WITH pre AS (
      SELECT ${SUMMARY_COLUMNS.map((column) => `l.${column}`).join(', ')},
             ${linked('post_check', 'envelope_id')} AS post_check_id,
             ${linked('outcome_unknown', 'envelope_id')} AS unknown_id,
             ${linked('review', 'outcome')} AS verdict
        FROM ledger l
       WHERE ${where.join(' AND ')}
    ), classified AS (
      SELECT pre.*,
             CASE WHEN post_check_id IS NOT NULL THEN 'completed'
                  WHEN unknown_id IS NOT NULL THEN 'outcome_unknown'
                  WHEN outcome = 'block' OR verdict = 'block' THEN 'blocked'
                  WHEN outcome IN ('escalate', 'request_evidence') AND verdict IS NULL THEN 'awaiting_review'
                  ELSE 'in_flight' END AS execution_status,
             coalesce(post_check_id, unknown_id) AS outcome_envelope_id
        FROM pre
    )`;
  const filter = query.status !== undefined ? ` WHERE execution_status = ${bind(query.status)}` : '';
  const countValues = [...values];
  const order = query.order === 'oldest' ? 'ASC' : 'DESC';
  const page = `${classified} SELECT * FROM classified${filter} ORDER BY seq ${order} LIMIT ${bind(query.limit)} OFFSET ${bind(query.offset)}`;
  return { page, count: `${classified} SELECT count(*) AS total FROM classified${filter}`, values, countValues };
}

/** A result row as an ExecutionItem (the helper columns dropped). */
export function executionItem(summary: Record<string, unknown>, row: Record<string, unknown>): ExecutionItem {
  return {
    ...(summary as unknown as ExecutionItem),
    execution_status: row.execution_status as ExecutionItem['execution_status'],
    outcome_envelope_id: (row.outcome_envelope_id as string | null) ?? null,
  };
}

function checkExecutionQuery(query: ExecutionQuery): void {
  checkPaging(query.limit, query.offset);
  checkActionOutcome(query);
  if (query.status !== undefined && !EXECUTION_STATUSES.includes(query.status)) {
    throw new LedgerError('LEDGER_INVALID_ARGUMENT', `status must be one of ${EXECUTION_STATUSES.join(', ')}`);
  }
  if (query.order !== undefined && query.order !== 'newest' && query.order !== 'oldest') {
    throw new LedgerError('LEDGER_INVALID_ARGUMENT', 'order must be newest or oldest');
  }
  if (query.after_seq !== undefined && !(Number.isSafeInteger(query.after_seq) && query.after_seq >= 0)) {
    throw new LedgerError('LEDGER_INVALID_ARGUMENT', 'after_seq must be a non-negative integer');
  }
  const ids = query.envelope_ids;
  if (ids !== undefined && !(Array.isArray(ids) && ids.length <= MAX_EXECUTION_IDS && ids.every((id) => typeof id === 'string'))) {
    throw new LedgerError('LEDGER_INVALID_ARGUMENT', `envelope_ids must be a list of at most ${MAX_EXECUTION_IDS} strings`);
  }
}
