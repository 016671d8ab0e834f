// The report jobs and their files, kept in the ledger's database (tables report_jobs and
// report_files, created by the ledger migrations) so a job survives a restart and any replica
// serves its files. A claim leases a queued job to one replica; a replica that stops mid-report
// leaves the lease to run out, and the next claim starts the job again. Times are epoch ms.

import type { ReportFormat, ReportRequest } from './report-request.ts';

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface ReportJob {
  id: string;
  request: ReportRequest;
  requested_by: string;
  status: ReportStatus;
  /** 0..100. */
  progress: number;
  attempts: number;
  error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface ReportFile {
  format: ReportFormat;
  content: Buffer;
  sha256: string;
  signature: string;
}

export interface ReportJobStore {
  create(job: { id: string; request: ReportRequest; requested_by: string }, now: number): Promise<void>;
  get(id: string): Promise<ReportJob | undefined>;
  /** The job a replica takes next: queued, or running with its lease run out. One replica gets each. */
  claim(now: number, leaseMs: number): Promise<ReportJob | undefined>;
  /** Progress, and a longer lease: false when the lease was lost (another replica took the job). */
  heartbeat(id: string, attempt: number, progress: number, now: number, leaseMs: number): Promise<boolean>;
  /** Stores the files and marks the job done, in one transaction; false when the lease was lost. */
  finish(id: string, attempt: number, files: readonly ReportFile[], now: number): Promise<boolean>;
  fail(id: string, attempt: number, error: string, now: number): Promise<void>;
  /** The files' digests and signatures, without their content. */
  files(id: string): Promise<Array<Omit<ReportFile, 'content'> & { size: number }>>;
  file(id: string, format: ReportFormat): Promise<ReportFile | undefined>;
  close(): Promise<void>;
}
