// Policy dry runs: what a bundle decides for one request, without recording anything. Shared by
// POST /v1/policy/evaluate (which fills the context from the live gateway) and `govgate policy
// test` (which runs offline on the context a test case states).

import { evaluate } from '../governance/index.ts';
import type { GovernanceContext, GovernanceEvaluation, GovernanceInput, Outcome, ParentEnvelope } from '../governance/index.ts';
import type { PolicyBundle, RuleApproval, RuleToolCall, SessionCall } from '../policy/index.ts';
import { postCheckInput, preCheckInput, validateInput } from './inputs.ts';
import type { ExecutionBody, PreCheckBody, ValidateBody } from './request-types.ts';

/** The request to evaluate: exactly one of these (envelope_id needs the live gateway's ledger). */
export interface DryRunSubject {
  pre_check?: PreCheckBody;
  validate?: ValidateBody;
  post_check?: { pre_check: PreCheckBody; execution: ExecutionBody; output: Record<string, unknown> };
  envelope_id?: string;
}

/** What the caller may state instead of the live values. */
export interface DryRunContextInput {
  historical_reliability?: number;
  /** The session's earlier tool calls, oldest first; `agent_id` and `stage` default to the request's agent and `pre_check`. */
  session?: Array<{ name: string; params?: Record<string, unknown>; agent_id?: string; stage?: string }>;
  /** ISO-8601; the clock the rules see. */
  now?: string;
  kill_switch_active?: boolean;
  /** CEL `agent.certified`; default: the agent's real certification state for the evaluated bundle's version. */
  agent_certified?: boolean;
  /** The active approval grants (CEL `approvals`); one without `tool` covers every tool. */
  approvals?: Array<Partial<RuleApproval>>;
}

export interface DryRunFacts {
  bundle: PolicyBundle;
  historicalReliability: number;
  sessionHistory: readonly SessionCall[];
  now: number;
  killSwitchActive: boolean;
  parent?: { id: string; found: ParentEnvelope | undefined };
  preCheck?: { envelopeId: string; outcome: Outcome };
  /** CEL `approvals` for one tool call; none when undefined. */
  approvalsFor?: (call: RuleToolCall) => RuleApproval[];
  /** CEL `agent.certified`; false when undefined. */
  agentCertified?: boolean;
}

export interface RuleMatchBody {
  rule_id: string;
  effect: string;
  severity: string;
  message: string;
  path?: string;
}

/** The response body of a dry run (PolicyEvaluateResponse). */
export interface DryRunResult {
  stage: GovernanceInput['stage'];
  outcome: Outcome;
  policy_version: string;
  bundle_source: 'active' | 'request';
  rules_fired: RuleMatchBody[];
  shadow_matches: RuleMatchBody[];
  rule_errors: Array<{ rule_id: string; message: string; shadow: boolean }>;
  decision: GovernanceEvaluation['decision'];
  validation: GovernanceEvaluation['validation'];
  risk: GovernanceEvaluation['risk'];
  recorded: false;
}

export const DRY_RUN_SUBJECTS = ['pre_check', 'validate', 'post_check', 'envelope_id'] as const;

/** The governance input of a subject given inline (not an envelope id). */
export function dryRunInput(subject: DryRunSubject): GovernanceInput | undefined {
  if (subject.pre_check) return preCheckInput(subject.pre_check);
  if (subject.validate) return validateInput(subject.validate);
  if (subject.post_check) {
    const { pre_check: pre, execution, output } = subject.post_check;
    return postCheckInput(pre, { pre_check_envelope_id: '', execution, output });
  }
  return undefined;
}

/** The session history a context states, completed with the request's agent. */
export function statedSession(context: DryRunContextInput | undefined, agentId: string): SessionCall[] | undefined {
  return context?.session?.map((call) => ({
    name: call.name, params: call.params ?? {}, agent_id: call.agent_id ?? agentId, stage: call.stage ?? 'pre_check',
  }));
}

/** The approvals a context states, as CEL `approvals` for each call: those naming its tool (or none). */
export function statedApprovals(context: DryRunContextInput | undefined): ((call: RuleToolCall) => RuleApproval[]) | undefined {
  const stated = context?.approvals;
  if (stated === undefined) return undefined;
  return (call) => stated
    .filter((grant) => grant.tool === undefined || grant.tool === call.name)
    .map((grant, index) => ({
      id: grant.id ?? `stated-${index + 1}`, scope: grant.scope ?? 'ttl', tool: grant.tool ?? call.name,
      remaining_uses: grant.remaining_uses ?? null, expires_at: grant.expires_at ?? null, granted_by: grant.granted_by ?? 'test',
    }));
}

export function dryRun(input: GovernanceInput, facts: DryRunFacts, source: DryRunResult['bundle_source']): DryRunResult {
  const ctx: GovernanceContext = {
    bundle: facts.bundle,
    agentPolicy: facts.bundle.resolveAgent(input.agentId),
    killSwitchActive: facts.killSwitchActive,
    historicalReliability: facts.historicalReliability,
    parent: facts.parent,
    preCheck: facts.preCheck,
    sessionHistory: facts.sessionHistory,
    judgeScore: null,
    approvalsFor: facts.approvalsFor,
    agentCertified: facts.agentCertified ?? false,
    now: facts.now,
  };
  const evaluation = evaluate(input, ctx);
  const body = (finding: GovernanceEvaluation['rules']['fired'][number]): RuleMatchBody => ({
    rule_id: finding.rule_id, effect: finding.effect, severity: finding.severity, message: finding.message,
    ...(finding.path !== undefined ? { path: finding.path } : {}),
  });
  return {
    stage: input.stage,
    outcome: evaluation.decision.outcome,
    policy_version: evaluation.decision.policy_version,
    bundle_source: source,
    rules_fired: evaluation.rules.fired.filter((finding) => !finding.shadow).map(body),
    shadow_matches: evaluation.rules.fired.filter((finding) => finding.shadow).map(body),
    rule_errors: evaluation.rules.errors,
    decision: evaluation.decision,
    validation: evaluation.validation,
    risk: evaluation.risk,
    recorded: false,
  };
}
