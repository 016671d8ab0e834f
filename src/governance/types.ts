// The vocabulary of the governance pipeline: what the engines read and what they return.
// Everything here is plain data, so every engine stays a pure function (no clock, no I/O).

import type { AgentPolicy, PolicyBundle, RuleApproval, RuleEffect, RuleToolCall, SessionCall } from '../policy/types.ts';

export const FRAMEWORKS = [
  'LangChain', 'LangGraph', 'CrewAI', 'OpenAI Agents', 'Claude Agents', 'MCP', 'Custom', 'REST',
] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export const OUTCOMES = ['approve', 'block', 'escalate', 'request_evidence'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const RISK_TIERS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Which check produced a failure. The first six are the validation engine's checks. */
export const CHECKS = [
  'schema', 'evidence', 'tool_trust', 'consistency', 'policy', 'safety',
  'contradiction', 'trust_chain', 'kill_switch',
] as const;
export type CheckName = (typeof CHECKS)[number];

/** One element of `validation.failures`. `code` is stable (documented in docs/scoring.md). */
export interface Failure {
  code: string;
  check: CheckName;
  message: string;
  severity: Severity;
  /** JSON-pointer-like dotted path into the request where one applies, e.g. `execution.tools_called[1]`. */
  path?: string;
  /** Rule findings only (`POLICY_RULE_*`): the rule that fired, its effect, and whether it runs in shadow mode. */
  rule_id?: string;
  effect?: RuleEffect;
  /** true: recorded only, never changes scores or the outcome. */
  shadow?: boolean;
}

/** A tool call as the engines see it, whatever shape the caller sent. */
export interface ToolCall {
  name: string;
  params: Record<string, unknown>;
}

export interface ToolResult {
  /** The tool's returned value (object, string, ...). */
  value: unknown;
  /** True when the result reports an error (`error` field, `is_error`/`isError: true`, status "error"). */
  isError: boolean;
}

export interface NormalizedExecution {
  model: string;
  toolsCalled: ToolCall[];
  toolResults: ToolResult[];
  latencyMs?: number;
  tokens?: number;
  promptTokens?: number;
  completionTokens?: number;
}

export type Stage = 'pre_check' | 'post_check' | 'validate';

/**
 * The normalized input of every stage. A pre-check carries `proposedAction` and no output;
 * post-check and validate carry `execution` and `output`.
 */
export interface GovernanceInput {
  stage: Stage;
  agentId: string;
  framework: Framework;
  request: {
    user: string;
    input: string;
    sessionId?: string | null;
    metadata?: Record<string, unknown>;
  };
  proposedAction?: ToolCall;
  execution?: NormalizedExecution;
  output?: Record<string, unknown>;
}

/** The six check scores of the validation engine, each 0..100 (100 = no problem found). */
export interface CheckScores {
  schema: number;
  evidence: number;
  tool_trust: number;
  consistency: number;
  policy: number;
  safety: number;
}

export interface ValidationResult {
  scores: CheckScores;
  /** 0..100, 0 = nothing in the output contradicts the tool results or the request. */
  contradiction: number;
  failures: Failure[];
}

/** A past decision of the same agent, newest first, as read from the ledger. */
export interface OutcomeSample {
  outcome: Outcome;
  finalConfidence: number;
  /** Age in seconds at the time of the lookup (the caller computes it from its clock). */
  ageSeconds: number;
}

export interface ConfidenceResult {
  finalConfidence: number;
  /** A sentence a person can read, naming the weakest and strongest signals. */
  rationale: string;
}

export interface RiskAssessment {
  tier: RiskTier;
  score: number;
  reason: string;
  action_severity: number;
  business_impact: number;
  confidence_gap: number;
  policy_sensitivity: number;
}

/** What the trust-chain check needs to know about a parent envelope (read from the ledger). */
export interface ParentEnvelope {
  envelopeId: string;
  agentId: string;
  outcome: Outcome;
  /** Depth of the parent in its chain: 1 for a root envelope. */
  depth: number;
  /** Envelope ids from the root to the parent, inclusive. */
  lineage: string[];
}

export interface TrustChainResult {
  parent_envelope_id: string;
  parent_agent_id: string | null;
  depth: number;
  lineage: string[];
  trusted: boolean;
  failures: Failure[];
}

export interface DecisionResult {
  outcome: Outcome;
  reason: string;
  policy_version: string;
  score_version: string;
  reviewer_id: string | null;
  review_deadline: string | null;
  judge_latency_ms: number | null;
  /** Which rule decided: a hard gate (`kill_switch`, `tool_trust`, ...) or `weighted`. */
  decided_by: string;
}

export interface ValidationBlock {
  schema_score: number;
  evidence_score: number;
  tool_trust_score: number;
  consistency_score: number;
  policy_score: number;
  judge_score: number | null;
  historical_reliability: number;
  safety_score: number;
  contradiction_score: number;
  final_confidence: number;
  failures: Failure[];
}

/** Everything the pure pipeline needs besides the input; the API layer gathers it with I/O. */
export interface GovernanceContext {
  bundle: PolicyBundle;
  agentPolicy: AgentPolicy | undefined;
  killSwitchActive: boolean;
  historicalReliability: number;
  /** How many past decisions historicalReliability rests on (0: a new agent at the prior); undefined when not known. */
  reliabilitySamples?: number;
  /** Set when the input names a parent envelope: undefined parent = unknown id. */
  parent?: { id: string; found: ParentEnvelope | undefined };
  /** Post-check only: the pre-check this execution completes. A blocked pre-check blocks its post-check. */
  preCheck?: { envelopeId: string; outcome: Outcome; reason?: string };
  /**
   * Pre-check only: calls of the proposed tool this session has already made or has under way.
   * The sidecar counts them; undefined (the API, which sees no sessions) skips max_calls_per_session.
   */
  priorSessionCalls?: number;
  /**
   * Earlier tool calls of this request's session, oldest first, for sequence rules. The runtime
   * remembers them per session id; undefined (no session) is the same as none.
   */
  sessionHistory?: readonly SessionCall[];
  judgeScore: number | null;
  /**
   * Post-check through the sidecar: the tool's result could not be read (binary, not UTF-8), so
   * nothing in it was checked. `block` (the route default) raises RESULT_UNSCANNABLE; `release`
   * is the operator's opt-out and raises nothing (the ledger row still says unscannable).
   */
  unscannableOutput?: { contentType: string; action: 'block' | 'release' };
  /** The synchronous LLM judge's part in this decision (high and critical risk); undefined when it did not run. */
  judge?: JudgeContext;
  /** Whether the agent holds a valid certificate for the policy version in force (CEL `agent.certified`). */
  agentCertified?: boolean;
  /**
   * CEL `approvals`: the active approval grants that cover a tool call of this stage. The runtime
   * reads the grants once (only when a rule reads `approvals`); undefined means none.
   */
  approvalsFor?: (call: RuleToolCall) => RuleApproval[];
  /** Epoch milliseconds; the only clock the engines see. */
  now: number;
}

/** What the outcome becomes when a synchronous judgement fails; `decide` keeps the decision made without the judge. */
export type JudgeFallbackOutcome = 'escalate' | 'block' | 'request_evidence' | 'decide';

/** The synchronous judge's answer (its score is also ctx.judgeScore), or why there is none. */
export type JudgeContext =
  | { status: 'scored'; score: number; verdict: 'pass' | 'fail'; passScore: number; latencyMs: number }
  | { status: 'failed'; reason: string; latencyMs: number; fallback: JudgeFallbackOutcome };

/** A rule whose `when` was true for this stage (the first matching call names the path). */
export interface RuleFinding {
  rule_id: string;
  effect: RuleEffect;
  severity: Severity;
  message: string;
  shadow: boolean;
  path?: string;
}

/**
 * A rule whose `when` could not be evaluated on this input: it did not fire when a field it reads
 * is missing; on a value of the wrong type a block, escalate or request_evidence rule applied (it
 * is also among the fired findings).
 */
export interface RuleError {
  rule_id: string;
  message: string;
  shadow: boolean;
}

export interface RuleReport {
  fired: RuleFinding[];
  errors: RuleError[];
}

/** The pure result of one stage, before an envelope id and latency are attached. */
export interface GovernanceEvaluation {
  validation: ValidationBlock;
  risk: RiskAssessment;
  decision: DecisionResult;
  trust_chain: TrustChainResult | null;
  governance_disclosure: string;
  confidence_rationale: string;
  /** The CEL rules that fired (enforced and shadow) and those that could not be evaluated. */
  rules: RuleReport;
}
