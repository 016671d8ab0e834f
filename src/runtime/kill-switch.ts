// The global kill switch. Its state is the newest `kill_switch` row in the ledger, so it survives
// restarts, and every flip is recorded with who and why before it takes effect.

import diagnostics_channel from 'node:diagnostics_channel';
import { eventEntry, type Ledger, type LedgerRow } from '../ledger/index.ts';

/** `kill_switch.changed` after the row that records a flip is durable (notifications subscribe). */
export const KILL_SWITCH_EVENTS_CHANNEL = 'gateway:kill_switch';
const killSwitchEvents = diagnostics_channel.channel(KILL_SWITCH_EVENTS_CHANNEL);
/** Every change of state, after its row is durable (set here, or read from the ledger): alerts subscribe. */
export const killSwitchStateChannel = diagnostics_channel.channel('gateway:kill-switch');

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
    return changed;
  }

  #apply(row: LedgerRow): void {
    if (row.seq <= this.#seq) return;
    this.#seq = row.seq;
    const was = this.#state.active;
    this.#state = stateFromRow(row);
    for (const listener of this.#listeners) listener(this.#state);
    if (killSwitchStateChannel.hasSubscribers && (was !== this.#state.active || this.#state.active)) {
      const { active, reason, updated_by, envelope_id } = this.#state;
      killSwitchStateChannel.publish({ active, reason, updated_by, envelope_id });
    }
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

  /** Records the change durably, then applies it. A ledger failure leaves the state unchanged. */
  async set(change: KillSwitchChange, versions: { policy_version: string; score_version: string }): Promise<KillSwitchState> {
    const row = await this.#ledger.append(eventEntry({
      kind: 'kill_switch', parentEnvelopeId: this.#state.envelope_id, agentId: null,
      action: change.active ? 'activate' : 'deactivate', versions,
      payload: { active: change.active, reason: change.reason, actor: change.actor },
    }));
    this.#apply(row);
    if (killSwitchEvents.hasSubscribers) {
      killSwitchEvents.publish({
        type: 'kill_switch.changed', envelope_id: row.envelope_id, at: row.created_at,
        active: change.active, reason: change.reason, actor: change.actor, by: change.actor,
      });
    }
    return this.#state;
  }
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
