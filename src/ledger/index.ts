// The audit ledger: an append-only, hash-chained record of every governance decision, with PII
// committed per field so erasure and payload retention never break verification.
// Stores: node:sqlite (embedded) and PostgreSQL (production, many writers on one chain), both
// built on the store-independent parts below.

export * from './types.ts';
export { openSqliteLedger, type OpenLedgerOptions } from './sqlite-store.ts';
export { LEDGER_APPEND_CHANNEL } from './append-request.ts';
export { openPostgresLedger, type OpenPostgresLedgerOptions, type PostgresLedger } from './postgres-store.ts';
export { migratePostgres, migratePostgresSchema, POSTGRES_SCHEMA_VERSION, type MigrationReport } from './postgres-schema.ts';
export { PG_SSL_MODES, type PgSslMode, type PostgresConnectionOptions } from './postgres-connection.ts';
export { KILL_SWITCH_CHANNEL, POLICY_VERSION_CHANNEL, SIGNAL_CHANNELS } from './postgres-batch-append.ts';
export { listenForSignals, type FleetSignals, type FleetSignalsOptions, type SignalMessage } from './postgres-signals.ts';
export { clientConfig as postgresClientConfig, createPool } from './postgres-connection.ts';
export {
  createPiiDetector, defaultPiiDetector, DEFAULT_PERSONAL_KEYS, DEFAULT_VALUE_PATTERNS, piiDetectorSpec, piiDetectorFromSpec,
  type PiiDetector, type PiiDetectorOptions, type PiiDetectorSpec, type ValueMatcher,
} from './pii-detector.ts';
export { canonicalJson } from './canonical-json.ts';
export { sha256Hex } from './digests.ts';
export { formatPath, parsePath, getAtPath, setAtPath, type PathSegment } from './json-paths.ts';
export {
  ERASED_VALUE, PII_PLACEHOLDER_KEY, piiCommitment, sealPayload, redactPayload, redactedDigest, payloadDigest, erasePayload, cloneJson,
  type SealedPayload,
} from './pii-commitments.ts';
export {
  GENESIS_HASH, GENESIS_HEAD, HASHED_FIELDS, rowHash, rowHashParts, sealEntry, linkRow, type HashedFields, type SealedEntry,
} from './hash-chain.ts';
export { sealPayloadText, payloadTextMatches, erasePayloadText, type SealedPayloadText, type Span } from './payload-text.ts';
export { createChainVerifier, verifyRows, checkPayload, type ChainVerifier, type Finding } from './chain-verifier.ts';
export { retireMetadata, type MetadataRetirement } from './metadata-retention.ts';
export { createGroupCommitter, type GroupCommitter, type GroupCommitterOptions } from './group-commit.ts';
export { validateEntry } from './entry-validation.ts';
export { newEnvelopeId } from './envelope-id.ts';
export { eventEntry, type EventEntryFields } from './event-entry.ts';
export { checkListQuery, checkReviewQuery, checkPaging, toIsoUtc } from './query-validation.ts';
export { LedgerError, LEDGER_ERROR_CODES, type LedgerErrorCode } from './ledger-errors.ts';
export { toLedgerRow, toSummary, type StoredRow, type ChainHead } from './stored-row.ts';
export { checkCheckpoint } from './checkpoint-record.ts';
export { loadCheckpointSigner, algorithmOf, CHECKPOINT_TYP, RETENTION_TYP, type CheckpointClaims, type CheckpointKeyOptions, type CheckpointSigner } from './checkpoint-signer.ts';
export { auditLedger, type CheckpointEntry, type LedgerAudit, type SignatureStatus } from './ledger-audit.ts';
export { expiryCoverage, expiryProven, verifyRetentionJws } from './retention-proofs.ts';
export { auditCheckpoints, checkpointHead, verifyCheckpointJws, type CheckpointAudit, type CheckpointProblem } from './checkpoints.ts';
export { openLedgerDatabase } from './sqlite-schema.ts';
export { throughWriteGate } from './sqlite-write-gate.ts';
