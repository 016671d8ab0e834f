// Wakes whoever waits on a review item (a long-poll, a held sidecar call) when a row is linked
// to it. In one process an event emitter does it; a PostgreSQL fleet relays each change over
// LISTEN/NOTIFY (fleet-sync.ts sets `relay` and calls `changed` for changes made elsewhere).
// A waiter always re-reads the ledger after waking: a signal says "look again", never "this is
// the state", so a lost NOTIFY costs at most the wait, never a wrong answer.

import { EventEmitter } from 'node:events';

export const REVIEW_SIGNAL_CHANNEL = 'gateway_review';

export class ReviewChanges {
  readonly #local = new EventEmitter();
  /** Sends a change to the other processes of the fleet (set when the ledger is PostgreSQL). */
  relay: ((envelopeId: string) => void) | undefined;

  constructor() {
    // One listener per waiting request: many may wait on the same busy item.
    this.#local.setMaxListeners(0);
  }

  /** A row was linked to `envelopeId` here: wake local waiters and tell the fleet. */
  publish(envelopeId: string): void {
    this.changed(envelopeId);
    this.relay?.(envelopeId);
  }

  /** A row was linked to `envelopeId` (here or elsewhere): wake local waiters. */
  changed(envelopeId: string): void {
    this.#local.emit(envelopeId);
  }

  /** Resolves true when `envelopeId` changes within `ms`, false at the timeout or on abort. */
  next(envelopeId: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (changed: boolean): void => {
        clearTimeout(timer);
        this.#local.off(envelopeId, onChange);
        signal?.removeEventListener('abort', onAbort);
        resolve(changed);
      };
      const onChange = (): void => done(true);
      const onAbort = (): void => done(false);
      const timer = setTimeout(() => done(false), ms);
      this.#local.on(envelopeId, onChange);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) done(false);
    });
  }
}
