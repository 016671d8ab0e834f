// judge_jobs on PostgreSQL: every replica of a fleet polls the same table; FOR UPDATE SKIP LOCKED
// hands each ready job to exactly one of them, and the lease (locked_until) returns the job of a
// replica that died to the queue.

import pg from 'pg';
import { postgresClientConfig, type PostgresConnectionOptions } from '../ledger/index.ts';
import type { JudgeJob, JudgeJobStore } from './judge-jobs.ts';

export function openPostgresJudgeJobs(options: PostgresConnectionOptions, onError: (error: Error) => void): JudgeJobStore {
  const pool = new pg.Pool({ ...postgresClientConfig(options), max: 2, idleTimeoutMillis: 30_000 });
  pool.on('error', onError);
  return {
    async enqueue(envelopeId, now) {
      await pool.query('INSERT INTO judge_jobs (envelope_id, run_after, created_at) VALUES ($1, $2, $2) ON CONFLICT (envelope_id) DO NOTHING', [envelopeId, now]);
    },
    async claim(limit, now, leaseMs) {
      const { rows } = await pool.query<{ id: string; envelope_id: string; attempts: number }>(
        `UPDATE judge_jobs SET locked_until = $2, attempts = attempts + 1
          WHERE id IN (SELECT id FROM judge_jobs
                        WHERE run_after <= $1 AND (locked_until IS NULL OR locked_until < $1)
                        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING id, envelope_id, attempts`,
        [now, now + leaseMs, limit],
      );
      return rows.map((row): JudgeJob => ({ id: Number(row.id), envelope_id: row.envelope_id, attempts: row.attempts }));
    },
    async complete(id) {
      await pool.query('DELETE FROM judge_jobs WHERE id = $1', [id]);
    },
    async retry(id, runAfter, error) {
      await pool.query('UPDATE judge_jobs SET run_after = $2, locked_until = NULL, last_error = $3 WHERE id = $1', [id, runAfter, error.slice(0, 1000)]);
    },
    async release(id) {
      await pool.query('UPDATE judge_jobs SET locked_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE id = $1', [id]);
    },
    async depth() {
      const { rows: [row] } = await pool.query<{ depth: string }>('SELECT COUNT(*) AS depth FROM judge_jobs');
      return Number(row.depth);
    },
    close: () => pool.end(),
  };
}
