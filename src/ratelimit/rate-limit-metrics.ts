// Metrics of the shared limiter: decisions taken without Redis (published on a diagnostics
// channel by the limiter, so it knows nothing of Prometheus) and whether Redis answers now.

import diagnostics_channel from 'node:diagnostics_channel';
import client from 'prom-client';
import type { SharedLimiterStatus } from './shared-limiter.ts';

export const RATE_LIMIT_FALLBACK_CHANNEL = 'gateway:ratelimit:fallback';
export const rateLimitFallbackChannel = diagnostics_channel.channel(RATE_LIMIT_FALLBACK_CHANNEL);

export interface RateLimitFallbackEvent {
  fallback: 'local' | 'fail_closed';
}

export function createRateLimitMetrics(registry: client.Registry, status: () => SharedLimiterStatus | null): { close(): void } {
  const fallbacks = new client.Counter({
    name: 'rate_limit_fallback_decisions_total',
    help: 'Rate-limit decisions taken without Redis (REDIS_URL unreachable), by fallback: local (a per-process share) or fail_closed (503).',
    labelNames: ['fallback'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'rate_limit_redis_up',
    help: '1 when the shared rate limiter\'s Redis answers, 0 when decisions use the fallback; absent without REDIS_URL.',
    registers: [registry],
    collect() {
      const state = status();
      if (state) this.set(state.redis_reachable ? 1 : 0);
    },
  });
  const onFallback = (message: unknown) => fallbacks.inc({ fallback: (message as RateLimitFallbackEvent).fallback });
  diagnostics_channel.subscribe(RATE_LIMIT_FALLBACK_CHANNEL, onFallback);
  return { close: () => diagnostics_channel.unsubscribe(RATE_LIMIT_FALLBACK_CHANNEL, onFallback) };
}
