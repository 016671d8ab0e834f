// What a report covers: a period [from, to) and a scope (the whole fleet, one team's callers, or
// one agent), in the formats asked for. Checked once here, so the job runs only valid requests.

import { ApiError } from '../http/index.ts';

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A longer period is a set of reports: one year keeps a job (and its CSV) bounded. */
export const MAX_PERIOD_DAYS = 366;

export type ReportScope = { kind: 'all' } | { kind: 'team'; team: string } | { kind: 'agent'; agent_id: string };

export interface ReportRequest {
  period: { from: string; to: string };
  scope: ReportScope;
  formats: ReportFormat[];
}

/** The body as the schema admitted it (ReportRequestBody), normalised: ISO-8601 UTC with ms, formats deduplicated. */
export function reportRequestOf(body: { period: { from: string; to: string }; scope?: ReportScope; formats?: ReportFormat[] }, now: number): ReportRequest {
  const from = Date.parse(body.period.from);
  const to = Date.parse(body.period.to);
  const invalid = (path: string, message: string): never => {
    throw new ApiError('VALIDATION_FAILED', `The ReportRequest body has 1 invalid field: ${path}.`, { errors: [{ path, message }] });
  };
  if (!Number.isFinite(from)) invalid('period.from', 'must be an ISO-8601 date-time');
  if (!Number.isFinite(to)) invalid('period.to', 'must be an ISO-8601 date-time');
  if (to <= from) invalid('period.to', 'must be after period.from');
  if (to - from > MAX_PERIOD_DAYS * 86_400_000) invalid('period.to', `the period may span at most ${MAX_PERIOD_DAYS} days`);
  if (from > now) invalid('period.from', 'must not be in the future');
  const formats = [...new Set(body.formats ?? REPORT_FORMATS)].sort((a, b) => REPORT_FORMATS.indexOf(a) - REPORT_FORMATS.indexOf(b));
  // The JSON is what the other formats are checked against: it is always produced.
  if (!formats.includes('json')) formats.unshift('json');
  return { period: { from: new Date(from).toISOString(), to: new Date(to).toISOString() }, scope: body.scope ?? { kind: 'all' }, formats };
}

export function describeScope(scope: ReportScope): string {
  if (scope.kind === 'team') return `team ${scope.team}`;
  if (scope.kind === 'agent') return `agent ${scope.agent_id}`;
  return 'all agents';
}
