// Unversioned operational routes: /health for load balancers and readiness, /health/live for
// liveness, /metrics for Prometheus.

import type { Route } from '../http/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Metrics } from '../observability/index.ts';
import type { KillSwitch, PolicySource } from '../runtime/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { formatConfigFileIssue, type DiskAgreement, type ReloadStatus } from '../config/index.ts';
import type { SharedLimiterStatus } from '../ratelimit/index.ts';

export interface SystemRouteDeps {
  ledger: Ledger;
  ledgerKind: 'sqlite' | 'postgres' | 'central';
  policies: PolicySource;
  killSwitch: KillSwitch;
  metrics: Metrics;
  version: string;
  variant: 'embedded' | 'edge';
  isShuttingDown: () => boolean;
  startedAt: number;
  /** The newest hot reload of policies/; absent when the bundle is not watched. */
  policyReload?: () => ReloadStatus;
  /** The shared rate limiter (REDIS_URL); absent or null when each process counts on its own. */
  rateLimit?: () => SharedLimiterStatus | null;
  /** The bundle in force against the files on disk; absent when the bundle is not watched. */
  policyAgreement?: () => DiskAgreement;
}

export function systemRoutes(deps: SystemRouteDeps): Route[] {
  return [
    {
      method: 'GET', path: '/health',
      meta: {
        public: true,
        doc: {
          summary: 'Health check for load balancers and probes', tags: ['system'],
          description: '200 when the gateway can decide and record; 503 (same body) when the ledger is unreachable or the gateway is shutting down. '
            + '`policy_reload` reports the newest hot reload of policies/: a `failure` means the edit was rejected and the last good bundle (policy_version) is still in force; the gateway stays ready. '
            + '`version_in_force` next to `version_on_disk` shows whether the files on disk are the bundle in force; `stale: true` means they have differed for longer than a moment (a change not applied).',
          responses: { 200: { description: 'Ready', schema: 'Health' }, 503: { description: 'Not ready', schema: 'Health' } },
        },
      },
      handler: async () => {
        const reachable = await deps.ledger.ping().catch(() => false);
        const status = deps.isShuttingDown() ? 'shutting_down' : reachable ? 'ok' : 'not_ready';
        const rateLimitStatus = deps.rateLimit?.() ?? null;
        return {
          status: status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
          body: {
            status,
            version: deps.version,
            variant: deps.variant,
            ledger: { kind: deps.ledgerKind, reachable },
            policy_version: deps.policies.current().version,
            score_version: SCORE_VERSION,
            kill_switch_active: deps.killSwitch.active,
            uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
            ...(deps.policyReload ? { policy_reload: { ...reloadBody(deps.policyReload()), ...deps.policyAgreement?.() } } : {}),
            // The gateway stays ready without Redis: the fallback decides, and this says so.
            ...(rateLimitStatus ? { rate_limit: rateLimitStatus } : {}),
          },
        };
      },
    },
    {
      // Liveness must not depend on the ledger: a database outage makes /health 503 (the pod leaves
      // the Service), and restarting every gateway for it would only add a cold start to the outage.
      method: 'GET', path: '/health/live',
      meta: {
        public: true,
        doc: {
          summary: 'Liveness check: the process serves HTTP', tags: ['system'],
          description: '200 `ok` whenever the process can answer, whatever the state of the ledger, also while shutting down (a graceful stop must not be cut short). '
            + 'For Kubernetes liveness and startup probes; readiness belongs on /health, which answers 503 while the gateway cannot record.',
          responses: { 200: { description: 'Alive', contentType: 'text/plain; charset=utf-8' } },
        },
      },
      handler: () => ({ raw: 'ok\n', contentType: 'text/plain; charset=utf-8', headers: { 'cache-control': 'no-store' } }),
    },
    {
      method: 'GET', path: '/metrics',
      meta: {
        public: true,
        doc: { summary: 'Prometheus metrics', tags: ['system'], responses: { 200: { description: 'Prometheus text exposition', contentType: 'text/plain; version=0.0.4' } } },
      },
      handler: async () => ({ raw: await deps.metrics.render(), contentType: deps.metrics.registry.contentType }),
    },
  ];
}

function reloadBody(status: ReloadStatus): Record<string, unknown> {
  return {
    last_result: status.last_result,
    last_attempt_at: status.last_attempt_at,
    last_success_at: status.last_success_at,
    issues: status.issues.map(formatConfigFileIssue),
  };
}
