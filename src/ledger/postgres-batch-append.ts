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
import { ALL_COLUMNS, rowValues } from './row-codec.ts';
import type { ChainHead } from './stored-row.ts';
import type { EntryKind } from './types.ts';

/** A row of these kinds is announced with NOTIFY <channel> in the transaction that appends it. */
export const SIGNAL_CHANNELS: Partial<Record<EntryKind, string>> = { kill_switch: 'gateway_kill_switch' };

export interface PostgresBatchResult {
  outcomes: AppendOutcome[];
  head: ChainHead;
}

const ARRAY_TYPES: Record<string, string> = { seq: 'bigint[]', risk_score: 'float8[]', final_confidence: 'float8[]' };

const APPEND_SQL = `WITH appended AS (
  INSERT INTO ledger (${ALL_COLUMNS.join(', ')})
  SELECT * FROM unnest(${ALL_COLUMNS.map((column, i) => `$${i + 1}::${ARRAY_TYPES[column] ?? 'text[]'}`).join(', ')})
)
UPDATE ledger_head SET seq = $${ALL_COLUMNS.length + 1}, hash = $${ALL_COLUMNS.length + 2} WHERE id = 1`;

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
  const begun = client.query('BEGIN');
  const locked = client.query<ChainHead>({ name: 'ledger_lock_head', text: LOCK_HEAD_SQL });
  let committed = false;
  try {
    await begun;
    const { rows: [head] } = await locked;
    if (!head) throw new LedgerError('LEDGER_WRITE_FAILED', 'the ledger_head row is missing (was the schema migrated?)');
    const refused = checkDuplicates ? await findDuplicates(client, batch) : new Map<number, AppendOutcome>();

    const outcomes: AppendOutcome[] = [];
    const columns: Array<Array<string | number | null>> = ALL_COLUMNS.map(() => []);
    const signals: string[][] = [];
    let next: ChainHead = head;
    batch.forEach((request, i) => {
      const refusal = refused.get(i);
      if (refusal) { outcomes.push(refusal); return; }
      const sealed = request.sealed;
      if (!sealed) throw new LedgerError('LEDGER_WRITE_FAILED', 'the PostgreSQL writer received an unsealed entry');
      const row = linkRow({ ...request.meta, payload: request.payload ?? UNPARSED, ...sealed }, next, request.createdAt);
      rowValues(row, request.payloadJson).forEach((value, c) => columns[c].push(value));
      next = { seq: row.seq, hash: row.hash };
      outcomes.push({ ok: true, seq: row.seq, prev_hash: row.prev_hash, hash: row.hash, pii_paths: row.pii_paths, payload_digest: row.payload_digest });
      const channel = SIGNAL_CHANNELS[row.kind];
      if (channel) signals.push([channel, JSON.stringify({ schema, kind: row.kind, seq: row.seq, envelope_id: row.envelope_id })]);
    });

    // Pipelined: the INSERT, the NOTIFYs and the COMMIT leave together. If the INSERT fails, the
    // transaction is aborted and COMMIT answers ROLLBACK.
    const statements: Array<Promise<pg.QueryResult>> = [];
    if (next.seq > head.seq) statements.push(client.query({ name: 'ledger_append', text: APPEND_SQL, values: [...columns, next.seq, next.hash] }));
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
