// The judge as the runtime uses it: a synchronous judgement inside the request for high and
// critical risk, under a hard time budget, and a durable queue for the other tiers.

import type { JudgeConfig } from '../config/index.ts';
import type { GovernanceInput, JudgeContext, RiskTier } from '../governance/index.ts';
import { rubricFor, type PolicyBundle } from '../policy/index.ts';
import type { Logger } from '../observability/index.ts';
import type { JudgeClient } from './judge-client.ts';
import type { JudgeJobStore } from './judge-jobs.ts';
import { judgeMaterial, toolNames } from './judge-material.ts';
import { publishJudgeEvent } from './judge-events.ts';

/** The tiers judged before the decision; the others are judged after it, by the worker. */
export const SYNC_JUDGE_TIERS: readonly RiskTier[] = ['high', 'critical'];

export interface SyncJudgement {
  context: JudgeContext;
  score: number | null;
  /** Kept in the decision's ledger row as `judge`. */
  record: Record<string, unknown>;
}

/** What the runtime needs of the judge (src/runtime stays free of HTTP clients and queues). */
export interface RuntimeJudge {
  /** undefined when there is nothing to judge (no output) or the tier is judged asynchronously. */
  judgeSync(bundle: PolicyBundle, input: GovernanceInput, tier: RiskTier): Promise<SyncJudgement | undefined>;
  /** Whether `tier` is judged asynchronously, after the decision. */
  isAsync(input: GovernanceInput, tier: RiskTier): boolean;
  /** Queues the recorded envelope for judging; a failure is logged, never fails the call that is already recorded. */
  enqueue(envelopeId: string): Promise<void>;
}

export interface JudgeServiceDeps {
  config: JudgeConfig;
  client: JudgeClient;
  jobs: JudgeJobStore;
  logger: Logger;
  now?: () => number;
  /** Called after an enqueue, so the local worker need not wait for its next poll. */
  onEnqueue?: () => void;
}

export function createRuntimeJudge(deps: JudgeServiceDeps): RuntimeJudge {
  const now = deps.now ?? Date.now;
  return {
    async judgeSync(bundle, input, tier) {
      if (!SYNC_JUDGE_TIERS.includes(tier)) return undefined;
      const material = judgeMaterial(input);
      if (material === undefined) return undefined;
      const rubric = rubricFor(bundle.judge, input.agentId, toolNames(input));
      const result = await deps.client.judge(rubric, material, deps.config.syncBudgetMs);
      publishJudgeEvent({ type: 'call', mode: 'sync', result: result.ok ? 'scored' : 'failed', failure: result.ok ? null : result.kind, latencyMs: result.latencyMs });
      const common = { mode: 'sync', model: deps.client.model, latency_ms: result.latencyMs, attempts: result.attempts };
      if (!result.ok) {
        const fallback = bundle.judge.on_failure[tier as 'high' | 'critical'];
        return {
          context: { status: 'failed', reason: result.reason, latencyMs: result.latencyMs, fallback },
          score: null,
          record: { ...common, status: 'failed', failure: result.kind, reason: result.reason, fallback },
        };
      }
      const { score, verdict, reasons } = result.answer;
      return {
        context: { status: 'scored', score, verdict, passScore: bundle.judge.pass_score, latencyMs: result.latencyMs },
        score,
        record: { ...common, status: 'scored', score, verdict, reasons, pass_score: bundle.judge.pass_score },
      };
    },
    isAsync(input, tier) {
      return !SYNC_JUDGE_TIERS.includes(tier) && judgeMaterial(input) !== undefined;
    },
    async enqueue(envelopeId) {
      try {
        await deps.jobs.enqueue(envelopeId, now());
        deps.onEnqueue?.();
      } catch (error) {
        deps.logger.warn('judge job not queued', { envelope_id: envelopeId, error: (error as Error).message });
      }
    },
  };
}
