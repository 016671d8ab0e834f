// report_jobs on the embedded SQLite ledger: a connection of its own to the ledger file (WAL lets
// it write beside the ledger's writer). One gateway owns a file, so a claim is one transaction.
// Every write takes its turn at the file's write gate, so it never waits in SQLite's busy handler
// (blocking the event loop) for an analytics transaction (src/ledger/sqlite/sqlite-write-gate.ts).

import type { DatabaseSync } from 'node:sqlite';
import { inImmediateTransaction, openLedgerDatabase, throughWriteGate } from '../ledger/index.ts';
import type { ReportFile, ReportJob, ReportJobStore } from './report-jobs.ts';
import type { ReportFormat } from './report-request.ts';

const COLUMNS = 'id, request, requested_by, status, progress, attempts, error, created_at, finished_at';

export function openSqliteReportJobs(path: string): ReportJobStore {
  // The ledger already migrated a file; ':memory:' is a new database that needs the tables.
  const db: DatabaseSync = openLedgerDatabase(path, { migrate: path === ':memory:' });
  const insert = db.prepare("INSERT INTO report_jobs (id, request, requested_by, status, created_at) VALUES (?, ?, ?, 'queued', ?)");
  const byId = db.prepare(`SELECT ${COLUMNS} FROM report_jobs WHERE id = ?`);
  const next = db.prepare(`SELECT ${COLUMNS} FROM report_jobs
    WHERE status = 'queued' OR (status = 'running' AND locked_until < ?) ORDER BY created_at, id LIMIT 1`);
  const lease = db.prepare("UPDATE report_jobs SET status = 'running', locked_until = ?, attempts = attempts + 1, progress = 0 WHERE id = ?");
  const beat = db.prepare("UPDATE report_jobs SET progress = ?, locked_until = ? WHERE id = ? AND attempts = ? AND status = 'running'");
  const done = db.prepare("UPDATE report_jobs SET status = 'done', progress = 100, locked_until = NULL, finished_at = ? WHERE id = ? AND attempts = ? AND status = 'running'");
  const failed = db.prepare("UPDATE report_jobs SET status = 'failed', locked_until = NULL, error = ?, finished_at = ? WHERE id = ? AND attempts = ? AND status = 'running'");
  const addFile = db.prepare('INSERT OR REPLACE INTO report_files (job_id, format, content, sha256, signature) VALUES (?, ?, ?, ?, ?)');
  const fileList = db.prepare('SELECT format, sha256, signature, length(content) AS size FROM report_files WHERE job_id = ? ORDER BY format');
  const oneFile = db.prepare('SELECT format, content, sha256, signature FROM report_files WHERE job_id = ? AND format = ?');
  const write = <T>(work: () => T): Promise<T> => throughWriteGate(path, work);
  const transaction = <T>(work: () => T): Promise<T> => write(() => inImmediateTransaction(db, work));
  let open = true;
  return {
    async create(job, now) {
      await write(() => insert.run(job.id, JSON.stringify(job.request), job.requested_by, now));
    },
    async get(id) {
      const row = byId.get(id);
      return row ? jobOf(row) : undefined;
    },
    async claim(now, leaseMs) {
      return transaction(() => {
        const row = next.get(now);
        if (!row) return undefined;
        lease.run(now + leaseMs, row.id as string);
        return jobOf(byId.get(row.id as string)!);
      });
    },
    async heartbeat(id, attempt, progress, now, leaseMs) {
      return write(() => Number(beat.run(progress, now + leaseMs, id, attempt).changes) === 1);
    },
    async finish(id, attempt, files, now) {
      return transaction(() => {
        if (Number(done.run(now, id, attempt).changes) !== 1) return false;
        for (const file of files) addFile.run(id, file.format, file.content, file.sha256, file.signature);
        return true;
      });
    },
    async fail(id, attempt, error, now) {
      await write(() => failed.run(error.slice(0, 1000), now, id, attempt));
    },
    async files(id) {
      return fileList.all(id).map((row) => ({ format: row.format as ReportFormat, sha256: row.sha256 as string, signature: row.signature as string, size: Number(row.size) }));
    },
    async file(id, format) {
      const row = oneFile.get(id, format);
      return row ? { format, content: Buffer.from(row.content as Uint8Array), sha256: row.sha256 as string, signature: row.signature as string } satisfies ReportFile : undefined;
    },
    async close() {
      if (open) db.close();
      open = false;
    },
  };
}

export function jobOf(row: Record<string, unknown>): ReportJob {
  return {
    id: String(row.id), request: typeof row.request === 'string' ? JSON.parse(row.request) : row.request as ReportJob['request'],
    requested_by: String(row.requested_by), status: row.status as ReportJob['status'], progress: Number(row.progress),
    attempts: Number(row.attempts), error: (row.error as string | null) ?? null, created_at: Number(row.created_at),
    finished_at: row.finished_at === null || row.finished_at === undefined ? null : Number(row.finished_at),
  };
}
