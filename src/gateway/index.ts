// One gateway process, composed from its parts: what `govgate serve`, the tests and the
// benchmarks start.

export { startGateway } from './start-gateway.ts';
export type { RunningGateway, StartOptions } from './start-gateway.ts';
export { GATEWAY_VERSION } from './package-version.ts';
export { isCentralUnreachable, isDatabaseUnreachable, type DatabaseWait } from './wait-for-database.ts';
export { openConfiguredLedger, postgresConnection, type OpenConfiguredLedgerOptions } from './open-ledger.ts';
export { loadConfiguredSigner } from './checkpoint-key.ts';
export { keyStoreKind, openConfiguredKeyStore, type KeyStoreKind, type OpenKeyStoreOptions } from './open-key-store.ts';
export { runRetention, type RetentionReport } from './retention.ts';
export { startFleetSync, type FleetSync, type FleetSyncOptions } from './fleet-sync.ts';
