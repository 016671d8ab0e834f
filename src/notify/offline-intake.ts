// Notifications from a short-lived command (`govgate verify`): it reads notifications.yaml once
// and writes matching events to the outbox while it runs; a serving gateway on the same database
// delivers them. No worker here: a CLI that exits must not hold deliveries half-sent.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.ts';
import type { Ledger, PostgresConnectionOptions } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { startEventIntake } from './event-intake.ts';
import { parseNotificationsFile, type NotificationSettings } from './notification-config.ts';
import { openPostgresOutbox } from './postgres-outbox.ts';
import { openSqliteOutbox } from './sqlite-outbox.ts';
import { NOTIFICATIONS_FILE } from './start-notifications.ts';

export interface OfflineIntake {
  /** Waits for the enqueues started so far, then closes. */
  close(): Promise<void>;
}

/** undefined when there is nothing to do: no database of our own, or no notifications.yaml. */
export function openOfflineIntake(config: Config, ledger: Ledger, postgres: PostgresConnectionOptions | undefined, logger: Logger): OfflineIntake | undefined {
  if (config.ledger.kind === 'central') return undefined;
  const filePath = path.join(config.configDir, NOTIFICATIONS_FILE);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch {
    return undefined;
  }
  let settings: NotificationSettings;
  try {
    settings = parseNotificationsFile(text, filePath, { env: process.env, production: config.serviceEnv === 'production' });
  } catch (error) {
    // The command's own job comes first: a broken notifications.yaml costs the notification only.
    logger.warn('notifications.yaml is invalid; nothing will be queued', { error: (error as Error).message });
    return undefined;
  }
  if (settings.webhooks.length === 0) return undefined;
  const store = config.ledger.kind === 'sqlite'
    ? openSqliteOutbox(config.ledger.path)
    : openPostgresOutbox(postgres!, (error) => logger.warn('notification outbox connection error', { error: error.message }));
  const intake = startEventIntake({ store, ledger, settings: () => settings, logger, onEnqueued: () => {} });
  return {
    async close() {
      await intake.close();
      await store.close();
    },
  };
}
