// The alerting loop: every interval one replica (advisory lock) brings the roll-up up to date,
// reads each rule's window, fires or resolves, and publishes the transitions on `gateway:alert`.
// Events that always alert (kill switch, chain verification, rejected reloads) are applied at
// once by the replica that sees them; the store's one-firing-per-rule index de-duplicates.

import diagnostics_channel from 'node:diagnostics_channel';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../config/reload-core.ts';
import type { AnalyticsQueries, ReviewBacklog } from '../analytics/index.ts';
import { publishAlertEvent, CHAIN_VERIFY_CHANNEL, type ChainVerifyEvent } from './alert-events.ts';
import { KILL_SWITCH_EVENTS_CHANNEL, type KillSwitchEvent } from '../../runtime/index.ts';
import { judgeRule } from './alert-evaluation.ts';
import type { AlertEvent as AlertEventName, AlertRules } from './alert-rules.ts';
import type { AlertRecord, AlertStore, Firing } from './alert-store.ts';
import type { InsightDb } from '../insight-db.ts';

export interface AlertServiceDeps {
  db: InsightDb;
  store: AlertStore;
  analytics: AnalyticsQueries;
  rules: () => AlertRules;
  now?: () => Date;
  /** How far back open review items are looked for (the longest review SLA plus a margin). */
  backlogLookbackMs: () => number;
  /**
   * Event conditions as this process sees them now (the kill switch), reconciled every round: an
   * event missed while no replica listened (a restart) still fires or resolves.
   */
  conditions?: () => Array<{ name: AlertEventName; firing: boolean; summary: string }>;
  onError?: (error: Error) => void;
}

export interface EvaluationReport {
  ran: boolean;
  fired: string[];
  resolved: string[];
}

export class AlertService {
  readonly #deps: AlertServiceDeps;
  readonly #now: () => Date;
  readonly #unsubscribe: Array<() => void> = [];
  #pending: Promise<unknown> = Promise.resolve();

  constructor(deps: AlertServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /** One evaluation round of the threshold rules (skipped while another replica runs one). */
  async evaluate(): Promise<EvaluationReport> {
    // Rolled up first (its own lock and connection), so the windows count every recorded row.
    await this.#deps.analytics.rollup.run();
    const result = await this.#deps.db.exclusive('alert_evaluation', async () => {
      const now = this.#now();
      const report = { fired: [] as string[], resolved: [] as string[] };
      const { rules } = this.#deps.rules();
      let backlog: ReviewBacklog | undefined;
      const windows = new Map<number, Awaited<ReturnType<AnalyticsQueries['figures']>>['figures']>();
      for (const rule of rules) {
        if (!windows.has(rule.window_seconds)) {
          const period = { from: new Date(now.getTime() - rule.window_seconds * 1000), to: now };
          windows.set(rule.window_seconds, (await this.#deps.analytics.figures({ period }, 'minute')).figures);
        }
        backlog ??= await this.#deps.analytics.backlog({ now, lookbackMs: this.#deps.backlogLookbackMs() });
        const verdict = judgeRule(rule, windows.get(rule.window_seconds)!, backlog);
        if (verdict.breached) {
          if (await this.#fire({ rule: rule.name, severity: rule.severity, summary: rule.summary, value: verdict.value, threshold: rule.above }, now)) report.fired.push(rule.name);
        } else if (await this.#resolve(rule.name, now, verdict.value)) {
          report.resolved.push(rule.name);
        }
      }
      for (const condition of this.#deps.conditions?.() ?? []) {
        const rule = this.#deps.rules().events.find((e) => e.name === condition.name);
        if (condition.firing && rule?.enabled) {
          if (await this.#fire({ rule: condition.name, severity: rule.severity, summary: condition.summary, value: null, threshold: null }, now)) report.fired.push(condition.name);
        } else if (await this.#resolve(condition.name, now, null)) {
          report.resolved.push(condition.name);
        }
      }
      // A rule removed from alerts.yaml does not leave its alert firing forever.
      const names = new Set<string>([...rules.map((r) => r.name), ...this.#deps.rules().events.map((e) => e.name)]);
      for (const alert of await this.#deps.store.active()) {
        if (!names.has(alert.rule) && await this.#resolve(alert.rule, now, null)) report.resolved.push(alert.rule);
      }
      return report;
    });
    return result.ran ? { ran: true, ...result.value } : { ran: false, fired: [], resolved: [] };
  }

  /** Applies an always-alerting event: fire (with its summary) or resolve. */
  async event(name: AlertEventName, firing: boolean, summary: string): Promise<void> {
    const rule = this.#deps.rules().events.find((e) => e.name === name);
    if (!rule) return;
    const now = this.#now();
    if (firing && rule.enabled) await this.#fire({ rule: name, severity: rule.severity, summary, value: null, threshold: null }, now);
    else await this.#resolve(name, now, null);
  }

  /** Subscribes to the channels of the always-alerting events; `close()` unsubscribes. */
  listen(): void {
    const on = <T>(channel: string, handler: (event: T) => Promise<void>) => {
      const listener = (message: unknown) => this.#track(() => handler(message as T));
      diagnostics_channel.subscribe(channel, listener);
      this.#unsubscribe.push(() => diagnostics_channel.unsubscribe(channel, listener));
    };
    on<KillSwitchEvent>(KILL_SWITCH_EVENTS_CHANNEL, (e) => this.event('kill_switch_active', e.active,
      `Kill switch on${e.actor ? ` (by ${e.actor})` : ''}: ${e.reason ?? 'no reason given'}`));
    on<ChainVerifyEvent>(CHAIN_VERIFY_CHANNEL, (e) => this.event('chain_verification_failed', !e.valid,
      `Ledger chain verification failed: ${e.problem ?? 'unknown problem'} at seq ${e.first_bad_seq ?? '?'}${e.detail ? ` (${e.detail})` : ''}`));
    // Resolved once every file whose edit was rejected has had a good reload since.
    const rejected = new Set<string>();
    on<ConfigReloadEvent>(CONFIG_RELOAD_CHANNEL, (e) => {
      if (e.result === 'failure') rejected.add(e.path); else rejected.delete(e.path);
      return this.event('config_reload_rejected', rejected.size > 0,
        `Rejected edit of ${e.file}; the last good version stays in force: ${e.issues[0]?.message ?? ''}`);
    });
  }

  /** Waits for event handling under way (tests, shutdown). */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.#pending; await seen.catch(() => undefined); } while (seen !== this.#pending);
  }

  close(): void {
    for (const stop of this.#unsubscribe.splice(0)) stop();
  }

  /**
   * Events are handled one after the other, each once the one before is done, and a failure is
   * reported, never thrown: the handler starts inside the chain, so its rejection always has a
   * handler (started at once, one that failed while an earlier one was still running was an
   * unhandled rejection that brought the process down).
   */
  #track(handle: () => Promise<void>): void {
    const run = this.#pending.then(handle).catch((error: unknown) => this.#deps.onError?.(error as Error));
    this.#pending = run;
  }

  async #fire(firing: Firing, now: Date): Promise<boolean> {
    const { alert, started } = await this.#deps.store.fire(firing, now);
    if (started && !(await this.#deps.store.silencedUntil(firing.rule, now))) this.#publish('alert.firing', alert, now);
    return started;
  }

  async #resolve(rule: string, now: Date, value: number | null): Promise<boolean> {
    const alert = await this.#deps.store.resolve(rule, now, value);
    if (!alert) return false;
    if (!(await this.#deps.store.silencedUntil(rule, now))) this.#publish('alert.resolved', alert, now);
    return true;
  }

  #publish(type: 'alert.firing' | 'alert.resolved', alert: AlertRecord, now: Date): void {
    publishAlertEvent({ type, alert_id: alert.id, rule: alert.rule, severity: alert.severity, summary: alert.summary, value: alert.value, threshold: alert.threshold, at: now.toISOString() });
  }
}
