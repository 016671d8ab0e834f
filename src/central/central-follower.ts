// Keeps a sidecar's kill switch and policy version in step with the central gateway. It
// long-polls GET /v1/internal/fleet/state with the last ETag: the central gateway answers the
// moment its kill switch changes (its own flip, or another replica's through PostgreSQL NOTIFY),
// so a flip reaches every sidecar within one round trip, over a keep-alive connection that is
// idle in between. Short polling would trade that delay for steady load from every pod; SSE would
// need a streaming client and still a re-sync on reconnect, which this loop does by design.

import type { Logger } from '../observability/index.ts';
import type { PolicyBundleWatch } from '../policy/index.ts';
import type { KillSwitch } from '../runtime/index.ts';
import type { CentralClient } from './central-client.ts';
import { INTERNAL_PATHS } from './internal-paths.ts';

export interface CentralFollower {
  /** True after the newest poll answered; false while the central gateway cannot be reached. */
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface FollowCentralOptions {
  client: CentralClient;
  killSwitch: KillSwitch;
  policyWatch: PolicyBundleWatch;
  logger: Logger;
  /** Seconds each long-poll waits (default 25, under common idle timeouts of proxies). */
  waitSeconds?: number;
  /** Longest pause between failed polls (default 5 s). */
  maxBackoffMs?: number;
}

export function followCentral(options: FollowCentralOptions): CentralFollower {
  const { client, killSwitch, policyWatch, logger } = options;
  const waitSeconds = options.waitSeconds ?? 25;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  let etag: string | undefined;
  let connected = false;
  let closed = false;
  let wake: (() => void) | undefined;
  const stop = new AbortController();

  const pause = (ms: number): Promise<void> => new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  });

  const apply = async (state: { policy_version?: unknown }): Promise<void> => {
    const before = killSwitch.active;
    await killSwitch.refresh();
    if (killSwitch.active !== before) logger.warn('kill switch changed by the central gateway', { active: killSwitch.active });
    const theirs = state.policy_version;
    if (typeof theirs === 'string' && theirs !== policyWatch.current().version) {
      policyWatch.reload();
      const ours = policyWatch.current().version;
      if (ours !== theirs) logger.warn('the central gateway enforces a different policy version', { ours, theirs });
    }
  };

  const loop = async (): Promise<void> => {
    let failures = 0;
    while (!closed) {
      try {
        const response = await client.call<{ policy_version?: unknown; etag?: string }>('GET', INTERNAL_PATHS.fleetState, {
          query: { wait: etag === undefined ? 0 : waitSeconds },
          headers: etag === undefined ? {} : { 'if-none-match': etag },
          extraTimeoutMs: waitSeconds * 1000,
          signal: stop.signal,
        });
        if (closed) return;
        if (response.status === 200) {
          await apply(response.body ?? {});
          etag = typeof response.body?.etag === 'string' ? response.body.etag : undefined;
        }
        if (!connected) logger.info('following the central gateway', { url: client.url, kill_switch_active: killSwitch.active });
        connected = true;
        failures = 0;
      } catch (error) {
        if (closed) return;
        if (connected || failures === 0) logger.warn('cannot follow the central gateway; retrying', { url: client.url, error: (error as Error).message });
        connected = false;
        // After an outage the state is read afresh (no ETag): a flip during it is not missed.
        etag = undefined;
        failures++;
        await pause(Math.min(maxBackoffMs, 100 * 2 ** Math.min(failures, 10)));
      }
    }
  };
  const running = loop();

  return {
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      stop.abort();
      wake?.();
      await running;
    },
  };
}
