// Decides admissions for a fleet: the Redis window when it answers, otherwise the configured
// fallback. `local` counts in this process on ceil(threshold / RATE_LIMIT_FLEET_REPLICAS), so a
// fleet of that many replicas admits about the threshold in total while Redis is away (never
// more than one slot per replica above it); `fail_closed` refuses with 503 RATE_LIMIT_UNAVAILABLE
// (not 429: the caller did not exceed its limit, the limiter cannot tell). Every fallback decision
// is counted (rate_limit_fallback_decisions_total) and /health shows the limiter's state.

import { ApiError } from '../http/index.ts';
import type { Logger } from '../observability/index.ts';
import { SlidingWindowLimiter, type Admission } from './sliding-window.ts';
import { openRedisWindow, type RedisWindow } from './redis-window.ts';
import { rateLimitFallbackChannel, type RateLimitFallbackEvent } from './rate-limit-metrics.ts';

export type RedisFallback = 'local' | 'fail_closed';

export interface SharedLimiterOptions {
  url: string;
  keyPrefix: string;
  fallback: RedisFallback;
  fleetReplicas: number;
  timeoutMs: number;
  maxKeys: number;
  logger: Logger;
}

export interface SharedLimiterStatus {
  store: 'redis';
  redis_reachable: boolean;
  fallback: RedisFallback;
  fleet_replicas: number;
  /** Decisions taken without Redis since start. */
  fallback_decisions: number;
  /** The newest reason Redis could not decide, or null. */
  last_error: string | null;
}

export interface SharedLimiter {
  admit(key: string, now: number, windowMs: number, threshold: number): Promise<Admission>;
  status(): SharedLimiterStatus;
  close(): Promise<void>;
}

/** The per-process share of a fleet-wide threshold while Redis is unreachable. */
export function localShare(threshold: number, replicas: number): number {
  return threshold <= 0 ? 0 : Math.ceil(threshold / replicas);
}

export function createSharedLimiter(options: SharedLimiterOptions, window?: RedisWindow): SharedLimiter {
  const { logger } = options;
  let lastError: string | null = null;
  let reachable = true;
  let fallbackDecisions = 0;
  const noteError = (error: Error): void => {
    const message = error.message || String(error);
    if (reachable || message !== lastError) logger.warn('rate limit store (Redis) unavailable; using the fallback', { fallback: options.fallback, error: message });
    lastError = message;
    reachable = false;
  };
  const redis = window ?? openRedisWindow({ url: options.url, keyPrefix: options.keyPrefix, timeoutMs: options.timeoutMs }, noteError);
  const local = new SlidingWindowLimiter(options.maxKeys);

  return {
    async admit(key, now, windowMs, threshold) {
      try {
        const admission = await redis.admit(key, windowMs, threshold);
        if (!reachable) logger.info('rate limit store (Redis) reachable again', {});
        reachable = true;
        return admission;
      } catch (error) {
        noteError(error as Error);
        fallbackDecisions++;
        if (rateLimitFallbackChannel.hasSubscribers) rateLimitFallbackChannel.publish({ fallback: options.fallback } satisfies RateLimitFallbackEvent);
        if (options.fallback === 'fail_closed') {
          throw new ApiError('RATE_LIMIT_UNAVAILABLE', `The shared rate limiter (Redis) cannot decide right now (${lastError}); RATE_LIMIT_REDIS_FALLBACK=fail_closed refuses until it can.`, {
            headers: { 'retry-after': '1' },
          });
        }
        // The headers and the 429 then name the share: it is the limit this process enforces.
        return local.admit(key, now, windowMs, localShare(threshold, options.fleetReplicas));
      }
    },
    status() {
      return {
        store: 'redis',
        redis_reachable: reachable && redis.ready,
        fallback: options.fallback,
        fleet_replicas: options.fleetReplicas,
        fallback_decisions: fallbackDecisions,
        last_error: lastError,
      };
    },
    close: () => redis.close(),
  };
}
