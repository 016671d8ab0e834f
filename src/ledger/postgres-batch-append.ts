// Writes one group-committed batch onto the shared chain. Every writer of every process takes
// the one ledger_head row lock (SELECT ... FOR UPDATE) once per batch, links the batch's rows
// after that head in memory, and sends one multi-row INSERT (unnest of column arrays) that also
// moves the head, then COMMIT: one lock, one statement and one fsync per batch, not per row.
// The writer's connection pipelines its statements, so the lock is held for about one round
// trip plus the INSERT itself.

import type pg from 'pg';
import { refusal, type AppendOutcome, type AppendRequest } from './append-request.ts';
import { linkRow } from './hash-chain.ts';
import { LedgerError } from './ledger-errors.ts';
import type { JsonObject } from './pii-commitments.ts';
import { ALL_COLUMNS } from './row-codec.ts';
import type { ChainHead } from './stored-row.ts';
import type { EntryKind } from './types.ts';

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

/** Columns the head decides; every other column is encoded before the lock is taken. */
const LINKED = new Set<string>(['seq', 'prev_hash', 'hash']);
const PREPARED_COLUMNS = ALL_COLUMNS.filter((column) => !LINKED.has(column));
const FLOAT_COLUMNS = new Set<string>(['risk_score', 'final_confidence']);

// seq is head + ordinality; prev_hash and hash come as arrays built under the lock.
const APPEND_SQL = `WITH appended AS (
  INSERT INTO ledger (${ALL_COLUMNS.join(', ')})
  SELECT ${ALL_COLUMNS.map((column) => (column === 'seq' ? '$1::bigint + r.n' : `r.${column}`)).join(', ')}
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
export async function appendBatch(client: pg.Client, batch: readonly AppendRequest[], schema: string): Promise<PostgresBatchResult> {
  try {
    return await attempt(client, batch, schema, false);
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    return attempt(client, batch, schema, true);
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

/** PostgreSQL array literals, one per PREPARED_COLUMNS entry, for the rows of `requests`. */
function encodeColumns(requests: readonly AppendRequest[]): string[] {
  return PREPARED_COLUMNS.map((column) => {
    const elements = new Array<string>(requests.length);
    const jsonText = JSON_TEXT_COLUMNS.has(column);
    for (let i = 0; i < requests.length; i += 1) {
      const value = columnValue(requests[i], column);
      elements[i] = value === null ? 'NULL'
        : typeof value === 'number' ? String(value)
        // JSON text written by JSON.stringify holds no control character and no lone surrogate,
        // so its JSON string literal escapes exactly `"` and `\`, as an array element must
        // (and JSON.stringify is native: most of the bytes of a batch go through here).
        : jsonText ? JSON.stringify(value)
        : quoteElement(value);
    }
    return `{${elements.join(',')}}`;
  });
}

const JSON_TEXT_COLUMNS = new Set<string>(['payload', 'pii_paths', 'pii_commitments', 'pii_salts']);
const ARRAY_SPECIALS = /[\\"]/g;

function quoteElement(value: string): string {
  return value.includes('"') || value.includes('\\') ? `"${value.replace(ARRAY_SPECIALS, '\\$&')}"` : `"${value}"`;
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
