// The global kill switch. Its state is the newest `kill_switch` row in the ledger, so it survives
// restarts, and every flip is recorded with who and why before it takes effect.

import diagnostics_channel from 'node:diagnostics_channel';
import { eventEntry, type Ledger, type LedgerRow } from '../ledger/index.ts';

/**
 * The kill switch's one diagnostics channel. A flip recorded by this process is announced once
 * its row is durable (`recorded_here: true`); a row read back from the ledger (another process
 * flipped it, or the state found at start) is announced when it changes the state or the switch
 * is on. Notifications take only the flips recorded here, so a fleet notifies once per flip;
 * alerts follow every announcement.
 */
export const KILL_SWITCH_EVENTS_CHANNEL = 'gateway:kill_switch';
const killSwitchEvents = diagnostics_channel.channel(KILL_SWITCH_EVENTS_CHANNEL);

export interface KillSwitchEvent {
  type: 'kill_switch.changed';
  /** The kill_switch row. */
  envelope_id: string;
  at: string;
  active: boolean;
  reason: string | null;
  actor: string | null;
  /** The actor again, under the name every notification event gives who did it. */
  by: string | null;
  recorded_here: boolean;
}

export interface KillSwitchState {
  active: boolean;
  reason: string | null;
  updated_by: string | null;
  updated_at: string | null;
  envelope_id: string | null;
}

export interface KillSwitchChange {
  active: boolean;
  reason: string;
  actor: string;
}

const INITIAL: KillSwitchState = Object.freeze({ active: false, reason: null, updated_by: null, updated_at: null, envelope_id: null });

export class KillSwitch {
  readonly #ledger: Ledger;
  #state: KillSwitchState = INITIAL;
  /** seq of the row the state came from: a re-read applies only a newer row. */
  #seq = 0;
  /** The flips of this process, one after another: each row's parent is the row before it. */
  #flips: Promise<unknown> = Promise.resolve();
  /** Called after every change of state (the central gateway wakes its sidecars' long-polls with it). */
  readonly #listeners = new Set<(state: KillSwitchState) => void>();

  private constructor(ledger: Ledger) {
    this.#ledger = ledger;
  }

  static async load(ledger: Ledger): Promise<KillSwitch> {
    const killSwitch = new KillSwitch(ledger);
    await killSwitch.refresh();
    return killSwitch;
  }

  /**
   * Re-reads the newest kill_switch row (another gateway process may have flipped it: the
   * PostgreSQL ledger announces that with NOTIFY, and a periodic re-read covers lost messages).
   * Returns true when the state changed.
   */
  async refresh(): Promise<boolean> {
    const row = await this.#ledger.latest('kill_switch');
    if (!row || row.seq <= this.#seq) return false;
    const changed = stateFromRow(row).active !== this.#state.active;
    this.#apply(row);
    if (changed || this.#state.active) announce(row, false);
    return changed;
  }

  #apply(row: LedgerRow): void {
    if (row.seq <= this.#seq) return;
    this.#seq = row.seq;
    this.#state = stateFromRow(row);
    for (const listener of this.#listeners) listener(this.#state);
  }

  /** Subscribes to state changes; returns the unsubscribe function. */
  onChange(listener: (state: KillSwitchState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get active(): boolean {
    return this.#state.active;
  }

  get state(): KillSwitchState {
    return this.#state;
  }

  /**
   * Records the change durably, then applies it, and answers the state this change recorded (its
   * row's envelope id, even when a later flip has already replaced it). A ledger failure leaves
   * the state unchanged. Concurrent flips are recorded one at a time, so each row names the row
   * before it as its parent (another process's flip may still fall between them).
   */
  set(change: KillSwitchChange, versions: { policy_version: string; score_version: string }): Promise<KillSwitchState> {
    const flip = this.#flips.then(async () => {
      const row = await this.#ledger.append(eventEntry({
        kind: 'kill_switch', parentEnvelopeId: this.#state.envelope_id, agentId: null,
        action: change.active ? 'activate' : 'deactivate', versions,
        payload: { active: change.active, reason: change.reason, actor: change.actor },
      }));
      this.#apply(row);
      // Even when a refresh applied this row first: only this process announces it as recorded here.
      announce(row, true);
      return stateFromRow(row);
    });
    this.#flips = flip.catch(() => undefined);
    return flip;
  }
}

function announce(row: LedgerRow, recordedHere: boolean): void {
  if (!killSwitchEvents.hasSubscribers) return;
  const state = stateFromRow(row);
  const event: KillSwitchEvent = {
    type: 'kill_switch.changed', envelope_id: row.envelope_id, at: row.created_at,
    active: state.active, reason: state.reason, actor: state.updated_by, by: state.updated_by, recorded_here: recordedHere,
  };
  killSwitchEvents.publish(event);
}

function stateFromRow(row: LedgerRow): KillSwitchState {
  const payload = row.payload ?? {};
  return Object.freeze({
    active: row.action === 'activate',
    reason: typeof payload.reason === 'string' ? payload.reason : null,
    updated_by: typeof payload.actor === 'string' ? payload.actor : null,
    updated_at: row.created_at,
    envelope_id: row.envelope_id,
  });
}
