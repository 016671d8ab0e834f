// The request hooks that apply rate_limits.yaml. Which routes are limited, and on what:
//   POST /v1/runtime/validate, POST /v1/invoicepay/payments  per X-Agent-ID header (after auth)
//   /v1/auth/*                                               per client IP (before auth)
//   everything else                                          not throttled
// The agent limits run after authentication, as the lifecycle says (401 before 429). The auth
// limit runs before it: it exists to slow credential guessing, so failed attempts must count.

import { ApiError, type BeforeHandlerHook, type RequestContext } from '../http/index.ts';
import { SlidingWindowLimiter, type Admission } from './sliding-window.ts';
import { agentLimit, thresholdOf, type RateLimitSettings } from './rate-limit-file.ts';
import { clientIp, trustedProxies } from './client-ip.ts';

export const AGENT_LIMITED_ROUTES: readonly string[] = ['POST /v1/runtime/validate', 'POST /v1/invoicepay/payments'];
export const CLIENT_IP_LIMITED_PREFIX = '/v1/auth/';
/** Callers without a usable X-Agent-ID header share this bucket. */
export const UNKNOWN_AGENT = 'unknown';

// The body's agent_id pattern; longer ids are refused so bucket keys stay small in memory.
const AGENT_HEADER = /^[\w\-.]{1,256}$/;

export interface RateLimitHookOptions {
  /** The limits in force (hot-reloaded: read on every request). */
  settings: () => RateLimitSettings;
  trustedProxies: readonly string[];
  maxKeys: number;
  /** Monotonic milliseconds; injectable for tests. */
  now?: () => number;
}

export interface RateLimitHooks {
  beforeAuth: BeforeHandlerHook;
  afterAuth: BeforeHandlerHook;
}

export function createRateLimitHooks(options: RateLimitHookOptions): RateLimitHooks {
  const limiter = new SlidingWindowLimiter(options.maxKeys);
  const now = options.now ?? (() => performance.now());
  const trusted = trustedProxies(options.trustedProxies);
  return {
    beforeAuth(ctx) {
      if (!ctx.route.startsWith(CLIENT_IP_LIMITED_PREFIX)) return;
      const settings = options.settings();
      const ip = clientIp(ctx.req.socket.remoteAddress, ctx.req.headers['x-forwarded-for'], trusted);
      const threshold = thresholdOf(settings.auth_per_client_ip);
      const admission = limiter.admit(`ip\u0000${ip}`, now(), settings.window_seconds * 1000, threshold);
      apply(ctx, admission, settings.window_seconds, ip, `client IP ${ip}`);
    },
    afterAuth(ctx) {
      const route = `${ctx.method} ${ctx.route}`;
      if (!AGENT_LIMITED_ROUTES.includes(route)) return;
      const settings = options.settings();
      const agent = agentBucket(ctx.req.headers['x-agent-id']);
      // The shared unknown bucket is nobody's agent: overrides never apply to it.
      const limit = agent === UNKNOWN_AGENT ? settings.default : agentLimit(settings, agent).limit;
      const admission = limiter.admit(`${route}\u0000${agent}`, now(), settings.window_seconds * 1000, thresholdOf(limit));
      apply(ctx, admission, settings.window_seconds, agent, `agent "${agent}" on ${route}`);
    },
  };
}

/** The bucket named by X-Agent-ID; never the body's agent_id, which a caller could vary freely per request unseen. */
export function agentBucket(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  return trimmed && AGENT_HEADER.test(trimmed) ? trimmed : UNKNOWN_AGENT;
}

function apply(ctx: RequestContext, admission: Admission, windowSeconds: number, bucket: string, who: string): void {
  const resetSeconds = Math.max(1, Math.ceil(admission.resetMs / 1000));
  const headers: Record<string, string> = {
    'ratelimit-limit': String(admission.threshold),
    'ratelimit-remaining': String(admission.remaining),
    'ratelimit-reset': String(resetSeconds),
    'ratelimit-policy': `${admission.threshold};w=${windowSeconds}`,
    'x-ratelimit-agent': bucket,
  };
  if (admission.allowed) {
    for (const [name, value] of Object.entries(headers)) ctx.res.setHeader(name, value);
    return;
  }
  throw new ApiError('RATE_LIMITED', `More than ${admission.threshold} requests in ${windowSeconds} s for ${who}; retry in ${resetSeconds} s.`, {
    headers: { ...headers, 'retry-after': String(resetSeconds) },
    extensions: { bucket, limit: admission.threshold, window_seconds: windowSeconds, retry_after_seconds: resetSeconds },
  });
}
