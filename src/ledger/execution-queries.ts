// Pre-check rows with the status of their call, derived from the rows linked to them (the ledger
// is append-only: a call's status is never stored, only what happened to it). The same SQL for
// both stores; only the placeholders differ. Each pre-check costs three lookups on the
// parent_envelope_id index; the walk itself is the (kind, seq) index. A call that is completed,
// blocked or outcome_unknown stays closed (each is the first linked row of its kind, and a closed
// status only gives way to another closed one), so queries for open calls (in flight, awaiting
// review) start at the first open pre-check (open-floor.ts).

import { SUMMARY_COLUMNS } from './row-codec.ts';
import { toLikePattern } from './agent-patterns.ts';
import { LedgerError } from './ledger-errors.ts';
import { checkActionOutcome, checkPaging, toIsoUtc } from './query-validation.ts';
import { EXECUTION_STATUSES, MAX_EXECUTION_IDS, type ExecutionItem, type ExecutionQuery, type ExecutionStatus } from './types.ts';
import { OpenFloor } from './open-floor.ts';

/** Only block decisions (rare: the normal traffic writes nothing to it), in seq order: SQLite migration 13, PostgreSQL 15. */
export const BLOCKED_INDEX_SQL = "CREATE INDEX ledger_blocked ON ledger (seq) WHERE outcome = 'block'";

const OPEN_STATUSES: readonly ExecutionStatus[] = ['in_flight', 'awaiting_review'];

/** True when only calls still open (in flight, awaiting review) can match. */
export function onlyOpenCalls(query: Pick<ExecutionQuery, 'status'>): boolean {
  return query.status !== undefined && OPEN_STATUSES.includes(query.status);
}

/** Queries the floor serves: those of open calls, and the total of completed calls (every call less the few that are not). */
export function usesCallFloor(query: Pick<ExecutionQuery, 'status'>): boolean {
  return onlyOpenCalls(query) || query.status === 'completed';
}

export const executionOpenFloor = () => new OpenFloor<Pick<ExecutionQuery, 'status'>>(usesCallFloor);

export interface ExecutionSql {
  page: string;
  count: string;
  values: Array<string | number>;
  countValues: Array<string | number>;
}

/** Placeholders numbered from 1 in one statement: `?` for SQLite, `$n` for PostgreSQL. */
class Binder {
  readonly values: Array<string | number> = [];
  readonly dialect: 'sqlite' | 'postgres';

  constructor(dialect: 'sqlite' | 'postgres') {
    this.dialect = dialect;
  }

  bind(value: string | number): string {
    this.values.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.values.length}`;
  }
}

/**
 * The page and total of `query`, each with its values. Team patterns are GLOB (SQLite) or LIKE.
 * `from`: the open floor (the first pre-check that may still be open), for the queries it serves.
 */
export function executionSql(query: ExecutionQuery, dialect: 'sqlite' | 'postgres', from = 0): ExecutionSql {
  checkExecutionQuery(query);
  const statusFilter = (binder: Binder) => (query.status !== undefined ? ` WHERE execution_status = ${binder.bind(query.status)}` : '');
  const page = new Binder(dialect);
  const classified = classifiedCalls(narrowed(query, page, from));
  const filter = statusFilter(page);
  const order = query.order === 'oldest' ? 'ASC' : 'DESC';
  const pageSql = `${classified} SELECT * FROM classified${filter} ORDER BY seq ${order} LIMIT ${page.bind(query.limit)} OFFSET ${page.bind(query.offset)}`;
  const count = new Binder(dialect);
  let countSql: string;
  if (query.status === 'completed') {
    // Most calls are completed: their total is every call less those that are not, which are all
    // open (at or past the floor), blocked or outcome_unknown, each found without the others.
    const notCompleted = classifiedCalls([...conditions(query, count), `(l.seq >= ${count.bind(from)} OR l.seq IN (${UNKNOWN_SEQS}) OR l.seq IN (${BLOCKED_SEQS}))`]);
    countSql = `${notCompleted}
      SELECT (SELECT count(*) FROM ledger l WHERE ${conditions(query, count).join(' AND ')})
           - (SELECT count(*) FROM classified WHERE execution_status <> 'completed') AS total`;
  } else {
    const counted = classifiedCalls(narrowed(query, count, from));
    countSql = `${counted} SELECT count(*) AS total FROM classified${statusFilter(count)}`;
  }
  return { page: pageSql, count: countSql, values: page.values, countValues: count.values };
}

// The rare closed statuses are looked for among the calls their closing rows name (a superset: the
// status itself is still the classification's), by seq, so the store reads just those pre-checks
// by their key instead of classifying every call. A block decision is found on the partial index
// ledger_blocked, which holds only blocked rows.
const namedBy = (closing: string) => `SELECT p.seq FROM ledger c JOIN ledger p ON p.envelope_id = c.parent_envelope_id WHERE ${closing}`;
const UNKNOWN_SEQS = namedBy("c.kind = 'outcome_unknown'");
const BLOCKED_SEQS = `${namedBy("c.kind = 'review' AND c.outcome = 'block'")} UNION ALL SELECT b.seq FROM ledger b WHERE b.outcome = 'block'`;

/** The pre-checks the query's filters select (its status aside). */
function conditions(query: ExecutionQuery, binder: Binder): string[] {
  const bind = (value: string | number) => binder.bind(value);
  const where = ["l.kind = 'pre_check'"];
  if (query.agent_id !== undefined) where.push(`l.agent_id = ${bind(query.agent_id)}`);
  if (query.action !== undefined) where.push(`l.action = ${bind(query.action)}`);
  if (query.outcome !== undefined) where.push(`l.outcome = ${bind(query.outcome)}`);
  if (query.agents !== undefined) {
    const match = (pattern: string) => binder.dialect === 'sqlite' ? `l.agent_id GLOB ${bind(pattern)}` : `l.agent_id LIKE ${bind(toLikePattern(pattern))}`;
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
  return where;
}

/** The query's conditions, and where its status lets the walk start or look: the floor, the rows that close a call. */
function narrowed(query: ExecutionQuery, binder: Binder, from: number): string[] {
  const where = conditions(query, binder);
  if (onlyOpenCalls(query) && from > 0) where.push(`l.seq >= ${binder.bind(from)}`);
  if (query.status === 'outcome_unknown') where.push(`l.seq IN (${UNKNOWN_SEQS})`);
  if (query.status === 'blocked') where.push(`l.seq IN (${BLOCKED_SEQS})`);
  return where;
}

/**
 * The first open pre-check's seq and the last pre-check's seq at or after `from` (a placeholder
 * the store binds), read in one statement, so a floor past `last` skips nothing.
 */
export function executionFloorSql(from: string): string {
  return `${classifiedCalls(["l.kind = 'pre_check'", `l.seq >= ${from}`])}
    SELECT min(CASE WHEN execution_status IN (${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')}) THEN seq END) AS first_open, max(seq) AS last
      FROM classified`;
}

/** The pre-checks matching `where` (on ledger l), each with its call's status and the row that closed it. */
function classifiedCalls(where: readonly string[]): string {
  const linked = (kind: string, column: string) =>
    `(SELECT c.${column} FROM ledger c WHERE c.parent_envelope_id = l.envelope_id AND c.kind = '${kind}' ORDER BY c.seq LIMIT 1)`;
  return `
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
