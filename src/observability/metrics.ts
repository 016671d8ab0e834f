// Prometheus metrics, fed by diagnostics_channel events so the pipeline and the ledger never
// import the metrics code. One registry per gateway instance.

import diagnostics_channel from 'node:diagnostics_channel';
import client from 'prom-client';
import { EVENT_LOOP_LAG_METRICS, registerEventLoopLag } from './event-loop-lag.ts';
import type { HttpResponseEvent } from '../http/index.ts';

export const decisionChannel = diagnostics_channel.channel('gateway:decision');
export const ledgerAppendChannel = diagnostics_channel.channel('gateway:ledger:append');
export const ledgerAppendFailureChannel = diagnostics_channel.channel('gateway:ledger:append-failure');
export const policyRuleChannel = diagnostics_channel.channel('gateway:policy:rule');

export interface DecisionEvent {
  stage: string;
  outcome: string;
  tier: string;
}

/** One CEL rule on one recorded decision: it fired (enforced or shadow), or could not be evaluated. */
export interface PolicyRuleEvent {
  rule: string;
  effect: string;
  shadow: boolean;
  result: 'match' | 'error';
}

export interface LedgerAppendEvent {
  batchSize: number;
  durationMs: number;
  store: string;
}

/** One append the ledger could not record: `closed` while shutting down, `unavailable` for a store that cannot be reached or cannot commit. */
export interface LedgerAppendFailureEvent {
  reason: 'unavailable' | 'closed';
}

export interface GatewayState {
  killSwitchActive(): boolean;
  policyVersion(): string;
  scoreVersion(): string;
  /** Seconds the policy files on disk have differed from the bundle in force; absent when not watched. */
  policyBundleDivergedSeconds?(): number;
}

export interface Metrics {
  readonly registry: client.Registry;
  render(): Promise<string>;
  close(): void;
}

/** prom-client's resolution for the event-loop delay figures, kept (event-loop-lag.ts samples them). */
const EVENT_LOOP_RESOLUTION_MS = 10;
/** The longest timer delay: prom-client's own event-loop sampler, replaced below, never ticks. */
const NEVER_MS = 2 ** 31 - 1;
/** Requests that do not make the gateway busy: probes and scrapes alone leave an idle process idle. */
const isProbe = (route: string) => route === '/metrics' || route === '/health' || route.startsWith('/health/');

export function createMetrics(state: GatewayState, options: { eventLoopIdleAfterMs?: number } = {}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: NEVER_MS });
  for (const name of EVENT_LOOP_LAG_METRICS) registry.removeSingleMetric(name);
  const eventLoop = registerEventLoopLag(registry, { resolutionMs: EVENT_LOOP_RESOLUTION_MS, idleAfterMs: options.eventLoopIdleAfterMs });

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const decisions = new client.Counter({
    name: 'governance_decisions_total',
    help: 'Governance decisions by stage, outcome and risk tier.',
    labelNames: ['stage', 'outcome', 'tier'] as const,
    registers: [registry],
  });
  const appendDuration = new client.Histogram({
    name: 'ledger_append_duration_seconds',
    help: 'Time to durably commit one group-committed batch of ledger rows.',
    labelNames: ['store'] as const,
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const batchSize = new client.Histogram({
    name: 'ledger_append_batch_size',
    help: 'Rows per group-committed ledger batch.',
    labelNames: ['store'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    registers: [registry],
  });
  const appendFailures = new client.Counter({
    name: 'ledger_append_failures_total',
    help: 'Ledger appends that could not be recorded, by reason (unavailable: the store cannot be reached or cannot commit; closed: the gateway is stopping). Each one is a call refused with 503 LEDGER_UNAVAILABLE, or forwarded unrecorded on a fail_mode open route.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const outcomeUnknown = new client.Counter({
    name: 'executions_outcome_unknown_total',
    help: 'Forwarded calls recorded as outcome_unknown by the reconciler (this process ran it): no post-check came back by the route timeout plus OUTCOME_UNKNOWN_GRACE_SECONDS. GET /v1/audit/executions?status=outcome_unknown lists them.',
    registers: [registry],
  });
  outcomeUnknown.inc(0);
  // Both series exist from the start, so rate() and alerts see a 0 before the first failure.
  appendFailures.inc({ reason: 'unavailable' }, 0);
  appendFailures.inc({ reason: 'closed' }, 0);
  new client.Gauge({
    name: 'kill_switch_active',
    help: '1 while the global kill switch blocks every action.',
    registers: [registry],
    collect() {
      this.set(state.killSwitchActive() ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'policy_version_info',
    help: 'The active policy bundle and scoring versions (value is always 1).',
    labelNames: ['policy_version', 'score_version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ policy_version: state.policyVersion(), score_version: state.scoreVersion() }, 1);
    },
  });

  new client.Gauge({
    name: 'policy_bundle_diverged_seconds',
    help: 'Seconds the policy files on disk have differed from the bundle in force (0 while they agree). Above a few seconds a change is not being applied: see policy_reload on /health.',
    registers: [registry],
    collect() {
      this.set(state.policyBundleDivergedSeconds?.() ?? 0);
    },
  });

  const reloads = new client.Counter({
    name: 'config_reload_total',
    help: 'Hot reloads of config files by result: failure means the edit was rejected and the last good version stays in force.',
    labelNames: ['file', 'result'] as const,
    registers: [registry],
  });
  const lastReload = new client.Gauge({
    name: 'config_last_reload_success',
    help: '0 while the newest edit of a config file is rejected (the last good version is in force), 1 once a good version is applied.',
    labelNames: ['file'] as const,
    registers: [registry],
  });

  const shadowMatches = new client.Counter({
    name: 'policy_shadow_matches_total',
    help: 'Shadow-mode policy rules that fired on recorded decisions (what they would have done, without changing it).',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const ruleMatches = new client.Counter({
    name: 'policy_rule_matches_total',
    help: 'Enforced policy rules that fired on recorded decisions, by effect.',
    labelNames: ['rule', 'effect'] as const,
    registers: [registry],
  });
  const ruleErrors = new client.Counter({
    name: 'policy_rule_errors_total',
    help: 'Policy rules whose condition could not be evaluated on a recorded decision (a missing field, a wrong type): they did not fire.',
    labelNames: ['rule'] as const,
    registers: [registry],
  });

  const onResponse = (message: unknown) => {
    const e = message as HttpResponseEvent;
    httpDuration.observe({ method: e.method, route: e.route, status: String(e.status) }, e.durationSeconds);
    if (!isProbe(e.route)) eventLoop.active();
  };
  const onDecision = (message: unknown) => {
    const e = message as DecisionEvent;
    decisions.inc({ stage: e.stage, outcome: e.outcome, tier: e.tier });
  };
  const onAppend = (message: unknown) => {
    const e = message as LedgerAppendEvent;
    appendDuration.observe({ store: e.store }, e.durationMs / 1000);
    batchSize.observe({ store: e.store }, e.batchSize);
  };
  const onAppendFailure = (message: unknown) => {
    appendFailures.inc({ reason: (message as LedgerAppendFailureEvent).reason });
  };
  const onReload = (message: unknown) => {
    const e = message as { file: string; result: 'success' | 'failure' };
    reloads.inc({ file: e.file, result: e.result });
    lastReload.set({ file: e.file }, e.result === 'success' ? 1 : 0);
  };
  const onRule = (message: unknown) => {
    const e = message as PolicyRuleEvent;
    if (e.result === 'error') ruleErrors.inc({ rule: e.rule });
    else if (e.shadow) shadowMatches.inc({ rule: e.rule });
    else ruleMatches.inc({ rule: e.rule, effect: e.effect });
  };
  const onExecution = (message: unknown) => {
    if ((message as { type?: string }).type === 'execution.outcome_unknown') outcomeUnknown.inc();
  };
  diagnostics_channel.subscribe('gateway:execution', onExecution);
  diagnostics_channel.subscribe('gateway:http:response', onResponse);
  diagnostics_channel.subscribe('gateway:policy:rule', onRule);
  diagnostics_channel.subscribe('gateway:config:reload', onReload);
  diagnostics_channel.subscribe('gateway:decision', onDecision);
  diagnostics_channel.subscribe('gateway:ledger:append', onAppend);
  diagnostics_channel.subscribe('gateway:ledger:append-failure', onAppendFailure);

  return {
    registry,
    render: () => registry.metrics(),
    close() {
      eventLoop.close();
      diagnostics_channel.unsubscribe('gateway:execution', onExecution);
      diagnostics_channel.unsubscribe('gateway:http:response', onResponse);
      diagnostics_channel.unsubscribe('gateway:decision', onDecision);
      diagnostics_channel.unsubscribe('gateway:ledger:append', onAppend);
      diagnostics_channel.unsubscribe('gateway:ledger:append-failure', onAppendFailure);
      diagnostics_channel.unsubscribe('gateway:config:reload', onReload);
      diagnostics_channel.unsubscribe('gateway:policy:rule', onRule);
    },
  };
}
