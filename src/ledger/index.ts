// The audit ledger: an append-only, hash-chained record of every governance decision, with PII
// committed per field so erasure and payload retention never break verification.
// Stores: node:sqlite (embedded) and PostgreSQL (production, many writers on one chain), both
// built on the store-independent parts below. chain/ holds what verification rests on (canonical
// JSON, digests, PII commitments, row hashes, the verifier, signed checkpoints and retention
// statements); sqlite/ and postgres/ hold each store; what both stores share stays at the top.

export * from './types.ts';
export { REVIEW_ITEMS_WHERE } from './review-queue-filters.ts';
export { openSqliteLedger, type OpenLedgerOptions } from './sqlite/sqlite-store.ts';
export { LEDGER_APPEND_CHANNEL } from './append-request.ts';
export { withLazyPayload } from './lazy-payload.ts';
export { openPostgresLedger, type OpenPostgresLedgerOptions, type PostgresLedger } from './postgres/postgres-store.ts';
export { migratePostgres, migratePostgresSchema, POSTGRES_SCHEMA_VERSION, type MigrationReport } from './postgres/postgres-schema.ts';
export { PG_SSL_MODES, type PgSslMode, type PostgresConnectionOptions } from './postgres/postgres-connection.ts';
export { KILL_SWITCH_CHANNEL, POLICY_VERSION_CHANNEL, SIGNAL_CHANNELS } from './postgres/postgres-batch-append.ts';
export { listenForSignals, type FleetSignals, type FleetSignalsOptions, type SignalMessage } from './postgres/postgres-signals.ts';
export { clientConfig as postgresClientConfig, createPool, inTransaction } from './postgres/postgres-connection.ts';
export {
  createPiiDetector, defaultPiiDetector, DEFAULT_PERSONAL_KEYS, DEFAULT_VALUE_PATTERNS, piiDetectorSpec, piiDetectorFromSpec,
  type PiiDetector, type PiiDetectorOptions, type PiiDetectorSpec, type ValueMatcher,
} from './pii-detector.ts';
export { canonicalJson } from './chain/canonical-json.ts';
export { sha256Hex } from './chain/digests.ts';
export { formatPath, parsePath, getAtPath, setAtPath, type PathSegment } from './chain/json-paths.ts';
export {
  ERASED_VALUE, PII_PLACEHOLDER_KEY, piiCommitment, sealPayload, redactPayload, redactedDigest, payloadDigest, erasePayload, cloneJson,
  type SealedPayload,
} from './chain/pii-commitments.ts';
export {
  GENESIS_HASH, GENESIS_HEAD, HASHED_FIELDS, rowHash, rowHashParts, sealEntry, linkRow, type HashedFields, type SealedEntry,
} from './chain/hash-chain.ts';
export { sealPayloadText, payloadTextMatches, erasePayloadText, type SealedPayloadText, type Span } from './chain/payload-text.ts';
export { createChainVerifier, verifyRows, checkPayload, type ChainVerifier, type Finding } from './chain/chain-verifier.ts';
export { retireMetadata, type MetadataRetirement } from './metadata-retention.ts';
export { createGroupCommitter, type GroupCommitter, type GroupCommitterOptions } from './group-commit.ts';
export { validateEntry } from './entry-validation.ts';
export { newEnvelopeId } from './envelope-id.ts';
export { eventEntry, type EventEntryFields } from './event-entry.ts';
export { checkListQuery, checkReviewQuery, checkPaging, toIsoUtc } from './query-validation.ts';
export { LedgerError, LEDGER_ERROR_CODES, type LedgerErrorCode } from './ledger-errors.ts';
export { toSummary, type StoredRow, type ChainHead } from './stored-row.ts';
export { checkCheckpoint } from './chain/checkpoint-record.ts';
export { loadCheckpointSigner, algorithmOf, CHECKPOINT_TYP, RETENTION_TYP, type CheckpointClaims, type CheckpointKeyOptions, type CheckpointSigner } from './chain/checkpoint-signer.ts';
export { auditLedger, type CheckpointEntry, type LedgerAudit, type SignatureStatus } from './chain/ledger-audit.ts';
export { expiryCoverage, expiryProven, verifyRetentionJws } from './chain/retention-proofs.ts';
export { auditCheckpoints, checkpointHead, verifyCheckpointJws, type CheckpointAudit, type CheckpointProblem } from './chain/checkpoints.ts';
export { openLedgerDatabase } from './sqlite/sqlite-schema.ts';
export { throughWriteGate } from './sqlite/sqlite-write-gate.ts';
export { inImmediateTransaction, inImmediateTransactionAsync } from './sqlite/immediate-transaction.ts';
