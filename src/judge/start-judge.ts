// Composes the judge of one gateway process from its configuration: client, job queue in the
// ledger's database, worker, metrics. Nothing starts when the judge is not configured.

import type client from 'prom-client';
import type { Config } from '../config/index.ts';
import type { GovernanceInput } from '../governance/index.ts';
import type { Ledger, LedgerRow, PostgresConnectionOptions } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import { createJudgeClient, judgeUrlForDisplay } from './judge-client.ts';
import { createJudgeMetrics } from './judge-events.ts';
import type { JudgeJobStore } from './judge-jobs.ts';
import { createRuntimeJudge, type RuntimeJudge } from './judge-service.ts';
import { startJudgeWorker, type JudgeWorker } from './judge-worker.ts';
import { openSqliteJudgeJobs } from './sqlite-judge-jobs.ts';
import { openPostgresJudgeJobs } from './postgres-judge-jobs.ts';

export interface StartJudgeOptions {
  config: Config;
  ledger: Ledger;
  /** PostgreSQL: the ledger's connection settings. */
  postgres?: PostgresConnectionOptions;
  policies: { current(): PolicyBundle };
  inputOf(row: LedgerRow): GovernanceInput | undefined;
  registry: client.Registry;
  logger: Logger;
  now?: () => number;
}

export interface RunningJudge {
  readonly runtimeJudge: RuntimeJudge;
  readonly worker: JudgeWorker;
  readonly jobs: JudgeJobStore;
  close(): Promise<void>;
}

export function startJudge(options: StartJudgeOptions): RunningJudge | undefined {
  const judgeConfig = options.config.judge;
  if (judgeConfig === null) return undefined;
  const { ledger: ledgerConfig } = options.config;
  if (ledgerConfig.kind === 'central') {
    // The judge's durable queue lives in the ledger's database, which a sidecar of a central gateway does not hold.
    options.logger.warn('JUDGE_URL is ignored: a sidecar that records through the central gateway has no database for the judge\'s queue', {});
    return undefined;
  }
  const jobs = ledgerConfig.kind === 'sqlite'
    ? openSqliteJudgeJobs(ledgerConfig.path)
    : openPostgresJudgeJobs(options.postgres!, (error) => options.logger.warn('judge jobs connection error', { error: error.message }));
  const client = createJudgeClient(judgeConfig);
  const metrics = createJudgeMetrics(options.registry, () => jobs.depth());
  const worker = startJudgeWorker({
    config: judgeConfig, client, jobs, ledger: options.ledger, policies: options.policies, inputOf: options.inputOf,
    logger: options.logger, now: options.now,
  });
  const runtimeJudge = createRuntimeJudge({ config: judgeConfig, client, jobs, logger: options.logger, now: options.now, onEnqueue: worker.kick });
  options.logger.info('LLM judge enabled', { url: judgeUrlForDisplay(judgeConfig.url), model: judgeConfig.model, sync_budget_ms: judgeConfig.syncBudgetMs, concurrency: judgeConfig.concurrency });
  return {
    runtimeJudge, worker, jobs,
    async close() {
      await worker.close();
      metrics.close();
      await client.close();
      await jobs.close();
    },
  };
}
