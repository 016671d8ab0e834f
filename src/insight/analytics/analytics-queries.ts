// The analytics query layer: every figure is summed by the database over the roll-up tables
// (never the raw ledger, except the few open review items), bounded in period and result size.
// Reused by the HTTP routes, the alert evaluator and compliance reports.

import { DECIDED_KINDS, isDecidedKind, kindsSql, REVIEW_ITEMS_WHERE } from '../../ledger/index.ts';
import type { InsightDb, SqlParams, SqlRow } from '../insight-db.ts';
import { comparison, figuresOf, histogram, summedMeasures, type Figures, type Percentiles } from './figures.ts';
import { bucketRange, grainFor, previousPeriod, type BucketRange, type Grain, type Period } from './period.ts';
import { gatewayBucketColumns, MEASURES, reviewBucketColumns, upstreamBucketColumns } from './rollup-columns.ts';
import { isScoped, scopeCondition, type AgentScope } from './scope.ts';
import type { RollupRunner } from './rollup.ts';
import { keptGrain, type KeptFrom } from './rollup-horizons.ts';

const DECIDED = `kind IN ${kindsSql(DECIDED_KINDS)}`;

export interface AnalyticsQuery {
  period: Period;
  scope?: AgentScope;
}

export interface Freshness {
  /** The newest ledger seq the figures count. */
  through_seq: number;
  grain: Grain;
  /** The period actually summed: the one asked for, rounded out to the grain. */
  period: { from: string; to: string };
}

export interface Summary extends Freshness {
  figures: Figures;
  previous: { period: { from: string; to: string }; figures: Figures };
  change: ReturnType<typeof comparison>;
  /** Open review items now (not limited to the period). */
  backlog: ReviewBacklog;
}

export interface ReviewBacklog {
  open: number;
  overdue: number;
  oldest_open_at: string | null;
  /** now - oldest_open_at; null with none open. */
  oldest_open_age_ms: number | null;
}

export class AnalyticsQueries {
  readonly #db: InsightDb;
  readonly #rollup: RollupRunner;
  readonly #kept: () => KeptFrom | null;

  /** `kept`: per grain, the first instant roll-up pruning keeps (rollup-horizons.ts); null: nothing is pruned. */
  constructor(db: InsightDb, rollup: RollupRunner, options: { kept?: () => KeptFrom | null } = {}) {
    this.#db = db;
    this.#rollup = rollup;
    this.#kept = options.kept ?? (() => null);
  }

  get rollup(): RollupRunner {
    return this.#rollup;
  }

  /**
   * Short unscoped periods to the minute, short scoped ones to the hour, long ones to the day;
   * a period reaching before what roll-up pruning keeps of a grain, to the next coarser grain.
   */
  grainOf(query: AnalyticsQuery): Grain {
    return keptGrain(grainFor(query.period, isScoped(query.scope)), query.period.from.getTime(), this.#kept());
  }

  /** The grain of per-agent and per-tool figures (never the fleet-wide minute table). */
  perAgentGrain(query: AnalyticsQuery): Grain {
    return keptGrain(grainFor(query.period, true), query.period.from.getTime(), this.#kept());
  }

  /** The grain of a summary: the one that still holds the previous period too (both are compared at one grain). */
  summaryGrain(query: AnalyticsQuery): Grain {
    const kept = this.#kept();
    let grain = this.grainOf(query);
    for (;;) {
      const previousFrom = previousPeriod(bucketRange(query.period, grain).period).from.getTime();
      const next = keptGrain(grain, previousFrom, kept);
      if (next === grain) return grain;
      grain = next;
    }
  }

  /** Figures over a period, summed per kind, outcome and tier. */
  async figures(query: AnalyticsQuery, grain = this.grainOf(query)): Promise<{ range: BucketRange; figures: Figures }> {
    const range = bucketRange(query.period, grain);
    const { where, params } = this.#where(range, query.scope);
    const rows = await this.#db.all(
      `SELECT kind, outcome, risk_tier, ${summedMeasures([...MEASURES, ...reviewBucketColumns])} FROM ${range.table} WHERE ${where} GROUP BY kind, outcome, risk_tier`, params);
    return { range, figures: figuresOf(rows) };
  }

  async summary(query: AnalyticsQuery & { now: Date; backlogLookbackMs: number }): Promise<Summary> {
    const grain = this.summaryGrain(query);
    const current = await this.figures(query, grain);
    const previous = await this.figures({ ...query, period: previousPeriod(current.range.period) }, grain);
    return {
      ...(await this.#freshness(current.range)),
      figures: current.figures,
      previous: { period: iso(previous.range.period), figures: previous.figures },
      change: comparison(current.figures, previous.figures),
      backlog: await this.backlog({ now: query.now, lookbackMs: query.backlogLookbackMs, scope: query.scope }),
    };
  }

  /**
   * Open review items: queued decisions of the last `lookbackMs` without a verdict row. Older
   * items are past every tier's deadline and expired by the expiry job, so the lookback (the
   * longest review SLA plus a margin) bounds the read without missing any.
   */
  async backlog(options: { now: Date; lookbackMs: number; scope?: AgentScope }): Promise<ReviewBacklog> {
    const scope = scopeCondition(options.scope, 'l.agent_id');
    // The first seq of the lookback (created_at index), then only the queued rows after it
    // (the ledger_review_candidates partial index), each probed for a verdict (parent index).
    // The kinds are the index's own (review items, tool definition changes included): SQLite uses
    // a partial index only when the query's condition is the index's, word for word.
    const fromSeq = await this.#firstSeqSince(new Date(options.now.getTime() - options.lookbackMs).toISOString());
    if (fromSeq === null) return { open: 0, overdue: 0, oldest_open_at: null, oldest_open_age_ms: null };
    const [row] = await this.#db.all(
      `SELECT COUNT(*) AS open, SUM(CASE WHEN l.review_deadline < :now THEN 1 ELSE 0 END) AS overdue, MIN(l.created_at) AS oldest
         FROM ledger l${this.#db.dialect === 'sqlite' ? ' INDEXED BY ledger_review_candidates' : ''}
        WHERE ${REVIEW_ITEMS_WHERE}
          AND l.seq >= :from_seq
          ${scope.sql ? `AND ${scope.sql}` : ''}
          AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.parent_envelope_id = l.envelope_id AND r.kind = 'review')`,
      { now: options.now.toISOString(), from_seq: fromSeq, ...scope.params },
    );
    const oldest = (row.oldest as string | null) ?? null;
    return {
      open: Number(row.open ?? 0), overdue: Number(row.overdue ?? 0), oldest_open_at: oldest,
      oldest_open_age_ms: oldest === null ? null : Math.max(0, options.now.getTime() - Date.parse(oldest)),
    };
  }

  /** The busiest agents of the period, with outcomes, daily approval rate and top failure codes. */
  async agents(query: AnalyticsQuery & { limit: number }) {
    const range = bucketRange(query.period, this.perAgentGrain(query));
    const { where, params } = this.#where(range, query.scope);
    const top = await this.#db.all(
      `SELECT agent_id, SUM(calls) AS decisions FROM ${range.table} WHERE ${where} AND ${DECIDED} AND agent_id <> ''
        GROUP BY agent_id ORDER BY decisions DESC, agent_id LIMIT :limit`, { ...params, limit: query.limit });
    const ids = top.map((row) => String(row.agent_id));
    const agents = new Map(ids.map((id) => [id, {
      agent_id: id, decisions: 0, calls: 0, by_outcome: {} as Record<string, number>, block_rate: null as number | null,
      reliability_trend: [] as Array<{ day: string; decisions: number; approve_rate: number | null }>,
      top_failures: [] as Array<{ code: string; count: number }>,
    }]));
    if (ids.length > 0) {
      const inList = { sql: ids.map((_, i) => `:agent_${i}`).join(', '), params: Object.fromEntries(ids.map((id, i) => [`agent_${i}`, id])) };
      const daily = await this.#db.all(
        `SELECT agent_id, (bucket / 1440) * 1440 AS day, kind, outcome, SUM(calls) AS n FROM ${range.table}
          WHERE ${where} AND agent_id IN (${inList.sql}) GROUP BY agent_id, (bucket / 1440) * 1440, kind, outcome`, { ...params, ...inList.params });
      const days = new Map<string, Map<number, { total: number; approve: number }>>();
      for (const row of daily) {
        const agent = agents.get(String(row.agent_id))!;
        const n = Number(row.n); const outcome = String(row.outcome); const kind = String(row.kind);
        if (kind === 'pre_check' || kind === 'validate') agent.calls += n;
        if (!isDecidedKind(kind) || outcome === '') continue;
        agent.decisions += n;
        agent.by_outcome[outcome] = (agent.by_outcome[outcome] ?? 0) + n;
        const perDay = days.get(agent.agent_id) ?? new Map();
        days.set(agent.agent_id, perDay);
        const day = perDay.get(Number(row.day)) ?? { total: 0, approve: 0 };
        day.total += n;
        if (outcome === 'approve') day.approve += n;
        perDay.set(Number(row.day), day);
      }
      for (const [id, perDay] of days) {
        agents.get(id)!.reliability_trend = [...perDay.entries()].sort((a, b) => a[0] - b[0]).map(([day, d]) => ({
          day: new Date(day * 60_000).toISOString().slice(0, 10), decisions: d.total, approve_rate: d.total > 0 ? Number((d.approve / d.total).toFixed(4)) : null,
        }));
      }
      const failures = await this.#db.all(
        `SELECT agent_id, code, SUM(failures) AS n FROM ${range.failureTable} WHERE ${where} AND agent_id IN (${inList.sql})
          GROUP BY agent_id, code ORDER BY n DESC, code`, { ...params, ...inList.params });
      for (const row of failures) {
        const agent = agents.get(String(row.agent_id))!;
        if (agent.top_failures.length < 5) agent.top_failures.push({ code: String(row.code), count: Number(row.n) });
      }
      for (const agent of agents.values()) agent.block_rate = agent.decisions > 0 ? Number(((agent.by_outcome.block ?? 0) / agent.decisions).toFixed(4)) : null;
    }
    return { ...(await this.#freshness(range)), agents: [...agents.values()] };
  }

  /** The busiest tools (actions) of the period: calls, blocks, latency and upstream errors. */
  async tools(query: AnalyticsQuery & { limit: number }) {
    const range = bucketRange(query.period, this.perAgentGrain(query));
    const { where, params } = this.#where(range, query.scope);
    const rows = await this.#db.all(
      `SELECT action,
              SUM(CASE WHEN kind = 'pre_check' THEN calls ELSE 0 END) AS calls,
              SUM(CASE WHEN ${DECIDED} THEN calls ELSE 0 END) AS decisions,
              SUM(CASE WHEN ${DECIDED} AND outcome = 'block' THEN calls ELSE 0 END) AS blocks,
              SUM(CASE WHEN ${DECIDED} AND outcome IN ('escalate', 'request_evidence') THEN calls ELSE 0 END) AS escalations,
              ${summedMeasures(['upstream_calls', 'upstream_errors', 'gateway_ms_sum', 'upstream_ms_sum', ...gatewayBucketColumns, ...upstreamBucketColumns])}
         FROM ${range.table} WHERE ${where} AND action <> ''
        GROUP BY action ORDER BY calls DESC, decisions DESC, action LIMIT :limit`, { ...params, limit: query.limit });
    return {
      ...(await this.#freshness(range)),
      tools: rows.map((row) => {
        const upstreamCalls = Number(row.upstream_calls); const errors = Number(row.upstream_errors); const decisions = Number(row.decisions);
        return {
          tool: String(row.action), calls: Number(row.calls), decisions, blocks: Number(row.blocks), escalations: Number(row.escalations),
          block_rate: decisions > 0 ? Number((Number(row.blocks) / decisions).toFixed(4)) : null,
          upstream: { calls: upstreamCalls, errors, error_rate: upstreamCalls > 0 ? Number((errors / upstreamCalls).toFixed(4)) : null },
          latency: { gateway: percentilesOf(row, gatewayBucketColumns, 'gateway_ms_sum'), upstream: percentilesOf(row, upstreamBucketColumns, 'upstream_ms_sum') },
        };
      }),
    };
  }

  /** Decisions per outcome in buckets of `bucketMinutes` (a multiple of the grain). */
  async decisions(query: AnalyticsQuery & { bucketMinutes: number; grain: Grain }) {
    const range = bucketRange(query.period, query.grain);
    const { where, params } = this.#where(range, query.scope);
    // The start of a row's bucket by remainder, not by dividing: SQLite binds the parameters as
    // REAL, so (bucket - :origin) / :size would not round down and every row outside a bucket's
    // first minute would miss its point. `%` works on integers in SQLite and PostgreSQL alike.
    const rows = await this.#db.all(
      `SELECT bucket - ((bucket - :origin) % :size) AS t, outcome, SUM(calls) AS n FROM ${range.table}
        WHERE ${where} AND ${DECIDED} AND outcome <> '' GROUP BY bucket - ((bucket - :origin) % :size), outcome ORDER BY t`,
      { ...params, size: query.bucketMinutes, origin: range.from });
    const points = new Map<number, Record<string, number>>();
    for (let t = range.from; t < range.to; t += query.bucketMinutes) points.set(t, { approve: 0, block: 0, escalate: 0, request_evidence: 0 });
    for (const row of rows) {
      const point = points.get(Number(row.t));
      if (point) point[String(row.outcome)] = Number(row.n);
    }
    return {
      ...(await this.#freshness(range)),
      bucket_minutes: query.bucketMinutes,
      series: [...points.entries()].map(([t, byOutcome]) => ({
        at: new Date(t * 60_000).toISOString(), total: Object.values(byOutcome).reduce((a, b) => a + b, 0), by_outcome: byOutcome,
      })),
    };
  }

  /** The most frequent failure codes, each with its newest example row. */
  async failures(query: AnalyticsQuery & { limit: number }) {
    const range = bucketRange(query.period, this.perAgentGrain(query));
    const { where, params } = this.#where(range, query.scope);
    const rows = await this.#db.all(
      `SELECT code, SUM(failures) AS n, COUNT(DISTINCT agent_id) AS agents, MAX(example_seq) AS example_seq FROM ${range.failureTable}
        WHERE ${where} GROUP BY code ORDER BY n DESC, code LIMIT :limit`, { ...params, limit: query.limit });
    const seqs = rows.map((row) => Number(row.example_seq));
    const examples = new Map<number, SqlRow>();
    if (seqs.length > 0) {
      const list = Object.fromEntries(seqs.map((seq, i) => [`seq_${i}`, seq]));
      for (const row of await this.#db.all(`SELECT seq, envelope_id, agent_id, action, kind, outcome, created_at FROM ledger WHERE seq IN (${seqs.map((_, i) => `:seq_${i}`).join(', ')})`, list)) {
        examples.set(Number(row.seq), row);
      }
    }
    return {
      ...(await this.#freshness(range)),
      failures: rows.map((row) => {
        const example = examples.get(Number(row.example_seq));
        return {
          code: String(row.code), count: Number(row.n), agents: Number(row.agents),
          // The example's row may have been deleted by metadata retention since.
          example: example ? {
            envelope_id: example.envelope_id, agent_id: example.agent_id, tool: example.action, kind: example.kind,
            outcome: example.outcome, created_at: example.created_at, href: `/v1/audit/executions/${String(example.envelope_id)}`,
          } : null,
        };
      }),
    };
  }

  /** Gateway (decision) and upstream latency percentiles, overall and per stage. */
  async latency(query: AnalyticsQuery) {
    const grain = this.grainOf(query);
    const range = bucketRange(query.period, grain);
    const { where, params } = this.#where(range, query.scope);
    const rows = await this.#db.all(
      `SELECT kind, ${summedMeasures(['gateway_ms_sum', 'upstream_ms_sum', ...gatewayBucketColumns, ...upstreamBucketColumns])}
         FROM ${range.table} WHERE ${where} AND ${DECIDED} GROUP BY kind`, params);
    const gateway = histogram(); const upstream = histogram();
    const byStage: Record<string, Percentiles> = {};
    for (const row of rows) {
      gateway.add(row, gatewayBucketColumns, Number(row.gateway_ms_sum));
      upstream.add(row, upstreamBucketColumns, Number(row.upstream_ms_sum));
      byStage[String(row.kind)] = percentilesOf(row, gatewayBucketColumns, 'gateway_ms_sum');
    }
    return { ...(await this.#freshness(range)), gateway: gateway.percentiles(), upstream: upstream.percentiles(), gateway_by_stage: byStage };
  }

  /**
   * The first seq created at or after `since`, by bisecting seq on the primary key (created_at
   * grows with seq; PostgreSQL's created_at index is BRIN and cannot be walked in order, and its
   * planner turned MIN(seq) into a walk of the whole key). About log2(rows) one-row reads.
   */
  async #firstSeqSince(since: string): Promise<number | null> {
    const [bounds] = await this.#db.all('SELECT MIN(seq) AS lo, MAX(seq) AS hi FROM ledger');
    if (bounds.lo === null) return null;
    const at = async (seq: number) => (await this.#db.all('SELECT seq, created_at FROM ledger WHERE seq >= :seq ORDER BY seq LIMIT 1', { seq }))[0];
    let best = Number(bounds.hi);
    if (String((await at(best)).created_at) < since) return null;
    let lo = Number(bounds.lo);
    let hi = best - 1;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const row = await at(mid);
      const seq = Number(row.seq);
      if (seq > hi) hi = mid - 1; // no row in [mid, hi]
      else if (String(row.created_at) >= since) { best = seq; hi = mid - 1; }
      else lo = seq + 1;
    }
    return best;
  }

  #where(range: BucketRange, scope: AgentScope | undefined): { where: string; params: SqlParams } {
    // The minute table has no agent column: only unscoped queries read it (grainFor).
    const condition = range.grain === 'minute' ? { sql: '', params: {} } : scopeCondition(scope);
    return {
      where: `bucket >= :from_bucket AND bucket < :to_bucket${condition.sql ? ` AND ${condition.sql}` : ''}`,
      params: { from_bucket: range.from, to_bucket: range.to, ...condition.params },
    };
  }

  async #freshness(range: BucketRange): Promise<Freshness> {
    return { through_seq: await this.#rollup.throughSeq(), grain: range.grain, period: iso(range.period) };
  }
}

function percentilesOf(row: SqlRow, columns: readonly string[], sumColumn: string): Percentiles {
  const h = histogram();
  h.add(row, columns, Number(row[sumColumn]));
  return h.percentiles();
}

function iso(period: Period): { from: string; to: string } {
  return { from: period.from.toISOString(), to: period.to.toISOString() };
}
