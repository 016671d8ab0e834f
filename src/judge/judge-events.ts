// The judge's diagnostics channel (`gateway:judge`) and the Prometheus series fed from it. A
// retroactive escalation is published here too, for whoever sends notifications.

import diagnostics_channel from 'node:diagnostics_channel';
import client from 'prom-client';

export const JUDGE_CHANNEL = 'gateway:judge';
export const judgeChannel = diagnostics_channel.channel(JUDGE_CHANNEL);

export type JudgeEvent =
  | { type: 'call'; mode: 'sync' | 'async'; result: 'scored' | 'failed'; failure: string | null; latencyMs: number }
  | {
    type: 'retroactive_escalation';
    /** The released envelope the judge failed, and the `decision` row that put it in the review queue. */
    envelope_id: string;
    escalation_envelope_id: string;
    judge_envelope_id: string;
    agent_id: string | null;
    score: number;
    verdict: string;
    reviewer_id: string;
    review_deadline: string;
  };

export function publishJudgeEvent(event: JudgeEvent): void {
  if (judgeChannel.hasSubscribers) judgeChannel.publish(event);
}

/** judge_calls_total, judge_failures_total, judge_latency_seconds, judge_queue_depth. */
export function createJudgeMetrics(registry: client.Registry, queueDepth: () => Promise<number>): { close(): void } {
  const calls = new client.Counter({
    name: 'judge_calls_total',
    help: 'LLM judge calls by mode (sync: high and critical risk, inside the request; async: the worker) and result.',
    labelNames: ['mode', 'result'] as const,
    registers: [registry],
  });
  const failures = new client.Counter({
    name: 'judge_failures_total',
    help: 'LLM judge calls that gave no usable answer, by reason (timeout, http_error, network, malformed).',
    labelNames: ['mode', 'reason'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'judge_latency_seconds',
    help: 'Time from the first request to the judge to its answer or failure, retries included.',
    labelNames: ['mode'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60],
    registers: [registry],
  });
  new client.Gauge({
    name: 'judge_queue_depth',
    help: 'Asynchronous judgements waiting or under way (judge_jobs rows, the whole fleet on PostgreSQL).',
    registers: [registry],
    async collect() {
      this.set(await queueDepth().catch(() => 0));
    },
  });
  const escalations = new client.Counter({
    name: 'judge_retroactive_escalations_total',
    help: 'Released outputs the asynchronous judge failed, put in the review queue afterwards.',
    registers: [registry],
  });
  const onEvent = (message: unknown) => {
    const event = message as JudgeEvent;
    if (event.type === 'retroactive_escalation') {
      escalations.inc();
      return;
    }
    calls.inc({ mode: event.mode, result: event.result });
    if (event.failure !== null) failures.inc({ mode: event.mode, reason: event.failure });
    latency.observe({ mode: event.mode }, event.latencyMs / 1000);
  };
  diagnostics_channel.subscribe(JUDGE_CHANNEL, onEvent);
  return { close: () => diagnostics_channel.unsubscribe(JUDGE_CHANNEL, onEvent) };
}
