// Schemas of /v1/analytics and /v1/alerts (src/insight): what an SRE on call and a risk officer read.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const count = { type: 'integer', minimum: 0 };
const share = { type: ['number', 'null'], minimum: 0, maximum: 1, description: 'A share from 0 to 1; null with nothing to divide by.' };
const ms = { type: ['number', 'null'], minimum: 0 };
const isoTime = { type: 'string', format: 'date-time' };
const period = { type: 'object', required: ['from', 'to'], properties: { from: isoTime, to: isoTime } };
const counts = { type: 'object', additionalProperties: count };

const freshness = {
  through_seq: { ...count, description: 'The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS).' },
  grain: { type: 'string', enum: ['minute', 'hour', 'day'], description: 'The roll-up the figures come from: the period is rounded out to it.' },
  period: { ...period, description: 'The period summed, [from, to).' },
};

export const LatencyPercentiles = {
  type: 'object',
  required: ['count', 'mean_ms', 'p50_ms', 'p95_ms', 'p99_ms'],
  description: 'From a histogram with bounds 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500 ms: a percentile is the upper bound of its bucket; null above 2500 ms or with no data.',
  properties: { count, mean_ms: ms, p50_ms: ms, p95_ms: ms, p99_ms: ms },
};

export const AnalyticsFigures = {
  type: 'object',
  required: ['calls', 'decisions', 'block_rate', 'escalation_rate', 'review', 'judge', 'upstream', 'outcome_unknown', 'latency'],
  properties: {
    calls: { ...count, description: 'Governed calls: pre-checks and validations.' },
    decisions: { type: 'object', required: ['total', 'by_outcome', 'by_tier'], properties: { total: count, by_outcome: counts, by_tier: counts } },
    block_rate: share,
    escalation_rate: share,
    review: {
      type: 'object', required: ['queued', 'decided', 'expired', 'mean_time_to_decision_ms', 'time_to_decision'],
      description: 'Review items queued in the period, and verdicts (expiries included) given in it; time to decision is the verdict\'s time minus the queued decision\'s.',
      properties: {
        queued: count, decided: count, expired: count, mean_time_to_decision_ms: ms,
        time_to_decision: {
          type: 'object', required: ['count', 'p50_ms', 'p90_ms', 'p99_ms'],
          description: 'From a histogram with bounds 1 s, 5 s, 30 s, 1, 5, 15, 30 min, 1, 2, 4, 8, 24, 72 h: a percentile is the upper bound of its bucket; null above 72 h or with no data. '
            + '`count`: the verdicts the histogram holds (not those rolled up before it existed).',
          properties: { count, p50_ms: ms, p90_ms: ms, p99_ms: ms },
        },
      },
    },
    judge: { type: 'object', required: ['judged', 'failed', 'failure_rate'], properties: { judged: count, failed: count, failure_rate: share } },
    upstream: { type: 'object', required: ['calls', 'errors', 'error_rate'], properties: { calls: count, errors: count, error_rate: share } },
    outcome_unknown: count,
    latency: { type: 'object', required: ['gateway', 'upstream'], properties: { gateway: ref('LatencyPercentiles'), upstream: ref('LatencyPercentiles') } },
  },
};

export const AnalyticsSummary = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'figures', 'previous', 'change', 'backlog'],
  properties: {
    ...freshness,
    figures: ref('AnalyticsFigures'),
    previous: { type: 'object', required: ['period', 'figures'], properties: { period, figures: ref('AnalyticsFigures') } },
    change: { type: 'object', description: 'This period minus the previous one.', additionalProperties: { type: ['number', 'null'] } },
    backlog: {
      type: 'object', required: ['open', 'overdue', 'oldest_open_at', 'oldest_open_age_ms'], description: 'Open review items now, whatever the period.',
      properties: {
        open: count, overdue: count, oldest_open_at: { type: ['string', 'null'], format: 'date-time' },
        oldest_open_age_ms: { ...ms, description: 'How long the oldest open item has waited (now minus oldest_open_at); null with none open.' },
      },
    },
  },
};

export const AnalyticsAgents = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'agents'],
  properties: {
    ...freshness,
    agents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['agent_id', 'calls', 'decisions', 'by_outcome', 'block_rate', 'reliability_trend', 'top_failures', 'certification'],
        properties: {
          agent_id: { type: 'string' }, calls: count, decisions: count, by_outcome: counts, block_rate: share,
          reliability_trend: {
            type: 'array', description: 'Per day: decisions and the share approved.',
            items: { type: 'object', required: ['day', 'decisions', 'approve_rate'], properties: { day: { type: 'string', format: 'date' }, decisions: count, approve_rate: share } },
          },
          top_failures: { type: 'array', items: { type: 'object', required: ['code', 'count'], properties: { code: { type: 'string' }, count } } },
          certification: {
            type: ['object', 'null'], description: 'The agent\'s certificate for the policy version in force (as GET /v1/certify/agents/{agent_id} has it in `current`); null when it has none.',
            properties: {
              envelope_id: { type: 'string', format: 'uuid' }, policy_version: { type: 'string' }, score_version: { type: 'string' }, passed: { type: 'boolean' },
              issued_at: isoTime, expires_at: { type: ['string', 'null'], format: 'date-time' }, revoked: { type: 'boolean' }, certificate: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
  },
};

export const AnalyticsTools = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'tools'],
  properties: {
    ...freshness,
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool', 'calls', 'decisions', 'blocks', 'escalations', 'block_rate', 'upstream', 'latency'],
        properties: {
          tool: { type: 'string' }, calls: count, decisions: count, blocks: count, escalations: count, block_rate: share,
          upstream: { type: 'object', required: ['calls', 'errors', 'error_rate'], properties: { calls: count, errors: count, error_rate: share } },
          latency: { type: 'object', required: ['gateway', 'upstream'], properties: { gateway: ref('LatencyPercentiles'), upstream: ref('LatencyPercentiles') } },
        },
      },
    },
  },
};

export const AnalyticsDecisions = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'bucket_minutes', 'series'],
  properties: {
    ...freshness,
    bucket_minutes: { type: 'integer', minimum: 1 },
    series: {
      type: 'array', description: 'Every bucket of the period, oldest first (empty buckets included, with zeros).',
      items: { type: 'object', required: ['at', 'total', 'by_outcome'], properties: { at: isoTime, total: count, by_outcome: counts } },
    },
  },
};

export const AnalyticsFailures = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'failures'],
  properties: {
    ...freshness,
    failures: {
      type: 'array',
      items: {
        type: 'object', required: ['code', 'count', 'agents', 'example'],
        properties: {
          code: { type: 'string', description: 'A failure code (docs/scoring.md).' }, count, agents: { ...count, description: 'Distinct agents that hit it.' },
          example: {
            type: ['object', 'null'], description: 'The newest row with this code; null once metadata retention deleted it.',
            properties: { envelope_id: { type: 'string' }, agent_id: { type: ['string', 'null'] }, tool: { type: ['string', 'null'] }, kind: { type: 'string' }, outcome: { type: ['string', 'null'] }, created_at: isoTime, href: { type: 'string' } },
          },
        },
      },
    },
  },
};

export const AnalyticsLatency = {
  type: 'object',
  required: ['through_seq', 'grain', 'period', 'gateway', 'upstream', 'gateway_by_stage'],
  properties: {
    ...freshness,
    gateway: { ...ref('LatencyPercentiles'), description: 'Time the gateway took to decide (latency_ms of the decision).' },
    upstream: ref('LatencyPercentiles'),
    gateway_by_stage: { type: 'object', additionalProperties: ref('LatencyPercentiles') },
  },
};

export const Alert = {
  type: 'object',
  required: ['id', 'rule', 'severity', 'status', 'summary', 'value', 'threshold', 'started_at', 'last_seen_at', 'resolved_at', 'acked_by', 'acked_at', 'silenced_until', 'ack_envelope_id'],
  properties: {
    id: { type: 'string', format: 'uuid' }, rule: { type: 'string' }, severity: { type: 'string', enum: ['info', 'warning', 'critical'] },
    status: { type: 'string', enum: ['firing', 'resolved'] }, summary: { type: 'string' },
    value: { type: ['number', 'null'] }, threshold: { type: ['number', 'null'] },
    started_at: isoTime, last_seen_at: isoTime, resolved_at: { type: ['string', 'null'], format: 'date-time' },
    acked_by: { type: ['string', 'null'] }, acked_at: { type: ['string', 'null'], format: 'date-time' },
    silenced_until: { type: ['string', 'null'], format: 'date-time', description: 'Until then, this rule\'s transitions are not published on gateway:alert (no notifications).' },
    ack_envelope_id: { type: ['string', 'null'], description: 'The ledger row (kind alert_ack) that records who acknowledged.' },
  },
};

export const AlertList = {
  type: 'object',
  required: ['alerts'],
  properties: { alerts: { type: 'array', items: ref('Alert') }, total: count, limit: { type: 'integer' }, offset: { type: 'integer' } },
};

export const AlertRuleList = {
  type: 'object',
  required: ['rules', 'events', 'reload'],
  properties: {
    rules: {
      type: 'array',
      items: {
        type: 'object', required: ['name', 'figure', 'above', 'window_seconds', 'min_samples', 'severity', 'summary'],
        properties: { name: { type: 'string' }, figure: { type: 'string' }, above: { type: 'number' }, window_seconds: { type: 'integer' }, min_samples: count, severity: { type: 'string' }, summary: { type: 'string' } },
      },
    },
    events: { type: 'array', items: { type: 'object', required: ['name', 'severity', 'enabled'], properties: { name: { type: 'string' }, severity: { type: 'string' }, enabled: { type: 'boolean' } } } },
    reload: { type: 'object', description: 'The newest reload of config/alerts.yaml (as /health reports reloads).' },
  },
};

export const AlertAckRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    note: { type: 'string', minLength: 1, maxLength: 2000 },
    silence: { type: 'string', pattern: '^([0-9]{1,4}[smhd]){1,4}$', description: 'Also silence the rule for this long (e.g. 30m, 4h, 1d; at most 7d).' },
    by: { type: 'string', minLength: 1, maxLength: 200, description: 'Who acknowledges, when auth is off (with auth: the principal).' },
  },
};
