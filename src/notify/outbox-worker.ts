// Delivers the outbox: claims due rows (at most max_in_flight at once in this process), sends
// each signed, and records the outcome. A failure is tried again after an exponential backoff
// with full jitter (random between 0 and the capped exponential, so receivers coming back from
// an outage are not hit by every gateway at the same instant); after max_attempts it is dead.

import type { LazyAgent } from '../http/lazy-undici.ts';
import type { Logger } from '../observability/index.ts';
import { startPollLoop } from '../workers/index.ts';
import type { NotificationSettings } from './notification-config.ts';
import type { NotificationEvent } from './notification-event.ts';
import type { Attempt, Delivery, OutboxStore } from './outbox-store.ts';
import { sendWebhook } from './webhook-request.ts';

export interface OutboxWorkerDeps {
  store: OutboxStore;
  settings(): NotificationSettings;
  agent: LazyAgent;
  logger: Logger;
  userAgent: string;
  /** After each settled try (metrics). */
  onSettled?(outcome: Attempt['outcome'], delivery: Delivery): void;
  now?: () => number;
  random?: () => number;
}

export interface OutboxWorker {
  /** Look for due rows now (after an enqueue or a requeue in this process). */
  kick(): void;
  /** Resolves when nothing is claimed or in flight (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Backoff before the try after `attempts` failed ones: random(0, min(max, initial * 2^(attempts-1))). */
export function fullJitterBackoff(attempts: number, initialMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}

export function startOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  /** Claims what the free delivery slots can take; true after a full batch (more may be due). */
  const poll = async (): Promise<boolean> => {
    const { delivery } = deps.settings();
    const free = delivery.max_in_flight - running.size;
    if (free <= 0) return false;
    // The lease outlives the request's timeout: a row is never taken from a process still trying it.
    const rows = await deps.store.claim(free, now(), delivery.timeout_ms + 30_000);
    for (const row of rows) {
      const task = deliver(row).catch((error: unknown) => {
        deps.logger.error('notification delivery failed unexpectedly', { delivery_id: row.id, error: (error as Error).message });
      }).finally(() => {
        running.delete(task);
        loop.wake();
      });
      running.add(task);
    }
    return rows.length === free;
  };

  async function deliver(row: Delivery): Promise<void> {
    const { webhooks, delivery } = deps.settings();
    const webhook = webhooks.find((candidate) => candidate.name === row.webhook);
    if (!webhook) {
      // Removed from notifications.yaml: nobody to send it to. Kept, dead, for the record.
      await settle(row, { outcome: 'dead', status: null, error: `webhook "${row.webhook}" is no longer in notifications.yaml`, next_attempt_at: now() });
      return;
    }
    let event: NotificationEvent;
    try {
      event = JSON.parse(row.payload) as NotificationEvent;
    } catch {
      await settle(row, { outcome: 'dead', status: null, error: 'the stored event is not valid JSON', next_attempt_at: now() });
      return;
    }
    const result = await sendWebhook(deps.agent, webhook, event, row.id, delivery.timeout_ms, deps.userAgent, stopping.signal);
    if (result.ok) {
      await settle(row, { outcome: 'delivered', status: result.status, error: null, next_attempt_at: now() });
      return;
    }
    if (stopping.signal.aborted) {
      // Not the receiver's fault: due again at once, for the next process that starts.
      await settle(row, { outcome: 'failed', status: null, error: result.error, next_attempt_at: now() }, false);
      return;
    }
    const dead = row.attempts >= delivery.max_attempts;
    const next = dead ? now() : now() + fullJitterBackoff(row.attempts, delivery.initial_backoff_ms, delivery.max_backoff_ms, random);
    await settle(row, { outcome: dead ? 'dead' : 'failed', status: result.status, error: result.error, next_attempt_at: next });
    (dead ? deps.logger.error : deps.logger.warn)(dead ? 'notification delivery is dead after its last try' : 'notification delivery failed; will retry', {
      delivery_id: row.id, webhook: row.webhook, event: row.event, attempts: row.attempts, error: result.error, ...(dead ? {} : { retry_in_ms: next - now() }),
    });
  }

  async function settle(row: Delivery, attempt: Attempt, count = true): Promise<void> {
    if (!(await deps.store.settle(row.id, row.locked_until ?? 0, attempt, now()))) {
      deps.logger.warn('notification delivery outlived its lease; another process has it now', { delivery_id: row.id, outcome: attempt.outcome });
      return;
    }
    if (count) deps.onSettled?.(attempt.outcome, row);
  }

  const loop = startPollLoop({
    poll,
    intervalMs: () => deps.settings().delivery.poll_ms,
    onError: (error) => deps.logger.warn('notification outbox cannot be claimed', { error: error.message }),
  });
  return {
    kick: loop.wake,
    async idle() {
      while (loop.inProgress || running.size > 0) await Promise.all([loop.inProgress, ...running]);
    },
    async close() {
      const stopped = loop.stop();
      stopping.abort();
      await Promise.allSettled([stopped, ...running]);
    },
  };
}
