// Metadata retention on PostgreSQL: finds the prefix of the chain older than METADATA_YEARS and
// deletes it in one transaction that first records the anchor (seq and hash of the last deleted
// row). Appends lock only ledger_head and insert at the head; this touches only rows below the
// head, so the two never wait for each other. The delete trigger refuses rows no anchor covers.

import type pg from 'pg';
import { toIsoUtc } from '../query-validation.ts';
import { checkThrough } from '../sqlite/sqlite-metadata-retention.ts';
import type { Ledger, LedgerAnchor } from '../types.ts';

type Retention = Pick<Ledger, 'retirablePrefix' | 'retirePrefix' | 'anchor'>;

const SELECT_ANCHOR = 'SELECT seq, hash, retired_at, rows_deleted FROM ledger_anchors ORDER BY seq DESC LIMIT 1';

export async function readPostgresAnchor(db: pg.Pool | pg.PoolClient): Promise<LedgerAnchor | null> {
  const { rows: [row] } = await db.query<LedgerAnchor>(SELECT_ANCHOR);
  return row ? { seq: Number(row.seq), hash: row.hash, retired_at: row.retired_at, rows_deleted: Number(row.rows_deleted) } : null;
}

export function createPostgresMetadataRetention(pool: pg.Pool): Retention {
  return {
    anchor: () => readPostgresAnchor(pool),
    async retirablePrefix(createdBefore) {
      const cutoff = toIsoUtc(createdBefore, 'createdBefore');
      // The primary key walked from the anchor: reads the prefix and one row more.
      const { rows: [row] } = await pool.query<{ base: number; head: number; kept: number | null }>(`
        WITH a AS (SELECT coalesce(max(seq), 0) AS base FROM ledger_anchors)
        SELECT a.base, (SELECT seq FROM ledger_head WHERE id = 1) AS head,
               (SELECT seq FROM ledger WHERE seq > a.base AND created_at >= $1 ORDER BY seq LIMIT 1) AS kept
          FROM a`, [cutoff]);
      const base = Number(row.base);
      const head = Number(row.head);
      const through = Math.min(row.kept === null ? head : Number(row.kept) - 1, head - 1);
      return through > base ? through : null;
    },
    async retirePrefix(through, retiredAt) {
      const at = toIsoUtc(retiredAt, 'retiredAt');
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        try {
          // Two retention runs (a gateway and `govgate retention run` on another schema lock) serialize here.
          await client.query('LOCK TABLE ledger_anchors IN SHARE ROW EXCLUSIVE MODE');
          const { rows: [state] } = await client.query<{ base: number; head: number; hash: string | null; n: number }>(`
            SELECT coalesce((SELECT max(seq) FROM ledger_anchors), 0) AS base,
                   (SELECT seq FROM ledger_head WHERE id = 1) AS head,
                   (SELECT hash FROM ledger WHERE seq = $1) AS hash,
                   (SELECT count(*) FROM ledger WHERE seq <= $1) AS n`, [through.seq]);
          checkThrough(through, Number(state.base), Number(state.head), state.hash ?? undefined);
          const rows = Number(state.n);
          await client.query('INSERT INTO ledger_anchors (seq, hash, retired_at, rows_deleted) VALUES ($1, $2, $3, $4)', [through.seq, through.hash, at, rows]);
          await client.query('DELETE FROM ledger WHERE seq <= $1', [through.seq]);
          await client.query('COMMIT');
          return { seq: through.seq, hash: through.hash, retired_at: at, rows_deleted: rows };
        } catch (err) {
          await client.query('ROLLBACK').catch(() => { broken = true; });
          throw err;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}
