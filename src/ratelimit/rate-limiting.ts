// Rate limiting for one gateway: rate_limits.yaml from the config directory, watched and
// hot-reloaded (a broken edit keeps the last good limits), and the hooks that apply it.

import path from 'node:path';
import { watchConfigFile, type WatchedConfigFile } from '../config/index.ts';
import type { Logger } from '../observability/index.ts';
import { DEFAULT_RATE_LIMITS, parseRateLimitFile, type RateLimitSettings } from './rate-limit-file.ts';
import { createRateLimitHooks, type RateLimitHooks } from './rate-limit-hooks.ts';
import { createSharedLimiter, type RedisFallback, type SharedLimiter, type SharedLimiterStatus } from './shared-limiter.ts';

export const RATE_LIMITS_FILE = 'rate_limits.yaml';

export interface RateLimitingOptions {
  configDir: string;
  trustedProxies: readonly string[];
  maxKeys: number;
  logger: Logger;
  now?: () => number;
  debounceMs?: number;
  /** REDIS_URL and its settings: one window per key for the whole fleet. */
  shared?: { url: string; keyPrefix: string; fallback: RedisFallback; fleetReplicas: number; timeoutMs: number } | null;
}

export interface RateLimiting {
  readonly hooks: RateLimitHooks;
  readonly file: WatchedConfigFile<RateLimitSettings>;
  /** The shared limiter's state for /health; null when each process counts on its own. */
  status(): SharedLimiterStatus | null;
  close(): Promise<void>;
}

/** Throws ConfigFileError when the file exists but is invalid: a gateway never starts on limits it cannot read. */
export function startRateLimiting(options: RateLimitingOptions): RateLimiting {
  const filePath = path.join(options.configDir, RATE_LIMITS_FILE);
  const relative = path.relative(process.cwd(), filePath);
  const display = relative.startsWith('..') || path.isAbsolute(relative) ? filePath : relative;
  const file = watchConfigFile({
    path: filePath,
    display,
    parse: parseRateLimitFile,
    whenMissing: () => {
      options.logger.info('no rate_limits.yaml: using the default limits until one is created', { file: display });
      return DEFAULT_RATE_LIMITS;
    },
    logger: options.logger,
    debounceMs: options.debounceMs,
  });
  const shared: SharedLimiter | undefined = options.shared
    ? createSharedLimiter({ ...options.shared, maxKeys: options.maxKeys, logger: options.logger })
    : undefined;
  const hooks = createRateLimitHooks({
    settings: file.current, trustedProxies: options.trustedProxies, maxKeys: options.maxKeys, now: options.now, shared,
  });
  return {
    hooks,
    file,
    status: () => shared?.status() ?? null,
    async close() {
      file.close();
      await shared?.close();
    },
  };
}
