// The ledger's periodic jobs in a gateway process: payload and metadata retention (RETENTION_INTERVAL_MINUTES)
// and signed checkpoints (CHECKPOINT_INTERVAL_SECONDS). With PostgreSQL each run takes the job's
// advisory lock, so one process of the fleet does the work and the others skip that round.

import type { Config } from '../config/index.ts';
import { checkpointHead, type CheckpointSigner, type Ledger } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { runRetention } from './retention.ts';

export interface LedgerJobs {
  close(): Promise<void>;
}

/** How often overdue review items are expired (and once at start-up, so a restart catches up). */
export const REVIEW_EXPIRY_INTERVAL_MS = 15_000;

export function startLedgerJobs(options: {
  config: Config; ledger: Ledger; signer: CheckpointSigner | null; logger: Logger; now?: () => Date;
  expireReviews?: () => Promise<{ ran: boolean; expired: number }>;
  /** Records forwarded calls whose outcome never came back (config.outcomeReconcile.intervalSeconds; also once at start). */
  reconcileOutcomes?: () => Promise<{ ran: boolean; recorded: number }>;
}): LedgerJobs {
  const { config, ledger, signer, logger } = options;
  const now = options.now ?? (() => new Date());
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const every = (ms: number, job: () => Promise<void>): void => {
    if (ms <= 0) return;
    const timer = setInterval(() => {
      if (closed) return;
      const run = job().catch((error: unknown) => logger.warn('ledger job failed', { error: (error as Error).message }));
      running.add(run);
      void run.finally(() => running.delete(run));
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  every(config.retention.intervalMinutes * 60_000, async () => {
    const report = await runRetention(ledger, config.retention, now(), { signer });
    if (report.ran && report.metadata_refused) logger.error('metadata retention refused: the prefix to delete does not verify; it is kept', { ...report });
    else if (report.ran && (report.payloads_expired > 0 || report.metadata_rows_deleted > 0)) logger.info('retention', { ...report });
  });
  if (signer) {
    every(config.checkpoints.intervalSeconds * 1000, async () => {
      const result = await ledger.runExclusive('checkpoint', () => checkpointHead(ledger, signer, now));
      if (result.ran && result.value) logger.info('ledger checkpoint signed', { seq: result.value.seq, key_id: result.value.key_id });
    });
  }

  const { expireReviews } = options;
  if (expireReviews) {
    const expire = async (): Promise<void> => {
      const report = await expireReviews();
      if (report.expired > 0) logger.info('review items expired at their deadline', { ...report });
    };
    every(REVIEW_EXPIRY_INTERVAL_MS, expire);
    const first = expire().catch((error: unknown) => logger.warn('ledger job failed', { error: (error as Error).message }));
    running.add(first);
    void first.finally(() => running.delete(first));
  }

  const { reconcileOutcomes } = options;
  if (reconcileOutcomes && config.outcomeReconcile.intervalSeconds > 0) {
    const reconcile = async (): Promise<void> => {
      const report = await reconcileOutcomes();
      if (report.recorded > 0) logger.warn('forwarded calls recorded as outcome_unknown: no outcome came back by their deadline', { ...report });
    };
    every(config.outcomeReconcile.intervalSeconds * 1000, reconcile);
    const first = reconcile().catch((error: unknown) => logger.warn('ledger job failed', { error: (error as Error).message }));
    running.add(first);
    void first.finally(() => running.delete(first));
  }

  return {
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
