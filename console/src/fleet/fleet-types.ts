// The shapes of /v1/analytics and /v1/alerts the fleet view reads (src/schemas/insight-schemas.ts
// is the reference; the gateway's /openapi.json publishes it).

export interface Percentiles { count: number; mean_ms: number | null; p50_ms: number | null; p95_ms: number | null; p99_ms: number | null }

export interface Freshness { through_seq: number; grain: 'minute' | 'hour' | 'day'; period: { from: string; to: string } }

export interface Figures {
  calls: number;
  decisions: { total: number; by_outcome: Record<string, number>; by_tier: Record<string, number> };
  block_rate: number | null;
  escalation_rate: number | null;
  review: { queued: number; decided: number; expired: number; mean_time_to_decision_ms: number | null };
  judge: { judged: number; failed: number; failure_rate: number | null };
  upstream: { calls: number; errors: number; error_rate: number | null };
  outcome_unknown: number;
  latency: { gateway: Percentiles; upstream: Percentiles };
}

export interface Summary extends Freshness {
  figures: Figures;
  previous: { period: { from: string; to: string }; figures: Figures };
  change: Record<string, number | null>;
  backlog: { open: number; overdue: number; oldest_open_at: string | null };
}

export interface DecisionSeries extends Freshness {
  bucket_minutes: number;
  series: { at: string; total: number; by_outcome: Record<string, number> }[];
}

export interface ToolFigures {
  tool: string; calls: number; decisions: number; blocks: number; escalations: number; block_rate: number | null;
  upstream: { calls: number; errors: number; error_rate: number | null };
  latency: { gateway: Percentiles; upstream: Percentiles };
}
export interface Tools extends Freshness { tools: ToolFigures[] }

export interface Failure {
  code: string; count: number; agents: number;
  example: { envelope_id: string; agent_id: string | null; tool: string | null; kind: string; outcome: string | null; created_at: string; href: string } | null;
}
export interface Failures extends Freshness { failures: Failure[] }

export interface Latency extends Freshness { gateway: Percentiles; upstream: Percentiles; gateway_by_stage: Record<string, Percentiles> }

export interface AgentFigures {
  agent_id: string; calls: number; decisions: number; by_outcome: Record<string, number>; block_rate: number | null;
  reliability_trend: { day: string; decisions: number; approve_rate: number | null }[];
  top_failures: { code: string; count: number }[];
  /** The certificate for the policy version in force (the certification view's summary); null: none. */
  certification: { envelope_id: string; policy_version: string; issued_at: string; expires_at: string | null } | null;
}
export interface Agents extends Freshness { agents: AgentFigures[] }

export interface Alert {
  id: string; rule: string; severity: 'info' | 'warning' | 'critical'; status: 'firing' | 'resolved'; summary: string;
  value: number | null; threshold: number | null; started_at: string; last_seen_at: string; resolved_at: string | null;
  acked_by: string | null; acked_at: string | null; silenced_until: string | null; ack_envelope_id: string | null;
}
export interface AlertList { alerts: Alert[]; total?: number; limit?: number; offset?: number }
