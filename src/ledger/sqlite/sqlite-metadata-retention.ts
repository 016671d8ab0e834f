// Metadata retention on SQLite: finds the prefix of the chain older than METADATA_YEARS and
// deletes it in one BEGIN IMMEDIATE transaction that first records the anchor (seq and hash of
// the last deleted row). The delete trigger refuses any row an anchor does not cover.

import type { DatabaseSync } from 'node:sqlite';
import { LedgerError } from '../ledger-errors.ts';
import { toIsoUtc } from '../query-validation.ts';
import type { Ledger, LedgerAnchor } from '../types.ts';

type Retention = Pick<Ledger, 'retirablePrefix' | 'retirePrefix' | 'anchor'>;
type SyncRetention = { [K in keyof Retention]: (...args: Parameters<Retention[K]>) => Awaited<ReturnType<Retention[K]>> };

export function createSqliteMetadataRetention(db: DatabaseSync): SyncRetention {
  const newestAnchor = db.prepare('SELECT seq, hash, retired_at, rows_deleted FROM ledger_anchors ORDER BY seq DESC LIMIT 1');
  const headSeq = db.prepare('SELECT max(seq) AS seq FROM ledger');
  // Walks the primary key from the anchor: reads the prefix and one row more, nothing else.
  const firstKept = db.prepare('SELECT seq FROM ledger WHERE seq > ? AND created_at >= ? ORDER BY seq LIMIT 1');
  const rowHash = db.prepare('SELECT hash FROM ledger WHERE seq = ?');
  const countUpTo = db.prepare('SELECT count(*) AS n FROM ledger WHERE seq <= ?');
  const insertAnchor = db.prepare('INSERT INTO ledger_anchors (seq, hash, retired_at, rows_deleted) VALUES (?, ?, ?, ?)');
  const deleteUpTo = db.prepare('DELETE FROM ledger WHERE seq <= ?');

  const anchor = (): LedgerAnchor | null => {
    const row = newestAnchor.get() as LedgerAnchor | undefined;
    return row ? { seq: row.seq, hash: row.hash, retired_at: row.retired_at, rows_deleted: row.rows_deleted } : null;
  };
  const head = (): number => (headSeq.get() as { seq: number | null }).seq ?? 0;

  return {
    anchor,
    retirablePrefix(createdBefore) {
      const cutoff = toIsoUtc(createdBefore, 'createdBefore');
      const base = anchor()?.seq ?? 0;
      const last = head();
      const kept = firstKept.get(base, cutoff) as { seq: number } | undefined;
      const through = Math.min(kept ? kept.seq - 1 : last, last - 1);
      return through > base ? through : null;
    },
    retirePrefix(through, retiredAt) {
      const at = toIsoUtc(retiredAt, 'retiredAt');
      db.exec('BEGIN IMMEDIATE');
      try {
        const base = anchor()?.seq ?? 0;
        checkThrough(through, base, head(), (rowHash.get(through.seq) as { hash: string } | undefined)?.hash);
        const rows = (countUpTo.get(through.seq) as { n: number }).n;
        insertAnchor.run(through.seq, through.hash, at, rows);
        deleteUpTo.run(through.seq);
        db.exec('COMMIT');
        return { seq: through.seq, hash: through.hash, retired_at: at, rows_deleted: rows };
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
  };
}

/** What both stores refuse before deleting: a `through` that is not strictly inside (anchor, head), or whose row has another hash. */
export function checkThrough(through: { seq: number; hash: string }, base: number, head: number, storedHash: string | undefined): void {
  const invalid = (why: string): never => { throw new LedgerError('LEDGER_INVALID_ARGUMENT', `retirePrefix: ${why}`); };
  if (!Number.isSafeInteger(through?.seq)) invalid('through.seq must be an integer');
  if (through.seq <= base) invalid(`seq ${through.seq} is not past the anchor at ${base}`);
  if (through.seq >= head) invalid(`seq ${through.seq} is not below the head ${head}: the head row is never deleted`);
  if (storedHash === undefined) invalid(`row ${through.seq} does not exist`);
  if (storedHash !== through.hash) invalid(`row ${through.seq} has hash ${storedHash}, not the verified ${through.hash}`);
}
