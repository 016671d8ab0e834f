// Writes one group-committed batch onto the shared chain. Every writer of every process takes
// the one ledger_head row lock (SELECT ... FOR UPDATE) once per batch and inserts the whole batch
// with one statement (unnest of column arrays) that also moves the head, then COMMIT: one lock,
// one statement and one fsync per batch, not per row.
// Normally the server links the batch itself (ledger_link_hashes, schema v3): BEGIN, one
// statement that locks the head, computes the row hashes from the canonical text the client
// prepared, inserts and moves the head, and COMMIT leave in one pipelined write, so the lock is
// held only while the server executes them, never across a round trip to this process or while
// this process waits for a CPU. The other way (lock, read the head, link here, insert) remains
// for connections whose server cannot link (checked per connection) and for the retry after a
// duplicate.

import type pg from 'pg';
import { refusal, type AppendOutcome, type AppendRequest } from '../append-request.ts';
import { linkRow, rowHash, rowHashParts, type HashedFields } from '../chain/hash-chain.ts';
import { LedgerError } from '../ledger-errors.ts';
import type { JsonObject } from '../chain/pii-commitments.ts';
import { ALL_COLUMNS } from '../row-codec.ts';
import type { ChainHead } from '../stored-row.ts';
import type { EntryKind } from '../types.ts';

/** NOTIFY channel of kill switch flips (sent by the ledger with the row's commit). */
export const KILL_SWITCH_CHANNEL = 'gateway_kill_switch';
/** NOTIFY channel of policy bundle versions (sent by a gateway that applied a new bundle). */
export const POLICY_VERSION_CHANNEL = 'gateway_policy_version';

/** A row of these kinds is announced with NOTIFY <channel> in the transaction that appends it. */
export const SIGNAL_CHANNELS: Partial<Record<EntryKind, string>> = { kill_switch: KILL_SWITCH_CHANNEL };

export interface PostgresBatchResult {
  outcomes: AppendOutcome[];
  head: ChainHead;
}

/** The shared columns plus pii_spans (schema v2: where each PII leaf sits in the canonical payload text). */
export const POSTGRES_COLUMNS = [...ALL_COLUMNS, 'pii_spans'] as const;

/** Columns the head decides; every other column is encoded before the lock is taken. */
const LINKED = new Set<string>(['seq', 'prev_hash', 'hash']);
const PREPARED_COLUMNS = POSTGRES_COLUMNS.filter((column) => !LINKED.has(column));
const FLOAT_COLUMNS = new Set<string>(['risk_score', 'final_confidence']);

// seq is head + ordinality; prev_hash and hash come as arrays built under the lock.
const APPEND_SQL = `WITH appended AS (
  INSERT INTO ledger (${POSTGRES_COLUMNS.join(', ')})
  SELECT ${POSTGRES_COLUMNS.map((column) => (column === 'seq' ? '$1::bigint + r.n' : `r.${column}`)).join(', ')}
    FROM unnest(${[...PREPARED_COLUMNS, 'prev_hash', 'hash'].map((column, i) => `$${i + 2}::${FLOAT_COLUMNS.has(column) ? 'float8' : 'text'}[]`).join(', ')})
         WITH ORDINALITY AS r(${[...PREPARED_COLUMNS, 'prev_hash', 'hash', 'n'].join(', ')})
)
UPDATE ledger_head SET seq = $${PREPARED_COLUMNS.length + 4}, hash = $${PREPARED_COLUMNS.length + 5} WHERE id = 1`;

const LOCK_HEAD_SQL = 'SELECT seq, hash FROM ledger_head WHERE id = 1 FOR UPDATE';

// linkRow copies the payload into the row it returns, but the hash never covers it and the
// payload column is written from payloadJson.
const UNPARSED: JsonObject = Object.freeze({}) as JsonObject;

const UNIQUE_VIOLATION = '23505';

/**
 * Appends `batch` in one transaction on `client` (the writer's own connection). A duplicate
 * envelope or a second post-check fails only its own entry: the first attempt is optimistic; if
 * a unique index refuses it, the batch is rolled back and written again without the refused
 * entries, found while holding the head lock (so no other writer can race the check).
 * Any other error rolls back and throws: the whole batch failed.
 */
export async function appendBatch(client: pg.Client, batch: readonly AppendRequest[], schema: string, serverLinks = false): Promise<PostgresBatchResult> {
  try {
    return await (serverLinks ? appendLinkedByServer(client, batch, schema) : attempt(client, batch, schema, false));
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    return attempt(client, batch, schema, true);
  }
}

const SIGNAL_KINDS = Object.keys(SIGNAL_CHANNELS);
const SIGNAL_CHANNEL_SQL = `CASE a.kind ${Object.entries(SIGNAL_CHANNELS).map(([kind, channel]) => `WHEN '${kind}' THEN '${channel}'`).join(' ')} END`;
const P = PREPARED_COLUMNS.length;

// One statement under the lock: the head is locked and read, the batch linked (row i gets seq
// head + i, prev_hash the hash before it), inserted, the head moved, and signal rows announced.
const LINKED_APPEND_SQL = `WITH head AS MATERIALIZED (
  SELECT seq, hash FROM ledger_head WHERE id = 1 FOR UPDATE
), linked AS MATERIALIZED (
  SELECT h.seq AS head_seq, h.hash AS head_hash, ledger_link_hashes(h.seq, h.hash, $${P + 1}::text[], $${P + 2}::text[]) AS hashes FROM head h
), appended AS (
  INSERT INTO ledger (${POSTGRES_COLUMNS.join(', ')})
  SELECT ${POSTGRES_COLUMNS.map((column) => (column === 'seq' ? 'l.head_seq + r.n'
    : column === 'prev_hash' ? 'CASE WHEN r.n = 1 THEN l.head_hash ELSE l.hashes[r.n::int - 1] END'
    : column === 'hash' ? 'l.hashes[r.n::int]' : `r.${column}`)).join(', ')}
    FROM linked l, unnest(${PREPARED_COLUMNS.map((column, i) => `$${i + 1}::${FLOAT_COLUMNS.has(column) ? 'float8' : 'text'}[]`).join(', ')})
         WITH ORDINALITY AS r(${[...PREPARED_COLUMNS, 'n'].join(', ')})
  RETURNING seq, kind, envelope_id
), moved AS (
  UPDATE ledger_head h SET seq = l.head_seq + $${P + 3}::int, hash = l.hashes[$${P + 3}::int] FROM linked l WHERE h.id = 1 RETURNING 1
), signalled AS (
  SELECT pg_notify(${SIGNAL_CHANNEL_SQL}, json_build_object('schema', $${P + 4}::text, 'kind', a.kind, 'seq', a.seq, 'envelope_id', a.envelope_id)::text)
    FROM appended a WHERE a.kind IN (${SIGNAL_KINDS.map((kind) => `'${kind}'`).join(', ')})
)
SELECT l.head_seq, l.head_hash, array_to_string(l.hashes, ',') AS hashes, (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM signalled) AS signalled
  FROM linked l`;
// (The hashes come back as one comma-separated string: pg would parse a text[] character by character.)

/** The hashed fields of an appended row, except the two the head decides. */
function unlinkedFields(request: AppendRequest): Omit<HashedFields, 'seq' | 'prev_hash'> {
  const sealed = request.sealed!;
  return { ...request.meta, created_at: request.createdAt, payload_digest: sealed.payload_digest, pii_commitments: sealed.pii_commitments };
}

/** The first attempt when the server links (see the top of this file). */
async function appendLinkedByServer(client: pg.Client, batch: readonly AppendRequest[], schema: string): Promise<PostgresBatchResult> {
  for (const request of batch) {
    if (!request.sealed) throw new LedgerError('LEDGER_WRITE_FAILED', 'the PostgreSQL writer received an unsealed entry');
  }
  const prepared = encodeColumns(batch);
  const parts = batch.map((request) => rowHashParts(unlinkedFields(request)));
  const statements = [
    client.query('BEGIN'),
    client.query<{ head_seq: number; head_hash: string; hashes: string; moved: string }>({
      name: 'ledger_append_linked', text: LINKED_APPEND_SQL,
      values: [...prepared, binaryTextArray(parts.map((part) => part.prefix)), binaryTextArray(parts.map((part) => part.middle)), batch.length, schema],
    }),
    client.query('COMMIT'),
  ] as const;
  // If the INSERT fails (a duplicate), the transaction is aborted and COMMIT answers ROLLBACK.
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  const tag = (settled[2] as PromiseFulfilledResult<pg.QueryResult>).value.command;
  if (tag !== 'COMMIT') throw new LedgerError('LEDGER_WRITE_FAILED', `the batch's transaction ended with ${tag}`);
  const { rows: [linked] } = (settled[1] as PromiseFulfilledResult<pg.QueryResult<{ head_seq: number; head_hash: string; hashes: string }>>).value;
  const hashes = linked?.hashes?.split(',') ?? [];
  if (!linked || hashes.length !== batch.length) throw new LedgerError('LEDGER_WRITE_FAILED', 'the ledger_head row is missing (was the schema migrated?)');
  const outcomes: AppendOutcome[] = batch.map((request, i) => ({
    ok: true, seq: linked.head_seq + i + 1, prev_hash: i === 0 ? linked.head_hash : hashes[i - 1], hash: hashes[i],
    pii_paths: request.sealed!.pii_paths, payload_digest: request.sealed!.payload_digest,
  }));
  return { outcomes, head: { seq: linked.head_seq + batch.length, hash: hashes[batch.length - 1] } };
}

/**
 * Whether the server on `client` links exactly as rowHash() does: UTF-8 throughout, sha256()
 * present (PostgreSQL 11+), ledger_link_hashes migrated. Checked with rows whose text is not ASCII.
 */
export async function serverLinksLikeUs(client: pg.Client): Promise<boolean> {
  const sample = (n: number): Omit<HashedFields, 'seq' | 'prev_hash'> => ({
    envelope_id: `probe-${n}`, parent_envelope_id: null, kind: 'validate', agent_id: 'agent \u00e9\u20ac\ud83d\ude00 "q" \\', action: null,
    outcome: 'approve', risk_tier: 'low', risk_score: 0.1 + n, final_confidence: -1e-7, policy_version: 'p\u00ff', score_version: 's',
    reviewer_id: null, review_deadline: null, created_at: '2030-01-01T00:00:00.000Z', payload_digest: 'ab'.repeat(32),
    pii_commitments: { 'a["\u00e9"]': 'cd'.repeat(32) },
  });
  const head = { seq: 9_007_199_254_740, hash: 'ef'.repeat(32) };
  const rows = [sample(1), sample(2)];
  let expected = head.hash;
  const hashes = rows.map((row, i) => (expected = rowHash({ ...row, seq: head.seq + i + 1, prev_hash: expected })));
  try {
    const parts = rows.map(rowHashParts);
    const { rows: [probe] } = await client.query<{ encoding: string; hashes: string[] | null }>(
      `SELECT current_setting('server_encoding') AS encoding,
              CASE WHEN to_regprocedure('ledger_link_hashes(bigint, text, text[], text[])') IS NULL THEN NULL
                   ELSE ledger_link_hashes($1::bigint, $2::text, $3::text[], $4::text[]) END AS hashes`,
      [head.seq, head.hash, parts.map((part) => part.prefix), parts.map((part) => part.middle)]);
    return probe.encoding === 'UTF8' && Array.isArray(probe.hashes) && probe.hashes.join() === hashes.join();
  } catch {
    return false; // e.g. no sha256() before PostgreSQL 11
  }
}

async function attempt(client: pg.Client, batch: readonly AppendRequest[], schema: string, checkDuplicates: boolean): Promise<PostgresBatchResult> {
  for (const request of batch) {
    if (!request.sealed) throw new LedgerError('LEDGER_WRITE_FAILED', 'the PostgreSQL writer received an unsealed entry');
  }
  // Encoding the payloads and the rest of the head-independent columns is most of the client's
  // work per row: it is done before the lock, except on the rare retry after a duplicate.
  let prepared = checkDuplicates ? undefined : encodeColumns(batch);
  const begun = client.query('BEGIN');
  const locked = client.query<ChainHead>({ name: 'ledger_lock_head', text: LOCK_HEAD_SQL });
  let committed = false;
  try {
    await begun;
    const { rows: [head] } = await locked;
    if (!head) throw new LedgerError('LEDGER_WRITE_FAILED', 'the ledger_head row is missing (was the schema migrated?)');
    const refused = checkDuplicates ? await findDuplicates(client, batch) : new Map<number, AppendOutcome>();
    const accepted = refused.size === 0 ? batch : batch.filter((_, i) => !refused.has(i));
    prepared ??= encodeColumns(accepted);

    const outcomes: AppendOutcome[] = [];
    const prevHashes: string[] = [];
    const hashes: string[] = [];
    const signals: string[][] = [];
    let next: ChainHead = head;
    batch.forEach((request, i) => {
      const refusal = refused.get(i);
      if (refusal) { outcomes.push(refusal); return; }
      const sealed = request.sealed!;
      const row = linkRow({ ...request.meta, payload: UNPARSED, ...sealed }, next, request.createdAt);
      prevHashes.push(row.prev_hash);
      hashes.push(row.hash);
      next = { seq: row.seq, hash: row.hash };
      outcomes.push({ ok: true, seq: row.seq, prev_hash: row.prev_hash, hash: row.hash, pii_paths: sealed.pii_paths, payload_digest: sealed.payload_digest });
      const channel = SIGNAL_CHANNELS[row.kind];
      if (channel) signals.push([channel, JSON.stringify({ schema, kind: row.kind, seq: row.seq, envelope_id: row.envelope_id })]);
    });

    // Pipelined: the INSERT, the NOTIFYs and the COMMIT leave together. If the INSERT fails, the
    // transaction is aborted and COMMIT answers ROLLBACK.
    const statements: Array<Promise<pg.QueryResult>> = [];
    if (next.seq > head.seq) {
      statements.push(client.query({
        name: 'ledger_append', text: APPEND_SQL,
        values: [head.seq, ...prepared, hexArray(prevHashes), hexArray(hashes), next.seq, next.hash],
      }));
    }
    for (const [channel, message] of signals) statements.push(client.query('SELECT pg_notify($1, $2)', [channel, message]));
    const commit = client.query('COMMIT');
    const settled = await Promise.allSettled([...statements, commit]);
    committed = true;
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    const tag = (settled.at(-1) as PromiseFulfilledResult<pg.QueryResult>).value.command;
    if (tag !== 'COMMIT') throw new LedgerError('LEDGER_WRITE_FAILED', `the batch's transaction ended with ${tag}`);
    return { outcomes, head: next };
  } catch (err) {
    if (!committed) {
      // BEGIN or the lock failed, or linking threw: end the transaction, keep the original error.
      await Promise.allSettled([begun, locked]);
      await client.query('ROLLBACK').catch(() => {});
    }
    throw err;
  }
}

/**
 * One array per PREPARED_COLUMNS entry for the rows of `requests`, in PostgreSQL's binary array
 * format (pg sends a Buffer parameter as binary). Nothing is escaped on either side: each element
 * is its UTF-8 bytes behind a length, where an array literal would need every `"` and `\` of the
 * payload escaped here and parsed back by the server under the head lock.
 */
function encodeColumns(requests: readonly AppendRequest[]): Buffer[] {
  return PREPARED_COLUMNS.map((column) => {
    const values = new Array<string | number | null>(requests.length);
    for (let i = 0; i < requests.length; i += 1) values[i] = columnValue(requests[i], column);
    return FLOAT_COLUMNS.has(column) ? binaryFloat8Array(values as Array<number | null>) : binaryTextArray(values as Array<string | null>);
  });
}

const TEXT_OID = 25;
const FLOAT8_OID = 701;
/** ndim, has-null flag, element type, then size and lower bound of the one dimension. */
const ARRAY_HEADER_BYTES = 20;

function arrayHeader(bytes: number, elementType: number, count: number, hasNull: boolean): Buffer {
  const out = Buffer.allocUnsafe(bytes);
  out.writeInt32BE(1, 0);
  out.writeInt32BE(hasNull ? 1 : 0, 4);
  out.writeInt32BE(elementType, 8);
  out.writeInt32BE(count, 12);
  out.writeInt32BE(1, 16);
  return out;
}

function binaryTextArray(values: ReadonlyArray<string | null>): Buffer {
  let bytes = ARRAY_HEADER_BYTES;
  let hasNull = false;
  for (const value of values) {
    if (value === null) hasNull = true;
    else bytes += Buffer.byteLength(value, 'utf8');
    bytes += 4;
  }
  const out = arrayHeader(bytes, TEXT_OID, values.length, hasNull);
  let at = ARRAY_HEADER_BYTES;
  for (const value of values) {
    if (value === null) { out.writeInt32BE(-1, at); at += 4; continue; }
    const written = out.write(value, at + 4, 'utf8');
    out.writeInt32BE(written, at);
    at += 4 + written;
  }
  return out;
}

function binaryFloat8Array(values: ReadonlyArray<number | null>): Buffer {
  const hasNull = values.includes(null);
  const out = arrayHeader(ARRAY_HEADER_BYTES + values.reduce<number>((sum, value) => sum + (value === null ? 4 : 12), 0), FLOAT8_OID, values.length, hasNull);
  let at = ARRAY_HEADER_BYTES;
  for (const value of values) {
    if (value === null) { out.writeInt32BE(-1, at); at += 4; continue; }
    out.writeInt32BE(8, at);
    out.writeDoubleBE(value, at + 4);
    at += 12;
  }
  return out;
}

/** What row-codec's rowValues() stores in `column` for a freshly appended row. */
function columnValue(request: AppendRequest, column: string): string | number | null {
  const sealed = request.sealed!;
  switch (column) {
    case 'created_at': return request.createdAt;
    case 'payload': return request.payloadJson;
    case 'payload_state': return 'present';
    case 'pii_paths': return JSON.stringify(sealed.pii_paths);
    case 'pii_commitments': return JSON.stringify(sealed.pii_commitments);
    case 'pii_salts': return JSON.stringify(sealed.pii_salts);
    case 'payload_digest': return sealed.payload_digest;
    case 'pii_spans': return request.piiSpans ? JSON.stringify(request.piiSpans) : null;
    default: return request.meta[column as keyof AppendRequest['meta']] as string | number | null;
  }
}

/** Hex digests need no quoting. */
function hexArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}

/** Entries of the batch that a unique index would refuse: existing rows first, then earlier entries of the batch. */
async function findDuplicates(client: pg.Client, batch: readonly AppendRequest[]): Promise<Map<number, AppendOutcome>> {
  const envelopes = batch.map((request) => request.meta.envelope_id);
  const postCheckParents = batch.filter((r) => r.meta.kind === 'post_check' && r.meta.parent_envelope_id !== null).map((r) => r.meta.parent_envelope_id as string);
  const [existingEnvelopes, existingPostChecks] = await Promise.all([
    client.query<{ envelope_id: string }>('SELECT envelope_id FROM ledger WHERE envelope_id = ANY($1::text[])', [envelopes]),
    client.query<{ parent_envelope_id: string }>(
      `SELECT parent_envelope_id FROM ledger WHERE kind = 'post_check' AND parent_envelope_id = ANY($1::text[])`, [postCheckParents],
    ),
  ]);
  const takenEnvelopes = new Set(existingEnvelopes.rows.map((r) => r.envelope_id));
  const takenParents = new Set(existingPostChecks.rows.map((r) => r.parent_envelope_id));
  const refused = new Map<number, AppendOutcome>();
  batch.forEach(({ meta }, i) => {
    if (takenEnvelopes.has(meta.envelope_id)) {
      refused.set(i, refusal(new LedgerError('LEDGER_DUPLICATE_ENVELOPE', meta.envelope_id)));
      return;
    }
    if (meta.kind === 'post_check' && meta.parent_envelope_id !== null && takenParents.has(meta.parent_envelope_id)) {
      refused.set(i, refusal(new LedgerError('LEDGER_DUPLICATE_POST_CHECK', `parent ${meta.parent_envelope_id}`)));
      return;
    }
    takenEnvelopes.add(meta.envelope_id);
    if (meta.kind === 'post_check' && meta.parent_envelope_id !== null) takenParents.add(meta.parent_envelope_id);
  });
  return refused;
}
