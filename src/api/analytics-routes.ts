// /v1/analytics: fleet figures for the SRE on call and the risk officer, summed by the database
// over the ledger's roll-ups (src/insight/analytics). Every query is bounded: a period of at most
// MAX_PERIOD_DAYS, at most ANALYTICS_MAX_LIMIT rows, at most MAX_POINTS buckets.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { DAY_MS, MAX_PERIOD_DAYS, NO_AGENT, type AgentScope, type AnalyticsQueries, type Grain, type Period } from '../insight/analytics/index.ts';
import { parseDurationSeconds } from '../policy/review-duration.ts';
import type { ParameterDoc, SchemaName } from '../schemas/index.ts';
import { QueryReader } from './query-params.ts';

export const ANALYTICS_DEFAULT_LIMIT = 20;
export const ANALYTICS_MAX_LIMIT = 100;
export const MAX_POINTS = 1000;
/**
 * Rows a request rolls up before reading (what was recorded since the last round). A larger
 * backlog (the first roll-up of an existing ledger) is the periodic job's: the answer then
 * counts up to `through_seq`, and says so.
 */
const REQUEST_CATCH_UP_ROWS = 5_000;
const BUCKETS: Record<string, number> = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '6h': 360, '1d': 1440 };
const AGENT_PATTERN = /^[\w\-.:@/*]{1,256}$/;
const MAX_SCOPE_AGENTS = 50;

export interface AnalyticsRouteDeps {
  analytics: AnalyticsQueries;
  now?: () => number;
  /** How far back open review items are looked for: the longest review SLA plus a margin. */
  backlogLookbackMs: () => number;
  /** The agent's certification for the policy version in force, for /agents. */
  certification?: (agentId: string) => Promise<Record<string, unknown> | null>;
  /**
   * The agents a caller may see (its teams' agent patterns, src/api/team-scope.ts), merged with
   * the `agents` parameter; undefined: all.
   */
  scopeOf?: (ctx: RequestContext) => Promise<AgentScope | undefined>;
}

const periodParams: ParameterDoc[] = [
  { name: 'from', in: 'query', description: 'Start of the period (ISO-8601 date-time). Default: `to` minus `period`.', schema: { type: 'string', format: 'date-time' } },
  { name: 'to', in: 'query', description: 'End of the period, excluded (ISO-8601). Default: now.', schema: { type: 'string', format: 'date-time' } },
  { name: 'period', in: 'query', description: `Length of the period when \`from\` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most ${MAX_PERIOD_DAYS}d).`, schema: { type: 'string', pattern: '^([0-9]+[smhdw])+$' } },
  { name: 'agents', in: 'query', description: `Only these agents: comma-separated ids or globs (\`payments-*\`), at most ${MAX_SCOPE_AGENTS}.`, schema: { type: 'string' } },
];
const limitParam: ParameterDoc = { name: 'limit', in: 'query', description: `Rows: default ${ANALYTICS_DEFAULT_LIMIT}, maximum ${ANALYTICS_MAX_LIMIT}.`, schema: { type: 'integer', minimum: 1, maximum: ANALYTICS_MAX_LIMIT, default: ANALYTICS_DEFAULT_LIMIT } };

export function analyticsRoutes(deps: AnalyticsRouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const route = (
    suffix: string, summary: string, description: string, schema: SchemaName, extra: ParameterDoc[],
    run: (args: { q: QueryReader; period: Period; scope: AgentScope | undefined; ctx: RequestContext }) => Promise<unknown>,
  ): Route => ({
    method: 'GET', path: `/v1/analytics/${suffix}`,
    meta: {
      feature: 'analytics',
      doc: { summary, description, tags: ['analytics'], parameters: [...periodParams, ...extra], responses: { 200: { description: summary, schema } }, errors: [403, 422, 503] },
    },
    handler: async (ctx) => {
      const q = new QueryReader(ctx.query);
      const { period, scope } = readPeriodAndScope(q, now(), await deps.scopeOf?.(ctx));
      // Figures count the rows recorded before the request (a bounded catch-up; the periodic
      // roll-up does the bulk).
      await deps.analytics.rollup.run(REQUEST_CATCH_UP_ROWS);
      return { body: await run({ q, period, scope, ctx }) };
    },
  });
  return [
    route('summary', 'Fleet summary of a period, compared with the previous one',
      'Calls, decisions by outcome and tier, block and escalation rates, review figures (queued, decided, expired, mean time to decision), judge use and failures, upstream errors, calls with an unknown outcome, latency percentiles; the same figures for the period just before and the change; and the review backlog now.',
      'AnalyticsSummary', [], async ({ q, period, scope }) => {
        q.done();
        return deps.analytics.summary({ period, scope, now: new Date(now()), backlogLookbackMs: deps.backlogLookbackMs() });
      }),
    route('agents', 'Per agent: volume, outcomes, reliability trend, top failure codes, certification',
      'The busiest agents of the period (by decisions), hourly grain.', 'AnalyticsAgents', [limitParam], async ({ q, period, scope }) => {
        const limit = q.integer('limit', { fallback: ANALYTICS_DEFAULT_LIMIT, min: 1, max: ANALYTICS_MAX_LIMIT });
        q.done();
        const result = await deps.analytics.agents({ period, scope, limit });
        const agents = await Promise.all(result.agents.map(async (agent) => ({ ...agent, certification: (await deps.certification?.(agent.agent_id)) ?? null })));
        return { ...result, agents };
      }),
    route('tools', 'Per tool: calls, blocks, latency, upstream errors', 'The busiest tools (actions) of the period, hourly grain.', 'AnalyticsTools', [limitParam], async ({ q, period, scope }) => {
      const limit = q.integer('limit', { fallback: ANALYTICS_DEFAULT_LIMIT, min: 1, max: ANALYTICS_MAX_LIMIT });
      q.done();
      return deps.analytics.tools({ period, scope, limit });
    }),
    route('decisions', 'Decisions per outcome as a time series',
      `Buckets of 1m, 5m, 15m (fleet-wide periods up to 2 days), 1h, 6h (periods up to 2 days) or 1d; at most ${MAX_POINTS} points.`, 'AnalyticsDecisions',
      [{ name: 'bucket', in: 'query', description: 'Bucket size (default 1h).', schema: { type: 'string', enum: Object.keys(BUCKETS) } }],
      async ({ q, period, scope }) => {
        const bucket = q.oneOf('bucket', Object.keys(BUCKETS)) ?? '1h';
        q.done();
        const bucketMinutes = BUCKETS[bucket];
        const grain: Grain = deps.analytics.grainOf({ period, scope });
        const grainMinutes = { minute: 1, hour: 60, day: 1440 }[grain];
        if (bucketMinutes < grainMinutes) {
          throw new ApiError('BUCKET_INVALID', `A ${bucket} bucket is finer than the ${grain} grain that answers this period and scope (periods over 2 days are per day, agent-scoped ones per hour at best, and a period older than a grain's retention uses the next coarser grain).`);
        }
        const points = Math.ceil((period.to.getTime() - period.from.getTime()) / (bucketMinutes * 60_000));
        if (points > MAX_POINTS) throw new ApiError('BUCKET_INVALID', `${points} buckets of ${bucket} in this period; at most ${MAX_POINTS}: use a larger bucket.`);
        return deps.analytics.decisions({ period, scope, bucketMinutes, grain });
      }),
    route('failures', 'Top failure codes with an example each', 'Failure codes of decisions (docs/scoring.md), most frequent first, hourly grain.', 'AnalyticsFailures', [limitParam], async ({ q, period, scope }) => {
      const limit = q.integer('limit', { fallback: ANALYTICS_DEFAULT_LIMIT, min: 1, max: ANALYTICS_MAX_LIMIT });
      q.done();
      return deps.analytics.failures({ period, scope, limit });
    }),
    route('latency', 'Gateway and upstream latency percentiles', 'The gateway\'s decision time per stage and overall, and the upstream tool\'s time (sidecar post-checks).', 'AnalyticsLatency', [], async ({ q, period, scope }) => {
      q.done();
      return deps.analytics.latency({ period, scope });
    }),
  ];
}

/** Reads from / to / period and the agent scope; throws PERIOD_INVALID for a period no query should run. */
function readPeriodAndScope(q: QueryReader, nowMs: number, callerScope: AgentScope | undefined): { period: Period; scope: AgentScope | undefined } {
  // The calendar-checked reading every route shares (2026-02-30 is refused, not rolled over).
  const fromText = q.dateTime('from');
  const toText = q.dateTime('to');
  const periodText = q.string('period', /^(\d{1,6}[smhdw]){1,4}$/);
  const agentText = q.string('agents', /^[^,]+(,[^,]+)*$/);
  const agents = agentText?.split(',') ?? [];
  // A bad date is a bad parameter (422 VALIDATION_FAILED), said before any check of the period.
  if (q.failed('from') || q.failed('to')) q.done();
  const time = (text: string | undefined): number | undefined => (text === undefined ? undefined : Date.parse(text));
  const badAgent = agents.find((agent) => !AGENT_PATTERN.test(agent));
  if (badAgent !== undefined || agents.length > MAX_SCOPE_AGENTS) {
    throw new ApiError('VALIDATION_FAILED', 'Invalid query parameters: query.agents.', { errors: [{ path: 'query.agents', message: `must be up to ${MAX_SCOPE_AGENTS} comma-separated agent ids or globs (letters, digits, - _ . : @ / *)` }] });
  }
  const periodSeconds = periodText === undefined ? undefined : parseDurationSeconds(periodText);
  if (periodText !== undefined && periodSeconds === undefined) throw new ApiError('PERIOD_INVALID', `period "${periodText}" is not a duration like 15m, 24h or 7d.`);
  const to = time(toText) ?? nowMs;
  if (fromText !== undefined && periodText !== undefined) throw new ApiError('PERIOD_INVALID', 'Give from (with to) or period, not both.');
  const from = time(fromText) ?? to - (periodSeconds ?? 86_400) * 1000;
  if (from >= to) throw new ApiError('PERIOD_INVALID', `The period is empty or reversed: from ${new Date(from).toISOString()} is not before to ${new Date(to).toISOString()}.`);
  if (to - from > MAX_PERIOD_DAYS * DAY_MS) throw new ApiError('PERIOD_INVALID', `The period is longer than ${MAX_PERIOD_DAYS} days.`);
  if (from > nowMs) throw new ApiError('PERIOD_INVALID', 'The period starts in the future.');
  return { period: { from: new Date(from), to: new Date(to) }, scope: mergeScope(agents, callerScope) };
}

/** The caller's own scope (a team) bounds what the `agents` parameter may ask for. */
function mergeScope(asked: string[], caller: AgentScope | undefined): AgentScope | undefined {
  if (!caller?.agents?.length) return asked.length > 0 ? { agents: asked } : undefined;
  if (asked.length === 0) return caller;
  // What both allow: an asked agent or glob inside one of the caller's patterns, and a caller's
  // pattern inside an asked glob (`*` asks for the whole team); none left: nothing matches.
  const allowed = new Set<string>();
  for (const agent of asked) {
    if (caller.agents.some((pattern) => globMatches(pattern, agent))) allowed.add(agent);
    else for (const pattern of caller.agents.filter((own) => globMatches(agent, own))) allowed.add(pattern);
  }
  return { agents: allowed.size > 0 ? [...allowed] : [NO_AGENT] };
}

function globMatches(pattern: string, agent: string): boolean {
  if (!pattern.includes('*')) return pattern === agent;
  const re = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(agent);
}
