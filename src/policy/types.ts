// The policy bundle as the engines see it, after `policies/*.yaml` was loaded, validated and
// compiled. Security teams own the YAML; this is its in-memory, frozen form.

import type { Outcome, RiskTier, Severity } from '../governance/types.ts';

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
  pattern: RegExp;
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
}

export interface DecisionPolicy {
  tiers: Readonly<Record<RiskTier, TierDecisionRule>>;
}

export interface PolicyBundle {
  /** Derived from the bundle's content: the same files give the same version. */
  version: string;
  agents: readonly AgentPolicy[];
  sensitive_data: readonly SensitivePattern[];
  decision: DecisionPolicy;
  /** The first catalog whose globs match the agent id (files in name order), or undefined. */
  resolveAgent(agentId: string): AgentPolicy | undefined;
}
