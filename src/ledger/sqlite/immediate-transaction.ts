// BEGIN IMMEDIATE ... COMMIT around some work on a node:sqlite connection, rolled back when the
// work (or the COMMIT) throws. IMMEDIATE takes the file's write lock at BEGIN, so a transaction
// never fails half-way for want of it. ROLLBACK only while a transaction is still open: a COMMIT
// that failed may have ended it already, and "no transaction is active" would hide why.

import type { DatabaseSync } from 'node:sqlite';

export function inImmediateTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * The same around work that awaits: the caller must see to it that nothing else runs statements on
 * this connection until it settles (they would land inside the transaction).
 */
export async function inImmediateTransactionAsync<T>(db: DatabaseSync, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
