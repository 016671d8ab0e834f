// Composes one gateway process: policy bundle, ledger, runtime, routes, HTTP server. Used by
// `govgate serve`, by the tests (port 0) and by the benchmarks.

import { Router, createHttpServer } from '../http/index.ts';
import type { Config } from '../config/index.ts';
import { loadPolicyBundle, type PolicyBundle } from '../policy/index.ts';
import { createPiiDetector, DEFAULT_PERSONAL_KEYS, DEFAULT_VALUE_PATTERNS, openSqliteLedger, type Ledger } from '../ledger/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { createAuthHook } from '../auth/index.ts';
import { createLogger, createMetrics, type Logger } from '../observability/index.ts';
import { KillSwitch, ReliabilityCache, Runtime, guardLedger, type PolicySource } from '../runtime/index.ts';
import { auditRoutes, docsRoutes, reviewRoutes, runtimeRoutes, systemRoutes } from '../api/index.ts';
import { buildOpenApiDocument } from '../schemas/index.ts';
import { GATEWAY_VERSION } from './package-version.ts';

export interface StartOptions {
  logger?: Logger;
  /** Epoch-ms clock for decisions (tests pin it). */
  now?: () => number;
}

export interface RunningGateway {
  readonly url: string;
  readonly port: number;
  readonly config: Config;
  readonly ledger: Ledger;
  readonly version: string;
  /** Graceful: stop accepting, finish in-flight requests, flush the ledger. */
  close(): Promise<void>;
}

export async function startGateway(config: Config, options: StartOptions = {}): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const bundle = await loadPolicyBundle(config.policiesDir);
  const policies: PolicySource = { current: () => bundle };
  const store = openLedger(config, bundle);
  const ledger = guardLedger(store);
  let shuttingDown = false;
  try {
    const killSwitch = await KillSwitch.load(ledger);
    const runtime = new Runtime({ ledger, policies, killSwitch, reliability: new ReliabilityCache(ledger), now: options.now });
    const metrics = createMetrics({
      killSwitchActive: () => killSwitch.active,
      policyVersion: () => policies.current().version,
      scoreVersion: () => SCORE_VERSION,
    });
    const router = new Router();
    const routes = [
      ...systemRoutes({
        ledger, ledgerKind: config.ledger.kind, policies, killSwitch, metrics, version: GATEWAY_VERSION,
        variant: config.variant, isShuttingDown: () => shuttingDown, startedAt: Date.now(),
      }),
      ...runtimeRoutes({ runtime, killSwitch, policies, minSdkVersion: config.minSdkVersion }),
      ...auditRoutes(ledger),
      ...reviewRoutes(ledger, policies, options.now),
    ];
    if (config.docsEnabled) {
      routes.push(...docsRoutes(() => buildOpenApiDocument(router.routes(), { version: GATEWAY_VERSION, variant: config.variant })));
    }
    for (const route of routes) router.add(route);

    const http = createHttpServer({
      router,
      maxBodyBytes: config.maxBodyBytes,
      logger,
      beforeHandler: [createAuthHook({ defaultTier: config.defaultTier })],
    });
    const address = await http.listen(config.port, config.host);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    logger.info('gateway listening', {
      url: `http://${host}:${address.port}`, variant: config.variant, ledger: config.ledger.kind,
      policy_version: bundle.version, score_version: SCORE_VERSION, kill_switch_active: killSwitch.active,
    });
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
      port: address.port,
      config,
      ledger,
      version: GATEWAY_VERSION,
      close: () => (closing ??= (async () => {
        shuttingDown = true;
        await http.shutdown();
        await store.close();
        metrics.close();
        logger.info('gateway stopped', {});
      })()),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * A bare `name` key in gateway payloads is structural (tools_called[i].name, failure names), so
 * erasing it would wipe tool names from the audit trail; people's names use the explicit keys.
 */
const LEDGER_PERSONAL_KEYS = [...DEFAULT_PERSONAL_KEYS.filter((key) => key !== 'name'), 'customer_name', 'contact_name', 'display_name'];

function openLedger(config: Config, bundle: PolicyBundle): Ledger {
  if (config.ledger.kind !== 'sqlite') {
    throw new Error('DATABASE_URL selects PostgreSQL, which this build does not support yet; unset it to use the SQLite ledger (LEDGER_PATH).');
  }
  // Personal data is what the bundle's PII patterns find (the security team's definition), in
  // personal fields or anywhere in a string; with no PII patterns, the ledger's defaults apply.
  const piiPatterns = bundle.sensitive_data.filter((p) => p.kind === 'pii').map((p) => p.pattern);
  return openSqliteLedger({
    path: config.ledger.path,
    piiDetector: createPiiDetector({ personalKeys: LEDGER_PERSONAL_KEYS, valuePatterns: piiPatterns.length > 0 ? piiPatterns : DEFAULT_VALUE_PATTERNS }),
  });
}
