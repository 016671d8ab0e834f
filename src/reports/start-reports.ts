// Composes the reports of one gateway process: the job store in the ledger's database, the
// worker that runs queued jobs, and the requests the API makes of them.

import { randomUUID } from 'node:crypto';
import type { Config } from '../config/index.ts';
import type { PostgresConnectionOptions } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import type { FigureSources } from './ledger-figures.ts';
import type { ReportKeys } from './report-keys.ts';
import type { ReportFile, ReportJob, ReportJobStore } from './report-jobs.ts';
import type { ReportFormat, ReportRequest } from './report-request.ts';
import { startReportWorker, type ReportWorker } from './report-worker.ts';
import { openSqliteReportJobs } from './sqlite-report-jobs.ts';
import { openPostgresReportJobs } from './postgres-report-jobs.ts';

export interface StartReportsOptions {
  config: Config;
  sources: FigureSources;
  /** The report signing key and its JWKS (loadReportKeys: never the certificate key). */
  keys: ReportKeys;
  version: string;
  logger: Logger;
  /** PostgreSQL: the ledger's connection settings. */
  postgres?: PostgresConnectionOptions;
  now?: () => number;
}

export interface Reports {
  readonly keys: ReportKeys;
  create(request: ReportRequest, requestedBy: string): Promise<ReportJob>;
  get(id: string): Promise<ReportJob | undefined>;
  files(id: string): ReturnType<ReportJobStore['files']>;
  file(id: string, format: ReportFormat): Promise<ReportFile | undefined>;
  readonly worker: ReportWorker;
  close(): Promise<void>;
}

export function startReports(options: StartReportsOptions): Reports {
  const { ledger: ledgerConfig, reports: settings } = options.config;
  const now = options.now ?? Date.now;
  const jobs = ledgerConfig.kind === 'sqlite'
    ? openSqliteReportJobs(ledgerConfig.path)
    : openPostgresReportJobs(options.postgres!, (error) => options.logger.warn('report jobs connection error', { error: error.message }));
  const worker = startReportWorker({
    jobs, sources: options.sources, signingKey: () => options.keys.signing, version: options.version,
    retention: { hotPayloadDays: options.config.retention.hotPayloadDays, metadataYears: options.config.retention.metadataYears },
    maxRows: settings.maxRows, leaseMs: settings.leaseSeconds * 1000, pollMs: settings.pollSeconds * 1000, logger: options.logger, now,
  });
  return {
    keys: options.keys,
    worker,
    async create(request, requestedBy) {
      const id = randomUUID();
      await jobs.create({ id, request, requested_by: requestedBy }, now());
      worker.kick();
      return (await jobs.get(id))!;
    },
    get: (id) => jobs.get(id),
    files: (id) => jobs.files(id),
    file: (id, format) => jobs.file(id, format),
    async close() {
      await worker.close();
      await jobs.close();
    },
  };
}
