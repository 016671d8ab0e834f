// What the runtime keeps of the CEL rules with each decision: the findings and errors in the
// ledger payload, the session history a sequence rule read, and the metric events.

import type { GovernanceEvaluation, GovernanceInput, ToolCall } from '../governance/index.ts';
import type { PolicyBundle, SessionCall } from '../policy/index.ts';
import { policyRuleChannel, type PolicyRuleEvent } from '../observability/index.ts';
import { historyToStore, type HistoryBase, type StoredHistory } from './recorded-history.ts';

/** One evaluation, the bundle that made it (captured once per request) and the history it saw. */
export interface Evaluated {
  evaluation: GovernanceEvaluation;
  bundle: PolicyBundle;
  history: readonly SessionCall[];
}

export function sessionCalls(input: GovernanceInput, calls: readonly ToolCall[]): SessionCall[] {
  return calls.map((call) => ({ name: call.name, params: call.params, agent_id: input.agentId, stage: input.stage }));
}

/**
 * The rules that fired (and those that could not be evaluated) are kept with the decision; so is
 * the session history, when a rule of the bundle reads it, so a re-run and an auditor see what
 * the rules saw: stored against `base`, the last row recorded with the session's history, when
 * it continues that one (recorded-history.ts).
 */
export function rulesPayload({ evaluation, bundle, history }: Evaluated, base?: HistoryBase): { policy_rules?: GovernanceEvaluation['rules']; session_history?: StoredHistory } {
  const payload: { policy_rules?: GovernanceEvaluation['rules']; session_history?: StoredHistory } = {};
  if (evaluation.rules.fired.length > 0 || evaluation.rules.errors.length > 0) payload.policy_rules = evaluation.rules;
  if (history.length > 0 && bundle.rules.some((rule) => rule.reads.includes('session'))) payload.session_history = historyToStore(history, base);
  return payload;
}

export function publishRules(evaluation: GovernanceEvaluation): void {
  if (!policyRuleChannel.hasSubscribers) return;
  for (const finding of evaluation.rules.fired) {
    policyRuleChannel.publish({ rule: finding.rule_id, effect: finding.effect, shadow: finding.shadow, result: 'match' } satisfies PolicyRuleEvent);
  }
  for (const error of evaluation.rules.errors) {
    policyRuleChannel.publish({ rule: error.rule_id, effect: '', shadow: error.shadow, result: 'error' } satisfies PolicyRuleEvent);
  }
}
