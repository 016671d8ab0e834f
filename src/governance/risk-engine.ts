// The risk engine: how much harm this action could do (severity, business impact), how unsure
// we are (confidence gap) and how sensitive the data is, weighted into a score and a tier.

import { formatNumber, numericValue } from './number-text.ts';
import { paramAt } from './param-lookup.ts';
import {
  CAP_IMPACT_SHARE, NO_POLICY_DEFAULT, PII_PRESENCE_SENSITIVITY, RISK_TIER_BELOW, RISK_WEIGHTS,
  SENSITIVITY_BY_SEVERITY, UNKNOWN_TOOL_IMPACT, UNKNOWN_TOOL_SEVERITY, type RiskFactor,
} from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import { patternsOfKind, scanSensitive } from './sensitive-data.ts';
import { declaredTool, toolLabel, type StageView } from './stage-view.ts';
import type { ToolPolicy } from '../policy/types.ts';
import type { Failure, RiskAssessment, RiskTier, ToolCall } from './types.ts';

interface CapUse { param: string; value: number; cap: number }

interface ToolExposure {
  name: string;
  declared: boolean;
  severity: number;
  impact: number;
  /** The capped param that raised the impact most, if any. */
  capUse?: CapUse;
}

function capRatio(value: number, cap: number): number {
  if (cap <= 0) return value > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, value / cap));
}

function exposureOf(tool: ToolPolicy, call: ToolCall): ToolExposure {
  const base = clampScore(tool.business_impact);
  const exposure: ToolExposure = { name: tool.name, declared: true, severity: clampScore(tool.action_severity), impact: base };
  for (const [param, cap] of Object.entries(tool.limits.caps ?? {})) {
    const value = numericValue(paramAt(call.params, param));
    if (value === undefined) continue;
    const impact = base + (100 - base) * capRatio(value, cap) * CAP_IMPACT_SHARE;
    if (exposure.capUse === undefined || impact > exposure.impact) {
      exposure.impact = impact;
      exposure.capUse = { param, value, cap };
    }
  }
  return exposure;
}

function exposures(view: StageView): ToolExposure[] {
  return view.calls.map((call) => {
    const tool = declaredTool(view, call.name);
    return tool
      ? exposureOf(tool, call)
      : { name: toolLabel(call.name), declared: false, severity: UNKNOWN_TOOL_SEVERITY, impact: UNKNOWN_TOOL_IMPACT };
  });
}

function maxBy<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || value(item) > value(best)) best = item;
  return best;
}

export function policySensitivity(failures: readonly Failure[], piiPresent: boolean): number {
  let sensitivity = 0;
  for (const failure of failures) {
    if (failure.check === 'policy' || failure.check === 'safety') {
      sensitivity = Math.max(sensitivity, SENSITIVITY_BY_SEVERITY[failure.severity]);
    }
  }
  return clampScore(sensitivity + (piiPresent ? PII_PRESENCE_SENSITIVITY : 0));
}

export function riskTier(score: number): RiskTier {
  if (score < RISK_TIER_BELOW.low) return 'low';
  if (score < RISK_TIER_BELOW.medium) return 'medium';
  if (score < RISK_TIER_BELOW.high) return 'high';
  return 'critical';
}

function capText(capUse: CapUse | undefined): string {
  return capUse ? ` moving ${formatNumber(capUse.value)} of a ${formatNumber(capUse.cap)} ${capUse.param} cap` : '';
}

export interface RiskInput {
  view: StageView;
  finalConfidence: number;
  failures: readonly Failure[];
}

/** Personal data anywhere in the params or the output, allowed there or not. */
export function personalDataPresent(view: StageView): boolean {
  const pii = patternsOfKind(view.bundle.sensitive_data, 'pii');
  // The same base paths as the safety and policy checks, so the walker's cached leaves serve all three.
  if (view.calls.some((call, index) => scanSensitive(call.params, pii, view.paramPaths[index], view.leaves).length > 0)) return true;
  return view.hasOutput && scanSensitive(view.output, pii, 'output', view.leaves).length > 0;
}

interface ReasonFacts {
  bySeverity: ToolExposure | undefined;
  byImpact: ToolExposure | undefined;
  failures: readonly Failure[];
  finalConfidence: number;
}

/** The clause of `reason` that explains the factor contributing most to the score. */
function dominantFactorText(dominant: RiskFactor, factors: Record<RiskFactor, number>, facts: ReasonFacts): string {
  const { bySeverity, byImpact } = facts;
  switch (dominant) {
    case 'action_severity':
      if (!bySeverity) return `no tool called; the agent's default action severity is ${factors.action_severity}`;
      if (!bySeverity.declared) return `tool ${bySeverity.name} is not in the catalog (assumed severity ${factors.action_severity})`;
      return `tool ${bySeverity.name} (action severity ${factors.action_severity})${capText(bySeverity.capUse)}`;
    case 'business_impact':
      if (!byImpact) return `no tool called; the agent's default business impact is ${factors.business_impact}`;
      return `business impact ${factors.business_impact} from ${byImpact.name}${capText(byImpact.capUse)}`;
    case 'confidence_gap':
      return `confidence gap ${factors.confidence_gap} (final confidence ${clampScore(facts.finalConfidence)})`;
    case 'policy_sensitivity': {
      const sensitive = facts.failures.filter((failure) => failure.check === 'policy' || failure.check === 'safety');
      const worst = maxBy(sensitive, (failure) => SENSITIVITY_BY_SEVERITY[failure.severity]);
      if (!worst) return `policy sensitivity ${factors.policy_sensitivity} from personal data in the call`;
      return `policy sensitivity ${factors.policy_sensitivity} from ${worst.code}${worst.path ? ` (${worst.path})` : ''}`;
    }
  }
}

export function assessRisk(input: RiskInput): RiskAssessment {
  const { view } = input;
  const tools = exposures(view);
  const bySeverity = maxBy(tools, (tool) => tool.severity);
  const byImpact = maxBy(tools, (tool) => tool.impact);
  const factors: Record<RiskFactor, number> = {
    action_severity: clampScore(bySeverity?.severity ?? view.agentPolicy?.default_action_severity ?? NO_POLICY_DEFAULT),
    business_impact: clampScore(byImpact?.impact ?? view.agentPolicy?.default_business_impact ?? NO_POLICY_DEFAULT),
    confidence_gap: clampScore(100 - input.finalConfidence),
    policy_sensitivity: policySensitivity(input.failures, personalDataPresent(view)),
  };
  const order = Object.keys(RISK_WEIGHTS) as RiskFactor[];
  const contribution = (factor: RiskFactor) => RISK_WEIGHTS[factor] * factors[factor];
  const score = clampScore(order.reduce((sum, factor) => sum + contribution(factor), 0));
  const tier = riskTier(score);
  const dominant = maxBy(order, contribution) ?? 'action_severity';
  const because = dominantFactorText(dominant, factors, {
    bySeverity, byImpact, failures: input.failures, finalConfidence: input.finalConfidence,
  });
  return { tier, score, reason: `${tier} (risk ${score}): ${because}.`, ...factors };
}
