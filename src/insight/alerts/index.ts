// Alerting on fleet figures and on events that always alert: rules from config/alerts.yaml,
// evaluated by one replica at a time, state in the shared store, transitions on `gateway:alert`.

export { AlertService, type AlertServiceDeps, type EvaluationReport } from './alert-service.ts';
export { AlertStore, type AlertRecord, type Firing } from './alert-store.ts';
export { parseAlertRules, defaultAlertRules, ALERT_EVENTS, ALERT_FIGURES, SEVERITIES, type AlertRules, type ThresholdRule, type EventRule } from './alert-rules.ts';
export { judgeRule, figureValue } from './alert-evaluation.ts';
export { ALERT_CHANNEL, alertChannel, publishAlertEvent, CHAIN_VERIFY_CHANNEL, type AlertEvent } from './alert-events.ts';
