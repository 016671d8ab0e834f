// report_jobs on PostgreSQL: every replica of a fleet polls the same table; FOR UPDATE SKIP LOCKED
// hands each job to exactly one of them, and the lease (locked_until) returns the job of a replica
// that died to the next claim. Updates name the attempt, so a replica that lost its lease cannot
// overwrite the work of the one that took the job over.

import pg from 'pg';
import { postgresClientConfig, type PostgresConnectionOptions } from '../ledger/index.ts';
import type { ReportJobStore } from './report-jobs.ts';
import type { ReportFormat } from './report-request.ts';
import { jobOf } from './sqlite-report-jobs.ts';

const COLUMNS = 'id, request, requested_by, status, progress, attempts, error, created_at, finished_at';

export function openPostgresReportJobs(options: PostgresConnectionOptions, onError: (error: Error) => void): ReportJobStore {
  const pool = new pg.Pool({ ...postgresClientConfig(options), max: 2, idleTimeoutMillis: 30_000 });
  pool.on('error', onError);
  return {
    async create(job, now) {
      await pool.query("INSERT INTO report_jobs (id, request, requested_by, status, created_at) VALUES ($1, $2, $3, 'queued', $4)",
        [job.id, JSON.stringify(job.request), job.requested_by, now]);
    },
    async get(id) {
      const { rows } = await pool.query(`SELECT ${COLUMNS} FROM report_jobs WHERE id = $1`, [id]);
      return rows[0] ? jobOf(rows[0]) : undefined;
    },
    async claim(now, leaseMs) {
      const { rows } = await pool.query(
        `UPDATE report_jobs SET status = 'running', locked_until = $2, attempts = attempts + 1, progress = 0
          WHERE id = (SELECT id FROM report_jobs
                       WHERE status = 'queued' OR (status = 'running' AND locked_until < $1)
                       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}`,
        [now, now + leaseMs],
      );
      return rows[0] ? jobOf(rows[0]) : undefined;
    },
    async heartbeat(id, attempt, progress, now, leaseMs) {
      const { rowCount } = await pool.query("UPDATE report_jobs SET progress = $3, locked_until = $4 WHERE id = $1 AND attempts = $2 AND status = 'running'",
        [id, attempt, progress, now + leaseMs]);
      return rowCount === 1;
    },
    async finish(id, attempt, files, now) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rowCount } = await client.query(
          "UPDATE report_jobs SET status = 'done', progress = 100, locked_until = NULL, finished_at = $3 WHERE id = $1 AND attempts = $2 AND status = 'running'",
          [id, attempt, now],
        );
        if (rowCount !== 1) {
          await client.query('ROLLBACK');
          return false;
        }
        for (const file of files) {
          await client.query(
            `INSERT INTO report_files (job_id, format, content, sha256, signature) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (job_id, format) DO UPDATE SET content = EXCLUDED.content, sha256 = EXCLUDED.sha256, signature = EXCLUDED.signature`,
            [id, file.format, file.content, file.sha256, file.signature],
          );
        }
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async fail(id, attempt, error, now) {
      await pool.query("UPDATE report_jobs SET status = 'failed', locked_until = NULL, error = $3, finished_at = $4 WHERE id = $1 AND attempts = $2 AND status = 'running'",
        [id, attempt, error.slice(0, 1000), now]);
    },
    async files(id) {
      const { rows } = await pool.query('SELECT format, sha256, signature, octet_length(content) AS size FROM report_files WHERE job_id = $1 ORDER BY format', [id]);
      return rows.map((row) => ({ format: row.format as ReportFormat, sha256: row.sha256 as string, signature: row.signature as string, size: Number(row.size) }));
    },
    async file(id, format) {
      const { rows } = await pool.query('SELECT content, sha256, signature FROM report_files WHERE job_id = $1 AND format = $2', [id, format]);
      return rows[0] ? { format, content: rows[0].content as Buffer, sha256: rows[0].sha256 as string, signature: rows[0].signature as string } : undefined;
    },
    close: () => pool.end(),
  };
}
