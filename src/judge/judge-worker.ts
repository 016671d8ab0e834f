// The asynchronous judge: claims queued envelopes (bounded concurrency), judges them, and records
// the result as a `judge` row linked to the envelope. When the judge fails an output that was
// already released (approved), a `decision` row escalates the envelope retroactively: the review
// queue lists it like any escalation, and `gateway:judge` announces it.

import { SCORE_VERSION, type GovernanceInput } from '../governance/index.ts';
import { eventEntry, newEnvelopeId, type Ledger, type LedgerRow } from '../ledger/index.ts';
import { rubricFor, type PolicyBundle } from '../policy/index.ts';
import type { Logger } from '../observability/index.ts';
import { startPollLoop } from '../workers/index.ts';
import type { JudgeConfig } from '../config/index.ts';
import type { JudgeClient, JudgeCallResult, JudgeFailureKind } from './judge-client.ts';
import type { JudgeJob, JudgeJobStore } from './judge-jobs.ts';
import { judgeMaterial, toolNames } from './judge-material.ts';
import { publishJudgeEvent } from './judge-events.ts';

/** Transport failures are tried this many times in all; then the failure itself is recorded. */
export const MAX_JUDGE_ATTEMPTS = 3;
/**
 * What a later attempt can cure: the judge was unreachable, slow or failing. A malformed answer
 * (twice, judge-client.ts) came from a working judge, and the same question would get the same
 * answer: it is recorded at once.
 */
const TRANSPORT_FAILURES: readonly JudgeFailureKind[] = ['timeout', 'http_error', 'network'];
const MAX_BACKOFF_MS = 5 * 60_000;

export interface JudgeWorkerDeps {
  config: JudgeConfig;
  client: JudgeClient;
  jobs: JudgeJobStore;
  ledger: Ledger;
  policies: { current(): PolicyBundle };
  /** The engines' input from a stored row (the runtime's reader of its own payloads). */
  inputOf(row: LedgerRow): GovernanceInput | undefined;
  logger: Logger;
  now?: () => number;
}

export interface JudgeWorker {
  /** Look for work now (after an enqueue in this process). */
  kick(): void;
  /** Resolves when every claimed job has settled (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startJudgeWorker(deps: JudgeWorkerDeps): JudgeWorker {
  const now = deps.now ?? Date.now;
  const leaseMs = deps.config.timeoutMs * MAX_JUDGE_ATTEMPTS + 30_000;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  /** Claims what the free judging slots can take. */
  const poll = async (): Promise<void> => {
    const free = deps.config.concurrency - running.size;
    if (free <= 0) return;
    const jobs = await deps.jobs.claim(free, now(), leaseMs);
    for (const job of jobs) {
      const task = judgeJob(job).catch((error: unknown) => {
        deps.logger.error('judge job failed', { envelope_id: job.envelope_id, error: (error as Error).message });
        return deps.jobs.retry(job.id, now() + backoff(job.attempts), (error as Error).message).catch(() => {});
      }).finally(() => {
        running.delete(task);
        loop.wake();
      });
      running.add(task);
    }
  };

  const backoff = (attempts: number): number => Math.min(deps.config.pollMs * 2 ** attempts, MAX_BACKOFF_MS);

  async function judgeJob(job: JudgeJob): Promise<void> {
    const row = await deps.ledger.get(job.envelope_id);
    const judged = row && await deps.ledger.findChild(job.envelope_id, 'judge');
    if (row === undefined || judged !== undefined) {
      // Unknown, or judged already: a process died (or an append failed) between recording the
      // judgement and completing the job, perhaps before the escalation that follows a failed one.
      if (row && judged) await escalateRecorded(row, judged);
      await deps.jobs.complete(job.id);
      return;
    }
    const input = row.payload ? deps.inputOf(row) : undefined;
    const material = input && judgeMaterial(input);
    if (input === undefined || material === undefined) {
      await deps.jobs.complete(job.id);
      return;
    }
    const bundle = deps.policies.current();
    const result = await deps.client.judge(rubricFor(bundle.judge, input.agentId, toolNames(input)), material, deps.config.timeoutMs, stopping.signal);
    if (stopping.signal.aborted) {
      // Stopped mid-judgement: the job goes back to the queue at once, for the next process that
      // starts, and the judge had no chance to fail, so the claim uses up none of its attempts.
      await deps.jobs.release(job.id);
      return;
    }
    publishJudgeEvent({ type: 'call', mode: 'async', result: result.ok ? 'scored' : 'failed', failure: result.ok ? null : result.kind, latencyMs: result.latencyMs });
    if (!result.ok && TRANSPORT_FAILURES.includes(result.kind) && job.attempts < MAX_JUDGE_ATTEMPTS) {
      await deps.jobs.retry(job.id, now() + backoff(job.attempts), result.reason);
      return;
    }
    await record(row, bundle, result, job.attempts);
    await deps.jobs.complete(job.id);
  }

  async function record(row: LedgerRow, bundle: PolicyBundle, result: JudgeCallResult, attempts: number): Promise<void> {
    const judgeId = newEnvelopeId();
    const common = { mode: 'async', model: deps.client.model, latency_ms: result.latencyMs, job_attempts: attempts, source_kind: row.kind, source_outcome: row.outcome };
    const payload = result.ok
      ? { ...common, status: 'scored', score: result.answer.score, verdict: result.answer.verdict, reasons: result.answer.reasons, pass_score: bundle.judge.pass_score }
      : { ...common, status: 'failed', failure: result.kind, reason: result.reason };
    await deps.ledger.append(eventEntry({
      envelopeId: judgeId, parentEnvelopeId: row.envelope_id, kind: 'judge', agentId: row.agent_id, action: row.action, riskTier: row.risk_tier,
      versions: { policy_version: bundle.version, score_version: SCORE_VERSION }, payload,
    }));
    if (result.ok) await escalate(row, bundle, judgeId, { score: result.answer.score, verdict: result.answer.verdict, passScore: bundle.judge.pass_score });
  }

  /** The escalation a recorded judgement calls for, unless it was written already (a job claimed again). */
  async function escalateRecorded(row: LedgerRow, judged: LedgerRow): Promise<void> {
    const payload = (judged.payload ?? {}) as { status?: unknown; score?: unknown; verdict?: unknown; pass_score?: unknown };
    if (payload.status !== 'scored' || typeof payload.score !== 'number' || typeof payload.pass_score !== 'number') return;
    const escalated = (await deps.ledger.children(row.envelope_id)).some((child) =>
      child.kind === 'decision' && (child.payload as { judge_envelope_id?: unknown } | null)?.judge_envelope_id === judged.envelope_id);
    if (escalated) return;
    await escalate(row, deps.policies.current(), judged.envelope_id, { score: payload.score, verdict: String(payload.verdict), passScore: payload.pass_score });
  }

  async function escalate(row: LedgerRow, bundle: PolicyBundle, judgeId: string, answer: { score: number; verdict: string; passScore: number }): Promise<void> {
    const failed = answer.verdict === 'fail' || answer.score < answer.passScore;
    // Only a released output needs a retroactive review: anything else is blocked or already in review.
    if (!failed || row.outcome !== 'approve') return;
    const tier = row.risk_tier ?? 'medium';
    const rule = bundle.decision.tiers[tier];
    const reviewDeadline = new Date(now() + rule.review_sla_seconds * 1000).toISOString();
    const escalationId = newEnvelopeId();
    const reason = `Escalated after release: the LLM judge scored the output ${answer.score} (verdict ${answer.verdict}; pass score ${answer.passScore}).`;
    await deps.ledger.append({
      envelope_id: escalationId, parent_envelope_id: row.envelope_id, kind: 'decision', agent_id: row.agent_id, action: row.action,
      outcome: 'escalate', risk_tier: row.risk_tier, risk_score: row.risk_score, final_confidence: row.final_confidence,
      policy_version: bundle.version, score_version: SCORE_VERSION, reviewer_id: rule.reviewer_id, review_deadline: reviewDeadline,
      payload: {
        source: 'judge', source_kind: row.kind, judge_envelope_id: judgeId,
        decision: { outcome: 'escalate', reason, decided_by: 'judge', reviewer_id: rule.reviewer_id, review_deadline: reviewDeadline },
      },
    });
    publishJudgeEvent({
      type: 'retroactive_escalation', envelope_id: row.envelope_id, escalation_envelope_id: escalationId, judge_envelope_id: judgeId,
      agent_id: row.agent_id, score: answer.score, verdict: answer.verdict, reviewer_id: rule.reviewer_id, review_deadline: reviewDeadline,
    });
  }

  const loop = startPollLoop({
    poll,
    intervalMs: () => deps.config.pollMs,
    onError: (error) => deps.logger.warn('judge jobs cannot be claimed', { error: error.message }),
  });
  return {
    kick: loop.wake,
    async idle() {
      while (loop.inProgress || running.size > 0) await Promise.all([loop.inProgress, ...running]);
    },
    async close() {
      const stopped = loop.stop();
      stopping.abort();
      await Promise.allSettled([stopped, ...running]);
    },
  };
}
