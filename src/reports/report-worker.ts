// Takes queued report jobs one at a time and runs them. Every replica of a fleet polls; the claim
// (report-jobs.ts) gives each job to one. A new job kicks the local worker, so an embedded gateway
// starts at once instead of at the next poll.

import type { Logger } from '../observability/index.ts';
import { ReportTooLargeError } from './ledger-figures.ts';
import { runReportJob, type ReportRunnerDeps } from './report-runner.ts';

export interface ReportWorker {
  kick(): void;
  /** Resolves when the worker is idle (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startReportWorker(deps: ReportRunnerDeps & { pollMs: number; logger: Logger }): ReportWorker {
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => drain(), deps.pollMs);
    timer.unref();
  };

  const drain = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        for (;;) {
          if (closed) return;
          const job = await deps.jobs.claim(deps.now(), deps.leaseMs);
          if (!job) break;
          try {
            const result = await runReportJob(deps, job);
            deps.logger.info('report job finished', { report_id: job.id, result, attempt: job.attempts });
          } catch (error) {
            // A bad request or a report too large fails for good; so does anything else, with its
            // message (the job says why; the ledger itself is untouched).
            const message = error instanceof ReportTooLargeError ? error.message : `report generation failed: ${(error as Error).message}`;
            deps.logger.warn('report job failed', { report_id: job.id, error: (error as Error).message });
            await deps.jobs.fail(job.id, job.attempts, message, deps.now()).catch(() => undefined);
          }
        }
      } while (again && !closed);
    })().catch((error: Error) => {
      deps.logger.warn('report worker error', { error: error.message });
    }).finally(() => {
      running = undefined;
      schedule();
    });
  };

  schedule();
  return {
    kick: () => drain(),
    idle: async () => { while (running) await running; },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
