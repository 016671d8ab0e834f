// The incremental roll-up: ledger rows past analytics_rollup.through_seq are added to the roll-up
// tables in batches, each batch and the new through_seq in one transaction, so a crash leaves
// every row counted exactly once. One replica rolls up at a time (advisory lock); the others
// skip the round. Rows are read by seq, which only grows, so nothing is ever counted twice or
// missed, whatever the clock did.

import { performance } from 'node:perf_hooks';
import type { InsightDb, SqlRunner } from '../insight-db.ts';
import { rollupStatements, type RollupStatements } from './rollup-sql.ts';
import type { Ledger } from '../../ledger/types.ts';

/** Ledger rows per transaction: small enough to keep a batch well under a second. */
export const ROLLUP_BATCH_ROWS = 20_000;

export interface RollupReport {
  /** false: another replica was rolling up. */
  ran: boolean;
  /** Rows added in this round. */
  rows: number;
  through_seq: number;
}

/** A SQLite batch's facts are computed this many ms at a time (what waits for the file goes between). */
const FACTS_SLICE_MS = 1;
const FIRST_SLICE_ROWS = 32;
const MAX_SLICE_ROWS = 4096;

/** The rows the next slice should cover to take about `targetMs`, from how long `rows` took. */
export function nextSliceRows(current: number, rows: number, elapsedMs: number, targetMs = FACTS_SLICE_MS): number {
  if (rows <= 0) return current;
  const perRowMs = Math.max(elapsedMs, 0.001) / rows;
  // At most twice as many at once: one fast slice (a warm cache) does not make the next one long.
  const wanted = Math.min(Math.floor(targetMs / perRowMs), current * 2);
  return Math.max(1, Math.min(MAX_SLICE_ROWS, wanted));
}

/** What analytics and alerts need of the roll-up: a round now, and how far it has got. */
export interface RollupRunner {
  /** Rolls up to `maxRows` new ledger rows (default: all of them). */
  run(maxRows?: number): Promise<RollupReport>;
  /** The newest ledger seq the roll-up tables count. */
  throughSeq(): Promise<number>;
}

export class Rollup implements RollupRunner {
  readonly #db: InsightDb;
  readonly #statements: RollupStatements;
  readonly #tolerant: RollupStatements;
  readonly #batchRows: number;
  readonly #pauseRatio: number;
  readonly #factsSliceMs: number;
  /** Ledger rows whose facts one slice computes, adapted to take about #factsSliceMs. */
  #sliceRows = FIRST_SLICE_ROWS;

  /**
   * `pauseRatio`: after each batch, wait this many times as long as the batch took before the
   * next, so what waited goes first: the ledger's commits (a SQLite file's roll-up runs on the
   * writer thread, between them) and, on the insight connection, this event loop's calls.
   * Back-to-back batches left no gap: a call's commit waited for the whole round (150-300 ms
   * measured). 0 (the default): batches run back to back, for a catch-up nothing else waits on.
   */
  constructor(db: InsightDb, options: { batchRows?: number; pauseRatio?: number; factsSliceMs?: number } = {}) {
    this.#db = db;
    this.#statements = rollupStatements(db.dialect);
    this.#tolerant = rollupStatements(db.dialect, true);
    this.#batchRows = options.batchRows ?? ROLLUP_BATCH_ROWS;
    this.#pauseRatio = options.pauseRatio ?? 0;
    this.#factsSliceMs = options.factsSliceMs ?? FACTS_SLICE_MS;
  }

  async run(maxRows = Number.MAX_SAFE_INTEGER): Promise<RollupReport> {
    const result = await this.#db.exclusive('analytics_rollup', async (db) => {
      let rows = 0;
      let through = await this.throughSeq();
      while (rows < maxRows) {
        const started = performance.now();
        const step = await this.#step(db, Math.min(this.#batchRows, maxRows - rows));
        through = step.through;
        if (step.rows === 0) break;
        rows += step.rows;
        // Between batches, what waited (calls, the ledger writer's commits) goes first.
        const pauseMs = (performance.now() - started) * this.#pauseRatio;
        await new Promise((resolve) => (pauseMs >= 1 ? setTimeout(resolve, pauseMs) : setImmediate(resolve)));
      }
      return { rows, through };
    });
    if (!result.ran) return { ran: false, rows: 0, through_seq: await this.throughSeq() };
    return { ran: true, rows: result.value.rows, through_seq: result.value.through };
  }

  throughSeq(): Promise<number> {
    return readThroughSeq(this.#db);
  }

  async #step(db: InsightDb, limit: number): Promise<{ rows: number; through: number }> {
    try {
      return await this.#apply(db, this.#statements, limit);
    } catch (error) {
      // PostgreSQL: a payload in the batch is not JSON (tampering; verify reports it). Roll the
      // batch up again reading each payload tolerantly, slower but only for this batch.
      if ((error as { code?: string }).code !== '22P02') throw error;
      return this.#apply(db, this.#tolerant, limit);
    }
  }

  /**
   * The batch's facts (every payload read and parsed: most of a step's time) are computed into a
   * temporary table before the write transaction, which then holds the write lock for the upserts
   * alone: on SQLite the ledger writer thread needs that lock for every commit, and while anyone
   * else holds it, it sleeps in SQLite's busy handler (1, 2, 5, 10 ... ms) and its calls wait.
   * On SQLite the facts are computed in slices of about FACTS_SLICE_MS each, and what waited goes
   * between them: the roll-up runs on the ledger writer thread, where a 500-row batch's facts held
   * every commit for 6 - 8 ms, the p99 of a sidecar at 200 calls/s (docs/performance.md).
   */
  async #apply(db: InsightDb, statements: RollupStatements, limit: number): Promise<{ rows: number; through: number }> {
    const lock = this.#db.dialect === 'postgres' ? ' FOR UPDATE' : '';
    let batch = { lo: 0, hi: 0, rows: 0 };
    let computed: number | undefined; // facts are in the table for lo < seq <= computed
    const facts = async (pre: SqlRunner): Promise<boolean> => {
      if (computed === undefined) {
        const [state] = await pre.all(`SELECT through_seq FROM analytics_rollup WHERE id = 1${lock}`);
        const lo = Number(state.through_seq);
        // Rows below lo + limit that exist: seq has gaps only below the retention anchor.
        const [next] = await pre.all('SELECT MAX(seq) AS hi, COUNT(*) AS n FROM (SELECT seq FROM ledger WHERE seq > :lo ORDER BY seq LIMIT :limit) s', { lo, limit });
        batch = { lo, hi: next.hi === null ? lo : Number(next.hi), rows: Number(next.n) };
        if (batch.hi === batch.lo) return false;
        await pre.all(statements.setup, { lo: 0, hi: 0 });
        await pre.all(statements.cleanup); // SQLite: left by a step that failed after computing it
        computed = batch.lo;
      }
      const upTo = statements.appendsFacts ? Math.min(batch.hi, computed + this.#sliceRows) : batch.hi;
      const started = performance.now();
      await pre.all(statements.prepare, { lo: computed, hi: upTo });
      this.#sliceRows = nextSliceRows(this.#sliceRows, upTo - computed, performance.now() - started, this.#factsSliceMs);
      computed = upTo;
      return computed < batch.hi;
    };
    return db.transaction(async (tx) => {
      if (batch.hi === batch.lo) return { rows: 0, through: batch.lo };
      // The batch was computed outside this transaction: still the next one? (One roll-up runs at a
      // time in a process; this holds against another process on the same file.)
      const [state] = await tx.all('SELECT through_seq FROM analytics_rollup WHERE id = 1');
      if (Number(state.through_seq) !== batch.lo) {
        await tx.all(statements.cleanup);
        return { rows: 0, through: Number(state.through_seq) };
      }
      for (const statement of statements.upserts) await tx.all(statement);
      await tx.all(statements.cleanup);
      await tx.all('UPDATE analytics_rollup SET through_seq = :hi, updated_at = :at WHERE id = 1', { hi: batch.hi, at: new Date().toISOString() });
      return { rows: batch.rows, through: batch.hi };
    }, facts);
  }
}

/**
 * The roll-up of a SQLite ledger file, run by the ledger's writer thread (Ledger.runRollup) on the
 * connection that makes every append: the main thread's event loop never runs a batch, and no
 * connection holds the file's write lock while the writer waits. What it reports is read here.
 */
export class WriterThreadRollup implements RollupRunner {
  readonly #db: InsightDb;
  readonly #runRollup: NonNullable<Ledger['runRollup']>;
  readonly #options: { batchRows: number; pauseRatio: number };

  constructor(db: InsightDb, runRollup: NonNullable<Ledger['runRollup']>, options: { batchRows?: number; pauseRatio?: number } = {}) {
    this.#db = db;
    this.#runRollup = runRollup;
    this.#options = { batchRows: options.batchRows ?? ROLLUP_BATCH_ROWS, pauseRatio: options.pauseRatio ?? 0 };
  }

  run(maxRows = Number.MAX_SAFE_INTEGER): Promise<RollupReport> {
    return this.#runRollup({ maxRows, ...this.#options });
  }

  throughSeq(): Promise<number> {
    return readThroughSeq(this.#db);
  }
}

async function readThroughSeq(db: SqlRunner): Promise<number> {
  const [row] = await db.all('SELECT through_seq FROM analytics_rollup WHERE id = 1');
  return Number(row?.through_seq ?? 0);
}
