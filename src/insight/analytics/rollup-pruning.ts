// Roll-up pruning: deletes the roll-up rows of each grain older than its horizon
// (rollup-horizons.ts), table by table in bounded batches, each batch its own transaction (SQLite:
// through the file's write gate), so a first run over years of minute rows never holds a lock for
// long. One replica prunes at a time (advisory lock), like the roll-up. The ledger is not touched.

import type { InsightDb } from '../insight-db.ts';
import { FAILURE_DIMENSIONS, HOUR_DIMENSIONS, MINUTE_DIMENSIONS } from './rollup-columns.ts';
import { MINUTE_MS, type Grain } from './period.ts';
import type { KeptFrom } from './rollup-horizons.ts';

/** Roll-up rows deleted per transaction. */
export const PRUNE_BATCH_ROWS = 5_000;

/** Each roll-up table, its key and the grain whose horizon it follows. */
export const PRUNED_TABLES: ReadonlyArray<{ table: string; key: readonly string[]; grain: Grain }> = [
  { table: 'analytics_minutes', key: MINUTE_DIMENSIONS, grain: 'minute' },
  { table: 'analytics_hours', key: HOUR_DIMENSIONS, grain: 'hour' },
  // The hourly failure codes answer the minute and hour grains: they follow the hour horizon.
  { table: 'analytics_failures', key: FAILURE_DIMENSIONS, grain: 'hour' },
  { table: 'analytics_days', key: HOUR_DIMENSIONS, grain: 'day' },
  { table: 'analytics_failure_days', key: FAILURE_DIMENSIONS, grain: 'day' },
];

export interface PruneReport {
  /** false: another replica was pruning. */
  ran: boolean;
  /** Rows deleted per table. */
  rows_deleted: Record<string, number>;
  /** Per grain, the first instant whose rows are kept. */
  kept_from: Record<Grain, string>;
}

/** One batch: the oldest `limit` rows before the cut-off, by primary key (bucket first). */
export function pruneBatchSql(table: string, key: readonly string[]): string {
  const columns = key.join(', ');
  return `DELETE FROM ${table} WHERE (${columns}) IN (
      SELECT ${columns} FROM ${table} WHERE bucket < :before ORDER BY bucket LIMIT :limit
    ) RETURNING bucket`;
}

export class RollupPruning {
  readonly #db: InsightDb;
  readonly #batchRows: number;

  constructor(db: InsightDb, options: { batchRows?: number } = {}) {
    this.#db = db;
    this.#batchRows = options.batchRows ?? PRUNE_BATCH_ROWS;
  }

  async run(kept: KeptFrom): Promise<PruneReport> {
    const keptIso = { minute: kept.minute.toISOString(), hour: kept.hour.toISOString(), day: kept.day.toISOString() };
    const result = await this.#db.exclusive('analytics_prune', async (db) => {
      const deleted: Record<string, number> = {};
      for (const { table, key, grain } of PRUNED_TABLES) {
        const sql = pruneBatchSql(table, key);
        const before = Math.floor(kept[grain].getTime() / MINUTE_MS);
        deleted[table] = 0;
        for (;;) {
          const rows = await db.transaction((tx) => tx.all(sql, { before, limit: this.#batchRows }));
          deleted[table] += rows.length;
          if (rows.length < this.#batchRows) break;
        }
      }
      return deleted;
    });
    return { ran: result.ran, rows_deleted: result.ran ? result.value : {}, kept_from: keptIso };
  }
}
