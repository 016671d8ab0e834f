// Opens the ledger the configuration names: the SQLite file (embedded) or PostgreSQL (a fleet),
// with the PII detector built from the policy bundle. `govgate serve`, `migrate`, `verify` and
// `retention` all open it here, so they agree on the connection settings.

import type { Config } from '../config/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import {
  createPiiDetector, DEFAULT_PERSONAL_KEYS, DEFAULT_VALUE_PATTERNS, openPostgresLedger, openSqliteLedger,
  type Ledger, type PiiDetector, type PostgresConnectionOptions,
} from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { INTERNAL_PATHS, openRemoteLedger, type RemoteLedger } from '../central/index.ts';
import { GATEWAY_VERSION } from './package-version.ts';

/**
 * A bare `name` key in gateway payloads is structural (tools_called[i].name, failure names), so
 * erasing it would wipe tool names from the audit trail; people's names use the explicit keys.
 */
const LEDGER_PERSONAL_KEYS = [...DEFAULT_PERSONAL_KEYS.filter((key) => key !== 'name'), 'customer_name', 'contact_name', 'display_name'];

export interface OpenConfiguredLedgerOptions {
  /** Decides what is personal data in appended payloads; not needed by commands that only read. */
  bundle?: PolicyBundle;
  logger?: Logger;
  /** PostgreSQL: apply pending migrations (under an advisory lock). Default true. */
  migrate?: boolean;
}

export async function openConfiguredLedger(config: Config, options: OpenConfiguredLedgerOptions = {}): Promise<Ledger> {
  const piiDetector = options.bundle ? bundleDetector(options.bundle) : undefined;
  if (config.ledger.kind === 'sqlite') return openSqliteLedger({ path: config.ledger.path, piiDetector });
  // The central gateway seals entries (PII commitments included) with its own bundle's detector.
  if (config.ledger.kind === 'central') return openCentralLedger(config.ledger.url, config.ledger.token);
  const logger = options.logger;
  return openPostgresLedger({
    ...postgresConnection(config),
    piiDetector,
    migrate: options.migrate,
    // Broken idle connections are replaced by the pool; the next failing call is what fails closed.
    onConnectionError: (error) => logger?.warn('ledger connection error', { error: error.message }),
  });
}

/**
 * The remote ledger, once the central gateway has answered one authenticated call: start-up then
 * fails here (unreachable: waited for; token refused: stops) rather than half-way, reading the
 * kill switch.
 */
async function openCentralLedger(url: string, token: string): Promise<RemoteLedger> {
  const ledger = openRemoteLedger({ url, token });
  try {
    await ledger.client.call('GET', INTERNAL_PATHS.head);
    return ledger;
  } catch (error) {
    await ledger.close();
    throw error;
  }
}

/** The PostgreSQL connection settings of `config` (DATABASE_URL, PG_*). */
export function postgresConnection(config: Config): PostgresConnectionOptions {
  if (config.ledger.kind !== 'postgres') throw new Error('the ledger is not PostgreSQL');
  const { url, poolSize, statementTimeoutMs, ssl, schema } = config.ledger;
  return {
    url, poolSize, statementTimeoutMs,
    ssl: ssl ?? undefined,
    schema: schema ?? undefined,
    applicationName: `governance-gateway ${GATEWAY_VERSION}`,
  };
}

/**
 * Personal data is what the bundle's PII patterns find (the security team's definition), in
 * personal fields or anywhere in a string; with no PII patterns, the ledger's defaults apply.
 */
function bundleDetector(bundle: PolicyBundle): PiiDetector {
  const piiPatterns = bundle.sensitive_data.filter((p) => p.kind === 'pii').map((p) => p.pattern);
  return createPiiDetector({ personalKeys: LEDGER_PERSONAL_KEYS, valuePatterns: piiPatterns.length > 0 ? piiPatterns : DEFAULT_VALUE_PATTERNS });
}
