// The bundle's CEL rules for one stage. A rule is evaluated once per tool call of the stage (the
// proposed action at pre-check; each of tools_called after execution, seeing the calls before it
// in the session), and fires at most once: the first call it matches names the path. Rules see
// the scores and risk of the checks before any rule: a rule never sees another rule's effect.

import type { PolicyRule, RuleToolCall, RuleVariables, SessionCall } from '../policy/types.ts';
import { isPlainObject } from './json-leaves.ts';
import type { StageView } from './stage-view.ts';
import type {
  ConfidenceResult, Failure, GovernanceContext, GovernanceInput, RiskAssessment, RuleFinding, RuleReport, ValidationResult,
} from './types.ts';

export interface RuleInput {
  view: StageView;
  input: GovernanceInput;
  ctx: GovernanceContext;
  validation: ValidationResult;
  historicalReliability: number;
  confidence: ConfidenceResult;
  risk: RiskAssessment;
}

const NO_TOOL: RuleToolCall = Object.freeze({ name: '', params: Object.freeze({}) });

export function evaluateRules(rules: readonly PolicyRule[], facts: RuleInput): RuleReport {
  const report: RuleReport = { fired: [], errors: [] };
  const applicable = rules.filter((rule) => rule.stages.includes(facts.input.stage));
  if (applicable.length === 0) return report;
  const base = baseVariables(facts);
  const calls: readonly RuleToolCall[] = facts.view.calls.length > 0 ? facts.view.calls : [NO_TOOL];
  // Each call sees the session so far, including the calls before it in this execution.
  const perCall = calls.map((call, index): RuleVariables => ({
    ...base,
    tool: { name: call.name, params: call.params },
    params: call.params,
    session: [...base.session, ...calls.slice(0, index).map((earlier) => sessionCall(earlier, facts))],
    approvals: facts.ctx.approvalsFor?.(call) ?? [],
  }));
  for (const rule of applicable) {
    let error: string | undefined;
    // The first call the rule could not decide on because a value had the wrong type.
    let undecided: { index: number; error: string } | undefined;
    const index = perCall.findIndex((variables, at) => {
      const result = rule.evaluate(variables);
      if ('error' in result) {
        error ??= result.error;
        if (!result.missing) undecided ??= { index: at, error: result.error };
      }
      return 'matched' in result && result.matched;
    });
    // Fail closed: a block, escalate or request_evidence rule the call's values could not be put
    // to (`"amount": "9999"` against `params.amount > 5000`) applies, or an agent could send a
    // number as a string to walk around it. An allow rule that cannot be decided does not apply.
    const appliesUndecided = index < 0 && undecided !== undefined && rule.effect !== 'allow';
    const at = index >= 0 ? index : appliesUndecided ? undecided!.index : -1;
    if (at >= 0) {
      report.fired.push({
        rule_id: rule.id,
        effect: rule.effect,
        severity: rule.severity,
        message: index >= 0 ? rule.message : `${rule.message} (applied because the rule could not be evaluated on this call: ${undecided!.error})`,
        shadow: rule.mode === 'shadow',
        ...(facts.view.calls.length > 0 ? { path: facts.view.callPaths[at] } : {}),
      });
    }
    if (index < 0 && error !== undefined) report.errors.push({ rule_id: rule.id, message: error, shadow: rule.mode === 'shadow' });
  }
  return report;
}

/** A rule finding as an element of `validation.failures` (check `policy`). */
export function ruleFailure(finding: RuleFinding): Failure {
  return {
    code: `POLICY_RULE_${finding.effect.toUpperCase()}`,
    check: 'policy',
    severity: finding.severity,
    message: `${finding.shadow ? '[shadow] ' : ''}Rule ${finding.rule_id} (${finding.effect}): ${finding.message}`,
    ...(finding.path !== undefined ? { path: finding.path } : {}),
    rule_id: finding.rule_id,
    effect: finding.effect,
    shadow: finding.shadow,
  };
}

/** Whether a failure lowers scores: every failure except shadow rules and allow rules (an allow is not a violation). */
export function countsTowardScores(failure: Failure): boolean {
  return failure.rule_id === undefined || (!failure.shadow && failure.effect !== 'allow');
}

function sessionCall(call: RuleToolCall, facts: RuleInput): SessionCall {
  return { name: call.name, params: call.params, agent_id: facts.input.agentId, stage: facts.input.stage };
}

function baseVariables(facts: RuleInput): RuleVariables {
  const { input, ctx, validation, risk } = facts;
  const output = facts.view.hasOutput && isPlainObject(facts.view.output) ? facts.view.output : null;
  return {
    stage: input.stage,
    agent: { id: input.agentId, catalog: ctx.agentPolicy?.id ?? '', framework: input.framework, certified: ctx.agentCertified === true },
    tool: NO_TOOL,
    params: NO_TOOL.params,
    calls: facts.view.calls.map((call) => ({ name: call.name, params: call.params })),
    request: {
      user: input.request?.user ?? '',
      input: input.request?.input ?? '',
      session_id: input.request?.sessionId ?? null,
      metadata: input.request?.metadata ?? {},
    },
    output,
    scores: {
      schema: validation.scores.schema,
      evidence: validation.scores.evidence,
      tool_trust: validation.scores.tool_trust,
      consistency: validation.scores.consistency,
      policy: validation.scores.policy,
      safety: validation.scores.safety,
      contradiction: validation.contradiction,
      historical_reliability: facts.historicalReliability,
      final_confidence: facts.confidence.finalConfidence,
    },
    risk: {
      tier: risk.tier,
      score: risk.score,
      action_severity: risk.action_severity,
      business_impact: risk.business_impact,
      confidence_gap: risk.confidence_gap,
      policy_sensitivity: risk.policy_sensitivity,
    },
    session: [...(ctx.sessionHistory ?? [])],
    approvals: [],
    now: ctx.now,
  };
}
