// Composes the notifications of one gateway process: notifications.yaml (watched, last-good),
// the outbox in the ledger's database, the intake from the diagnostics channels, the delivery
// worker, the review.expiring scan and the metrics. A gateway without notifications.yaml runs
// all of it with no webhooks: nothing is enqueued until one is configured.

import path from 'node:path';
import type client from 'prom-client';
import type { Config } from '../config/index.ts';
import { watchConfigFile, type WatchedConfigFile } from '../config/index.ts';
import type { Ledger, PostgresConnectionOptions } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { startEventIntake, type EventIntake } from './event-intake.ts';
import { NO_NOTIFICATIONS, parseNotificationsFile, type NotificationSettings } from './notification-config.ts';
import { createNotificationMetrics } from './notification-metrics.ts';
import type { OutboxStore } from './outbox-store.ts';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import { openPostgresOutbox } from './postgres-outbox.ts';
import { scanExpiringReviews } from './review-expiring.ts';
import { catchUpFromLedger, eventsOfRow } from './ledger-catch-up.ts';
import { openSqliteOutbox } from './sqlite-outbox.ts';
import { createWebhookAgent } from './webhook-request.ts';

export const NOTIFICATIONS_FILE = 'notifications.yaml';
/** How often open review items are checked for an approaching deadline (and once at start). */
export const EXPIRING_SCAN_INTERVAL_MS = 15_000;
/** How often delivered and dead rows past retention_days are deleted (and once at start). */
export const PRUNE_INTERVAL_MS = 60 * 60_000;

export interface StartNotificationsOptions {
  config: Config;
  ledger: Ledger;
  /** PostgreSQL: the ledger's connection settings. */
  postgres?: PostgresConnectionOptions;
  registry: client.Registry;
  logger: Logger;
  version: string;
  env?: Record<string, string | undefined>;
  now?: () => number;
  debounceMs?: number;
}

export interface RunningNotifications {
  readonly store: OutboxStore;
  readonly file: WatchedConfigFile<NotificationSettings>;
  readonly worker: OutboxWorker;
  readonly intake: EventIntake;
  /** Runs the review.expiring scan now (it also runs every EXPIRING_SCAN_INTERVAL_MS). */
  scanExpiring(): Promise<{ ran: boolean; queued: number }>;
  /** Runs the start-up catch-up from the ledger now (tests; it runs once at start). */
  catchUp(): Promise<{ rows: number; queued: number }>;
  /**
   * Queues the events of rows this process appended for another (a central gateway's sidecars,
   * which have no outbox): read back by envelope id, announced as their publisher would have.
   */
  announceAppended(envelopeIds: readonly string[]): void;
  /** Resolves when every enqueue and delivery started so far has settled (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Throws ConfigFileError when notifications.yaml exists but is invalid: a gateway never starts on webhooks it cannot read. */
export function startNotifications(options: StartNotificationsOptions): RunningNotifications | undefined {
  const { config, logger } = options;
  // A sidecar recording through the central gateway has no database: the central gateway notifies.
  if (config.ledger.kind === 'central') return undefined;
  const now = options.now ?? Date.now;
  const filePath = path.join(config.configDir, NOTIFICATIONS_FILE);
  const relative = path.relative(process.cwd(), filePath);
  const display = relative.startsWith('..') || path.isAbsolute(relative) ? filePath : relative;
  const context = { env: options.env ?? process.env, production: config.serviceEnv === 'production' };
  let worker: OutboxWorker | undefined;
  const file = watchConfigFile({
    path: filePath, display, logger, debounceMs: options.debounceMs,
    parse: (text, shown) => parseNotificationsFile(text, shown, context),
    whenMissing: () => NO_NOTIFICATIONS,
    onApply: (settings) => {
      logger.info('notification webhooks in force', { webhooks: settings.webhooks.map((webhook) => webhook.name) });
      worker?.kick();
    },
  });
  let store: OutboxStore;
  try {
    store = config.ledger.kind === 'sqlite'
      ? openSqliteOutbox(config.ledger.path)
      : openPostgresOutbox(options.postgres!, (error) => logger.warn('notification outbox connection error', { error: error.message }));
  } catch (error) {
    file.close();
    throw error;
  }
  const metrics = createNotificationMetrics(options.registry, store);
  const agent = createWebhookAgent();
  worker = startOutboxWorker({
    store, settings: file.current, agent, logger, now, userAgent: `governance-gateway/${options.version}`,
    onSettled: (outcome) => metrics.settled(outcome),
  });
  const running = worker;
  const intake = startEventIntake({ store, ledger: options.ledger, settings: file.current, logger, now, onEnqueued: () => running.kick() });

  // Periodic and start-up jobs; close() waits for the ones under way.
  const jobs = new Set<Promise<unknown>>();
  const background = (name: string, work: () => Promise<unknown>): void => {
    const run = work().catch((error: unknown) => logger.warn(`notification ${name} failed`, { error: (error as Error).message }));
    jobs.add(run);
    void run.finally(() => jobs.delete(run));
  };
  const scanExpiring = () => scanExpiringReviews(options.ledger, file.current().delivery.expiring_before_seconds, now(), intake.submit);
  const catchUp = () => {
    const seconds = file.current().delivery.catch_up_seconds;
    return seconds === 0 ? Promise.resolve({ rows: 0, queued: 0 }) : catchUpFromLedger(options.ledger, now() - seconds * 1000, now, intake.submit);
  };
  const scan = (): void => {
    if (file.current().webhooks.length > 0) background('review.expiring scan', scanExpiring);
  };
  const prune = (): void => background('retention', async () => {
    const removed = await store.prune(now() - file.current().delivery.retention_days * 86_400_000);
    if (removed > 0) logger.info('notification deliveries past retention deleted', { removed });
  });
  const timer = setInterval(scan, EXPIRING_SCAN_INTERVAL_MS);
  timer.unref();
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  scan();
  prune();
  if (file.current().webhooks.length > 0) {
    logger.info('notifications enabled', { file: display, webhooks: file.current().webhooks.map((webhook) => webhook.name) });
    background('catch-up from the ledger', async () => {
      const report = await catchUp();
      if (report.queued > 0) logger.warn('notifications queued at start for events a previous process recorded but never queued', { ...report });
    });
  }
  const announceAppended = (envelopeIds: readonly string[]): void => {
    if (envelopeIds.length === 0 || file.current().webhooks.length === 0) return;
    background('announcement of appended rows', async () => {
      for (const id of envelopeIds) {
        const row = await options.ledger.get(id);
        for (const event of row ? eventsOfRow(row, now) : []) await intake.submit(event);
      }
    });
  };
  return {
    store, file, worker, intake, scanExpiring, catchUp, announceAppended,
    async idle() {
      await Promise.allSettled([...jobs]);
      await intake.idle();
      await running.idle();
    },
    async close() {
      clearInterval(timer);
      clearInterval(pruneTimer);
      file.close();
      await intake.close();
      await Promise.allSettled([...jobs]);
      await running.close();
      await agent.close();
      await store.close();
    },
  };
}
