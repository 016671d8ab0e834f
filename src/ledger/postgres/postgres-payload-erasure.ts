// The only UPDATEs the PostgreSQL ledger runs: PII erasure and payload expiry. Both touch payload
// columns only (payload, pii_salts, payload_state), never what the row hash covers. Expiry walks
// the table in seq ranges from a watermark (every row up to it is expired), so a run over a
// table holding years of metadata reads only the rows it may change.

import type pg from 'pg';
import { erasePayload, type JsonObject } from '../chain/pii-commitments.ts';
import { toIsoUtc } from '../query-validation.ts';
import { erasePayloadText } from '../chain/payload-text.ts';
import { ALL_COLUMNS, decodeRow } from '../row-codec.ts';
import type { Ledger } from '../types.ts';

type Erasure = Pick<Ledger, 'erasePii' | 'expirePayloads'>;

/** Rows per expiry transaction: short transactions, so appends and vacuum are never held up. */
export const EXPIRY_CHUNK_ROWS = 10_000;

const EXPIRE_CHUNK_SQL = `
  WITH chunk AS (
    SELECT seq, created_at, payload_state FROM ledger WHERE seq > $1 AND seq <= $2
  ), expired AS (
    UPDATE ledger l SET payload = NULL, pii_salts = NULL, pii_spans = NULL, payload_state = 'expired'
      FROM chunk c
     WHERE l.seq = c.seq AND c.created_at < $3 AND c.payload_state <> 'expired'
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM expired) AS expired,
         (SELECT count(*) FROM chunk WHERE created_at < $3) AS old,
         (SELECT max(seq) FROM chunk) AS last`;

export function createPostgresPayloadEraser(pool: pg.Pool, chunkRows = EXPIRY_CHUNK_ROWS): Erasure {
  return {
    async erasePii(envelopeId) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        // FOR UPDATE: an expiry or a second erasure of the same row waits, then sees the result.
        const { rows } = await client.query(`SELECT ${ALL_COLUMNS.join(', ')}, pii_spans FROM ledger WHERE envelope_id = $1 FOR UPDATE`, [envelopeId]);
        if (rows.length === 0) { await client.query('COMMIT'); return undefined; }
        const row = decodeRow(rows[0]);
        const result = { envelope_id: row.envelope_id, seq: row.seq, erased_paths: row.pii_paths };
        // An expired payload holds no PII any more, so it counts as erased too. A row without PII
        // has nothing to erase and stays 'present'.
        const already = row.payload_state !== 'present';
        if (!already && row.pii_paths.length > 0 && row.payload !== null) {
          // A payload stored as canonical text with spans (schema v2) stays so: the erased text is
          // canonical again and its spans point at the "[erased]" leaves.
          const erased = rows[0].pii_spans === null
            ? { text: JSON.stringify(erasePayload(row.payload as JsonObject, row.pii_paths)), spans: null }
            : erasePayloadText(rows[0].payload as string, row.pii_paths);
          await client.query(`UPDATE ledger SET payload = $1, pii_spans = $2, pii_salts = NULL, payload_state = 'erased' WHERE seq = $3`,
            [erased.text, erased.spans === null ? null : JSON.stringify(erased.spans), row.seq]);
        }
        await client.query('COMMIT');
        return { ...result, already_erased: already };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => { broken = true; });
        throw err;
      } finally {
        client.release(broken);
      }
    },

    async expirePayloads(createdBefore) {
      const cutoff = toIsoUtc(createdBefore, 'createdBefore');
      // Rows up to the metadata anchor are deleted: nothing there to expire.
      const { rows: [{ expired_through: start }] } = await pool.query<{ expired_through: number }>(
        'SELECT greatest(expired_through, coalesce((SELECT max(seq) FROM ledger_anchors), 0)) AS expired_through FROM ledger_retention WHERE id = 1');
      let total = 0;
      let from = start;
      // Ranges in seq order until one holds no row older than the cutoff (or the table ends).
      for (;;) {
        const { rows: [chunk] } = await pool.query<{ expired: number; old: number; last: number | null }>(
          EXPIRE_CHUNK_SQL, [from, from + chunkRows, cutoff]);
        total += chunk.expired;
        if (chunk.last === null || chunk.old === 0) break;
        from += chunkRows;
      }
      // The watermark moves to just before the first row still holding a payload.
      await pool.query(`
        UPDATE ledger_retention SET expired_through = greatest(expired_through, coalesce(
          (SELECT min(seq) - 1 FROM ledger WHERE seq > $1 AND payload_state <> 'expired'),
          (SELECT seq FROM ledger_head WHERE id = 1)))
         WHERE id = 1`, [start]);
      return total;
    },
  };
}
