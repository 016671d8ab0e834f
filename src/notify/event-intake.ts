// Turns what the sources publish into outbox rows: subscribes to every channel of the sources
// table, converts each message to an event, and enqueues one delivery per webhook that wants
// it. Ids are derived from the source row, so a second enqueue of the same happening adds
// nothing. The diagnostics channels are process-wide: an event whose source row is not in this
// gateway's ledger (another gateway in the same process, as in tests) is not this gateway's.

import diagnostics_channel from 'node:diagnostics_channel';
import type { Ledger } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { webhooksFor, type NotificationSettings } from './notification-config.ts';
import { deliveryIdFor, type NotificationEvent } from './notification-event.ts';
import { fromMessage, NOTIFICATION_SOURCES, type NotificationSource } from './notification-sources.ts';
import type { NewDelivery, OutboxStore } from './outbox-store.ts';

export interface EventIntakeDeps {
  store: OutboxStore;
  ledger: Ledger;
  settings(): NotificationSettings;
  logger: Logger;
  /** After rows were added (wakes the worker). */
  onEnqueued(count: number): void;
  now?: () => number;
  sources?: readonly NotificationSource[];
}

export interface EventIntake {
  /** Enqueues an event directly (the review.expiring scan); resolves with the rows added. */
  submit(event: NotificationEvent): Promise<number>;
  /** Resolves when every enqueue started so far has finished (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startEventIntake(deps: EventIntakeDeps): EventIntake {
  const now = deps.now ?? Date.now;
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  const submit = async (event: NotificationEvent): Promise<number> => {
    const webhooks = webhooksFor(deps.settings(), event);
    if (webhooks.length === 0) return 0;
    if (event.source_envelope_id !== null && (await deps.ledger.get(event.source_envelope_id)) === undefined) return 0;
    const payload = JSON.stringify(event);
    const rows: NewDelivery[] = webhooks.map((webhook) => ({
      id: deliveryIdFor(event.id, webhook.name), event_id: event.id, event: event.type, webhook: webhook.name, source_id: event.source_envelope_id, payload,
    }));
    const added = await deps.store.enqueue(rows, now());
    if (added > 0) deps.onEnqueued(added);
    return added;
  };

  const track = (work: Promise<unknown>): void => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const listeners = (deps.sources ?? NOTIFICATION_SOURCES).map((source) => {
    const listener = (message: unknown): void => {
      if (closed || message === null || typeof message !== 'object') return;
      let event: NotificationEvent | undefined;
      try {
        event = (source.toEvent ?? fromMessage)(message as Record<string, unknown>, now);
      } catch (error) {
        deps.logger.warn('notification source sent a message that cannot be read', { channel: source.channel, error: (error as Error).message });
        return;
      }
      if (!event) return;
      const type = event.type;
      track(submit(event).catch((error: unknown) => {
        deps.logger.error('notification could not be queued', { event: type, channel: source.channel, error: (error as Error).message });
      }));
    };
    diagnostics_channel.subscribe(source.channel, listener);
    return { channel: source.channel, listener };
  });

  return {
    submit: (event) => {
      const work = submit(event);
      track(work.catch(() => undefined));
      return work;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      closed = true;
      for (const { channel, listener } of listeners) diagnostics_channel.unsubscribe(channel, listener);
      await Promise.allSettled([...pending]);
    },
  };
}
