// Runs one report job: collect the content from the ledger, render each format, sign each file,
// store them with the job. Progress goes to the job row as the walk advances, and a timer renews
// the lease while a long step (verifying a large chain) reports nothing.

import type { SigningKey } from '../certify/index.ts';
import { collectReport, type FigureSources } from './ledger-figures.ts';
import { reportCsv } from './report-csv.ts';
import { reportDocument, type RetentionSettings } from './report-document.ts';
import type { ReportFile, ReportJob, ReportJobStore } from './report-jobs.ts';
import type { ReportFormat } from './report-request.ts';
import { signReportFile } from './report-signature.ts';

export interface ReportRunnerDeps {
  jobs: ReportJobStore;
  sources: FigureSources;
  signingKey(): SigningKey;
  version: string;
  retention: RetentionSettings;
  maxRows: number;
  leaseMs: number;
  now: () => number;
}

export class LeaseLostError extends Error {
  readonly code = 'REPORT_LEASE_LOST';
}

export async function runReportJob(deps: ReportRunnerDeps, job: ReportJob): Promise<'done' | 'lease_lost'> {
  let progress = 0;
  let lost = false;
  const renew = async (): Promise<void> => {
    if (!lost && !(await deps.jobs.heartbeat(job.id, job.attempts, progress, deps.now(), deps.leaseMs))) lost = true;
  };
  const timer = setInterval(() => { renew().catch(() => undefined); }, Math.max(50, deps.leaseMs / 3));
  timer.unref();
  try {
    const content = await collectReport(deps.sources, job.request, {
      maxRows: deps.maxRows, now: deps.now,
      onProgress: async (fraction) => {
        progress = Math.floor(fraction * 80);
        if (lost) throw new LeaseLostError(`another replica took report ${job.id} over`);
      },
    });
    progress = 90;
    await renew();
    const generatedAt = new Date(deps.now()).toISOString();
    const document = reportDocument(content, job.request, { reportId: job.id, generatedAt, version: deps.version, retention: deps.retention });
    const rendered: Partial<Record<ReportFormat, Buffer>> = {};
    for (const format of job.request.formats) {
      if (format === 'json') rendered.json = Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8');
      else if (format === 'csv') rendered.csv = reportCsv(document, content.rows);
      // pdfkit (and its fonts) load only when a PDF is made, not with every gateway.
      else rendered.pdf = await (await import('./report-pdf.ts')).reportPdf(document);
    }
    const key = deps.signingKey();
    const files: ReportFile[] = [];
    for (const [format, file] of Object.entries(rendered) as Array<[ReportFormat, Buffer]>) {
      const { sha256, jws } = await signReportFile(key, file, { reportId: job.id, format, signedAt: generatedAt });
      files.push({ format, content: file, sha256, signature: jws });
    }
    if (lost) return 'lease_lost';
    return (await deps.jobs.finish(job.id, job.attempts, files, deps.now())) ? 'done' : 'lease_lost';
  } catch (error) {
    if (error instanceof LeaseLostError) return 'lease_lost';
    throw error;
  } finally {
    clearInterval(timer);
  }
}
