// Keeps one gateway process in step with the rest of its fleet when the ledger is PostgreSQL:
// a kill switch flipped by any process is applied here within a NOTIFY round trip, and a policy
// bundle applied elsewhere makes this process re-read its own policies/ (a shared volume or a
// ConfigMap whose watch event may come late). NOTIFY can be lost while a connection is down, so
// the kill switch is also re-read after every reconnect and every FLEET_SYNC_INTERVAL_MS.

import { randomUUID } from 'node:crypto';
import type { Config } from '../config/index.ts';
import { KILL_SWITCH_CHANNEL, listenForSignals, POLICY_VERSION_CHANNEL, type FleetSignals, type PostgresLedger } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import type { PolicyBundle, PolicyBundleWatch } from '../policy/index.ts';
import type { KillSwitch } from '../runtime/index.ts';
import { postgresConnection } from './open-ledger.ts';
import { REVIEW_SIGNAL_CHANNEL, type ReviewChanges } from '../oversight/index.ts';

export interface FleetSync {
  /** Tells the fleet this process now enforces `bundle` (call from the bundle watcher's onApply). */
  announcePolicy(bundle: PolicyBundle): void;
  /** True while the LISTEN connection is up (signals from the fleet arrive). */
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface FleetSyncOptions {
  config: Config;
  ledger: PostgresLedger;
  killSwitch: KillSwitch;
  policyWatch: PolicyBundleWatch;
  logger: Logger;
  /** Review items changed elsewhere wake this process's long-polls and held calls. */
  reviews?: ReviewChanges;
}

export function startFleetSync(options: FleetSyncOptions): FleetSync {
  const { killSwitch, policyWatch, logger } = options;
  const origin = randomUUID();

  const refreshKillSwitch = (why: string): void => {
    killSwitch.refresh().then(
      (changed) => { if (changed) logger.warn('kill switch changed by another gateway process', { active: killSwitch.active, via: why }); },
      (error: unknown) => logger.warn('kill switch re-read failed', { via: why, error: (error as Error).message }),
    );
  };

  const onPolicyVersion = (message: Record<string, unknown>): void => {
    if (message.origin === origin || message.version === policyWatch.current().version) return;
    policyWatch.reload();
    const now = policyWatch.current().version;
    if (now !== message.version) {
      logger.warn('another gateway process enforces a different policy version', { ours: now, theirs: message.version });
    }
  };

  const signals: FleetSignals = listenForSignals({
    connection: postgresConnection(options.config),
    schema: options.ledger.schema,
    channels: [KILL_SWITCH_CHANNEL, POLICY_VERSION_CHANNEL, REVIEW_SIGNAL_CHANNEL],
    onSignal: (channel, message) => {
      if (channel === KILL_SWITCH_CHANNEL) refreshKillSwitch('notify');
      else if (channel === POLICY_VERSION_CHANNEL) onPolicyVersion(message);
      else if (channel === REVIEW_SIGNAL_CHANNEL && message.origin !== origin && typeof message.envelope_id === 'string') {
        options.reviews?.changed(message.envelope_id);
      }
    },
    onResync: () => refreshKillSwitch('reconnect'),
    onError: (error) => logger.warn('fleet signal connection error', { error: error.message }),
  });
  if (options.reviews) {
    options.reviews.relay = (envelopeId) => {
      signals.notify(REVIEW_SIGNAL_CHANNEL, { envelope_id: envelopeId, origin }).catch((error: unknown) => {
        logger.warn('could not announce a review change to the fleet', { envelope_id: envelopeId, error: (error as Error).message });
      });
    };
  }
  const timer = setInterval(() => refreshKillSwitch('interval'), options.config.fleetSyncMs);
  timer.unref();

  return {
    announcePolicy(bundle) {
      signals.notify(POLICY_VERSION_CHANNEL, { version: bundle.version, origin }).catch((error: unknown) => {
        logger.warn('could not announce the policy version to the fleet', { version: bundle.version, error: (error as Error).message });
      });
    },
    get connected() {
      return signals.connected;
    },
    async close() {
      clearInterval(timer);
      await signals.close();
    },
  };
}
