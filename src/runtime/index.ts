// The runtime pipeline with its I/O: reliability lookups, parent envelopes, the kill switch,
// durable recording, idempotent post-checks. The API and the sidecar both drive it.

export { Runtime } from './runtime.ts';
export type { PolicySource, PostCheckResult, RuntimeDeps, SidecarFacts } from './runtime-types.ts';
export { KillSwitch } from './kill-switch.ts';
export { KILL_SWITCH_EVENTS_CHANNEL } from './kill-switch.ts';
export type { KillSwitchChange, KillSwitchEvent, KillSwitchState } from './kill-switch.ts';
export { ReliabilityCache } from './reliability-cache.ts';
export { SessionHistory, SESSION_HISTORY_DEFAULTS } from './session-history.ts';
export type { SessionHistoryOptions } from './session-history.ts';
export { guardLedger } from './guarded-ledger.ts';
export type { ExecutionBody, PostCheckBody, PreCheckBody, ValidateBody } from './request-types.ts';
export type { ResponseBody } from './responses.ts';
export { dryRun, dryRunInput, statedApprovals, statedSession, DRY_RUN_SUBJECTS } from './policy-dry-run.ts';
export type { DryRunContextInput, DryRunFacts, DryRunResult, DryRunSubject, RuleMatchBody } from './policy-dry-run.ts';
export { inputOfRow, type JudgeOptions } from './judged-evaluation.ts';
