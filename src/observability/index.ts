// Logs and metrics. The pipeline publishes diagnostics_channel events; this module turns them
// into Prometheus series, so observability stays out of the governance code.

export { createLogger, LOG_LEVELS } from './logger.ts';
export type { Logger, LogLevel } from './logger.ts';
export { createMetrics, decisionChannel, ledgerAppendChannel, ledgerAppendFailureChannel, policyRuleChannel } from './metrics.ts';
export type { DecisionEvent, GatewayState, LedgerAppendEvent, LedgerAppendFailureEvent, Metrics, PolicyRuleEvent } from './metrics.ts';
export { activeTraceparent, inServerSpan, inSpan, SPAN_NAMES, SpanKind, startTracing, tracingOn } from './tracing.ts';
export type { Tracing } from './tracing.ts';
