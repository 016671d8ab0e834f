// Takes queued report jobs one at a time and runs them. Every replica of a fleet polls; the claim
// (report-jobs.ts) gives each job to one. A new job kicks the local worker, so an embedded gateway
// starts at once instead of at the next poll.

import type { Logger } from '../observability/index.ts';
import { startPollLoop } from '../workers/index.ts';
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

  /** Runs jobs until none is left to claim (or the worker closes). */
  const drain = async (): Promise<void> => {
    while (!closed) {
      const job = await deps.jobs.claim(deps.now(), deps.leaseMs);
      if (!job) return;
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
  };

  const loop = startPollLoop({
    poll: drain,
    intervalMs: () => deps.pollMs,
    onError: (error) => deps.logger.warn('report worker error', { error: error.message }),
    pollAtStart: false,
  });
  return {
    kick: loop.wake,
    idle: async () => { while (loop.inProgress) await loop.inProgress; },
    async close() {
      closed = true;
      await loop.stop();
    },
  };
}
