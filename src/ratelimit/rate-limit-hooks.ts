// The request hooks that apply rate_limits.yaml. Which routes are limited, and on what:
//   POST /v1/runtime/validate, POST /v1/invoicepay/payments  per X-Agent-ID header (after auth)
//   /v1/auth/*                                               per client IP (before auth)
//   everything else                                          not throttled
// The agent limits run after authentication, as the lifecycle says (401 before 429). The auth
// limit runs before it: it exists to slow credential guessing, so failed attempts must count.

import { agentInScope, isExactScope } from '../auth/agent-scope.ts';
import { ApiError, type BeforeHandlerHook, type RequestContext } from '../http/index.ts';
import { SlidingWindowLimiter, type Admission } from './sliding-window.ts';
import { agentLimit, thresholdOf, type RateLimitSettings } from './rate-limit-file.ts';
import { clientIp, trustedProxies } from './client-ip.ts';
import type { SharedLimiter } from './shared-limiter.ts';

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
  /** The fleet's limiter (REDIS_URL); without it each process counts on its own. */
  shared?: SharedLimiter;
}

export interface RateLimitHooks {
  beforeAuth: BeforeHandlerHook;
  afterAuth: BeforeHandlerHook;
}

export function createRateLimitHooks(options: RateLimitHookOptions): RateLimitHooks {
  const limiter = new SlidingWindowLimiter(options.maxKeys);
  const now = options.now ?? (() => performance.now());
  const trusted = trustedProxies(options.trustedProxies);
  const { shared } = options;

  /** Which bucket a request counts in, and against what; undefined when the route is not limited. */
  const ipBucket = (ctx: RequestContext): Bucket | undefined => {
    if (!ctx.route.startsWith(CLIENT_IP_LIMITED_PREFIX)) return undefined;
    const settings = options.settings();
    const ip = clientIp(ctx.req.socket.remoteAddress, ctx.req.headers['x-forwarded-for'], trusted);
    return { key: `ip\u0000${ip}`, threshold: thresholdOf(settings.auth_per_client_ip), windowSeconds: settings.window_seconds, name: ip, who: `client IP ${ip}` };
  };
  const agentRouteBucket = (ctx: RequestContext): Bucket | undefined => {
    const route = `${ctx.method} ${ctx.route}`;
    if (!AGENT_LIMITED_ROUTES.includes(route)) return undefined;
    const settings = options.settings();
    const agent = credentialAgentBucket(ctx.principal?.agent_scope ?? null, ctx.req.headers['x-agent-id']);
    // The shared unknown bucket is nobody's agent: overrides never apply to it.
    const limit = agent === UNKNOWN_AGENT ? settings.default : agentLimit(settings, agent).limit;
    return { key: `${route}\u0000${agent}`, threshold: thresholdOf(limit), windowSeconds: settings.window_seconds, name: agent, who: `agent "${agent}" on ${route}` };
  };
  // Without a shared limiter the hooks stay synchronous: the hot path awaits nothing.
  const hook = (bucketOf: (ctx: RequestContext) => Bucket | undefined): BeforeHandlerHook => shared
    ? async (ctx) => {
      const bucket = bucketOf(ctx);
      if (!bucket) return;
      apply(ctx, await shared.admit(bucket.key, now(), bucket.windowSeconds * 1000, bucket.threshold), bucket);
    }
    : (ctx) => {
      const bucket = bucketOf(ctx);
      if (!bucket) return;
      apply(ctx, limiter.admit(bucket.key, now(), bucket.windowSeconds * 1000, bucket.threshold), bucket);
    };
  return { beforeAuth: hook(ipBucket), afterAuth: hook(agentRouteBucket) };
}

interface Bucket {
  key: string;
  threshold: number;
  windowSeconds: number;
  /** X-RateLimit-Agent: the agent id or client IP. */
  name: string;
  who: string;
}

/** The bucket named by X-Agent-ID; never the body's agent_id, which a caller could vary freely per request unseen. */
export function agentBucket(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  return trimmed && AGENT_HEADER.test(trimmed) ? trimmed : UNKNOWN_AGENT;
}

/**
 * An agent-bound credential counts in its own agent's bucket whatever X-Agent-ID says, so it can
 * neither spend another agent's budget nor escape its own by naming someone else. Bound to a
 * glob, the header picks among the agents the glob covers; outside it, the glob is the bucket.
 */
export function credentialAgentBucket(scope: string | null, header: string | string[] | undefined): string {
  if (scope === null) return agentBucket(header);
  if (isExactScope(scope)) return scope;
  const named = agentBucket(header);
  return named !== UNKNOWN_AGENT && agentInScope(scope, named) ? named : scope;
}

function apply(ctx: RequestContext, admission: Admission, { windowSeconds, name: bucket, who }: Bucket): void {
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
