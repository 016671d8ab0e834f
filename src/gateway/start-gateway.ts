// Composes one gateway process: policy bundle, ledger, runtime, routes, HTTP server. Used by
// `govgate serve`, by the tests (port 0) and by the benchmarks.

import v8 from 'node:v8';
import { Router, createHttpServer } from '../http/index.ts';
import type { Config } from '../config/index.ts';
import { watchPolicyBundle } from '../policy/index.ts';
import type { Ledger, PostgresLedger } from '../ledger/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { ROUTE_ROLES, createAuthHook, createAuthenticate, createApiKeyAuthenticator, createJwtVerifier, installBootstrapKey, type KeyStore } from '../auth/index.ts';
import { createRateLimitMetrics, startRateLimiting, type RateLimiting } from '../ratelimit/index.ts';
import { createLogger, createMetrics, startTracing, type Logger, type Tracing } from '../observability/index.ts';
import { KillSwitch, ReliabilityCache, Runtime, SESSION_HISTORY_DEFAULTS, SessionHistory, guardLedger, inputOfRow, type PolicySource } from '../runtime/index.ts';
import { startJudge, type RunningJudge } from '../judge/index.ts';
import { startNotifications, type RunningNotifications } from '../notify/index.ts';
import { CertificationService, loadCertificateKeys } from '../certify/index.ts';
import { alertRoutes, analyticsRoutes, analyticsScope, approvalRoutes, auditRoutes, authRoutes, certifyRoutes, createAccessEvents, docsRoutes, internalRoutes, judgeRoutes, notificationRoutes, policyRoutes, reportRoutes, reviewRoutes, runtimeRoutes, ssoRoutes, systemRoutes, teamRoutes, toolProxyRoutes } from '../api/index.ts';
import { startInsight, type RunningInsight } from '../insight/start-insight.ts';
import { loadReportKeys, startReports, type Reports } from '../reports/index.ts';
import { buildOpenApiDocument } from '../schemas/index.ts';
import { createMemoryMetrics, createSidecar, createSidecarMetrics, type Sidecar } from '../proxy/index.ts';
import { heapLimitWarning, splitMemoryBudget } from '../proxy/memory-budget.ts';
import { GATEWAY_VERSION } from './package-version.ts';
import { openConfiguredLedger, postgresConnection } from './open-ledger.ts';
import { startFleetSync, type FleetSync } from './fleet-sync.ts';
import { expireOverdueReviews, GrantBook, OutcomeReconciler, ReviewChanges, ReviewDesk, reviewVerdicts } from '../oversight/index.ts';
import { startLedgerJobs, type LedgerJobs } from './ledger-jobs.ts';
import { loadConfiguredSigner } from './checkpoint-key.ts';
import { keyStoreKind, openConfiguredKeyStore } from './open-key-store.ts';
import { followCentral, type CentralFollower, type RemoteLedger } from '../central/index.ts';
import { requireCredentialSource } from './credential-sources.ts';
import { consoleAssetDir, consoleRoutes } from '../console/index.ts';
import { SsoService, createSessionAuthenticator, openPostgresSsoStore, openSqliteSsoStore } from '../sso/index.ts';
import { openLedgerWhenReachable, type DatabaseWait } from './wait-for-database.ts';
import { recordSsoMembership } from './sso-membership.ts';
import { setMaxJsonValues } from '../json/index.ts';

export interface StartOptions {
  logger?: Logger;
  /** Epoch-ms clock for decisions (tests pin it). */
  now?: () => number;
  /** The agent this gateway is the sidecar of; default `config.agentId` (AGENT_ID). */
  agentId?: string | null;
  /** Retry timing while PostgreSQL is not reachable yet (tests shorten it). */
  databaseWait?: DatabaseWait;
}

export interface RunningGateway {
  readonly url: string;
  readonly port: number;
  readonly config: Config;
  readonly ledger: Ledger;
  readonly version: string;
  /** The webhook outbox (undefined on a sidecar that records through the central gateway). */
  readonly notifications: RunningNotifications | undefined;
  /** Graceful: stop accepting, finish in-flight requests, flush the ledger. */
  close(): Promise<void>;
}

export async function startGateway(config: Config, options: StartOptions = {}): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // Every JSON document this process reads (bodies, string tool-call arguments, tool answers) holds at most this many values.
  setMaxJsonValues(config.maxBodyValues);
  // policies/ is watched: a good edit replaces the bundle for the requests after it, a bad one is
  // rejected (the last good bundle stays, /health and config_reload_total{file="policies"} say so).
  // With PostgreSQL, a bundle applied here is announced to the rest of the fleet (fleet-sync.ts).
  let fleetSync: FleetSync | undefined;
  const policyWatch = watchPolicyBundle({ dir: config.policiesDir, logger, onApply: (applied) => fleetSync?.announcePolicy(applied) });
  const policies: PolicySource = policyWatch;
  const bundle = policyWatch.current();
  let store: Ledger;
  // The port a wait for the database already held (port 0 picks one), so the gateway keeps it.
  let listenPort = config.port;
  try {
    const opened = await openLedgerWhenReachable(() => openConfiguredLedger(config, { bundle, logger }), {
      config, logger, version: GATEWAY_VERSION, policyVersion: () => policyWatch.current().version,
    }, options.databaseWait);
    store = opened.store;
    listenPort = opened.port ?? config.port;
  } catch (error) {
    policyWatch.close();
    throw error;
  }
  const ledger = guardLedger(store);
  let shuttingDown = false;
  let keys: KeyStore | undefined;
  let rateLimits: RateLimiting | undefined;
  let sidecar: Sidecar | undefined;
  let jobs: LedgerJobs | undefined;
  let follower: CentralFollower | undefined;
  // Long-polls of sidecars (/v1/internal/fleet/state) answer at once when the gateway stops.
  const stopping = new AbortController();
  let judge: RunningJudge | undefined;
  let notifications: RunningNotifications | undefined;
  let sso: SsoService | undefined;
  let insight: RunningInsight | undefined;
  let reports: Reports | undefined;
  let tracing: Tracing | undefined;
  try {
    tracing = await startTracing(config.tracing, GATEWAY_VERSION, logger);
    if (tracing.enabled) logger.info('tracing on: spans exported over OTLP', { endpoint: config.tracing.endpoint, protocol: config.tracing.protocol, service_name: config.tracing.serviceName });
    // Keys are opened only when they can be used; with auth off nothing reads them.
    // With PostgreSQL they are the fleet's (created once, revoked everywhere at once).
    keys = config.authEnabled ? await openConfiguredKeyStore(config, { listen: true, logger }) : undefined;
    if (keys && config.bootstrapApiKey) {
      const bootstrap = await installBootstrapKey(keys, config.bootstrapApiKey);
      logger.info('bootstrap API key installed', { key_id: bootstrap.id, store: keyStoreKind(config), already_present: bootstrap.result === 'exists' });
    }
    await requireCredentialSource(config, keys);
    rateLimits = config.rateLimitEnabled
      ? startRateLimiting({
        configDir: config.configDir, trustedProxies: config.trustedProxies, maxKeys: config.rateLimitMaxKeys, logger, shared: config.sharedRateLimit,
      })
      : undefined;
    if (!config.authEnabled && config.serviceEnv === 'production') {
      logger.warn('AUTH_ENABLED=false in production: every caller is anonymous with the default tier', { default_tier: config.defaultTier });
    }
    // Single sign-on keeps its requests, replay cache and sessions in the gateway's own store; a
    // sidecar recording through the central gateway has none, and serves no /v1/sso.
    if (config.ledger.kind !== 'central') {
      const ssoStore = config.ledger.kind === 'sqlite'
        ? openSqliteSsoStore(config.ledger.path)
        : await openPostgresSsoStore(postgresConnection(config), (error) => logger.warn('SSO store connection error', { error: error.message }));
      try {
        sso = new SsoService({
          configDir: config.configDir, store: ssoStore, secret: config.session.secret, production: config.serviceEnv === 'production',
          maxTier: config.defaultTier, logger, now: options.now,
        });
      } catch (error) {
        // A broken sso.yaml stops start-up; the store it would have used is closed first.
        await ssoStore.close();
        throw error;
      }
    }
    const killSwitch = await KillSwitch.load(ledger);
    const reviews = new ReviewChanges();
    if (config.ledger.kind === 'postgres') {
      fleetSync = startFleetSync({ config, ledger: store as PostgresLedger, killSwitch, policyWatch, logger, reviews });
    }
    if (config.ledger.kind === 'central') {
      follower = followCentral({ client: (store as RemoteLedger).client, killSwitch, policyWatch, logger });
    }
    const desk = new ReviewDesk({ ledger, policies, changes: reviews, now: options.now });
    const grants = new GrantBook(ledger, policies, options.now);
    // A sidecar recording through the central gateway signs nothing and runs no ledger jobs.
    const signer = config.ledger.kind === 'central' ? null : await loadConfiguredSigner(config, logger);
    const metrics = createMetrics({
      killSwitchActive: () => killSwitch.active,
      policyVersion: () => policies.current().version,
      scoreVersion: () => SCORE_VERSION,
      policyBundleDivergedSeconds: () => policyWatch.agreement().differs_seconds,
    });
    // Before anything can publish (the expiry job, the judge worker): events from here on reach the outbox.
    notifications = startNotifications({
      config, ledger, registry: metrics.registry, logger, version: GATEWAY_VERSION, now: options.now,
      postgres: config.ledger.kind === 'postgres' ? postgresConnection(config) : undefined,
    });
    // One reconciler for the process: it reads each pre-check once and keeps the calls still open.
    const reconciler = new OutcomeReconciler(ledger, { graceMs: config.outcomeReconcile.graceSeconds * 1000, now: options.now });
    jobs = startLedgerJobs({
      config, ledger, signer, logger, expireReviews: () => expireOverdueReviews(desk),
      reconcileOutcomes: () => reconciler.run(),
    });
    judge = startJudge({
      config, ledger, policies, logger, registry: metrics.registry, inputOf: inputOfRow, now: options.now,
      postgres: config.ledger.kind === 'postgres' ? postgresConnection(config) : undefined,
    });
    const reliability = new ReliabilityCache(ledger);
    const certificateKeys = await loadCertificateKeys(config.certify);
    const certification = new CertificationService({
      ledger, policies, keys: certificateKeys, issuer: config.certify.issuer, now: options.now,
      reliability: (agentId, now) => reliability.score(agentId, now),
    });
    // Reports read the ledger's database directly: a sidecar recording through the central gateway asks the central gateway.
    reports = config.ledger.kind === 'central' ? undefined : startReports({
      config, keys: await loadReportKeys(config.reports.signing), version: GATEWAY_VERSION, logger, now: options.now,
      postgres: config.ledger.kind === 'postgres' ? postgresConnection(config) : undefined,
      sources: {
        ledger,
        trustedKeys: () => (signer ? [signer.publicJwk] : []),
        teamPrincipals: async (team) => new Set((await keys?.list() ?? []).filter((key) => key.team === team).map((key) => `api_key:${key.id}`)),
        currentCertificate: (agentId) => certification.current(agentId, policies.current().version),
        policyVersion: () => policies.current().version,
      },
    });
    // A sidecar given a memory budget keeps its session history (sequence rules) within its share.
    const sessionHistory = config.memory.budgetSet ? new SessionHistory({ maxBytes: Math.min(SESSION_HISTORY_DEFAULTS.maxBytes, splitMemoryBudget(config.memory.budgetMb, { maxBodyBytes: config.maxBodyBytes, maxSessions: SESSION_HISTORY_DEFAULTS.maxSessions }).sessionHistoryBytes) }) : undefined;
    const heapWarning = heapLimitWarning(config.memory, v8.getHeapStatistics().heap_size_limit);
    if (heapWarning) logger.warn(heapWarning, { SIDECAR_MEMORY_MB: config.memory.budgetMb });
    const runtime = new Runtime({
      ledger, policies, killSwitch, reliability, now: options.now, judge: judge?.runtimeJudge, sessions: sessionHistory,
      certified: (agentId, policyVersion) => certification.isCertified(agentId, policyVersion),
      reviews: reviewVerdicts(desk), grants,
    });
    // The longest review SLA plus an hour: older open items are past every deadline (expired).
    const backlogLookbackMs = () => Math.max(...Object.values(policies.current().decision.tiers).map((tier) => tier.review_sla_seconds)) * 1000 + 3_600_000;
    insight = await startInsight({
      config, logger, backlogLookbackMs, now: options.now, runRollup: store.runRollup,
      conditions: () => [{
        name: 'kill_switch_active', firing: killSwitch.active,
        summary: `Kill switch on${killSwitch.state.updated_by ? ` (by ${killSwitch.state.updated_by})` : ''}: ${killSwitch.state.reason ?? 'no reason given'}`,
      }],
    });
    const sidecarMetrics = createSidecarMetrics(metrics.registry);
    const rateLimitMetrics = createRateLimitMetrics(metrics.registry, () => rateLimits?.status() ?? null);
    // The sidecar's routes (config/gateway.yaml) take their requests before the router sees them.
    createMemoryMetrics(metrics.registry, () => sidecar?.memory());
    sidecar = await createSidecar({
      configDir: config.configDir, runtime, policies, ledger, logger, maxBodyBytes: config.maxBodyBytes, reviews: desk,
      memoryBudgetMb: config.memory.budgetMb,
      agentId: options.agentId === undefined ? config.agentId : options.agentId,
      versions: () => ({ policy_version: policies.current().version, score_version: SCORE_VERSION }),
    });
    const versions = () => ({ policy_version: policies.current().version, score_version: SCORE_VERSION });
    const access = createAccessEvents(ledger, versions, metrics.registry);
    const teamStore = keys?.teams;
    // A team's agent patterns, read per scoped request: a change is seen at once on every replica.
    const teamAgents = teamStore && (async (team: string) => (await teamStore.getTeam(team))?.agents ?? []);
    const sidecarAgentId = options.agentId === undefined ? config.agentId : options.agentId;
    const router = new Router();
    const routes = [
      ...systemRoutes({
        ledger, ledgerKind: config.ledger.kind, policies, killSwitch, metrics, version: GATEWAY_VERSION,
        variant: config.variant, isShuttingDown: () => shuttingDown, startedAt: Date.now(),
        policyReload: () => policyWatch.status(),
        rateLimit: rateLimits ? () => rateLimits!.status() : undefined,
        policyAgreement: () => policyWatch.agreement(),
      }),
      ...policyRoutes({ runtime, policies, ledger, teamAgents }),
      ...runtimeRoutes({
        runtime, killSwitch, policies, minSdkVersion: config.minSdkVersion, ledger, sidecarAgentId, recordMismatch: access.mismatch, teamAgents,
      }),
      ...auditRoutes(ledger, {
        checkpointKey: () => (signer ? { ...signer.publicJwk } : null), trustedKeys: () => (signer ? [signer.publicJwk] : []), teamAgents, access,
      }),
      ...reviewRoutes(desk, grants, teamAgents),
      ...approvalRoutes(grants, teamAgents),
      ...authRoutes({ authEnabled: config.authEnabled }),
      ...toolProxyRoutes(),
      // The central gateway of a fleet: sidecars without database credentials record through it.
      ...(config.ledger.kind === 'postgres' ? internalRoutes({
        ledger, killSwitch, policies, closing: stopping.signal, recordMismatch: access.mismatch,
        announceAppended: notifications && ((ids) => notifications!.announceAppended(ids)),
      }) : []),
      ...judgeRoutes({ config: config.judge, jobs: judge?.jobs }),
      ...certifyRoutes({ certification, keys: certificateKeys, policies, teamAgents }),
      ...(notifications ? notificationRoutes({ notifications, ledger, policies, teamAgents }) : []),
      ...(sso ? ssoRoutes({ sso, defaultTier: config.defaultTier, logger, onSignIn: keys && recordSsoMembership(keys, access, options.now) }) : []),
      ...teamRoutes({ keys, ledger, access, now: options.now }),
      ...(insight ? analyticsRoutes({
        analytics: insight.analytics, now: options.now, backlogLookbackMs,
        scopeOf: (ctx) => analyticsScope(ctx, teamAgents),
        certification: async (agentId) => {
          const current = await certification.current(agentId, policies.current().version);
          return current ? { ...current } : null;
        },
      }) : []),
      ...(insight ? alertRoutes({
        store: insight.alertStore, ledger, rules: () => insight!.alertRules.current(), reload: () => insight!.alertRules.status(), now: options.now, teamAgents,
        versions: () => ({ policy_version: policies.current().version, score_version: SCORE_VERSION }),
      }) : []),
      ...(reports ? reportRoutes({ reports, now: options.now }) : []),
    ];
    if (config.docsEnabled) {
      routes.push(...docsRoutes(() => buildOpenApiDocument(router.routes(), { version: GATEWAY_VERSION, variant: config.variant })));
    }
    if (config.consoleEnabled) routes.push(...consoleRoutes(consoleAssetDir()));
    for (const route of routes) {
      // The role table must name every route: one missing would be admin-only, silently.
      if (ROUTE_ROLES[`${route.method} ${route.path}`] === undefined) throw new Error(`${route.method} ${route.path} is not in the role table (src/auth/route-roles.ts)`);
      router.add(route);
    }

    const http = createHttpServer({
      router,
      maxBodyBytes: config.maxBodyBytes,
      limits: config.http,
      logger,
      // Lifecycle: per-IP limit on /v1/auth/* (before auth: failed guesses must count) -> auth 401
      // -> entitlement 402/403 -> per-agent limit 429 -> handler (schema 422, version 426).
      beforeHandler: [
        ...(rateLimits ? [rateLimits.hooks.beforeAuth] : []),
        createAuthHook({
          enabled: config.authEnabled,
          variant: config.variant,
          defaultTier: config.defaultTier,
          authenticate: keys && createAuthenticate({ apiKey: createApiKeyAuthenticator({ store: keys }), jwt: createJwtVerifier(config.jwt) }),
          session: sso && createSessionAuthenticator(sso),
        }),
        ...(rateLimits ? [rateLimits.hooks.afterAuth] : []),
      ],
      intercept: sidecar.intercept,
    });
    sidecar.attach(http.server);
    const address = await http.listen(listenPort, config.host);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    logger.info('gateway listening', {
      url: `http://${host}:${address.port}`, variant: config.variant, ledger: config.ledger.kind,
      policy_version: bundle.version, score_version: SCORE_VERSION, kill_switch_active: killSwitch.active,
      auth_enabled: config.authEnabled, rate_limit_enabled: config.rateLimitEnabled,
    });
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
      port: address.port,
      config,
      ledger,
      version: GATEWAY_VERSION,
      notifications,
      close: () => (closing ??= (async () => {
        shuttingDown = true;
        stopping.abort();
        policyWatch.close();
        await Promise.all([http.shutdown(), sidecar!.close()]);
        // Answers released in audit: intent mode have their post-check rows still on the way.
        await sidecar!.recorded();
        sidecarMetrics.close();
        rateLimitMetrics.close();
        await rateLimits?.close();
        await keys?.close();
        await jobs?.close();
        await insight?.close();
        await judge?.close();
        await notifications?.close();
        await sso?.close();
        await reports?.close();
        await tracing?.close();
        await fleetSync?.close();
        await follower?.close();
        await store.close();
        metrics.close();
        logger.info('gateway stopped', {});
      })()),
    };
  } catch (error) {
    policyWatch.close();
    await sidecar?.close();
    await rateLimits?.close();
    await keys?.close();
    await jobs?.close();
    await insight?.close();
    await judge?.close();
    await notifications?.close();
    await sso?.close();
    await reports?.close();
    await tracing?.close();
    await fleetSync?.close();
    await follower?.close();
    await store.close();
    throw error;
  }
}
