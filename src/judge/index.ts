// The LLM judge: an OpenAI-compatible chat-completions client with a strict answer schema, the
// rubric from the policy bundle, a synchronous judgement under a time budget for high and
// critical risk, and a durable asynchronous worker for the other tiers (docs/judge.md).

export { startJudge, type RunningJudge, type StartJudgeOptions } from './start-judge.ts';
export { createRuntimeJudge, SYNC_JUDGE_TIERS, type RuntimeJudge, type SyncJudgement } from './judge-service.ts';
export { createJudgeClient, judgeUrlForDisplay, type JudgeCallResult, type JudgeClient, type JudgeFailureKind } from './judge-client.ts';
export { startJudgeWorker, MAX_JUDGE_ATTEMPTS, type JudgeWorker } from './judge-worker.ts';
export { JUDGE_ANSWER_SCHEMA, parseJudgeAnswer, type JudgeAnswer, type JudgeVerdict } from './judge-answer.ts';
export { dataMarkers, judgeMessages, type ChatMessage, type JudgeMaterial } from './judge-prompt.ts';
export { JUDGE_CHANNEL, createJudgeMetrics, judgeChannel, type JudgeEvent } from './judge-events.ts';
export type { JudgeJob, JudgeJobStore } from './judge-jobs.ts';
export { openSqliteJudgeJobs } from './sqlite-judge-jobs.ts';
export { openPostgresJudgeJobs } from './postgres-judge-jobs.ts';
