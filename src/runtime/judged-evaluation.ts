// The LLM judge's part in a runtime decision: what the runtime keeps of a synchronous judgement
// and whether the envelope goes to the asynchronous judge after it is recorded.

import type { RuntimeJudge, SyncJudgement } from '../judge/index.ts';
import type { GovernanceInput } from '../governance/index.ts';
import type { LedgerRow } from '../ledger/index.ts';
import type { Evaluated } from './rule-records.ts';
import { inputFromStored, type StoredRequest } from './inputs.ts';

/** Per call: whether the caller's tier includes the judge (Enterprise). The sidecar does not ask for it. */
export interface JudgeOptions {
  judge?: boolean;
}

export interface Judged extends Evaluated {
  /** The synchronous judgement that shaped this evaluation, kept in the row as `judge`. */
  syncJudgement?: SyncJudgement;
  /** Queue the recorded envelope for the asynchronous judge. */
  judgeAfter?: boolean;
}

export function judgePayload(judged: Judged): Record<string, unknown> {
  if (judged.syncJudgement) return { judge: judged.syncJudgement.record };
  return judged.judgeAfter ? { judge: { mode: 'async', status: 'queued' } } : {};
}

export async function enqueueJudgement(judge: RuntimeJudge | undefined, judged: Judged, envelopeId: string): Promise<void> {
  if (judge && judged.judgeAfter) await judge.enqueue(envelopeId);
}

/** The engines' input from a stored validate or post-check row (what the asynchronous judge judges). */
export function inputOfRow(row: LedgerRow): GovernanceInput | undefined {
  return row.payload ? inputFromStored(row.kind, row.payload as unknown as StoredRequest) : undefined;
}
