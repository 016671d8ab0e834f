// Analytics and alerts in a gateway process: the insight connection, the periodic roll-up, its
// pruning (on the retention schedule) and alert evaluation (each by one replica at a time), the
// watched config/alerts.yaml, and the subscriptions to the events that always alert.

import path from 'node:path';
import type { Config } from '../config/index.ts';
import { watchConfigFile, type WatchedConfigFile } from '../config/watch-config-file.ts';
import type { Logger } from '../observability/index.ts';
import { AnalyticsQueries, keptFrom, Rollup, RollupPruning, WriterThreadRollup, type KeptFrom, type PruneReport, type RollupHorizons } from './analytics/index.ts';
import { AlertService, AlertStore, defaultAlertRules, parseAlertRules, type AlertRules, type AlertServiceDeps } from './alerts/index.ts';
import { openInsightDb } from './open-insight-db.ts';
import type { InsightDb } from './insight-db.ts';
import type { Ledger } from '../ledger/index.ts';

export interface RunningInsight {
  analytics: AnalyticsQueries;
  alerts: AlertService;
  alertStore: AlertStore;
  alertRules: WatchedConfigFile<AlertRules>;
  /** Deletes the roll-up rows older than each grain's horizon now (also every RETENTION_INTERVAL_MINUTES). */
  prune(): Promise<PruneReport>;
  close(): Promise<void>;
}

/** The roll-up horizons of a configuration. */
export function rollupHorizons(config: Config): RollupHorizons {
  return {
    minuteDays: config.insight.minuteRetentionDays, hourDays: config.insight.hourRetentionDays,
    dayDays: config.insight.dayRetentionDays, metadataYears: config.retention.metadataYears,
  };
}

export async function startInsight(options: {
  config: Config; logger: Logger; backlogLookbackMs: () => number; now?: () => number;
  conditions?: AlertServiceDeps['conditions'];
  /** The ledger's writer-thread roll-up (a SQLite file), used instead of rolling up on the insight connection. */
  runRollup?: Ledger['runRollup'];
}): Promise<RunningInsight | undefined> {
  const { config, logger } = options;
  const db: InsightDb | undefined = await openInsightDb(config, (error) => logger.warn('insight connection error', { error: error.message }));
  if (!db) return undefined;
  let alertRules: WatchedConfigFile<AlertRules>;
  try {
    alertRules = watchConfigFile({
      path: path.join(config.configDir, 'alerts.yaml'), parse: parseAlertRules, whenMissing: defaultAlertRules, logger,
      display: 'config/alerts.yaml',
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  // Between batches, the round pauses as long as the batch took: the ledger's commits (and on the
  // insight connection, the calls of this event loop) go first.
  const rollupOptions = { batchRows: config.insight.rollupBatchRows, pauseRatio: 1 };
  const rollup = options.runRollup ? new WriterThreadRollup(db, options.runRollup, rollupOptions) : new Rollup(db, rollupOptions);
  const now = options.now ?? Date.now;
  const horizons = rollupHorizons(config);
  const kept = (): KeptFrom => keptFrom(horizons, new Date(now()));
  const pruning = new RollupPruning(db);
  const prune = () => pruning.run(kept());
  const analytics = new AnalyticsQueries(db, rollup, { kept });
  const alertStore = new AlertStore(db);
  const alerts = new AlertService({
    db, store: alertStore, analytics, rules: () => alertRules.current(), backlogLookbackMs: options.backlogLookbackMs,
    now: options.now ? () => new Date(options.now!()) : undefined,
    onError: (error) => logger.warn('alert event not recorded', { error: error.message }),
    conditions: options.conditions,
  });
  alerts.listen();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const every = (seconds: number, name: string, job: () => Promise<unknown>) => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      const run = job().catch((error: unknown) => logger.warn(`${name} failed`, { error: (error as Error).message }));
      running.add(run);
      void run.finally(() => running.delete(run));
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  };
  every(config.insight.rollupIntervalSeconds, 'analytics roll-up', () => rollup.run());
  // Pruned on the ledger retention's schedule: retention deletes old ledger rows, this the
  // roll-up rows past each grain's horizon (never older than the ledger rows retention keeps).
  every(config.retention.intervalMinutes * 60, 'analytics roll-up pruning', async () => {
    const report = await prune();
    if (Object.values(report.rows_deleted).some((n) => n > 0)) logger.info('analytics roll-up pruned', { ...report });
  });
  every(config.insight.alertsIntervalSeconds, 'alert evaluation', async () => {
    const report = await alerts.evaluate();
    if (report.fired.length > 0 || report.resolved.length > 0) logger.info('alerts', { ...report });
  });
  return {
    analytics, alerts, alertStore, alertRules, prune,
    async close() {
      for (const timer of timers) clearInterval(timer);
      alerts.close();
      alertRules.close();
      await Promise.allSettled([...running]);
      await alerts.settled();
      await db.close();
    },
  };
}
