// Rate limits: an exact sliding window per key, bounded in memory, configured by the
// hot-reloaded rate_limits.yaml (default, window_seconds, agent_overrides by glob); with REDIS_URL
// the window lives in Redis and the whole fleet shares it.

export { startRateLimiting, RATE_LIMITS_FILE } from './rate-limiting.ts';
export type { RateLimiting, RateLimitingOptions } from './rate-limiting.ts';
export { createRateLimitHooks, agentBucket, AGENT_LIMITED_ROUTES, CLIENT_IP_LIMITED_PREFIX, UNKNOWN_AGENT } from './rate-limit-hooks.ts';
export type { RateLimitHookOptions, RateLimitHooks } from './rate-limit-hooks.ts';
export { DEFAULT_RATE_LIMITS, agentLimit, parseRateLimitFile, thresholdOf } from './rate-limit-file.ts';
export type { AgentOverride, Limit, RateLimitSettings } from './rate-limit-file.ts';
export { SlidingWindowLimiter, SlidingWindowLog } from './sliding-window.ts';
export type { Admission } from './sliding-window.ts';
export { clientIp, trustedProxies } from './client-ip.ts';
export type { TrustedProxies } from './client-ip.ts';
export { createSharedLimiter, localShare } from './shared-limiter.ts';
export type { RedisFallback, SharedLimiter, SharedLimiterOptions, SharedLimiterStatus } from './shared-limiter.ts';
export { openRedisWindow, ADMIT_SCRIPT } from './redis-window.ts';
export type { RedisWindow, RedisWindowOptions } from './redis-window.ts';
export { createRateLimitMetrics, RATE_LIMIT_FALLBACK_CHANNEL } from './rate-limit-metrics.ts';
