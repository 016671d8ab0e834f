// The production ledger on PostgreSQL: many gateway processes append to one chain. append()
// validates and seals an entry on the calling thread; the group committer hands each batch to
// this process's writer connection, which links it after the shared head inside one locked
// transaction (postgres-batch-append.ts). Reads, erasure, expiry and verify use a pool.

import type pg from 'pg';
import { settleBatch, stampBatch, type Settled } from '../append-request.ts';
import { checkCheckpoint, checkRetentionRecord } from '../chain/checkpoint-record.ts';
import { checkEntryMetadata } from '../entry-validation.ts';
import { openReads } from '../ledger-reads.ts';
import { createGroupCommitter } from '../group-commit.ts';
import { GENESIS_HEAD } from '../chain/hash-chain.ts';
import { LedgerError } from '../ledger-errors.ts';
import { checkPaging } from '../query-validation.ts';
import type { JsonObject } from '../chain/pii-commitments.ts';
import { sealPayloadText } from '../chain/payload-text.ts';
import { defaultPiiDetector, type PiiDetector } from '../pii-detector.ts';
import { walkPostgresChain } from './postgres-chain-walk.ts';
import { createPool, type PostgresConnectionOptions } from './postgres-connection.ts';
import { advisoryKey, tryAdvisoryLock } from './postgres-locks.ts';
import { createPostgresPayloadEraser } from './postgres-payload-erasure.ts';
import { createPostgresMetadataRetention } from './postgres-metadata-retention.ts';
import { verifyRetained } from '../chain/retained-chain.ts';
import { createPostgresReader } from './postgres-reads.ts';
import { migratePostgres, POSTGRES_SCHEMA_VERSION } from './postgres-schema.ts';
import { createPostgresWriter } from './postgres-writer.ts';
import type { AppendRequest } from '../append-request.ts';
import type { ChainHead } from '../stored-row.ts';
import type { Ledger, LedgerCheckpoint, LedgerRow, RetentionRecord } from '../types.ts';

export interface OpenPostgresLedgerOptions extends PostgresConnectionOptions {
  piiDetector?: PiiDetector;
  /** The clock for created_at; injectable for tests. */
  now?: () => Date;
  /** Most appends committed in one transaction. Default 1000; 1 gives one transaction (and head lock) per append. */
  maxBatch?: number;
  /** Apply pending migrations (under an advisory lock) when opening. Default true. */
  migrate?: boolean;
  /** Rows per retention transaction (expirePayloads). Default 10,000. */
  expiryChunkRows?: number;
  /** Errors of idle or broken connections (the gateway logs them); they never reject an append by themselves. */
  onConnectionError?: (error: Error) => void;
}

export interface PostgresLedger extends Ledger {
  /** The schema holding the ledger tables. */
  readonly schema: string;
}


type Queued = { request: Omit<AppendRequest, 'createdAt'>; payload: JsonObject | undefined };

/** Connects, checks (or applies) the schema version, and returns the ledger. */
export async function openPostgresLedger(opts: OpenPostgresLedgerOptions = {}): Promise<PostgresLedger> {
  const maxBatch = opts.maxBatch ?? 1000;
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new LedgerError('LEDGER_INVALID_ARGUMENT', `maxBatch must be a positive integer, got ${maxBatch}`);
  const now = opts.now ?? (() => new Date());
  const detectPii = opts.piiDetector ?? defaultPiiDetector;
  const onError = opts.onConnectionError ?? (() => {});
  const pool = createPool(opts, onError);
  let schema: string;
  try {
    schema = opts.migrate === false ? await checkSchemaVersion(pool) : (await migratePostgres(pool)).schema;
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  const writer = createPostgresWriter(opts, schema, onError);
  const reader = createPostgresReader(pool);
  const eraser = createPostgresPayloadEraser(pool, opts.expiryChunkRows);
  const retention = createPostgresMetadataRetention(pool);
  // The furthest head this process has seen: verify() reaches at least this far, so rows deleted
  // from the end while it runs show up as a gap even if ledger_head was rewound too.
  let head: ChainHead = GENESIS_HEAD;
  let accepting = true;
  let open = true;
  let closing: Promise<void> | undefined;

  const readHead = async (): Promise<ChainHead> => {
    const { rows: [stored] } = await pool.query<ChainHead & { max_seq: number | null }>(
      'SELECT h.seq, h.hash, (SELECT max(seq) FROM ledger) AS max_seq FROM ledger_head h WHERE h.id = 1');
    if (!stored) throw new LedgerError('LEDGER_WRITE_FAILED', 'the ledger_head row is missing');
    return stored.max_seq !== null && stored.max_seq > stored.seq ? { seq: stored.max_seq, hash: stored.hash } : { seq: stored.seq, hash: stored.hash };
  };

  const committer = createGroupCommitter<Queued, Settled>({
    maxBatch,
    flush: async (batch) => {
      const started = performance.now();
      const requests = stampBatch(batch, now);
      let result;
      try {
        result = await writer.write(requests);
      } catch (err) {
        if (err instanceof LedgerError) throw err;
        throw new LedgerError('LEDGER_WRITE_FAILED', (err as Error)?.message ?? String(err), { cause: err });
      }
      if (result.head.seq > head.seq) head = result.head;
      return settleBatch('postgres', started, requests, batch.map((queued) => queued.payload), result.outcomes);
    },
  });

  const ensureOpen = (): void => {
    if (!open) throw new LedgerError('LEDGER_CLOSED');
  };

  return {
    schema,
    async append(entry) {
      if (!accepting) throw new LedgerError('LEDGER_CLOSED');
      const { meta, payload } = checkEntryMetadata(entry);
      // Sealing (PII detection, commitments, digest) is CPU work: done here, before the batch
      // takes the shared head lock, never while holding it. One walk writes the canonical text
      // (the stored payload) and finds the PII; no parsed copy is made.
      const { payloadText, pii_spans: piiSpans, ...sealed } = sealPayloadText(payload, detectPii);
      const settled = await committer.submit({ request: { meta, payloadJson: payloadText, sealed, piiSpans }, payload: undefined });
      if (!settled.ok) throw settled.error;
      return settled.row;
    },
    ...openReads(reader, ensureOpen),
    async verify(range) {
      ensureOpen();
      // The anchor is re-read for every walk, never remembered: a retention run of another process
      // may move it while this one walks (verifyRetained then walks again from the new anchor).
      // The head is read after it, so the walk's end is never before the anchor.
      return verifyRetained(retention.anchor, async (anchor) => {
        const stored = await readHead();
        return walkPostgresChain(pool, stored.seq > head.seq ? stored : head, range, anchor);
      });
    },
    async erasePii(envelopeId) { ensureOpen(); return eraser.erasePii(envelopeId); },
    async expirePayloads(createdBefore) { ensureOpen(); return eraser.expirePayloads(createdBefore); },
    async retirablePrefix(createdBefore) { ensureOpen(); return retention.retirablePrefix(createdBefore); },
    async retirePrefix(through, retiredAt) { ensureOpen(); return retention.retirePrefix(through, retiredAt); },
    async anchor() { ensureOpen(); return retention.anchor(); },
    async head() {
      ensureOpen();
      const { rows: [stored] } = await pool.query<ChainHead>('SELECT seq, hash FROM ledger_head WHERE id = 1');
      return { seq: stored.seq, hash: stored.hash };
    },
    async addCheckpoint(checkpoint) {
      ensureOpen();
      checkCheckpoint(checkpoint);
      const { rowCount } = await pool.query(
        `INSERT INTO ledger_checkpoints (seq, head_hash, key_id, jws, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (seq) DO NOTHING`,
        [checkpoint.seq, checkpoint.head_hash, checkpoint.key_id, checkpoint.jws, checkpoint.created_at]);
      return rowCount === 1;
    },
    async checkpoints(query) {
      ensureOpen();
      checkPaging(query.limit, query.offset);
      const { rows } = await pool.query<LedgerCheckpoint>(
        'SELECT seq, head_hash, key_id, jws, created_at FROM ledger_checkpoints ORDER BY seq DESC LIMIT $1 OFFSET $2', [query.limit, query.offset]);
      return rows.map((row) => ({ ...row }));
    },
    async addRetentionRecord(record) {
      ensureOpen();
      checkRetentionRecord(record);
      await pool.query('INSERT INTO ledger_retention_records (kind, key_id, jws, created_at) VALUES ($1, $2, $3, $4)',
        [record.kind, record.key_id, record.jws, record.created_at]);
    },
    async retentionRecords(query) {
      ensureOpen();
      checkPaging(query.limit, query.offset);
      const { rows } = await pool.query<RetentionRecord>(
        'SELECT kind, key_id, jws, created_at FROM ledger_retention_records ORDER BY id LIMIT $1 OFFSET $2', [query.limit, query.offset]);
      return rows.map((row) => ({ ...row }));
    },
    async runExclusive(job, task) {
      ensureOpen();
      const client = await pool.connect();
      let broken = false;
      try {
        return await tryAdvisoryLock(client, advisoryKey(job, schema), task, () => { broken = true; });
      } catch (err) {
        broken = true;
        throw err;
      } finally {
        // A session whose lock could not be released is closed, which releases it.
        client.release(broken);
      }
    },
    async ping() {
      if (!open) return false;
      return withTimeout(pool.query('SELECT seq FROM ledger_head WHERE id = 1').then(() => true, () => false), 2000, false);
    },
    close() {
      closing ??= (async () => {
        accepting = false;
        await committer.drain();
        open = false;
        await writer.close();
        await pool.end().catch(() => {});
      })();
      return closing;
    },
  };
}

async function checkSchemaVersion(pool: pg.Pool): Promise<string> {
  const { rows: [row] } = await pool.query<{ schema: string; version: number | null }>(
    `SELECT current_schema() AS schema,
            (SELECT max(version) FROM schema_migrations) AS version`,
  ).catch((err: { code?: string }) => {
    if (err.code === '42P01') return { rows: [{ schema: '', version: null }] };
    throw err;
  });
  if ((row.version ?? 0) < POSTGRES_SCHEMA_VERSION) {
    throw new LedgerError('LEDGER_INVALID_ARGUMENT', `the ledger schema is at version ${row.version ?? 0}, this build needs ${POSTGRES_SCHEMA_VERSION}: run govgate migrate`);
  }
  return row.schema;
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => { timer = setTimeout(() => resolve(fallback), ms); timer.unref(); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
