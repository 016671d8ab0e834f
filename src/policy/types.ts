// The policy bundle as the engines see it, after `policies/*.yaml` was loaded, validated and
// compiled. Security teams own the YAML; this is its in-memory, frozen form.

import type { Outcome, RiskTier, Severity, Stage } from '../governance/types.ts';
import type { LinearPattern } from '../linear-regex/index.ts';
import type { CertificationCriteria, JudgePolicy } from './judge-certification-policy.ts';

export type { CertificationCriteria, JudgeFallback, JudgePolicy, JudgeRubric } from './judge-certification-policy.ts';

/** A compiled check against a JSON Schema: returns every violation, [] when valid. */
export type SchemaCheck = (value: unknown) => Array<{ path: string; message: string }>;

export interface ToolLimits {
  /** Most calls of this tool in one execution (validate's tools_called). */
  max_calls_per_execution?: number;
  /** Most calls of this tool in one session (the sidecar counts these). */
  max_calls_per_session?: number;
  /** Numeric caps on params, e.g. { amount: 10000 }: a larger value is outside the limit. */
  caps?: Record<string, number>;
}

export interface ToolPolicy {
  name: string;
  description?: string;
  /** 0..100: how much harm the action itself can do (read-only search ~10, payment ~80). */
  action_severity: number;
  /** 0..100: business impact at rest; grows with capped params (see docs/scoring.md). */
  business_impact: number;
  /** The declared scope: a JSON Schema for the params. A call outside it breaks tool trust. */
  scope?: SchemaCheck;
  limits: ToolLimits;
  /** Where known, a JSON Schema for the tool's result / the agent output after calling it. */
  output_schema?: SchemaCheck;
  /** Whether this tool's results may legitimately carry personal data (e.g. a CRM lookup). */
  allows_pii: boolean;
}

export interface AgentPolicy {
  /** The catalog's id, e.g. `support-agent`. */
  id: string;
  /** Glob patterns (picomatch) on agent_id. */
  agents: string[];
  description?: string;
  tools: ReadonlyMap<string, ToolPolicy>;
  /** Schema for the agent's output object, where the catalog declares one. */
  output_schema?: SchemaCheck;
  /** Severity/impact used when the execution calls no tool. */
  default_action_severity: number;
  default_business_impact: number;
  /** Glob patterns of agent ids allowed to hand work to this agent (trust chain). Empty = none. */
  accepts_handoff_from: string[];
  /** Longest chain (root = 1) this agent accepts work from. */
  max_chain_depth: number;
  /** Where this file came from, for error messages and explanations. */
  source: string;
}

export interface SensitivePattern {
  id: string;
  /** `pii` is personal data (erasable); `secret` is a credential that must never be released. */
  kind: 'pii' | 'secret';
  /** Runs in time linear in its input (RE2), whatever the text. */
  pattern: LinearPattern;
  severity: Severity;
  description?: string;
}

export interface TierDecisionRule {
  /** Approve when final_confidence is at least this; null = never auto-approve this tier. */
  approve_min_confidence: number | null;
  /** Block when final_confidence is below this. */
  block_below_confidence: number;
  /** Ask for evidence when evidence_score is below this (and the call is not blocked). */
  request_evidence_below: number;
  /** What happens between the block and approve thresholds. */
  otherwise: Extract<Outcome, 'escalate' | 'request_evidence' | 'block'>;
  /** Who reviews escalations of this tier, and how long they have (seconds). */
  reviewer_id: string;
  review_sla_seconds: number;
  /** Distinct approvers a review item of this tier needs (separation of duties); default 1. */
  required_approvals?: number;
  /** What an item that nobody resolved by its deadline becomes; default block. */
  on_expiry?: 'approve' | 'block';
  /** How long a sidecar route with `on_escalation: hold` keeps the agent's call open; default 300. */
  hold_seconds?: number;
}

export interface DecisionPolicy {
  tiers: Readonly<Record<RiskTier, TierDecisionRule>>;
}

/** What a rule does when its `when` expression is true (docs/policies.md, "Rules"). */
export const RULE_EFFECTS = ['allow', 'block', 'escalate', 'request_evidence'] as const;
export type RuleEffect = (typeof RULE_EFFECTS)[number];

/** `shadow` rules are evaluated and recorded but never change an outcome. */
export const RULE_MODES = ['enforce', 'shadow'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

/** A tool call as rules see it: the current call, each call of the execution, or an earlier call of the session. */
export interface RuleToolCall {
  name: string;
  params: Record<string, unknown>;
}

/** An earlier tool call of the same session, oldest first, as the runtime remembers it. */
export interface SessionCall extends RuleToolCall {
  agent_id: string;
  /** The stage that recorded the call (pre_check, post_check or validate). */
  stage: string;
}

/** An active approval grant (src/oversight) that covers the call a rule is looking at: CEL `approvals`. */
export interface RuleApproval {
  id: string;
  /** once, session, count, ttl or condition. */
  scope: string;
  tool: string;
  /** Uses left for once and count grants; null when unbounded. */
  remaining_uses: number | null;
  /** ISO-8601; null when it never expires. */
  expires_at: string | null;
  granted_by: string;
}

/** The CEL variables a rule's `when` reads; plain data, so evaluating a rule stays pure. */
export interface RuleVariables {
  stage: Stage;
  /** `certified`: the agent holds a valid, unrevoked certificate for the policy version in force. */
  agent: { id: string; catalog: string; framework: string; certified: boolean };
  tool: RuleToolCall;
  params: Record<string, unknown>;
  calls: RuleToolCall[];
  request: { user: string; input: string; session_id: string | null; metadata: Record<string, unknown> };
  output: Record<string, unknown> | null;
  scores: Record<string, number>;
  risk: { tier: RiskTier; score: number; action_severity: number; business_impact: number; confidence_gap: number; policy_sensitivity: number };
  session: SessionCall[];
  /** The active grants covering this agent and tool (and session, arguments where scoped); [] unless a rule reads them. */
  approvals: RuleApproval[];
  /** Epoch milliseconds; the rule sees it as a CEL timestamp. */
  now: number;
}

/**
 * true / false, or why the expression could not be evaluated on these variables. `missing` when
 * it read a field or an element the request does not have; otherwise the request has it with a
 * type the rule cannot apply to (a string where it compares a number), which must not let a call
 * around the rule.
 */
export type RuleResult = { matched: boolean } | { error: string; missing: boolean };

export interface PolicyRule {
  id: string;
  description: string;
  effect: RuleEffect;
  severity: Severity;
  message: string;
  mode: RuleMode;
  /** The stages the rule is evaluated at (default all three). */
  stages: readonly Stage[];
  /** The CEL source, as written. */
  when: string;
  /** The variables the expression reads, e.g. ['session', 'tool']: the runtime keeps a session's history in the ledger row only for rules that read it. */
  reads: ReadonlyArray<keyof RuleVariables>;
  /** Evaluates the compiled expression (compiled once, at load). */
  evaluate(variables: RuleVariables): RuleResult;
  /** `rules/<file>.yaml` and the rule's line there, for explanations. */
  source: string;
  line: number | null;
}

export interface PolicyBundle {
  /** Derived from the bundle's content: the same files give the same version. */
  version: string;
  agents: readonly AgentPolicy[];
  sensitive_data: readonly SensitivePattern[];
  decision: DecisionPolicy;
  /** CEL rules from `rules/*.yaml`, in file-name order, then in file order. */
  rules: readonly PolicyRule[];
  /** `judge.yaml`: what the LLM judge is asked and what a failed synchronous judgement does (defaults without the file). */
  judge: JudgePolicy;
  /** `certification.yaml`: what an agent must meet to be certified (defaults without the file). */
  certification: CertificationCriteria;
  /** The text of every file the bundle was compiled from, by path inside the bundle (dry runs overlay edits on it). */
  sources: Readonly<Record<string, string>>;
  /** The first catalog whose globs match the agent id (files in name order), or undefined. */
  resolveAgent(agentId: string): AgentPolicy | undefined;
}
