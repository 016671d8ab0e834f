// judge_jobs on the embedded SQLite ledger: a connection of its own to the ledger file (WAL lets
// it write beside the ledger's writer). One gateway owns a file, so a claim is one transaction.
// Every write takes its turn at the file's write gate: an analytics transaction may hold the
// write lock across an await, and a write that met it in SQLite's busy handler would block the
// event loop that transaction needs to finish (src/ledger/sqlite/sqlite-write-gate.ts).

import type { DatabaseSync } from 'node:sqlite';
import { throughWriteGate } from '../ledger/index.ts';
import { openLedgerDatabaseForJobs } from './sqlite-job-database.ts';
import type { JudgeJob, JudgeJobStore } from './judge-jobs.ts';

export function openSqliteJudgeJobs(path: string): JudgeJobStore {
  const db: DatabaseSync = openLedgerDatabaseForJobs(path);
  const insert = db.prepare('INSERT INTO judge_jobs (envelope_id, run_after, created_at) VALUES (?, ?, ?) ON CONFLICT (envelope_id) DO NOTHING');
  const ready = db.prepare(`SELECT id, envelope_id, attempts FROM judge_jobs
    WHERE run_after <= ? AND (locked_until IS NULL OR locked_until < ?) ORDER BY id LIMIT ?`);
  const lease = db.prepare('UPDATE judge_jobs SET locked_until = ?, attempts = attempts + 1 WHERE id = ?');
  const remove = db.prepare('DELETE FROM judge_jobs WHERE id = ?');
  const later = db.prepare('UPDATE judge_jobs SET run_after = ?, locked_until = NULL, last_error = ? WHERE id = ?');
  const giveBack = db.prepare('UPDATE judge_jobs SET locked_until = NULL, attempts = MAX(attempts - 1, 0) WHERE id = ?');
  const count = db.prepare('SELECT COUNT(*) AS depth FROM judge_jobs');
  let open = true;
  return {
    async enqueue(envelopeId, now) {
      await throughWriteGate(path, () => insert.run(envelopeId, now, now));
    },
    claim: (limit, now, leaseMs) => throughWriteGate(path, () => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const jobs = ready.all(now, now, limit) as unknown as JudgeJob[];
        for (const job of jobs) lease.run(now + leaseMs, job.id);
        db.exec('COMMIT');
        return jobs.map((job) => ({ id: Number(job.id), envelope_id: job.envelope_id, attempts: Number(job.attempts) + 1 }));
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    }),
    async complete(id) {
      await throughWriteGate(path, () => remove.run(id));
    },
    async retry(id, runAfter, error) {
      await throughWriteGate(path, () => later.run(runAfter, error.slice(0, 1000), id));
    },
    async release(id) {
      await throughWriteGate(path, () => giveBack.run(id));
    },
    async depth() {
      return Number((count.get() as { depth: number }).depth);
    },
    async close() {
      if (open) db.close();
      open = false;
    },
  };
}
