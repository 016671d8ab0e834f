// What the runtime asks human oversight (src/oversight), as two narrow ports so the pipeline
// does not depend on how reviews and grants are stored.

import type { GovernanceEvaluation, GovernanceInput } from '../governance/index.ts';
import type { LedgerRow } from '../ledger/index.ts';
import type { RuleApproval, RuleToolCall } from '../policy/index.ts';

export interface ReviewVerdictPort {
  /** A reviewed envelope's state as enforcement sees it (see oversight/review-gate.ts). */
  gate(envelopeId: string): Promise<{ outcome: 'approve' | 'block' | 'pending'; reason: string }>;
}

export interface GrantMatch {
  grant_id: string;
  use_envelope_id: string | null;
  reason: string;
}

export interface GrantPort {
  /**
   * Before an escalation stands: a standing approval that covers this call, consumed (once /
   * count grants) race-safely; undefined when none applies.
   */
  consume(call: { agentId: string; tool: string; params: Record<string, unknown>; sessionId: string | null; now: number; principal?: string | null }): Promise<GrantMatch | undefined>;
  /**
   * CEL `approvals`: the agent's active grants, read without using any; the function it resolves
   * to picks those that cover one tool call (tool, arguments, this session). Only grants of
   * `tools` (the stage's tool calls) are read.
   * In both, `principal` is the credential making the call (`kind:subject`): a grant it gave
   * itself never answers its own call, as it may not resolve its own review item.
   */
  standing(query: { agentId: string; tools: readonly string[]; sessionId: string | null; now: number; principal?: string | null }): Promise<(call: RuleToolCall) => RuleApproval[]>;
}

export const REVIEWED: ReadonlySet<string> = new Set(['escalate', 'request_evidence']);

/** The pre-check a post-check completes, as its review decided it: approved proceeds; anything else blocks, with the reason. */
export async function reviewedPreCheck(
  port: ReviewVerdictPort | undefined, pre: Pick<LedgerRow, 'envelope_id' | 'outcome'>,
): Promise<{ envelope_id: string; outcome: LedgerRow['outcome']; reason?: string; review?: { outcome: string; reason: string } }> {
  if (!port || !REVIEWED.has(pre.outcome ?? '')) return pre;
  const gate = await port.gate(pre.envelope_id);
  return { envelope_id: pre.envelope_id, outcome: gate.outcome === 'approve' ? 'approve' : 'block', reason: gate.reason, review: gate };
}

/** An evaluation whose escalation a human (or a standing grant) has already answered. */
export function answeredEscalation(evaluation: GovernanceEvaluation, outcome: 'approve' | 'block', decidedBy: string, reason: string): GovernanceEvaluation {
  return { ...evaluation, decision: { ...evaluation.decision, outcome, decided_by: decidedBy, reason } };
}

/** The tools a stage's rules look at: the proposed action, and each call of the execution. */
export function stageTools(input: GovernanceInput): string[] {
  return [...new Set([input.proposedAction?.name, ...(input.execution?.toolsCalled ?? []).map((call) => call.name)].filter((name) => name !== undefined))];
}
