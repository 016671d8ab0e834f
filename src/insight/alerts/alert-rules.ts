// config/alerts.yaml: threshold rules over windows of the analytics figures, and the events that
// always alert. Validated with file:line:column for every problem (one edit fixes them all).

import { ConfigFileError, type ConfigFileIssue } from '../../config/config-file-error.ts';
import { parseLocatedYaml, type FieldPath } from '../../config/located-yaml.ts';
import { parseDurationSeconds } from '../../policy/review-duration.ts';

/** The figures a threshold rule may watch (analytics over the rule's window, or now). */
export const ALERT_FIGURES = {
  block_rate: 'share of decisions that blocked (0..1)',
  escalation_rate: 'share of decisions escalated or sent for evidence (0..1)',
  review_backlog: 'open review items now',
  review_overdue: 'open review items past their deadline now',
  review_deadline_breaches: 'review items expired unanswered in the window',
  judge_failures: 'LLM judge calls that gave no usable answer in the window',
  judge_failure_rate: 'share of judge calls that failed (0..1)',
  upstream_error_rate: 'share of upstream calls that failed (5xx, timeout, network) (0..1)',
  upstream_errors: 'upstream calls that failed in the window',
  outcome_unknown: 'calls whose result is unknown (outcome_unknown rows) in the window',
} as const;
export type AlertFigure = keyof typeof ALERT_FIGURES;

/** Events that alert whenever they happen, with no threshold. */
export const ALERT_EVENTS = {
  kill_switch_active: 'the global kill switch is on (resolves when it is turned off)',
  chain_verification_failed: 'a ledger chain verification found a problem (resolves on the next valid verification)',
  config_reload_rejected: 'an edit of the policies or a config file was rejected; the last good version is in force (resolves on the next good reload)',
} as const;
export type AlertEvent = keyof typeof ALERT_EVENTS;

export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface ThresholdRule {
  name: string;
  figure: AlertFigure;
  /** Fires when the figure is above this (strictly). */
  above: number;
  window_seconds: number;
  /** Rate figures: windows with fewer decisions (or calls) than this do not fire. */
  min_samples: number;
  severity: Severity;
  summary: string;
}

export interface EventRule {
  name: AlertEvent;
  severity: Severity;
  enabled: boolean;
}

export interface AlertRules {
  rules: readonly ThresholdRule[];
  events: readonly EventRule[];
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** Windows longer than this would read more than the minute table holds per query. */
export const MAX_WINDOW_SECONDS = 2 * 24 * 3600;

export function defaultAlertRules(): AlertRules {
  return { rules: [], events: (Object.keys(ALERT_EVENTS) as AlertEvent[]).map((name) => ({ name, severity: 'critical', enabled: true })) };
}

export function parseAlertRules(text: string, file: string): AlertRules {
  const doc = parseLocatedYaml(text, file);
  const issues: ConfigFileIssue[] = [];
  const fail = (path: FieldPath, message: string, at: 'key' | 'value' = 'value') => { issues.push(doc.issue(path, message, at)); };
  const root = (doc.value ?? {}) as Record<string, unknown>;
  if (typeof root !== 'object' || Array.isArray(root)) throw new ConfigFileError([doc.issue([], 'must be a mapping with rules and events')]);
  for (const key of doc.keys([])) if (key !== 'rules' && key !== 'events') fail([key], `unknown key (expected rules, events)`, 'key');

  const rules: ThresholdRule[] = [];
  const rawRules = root.rules ?? [];
  if (!Array.isArray(rawRules)) fail(['rules'], 'must be a list of rules');
  else rawRules.forEach((raw, i) => {
    const at = (...path: Array<string | number>): FieldPath => ['rules', i, ...path];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) { fail(at(), 'must be a mapping'); return; }
    const r = raw as Record<string, unknown>;
    const allowed = ['name', 'figure', 'above', 'window', 'min_samples', 'severity', 'summary'];
    for (const key of doc.keys(at())) if (!allowed.includes(key)) fail(at(key), `unknown key (expected ${allowed.join(', ')})`, 'key');
    if (typeof r.name !== 'string' || !NAME.test(r.name)) fail(at('name'), 'must be a name of lower-case letters, digits and _ (up to 63)');
    else if (rules.some((rule) => rule.name === r.name) || r.name in ALERT_EVENTS) fail(at('name'), `"${r.name}" is already used`);
    if (typeof r.figure !== 'string' || !(r.figure in ALERT_FIGURES)) fail(at('figure'), `must be one of: ${Object.keys(ALERT_FIGURES).join(', ')}`);
    if (typeof r.above !== 'number' || !Number.isFinite(r.above) || r.above < 0) fail(at('above'), 'must be a number >= 0');
    else if (String(r.figure).endsWith('_rate') && r.above >= 1) fail(at('above'), 'a rate is a share from 0 to 1: must be below 1');
    const window = typeof r.window === 'string' ? parseDurationSeconds(r.window) : undefined;
    if (window === undefined || window < 60 || window > MAX_WINDOW_SECONDS || window % 60 !== 0) fail(at('window'), 'must be a duration of whole minutes from 1m to 2d (e.g. 15m, 1h)');
    const minSamples = r.min_samples ?? 1;
    if (!Number.isSafeInteger(minSamples) || (minSamples as number) < 0) fail(at('min_samples'), 'must be an integer >= 0');
    const severity = r.severity ?? 'warning';
    if (!(SEVERITIES as readonly unknown[]).includes(severity)) fail(at('severity'), `must be one of: ${SEVERITIES.join(', ')}`);
    if (r.summary !== undefined && (typeof r.summary !== 'string' || r.summary.length === 0 || r.summary.length > 500)) fail(at('summary'), 'must be text of 1 to 500 characters');
    if (issues.length === 0) {
      rules.push({
        name: r.name as string, figure: r.figure as AlertFigure, above: r.above as number, window_seconds: window!,
        min_samples: minSamples as number, severity: severity as Severity,
        summary: (r.summary as string | undefined) ?? `${r.figure} above ${r.above} over ${r.window}`,
      });
    }
  });

  const events = defaultAlertRules().events.map((event) => ({ ...event }));
  const rawEvents = root.events ?? {};
  if (typeof rawEvents !== 'object' || rawEvents === null || Array.isArray(rawEvents)) fail(['events'], 'must be a mapping of event name to severity (or off)');
  else for (const key of doc.keys(['events'])) {
    const event = events.find((e) => e.name === key);
    if (!event) { fail(['events', key], `unknown event (expected ${Object.keys(ALERT_EVENTS).join(', ')})`, 'key'); continue; }
    const value = (rawEvents as Record<string, unknown>)[key];
    if (value === 'off' || value === false) event.enabled = false;
    else if ((SEVERITIES as readonly unknown[]).includes(value)) event.severity = value as Severity;
    else fail(['events', key], `must be one of: ${SEVERITIES.join(', ')}, off`);
  }
  if (issues.length > 0) throw new ConfigFileError(issues);
  return Object.freeze({ rules: Object.freeze(rules), events: Object.freeze(events) });
}
