// Argument checks for the read side of the Ledger, shared by every store so they all refuse the
// same inputs with the same error code.

import { isTeamAgentPattern } from './agent-patterns.ts';
import { OUTCOMES, RISK_TIERS } from '../governance/types.ts';
import { LedgerError } from './ledger-errors.ts';
import { ENTRY_KINDS, REVIEW_STATUS_FILTERS, type ListQuery, type PeriodQuery, type ReviewQuery, type UsageQuery } from './types.ts';

const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', why); };

export function checkPaging(limit: number, offset: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) invalid(`limit must be a non-negative integer, got ${limit}`);
  if (!Number.isSafeInteger(offset) || offset < 0) invalid(`offset must be a non-negative integer, got ${offset}`);
}

export function checkKind(kind: string): void {
  if (!(ENTRY_KINDS as readonly string[]).includes(kind)) invalid(`kind must be one of ${ENTRY_KINDS.join(', ')}`);
}

export function checkListQuery(query: ListQuery): void {
  checkPaging(query.limit, query.offset);
  if (query.kind !== undefined) checkKind(query.kind);
  checkAgents(query.agents);
  checkActionOutcome(query);
  checkTimeBound(query.created_after, 'created_after');
  checkTimeBound(query.created_before, 'created_before');
}

/** The action and outcome filters the audit listing and the execution listing share. */
export function checkActionOutcome(query: { action?: string; outcome?: string }): void {
  if (query.action !== undefined && (typeof query.action !== 'string' || query.action === '')) invalid('action must be a non-empty string');
  if (query.outcome !== undefined && !(OUTCOMES as readonly string[]).includes(query.outcome)) invalid(`outcome must be one of ${OUTCOMES.join(', ')}`);
}

/** created_at compares as text: a bound must be in the exact form it is stored in. */
function checkTimeBound(value: string | undefined, name: string): void {
  if (value !== undefined && (typeof value !== 'string' || toIsoUtc(value, name) !== value)) invalid(`${name} must be ISO-8601 UTC as toISOString() writes it`);
}

function checkAgents(agents: readonly string[] | undefined): void {
  if (agents !== undefined && !(Array.isArray(agents) && agents.every(isTeamAgentPattern))) invalid('agents must be team agent patterns ([A-Za-z0-9_.-] and *)');
}

export function checkReviewQuery(query: ReviewQuery): void {
  checkPaging(query.limit, query.offset);
  if (query.status !== undefined && !REVIEW_STATUS_FILTERS.includes(query.status)) invalid(`status must be one of ${REVIEW_STATUS_FILTERS.join(', ')}`);
  if (query.overdue !== undefined && typeof query.overdue !== 'boolean') invalid('overdue must be a boolean');
  if (query.tier !== undefined && !RISK_TIERS.includes(query.tier)) invalid(`tier must be one of ${RISK_TIERS.join(', ')}`);
  if (!Number.isFinite(query.now)) invalid('now must be epoch milliseconds');
  checkAgents(query.agents);
}

/** Normalizes an ISO-8601 time to the form created_at is stored in, so the two compare as text. */
export function toIsoUtc(value: string, name: string): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) invalid(`${name} must be an ISO-8601 timestamp, got ${JSON.stringify(value)}`);
  return new Date(at).toISOString();
}

export function checkUsageQuery(query: UsageQuery): void {
  if (toIsoUtc(query.from, 'from') !== query.from || toIsoUtc(query.to, 'to') !== query.to) invalid('from and to must be ISO-8601 UTC as toISOString() writes them');
  checkAgents(query.agents);
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Period bounds compare as text against created_at, so both must be in its exact form. */
export function checkPeriodQuery(query: PeriodQuery): void {
  checkPaging(query.limit, query.after_seq);
  if (!ISO_UTC.test(query.from) || !ISO_UTC.test(query.to)) invalid('from and to must be ISO-8601 UTC with milliseconds (Date#toISOString)');
}
