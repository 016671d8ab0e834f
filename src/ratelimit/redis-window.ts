// The exact sliding-window log of sliding-window.ts, kept in Redis so every replica of a fleet
// counts against one window per key. Each decision is one server-side Lua script (EVALSHA; the
// client re-sends the script on NOSCRIPT), so reading the window and recording the request are
// atomic: two replicas can never both take the last slot. The script reads Redis's own clock,
// so replicas whose clocks disagree still share one window. A key's sorted set holds at most
// `threshold` members and expires one window after its newest request.

import { commonJsExports } from '../interop/commonjs.ts';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Admission } from './sliding-window.ts';

/** KEYS[1]: the bucket. ARGV: window ms, threshold, a member id unique to this request. */
export const ADMIT_SCRIPT = `
-- Before Redis 7, writes after TIME need effects replication (from 7 on it is the only mode).
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local threshold = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local counted = redis.call('ZCARD', KEYS[1])
if counted < threshold then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {1, threshold - counted - 1, tonumber(oldest[2]) + window - now}
end
if threshold <= 0 then
  return {0, 0, window}
end
local frees = redis.call('ZRANGE', KEYS[1], counted - threshold, counted - threshold, 'WITHSCORES')
return {0, 0, math.max(tonumber(frees[2]) + window - now, 1)}
`;

export interface RedisWindowOptions {
  url: string;
  keyPrefix: string;
  /** A decision Redis has not answered by then fails (the caller falls back). */
  timeoutMs: number;
}

export interface RedisWindow {
  /** Rejects when Redis cannot decide (down, timed out, not yet connected): never waits for a reconnect. */
  admit(key: string, windowMs: number, threshold: number): Promise<Admission>;
  /** The connection is up. */
  readonly ready: boolean;
  close(): Promise<void>;
}

type AdmitCommand = (key: string, windowMs: number, threshold: number, member: string) => Promise<[number, number, number]>;

export function openRedisWindow(options: RedisWindowOptions, onError: (error: Error) => void = () => {}): RedisWindow {
  // Loaded only when REDIS_URL is set: a gateway without it never pays for the client at start-up.
  const connecting = import('ioredis').then(commonJsExports).then(({ Redis: RedisClient }) => {
    const client = new RedisClient(options.url, {
      // Fail fast instead of queueing decisions while disconnected: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(options.timeoutMs, 1000),
      // No INFO ready check: ioredis bounds it by commandTimeout too, so on a busy machine the
      // handshake itself timed out, reported an error and reconnected though no decision failed.
      // A Redis still loading its data answers a decision with LOADING, which falls back (counted).
      enableReadyCheck: false,
      // Keep reconnecting (at most every 2 s) for as long as the gateway runs.
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
    client.on('error', onError);
    client.defineCommand('gatewayAdmit', { numberOfKeys: 1, lua: ADMIT_SCRIPT });
    client.once('ready', () => { everReady = true; });
    if (closed) client.disconnect();
    redis = client;
    return client;
  });
  let redis: Redis | undefined;
  let closed = false;
  const instance = randomUUID();
  let sequence = 0;
  // Until the first connection is up, a decision waits for it (at most timeoutMs): the requests
  // right after start-up are not fallback decisions just because the handshake is under way.
  let everReady = false;
  const firstReady = connecting.then((client) => client.status === 'ready' ? undefined : new Promise<void>((resolve) => client.once('ready', () => resolve())));
  const waitForFirstConnection = (): Promise<void> => new Promise((resolve) => {
    const timer = setTimeout(resolve, options.timeoutMs);
    void firstReady.then(() => { clearTimeout(timer); resolve(); });
  });

  return {
    async admit(key, windowMs, threshold) {
      if (!everReady) await waitForFirstConnection();
      const client = redis ?? await connecting;
      const admitCommand = (client as unknown as { gatewayAdmit: AdmitCommand }).gatewayAdmit;
      const [allowed, remaining, resetMs] = await admitCommand.call(client, `${options.keyPrefix}${key}`, windowMs, threshold, `${instance}:${++sequence}`);
      return { allowed: allowed === 1, threshold, remaining: Number(remaining), resetMs: Number(resetMs) };
    },
    get ready() {
      return redis?.status === 'ready';
    },
    async close() {
      closed = true;
      redis?.disconnect();
    },
  };
}
