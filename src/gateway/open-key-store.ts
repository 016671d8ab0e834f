// Opens the API key store the configuration names: PostgreSQL whenever the ledger is (a fleet's
// replicas then share their keys), else the SQLite file KEYS_PATH. `govgate serve` and
// `govgate keys` both open it here, so a key the CLI creates is the one the gateways read.

import type { Config } from '../config/index.ts';
import { openPostgresKeyStore, openSqliteKeyStore, type KeyStore } from '../auth/index.ts';
import type { Logger } from '../observability/index.ts';
import { postgresConnection } from './open-ledger.ts';

export interface OpenKeyStoreOptions {
  /** A gateway listens for revocations made by other processes; a CLI command does not. */
  listen: boolean;
  logger?: Logger;
}

export type KeyStoreKind = 'postgres' | 'sqlite';

export function keyStoreKind(config: Config): KeyStoreKind {
  return config.ledger.kind === 'postgres' ? 'postgres' : 'sqlite';
}

export async function openConfiguredKeyStore(config: Config, options: OpenKeyStoreOptions): Promise<KeyStore> {
  if (keyStoreKind(config) === 'sqlite') return openSqliteKeyStore(config.keysPath);
  const { logger } = options;
  return openPostgresKeyStore({
    connection: { ...postgresConnection(config), applicationName: `${postgresConnection(config).applicationName} keys` },
    listen: options.listen,
    onError: (error) => logger?.warn('API key store connection error', { error: error.message }),
  });
}
