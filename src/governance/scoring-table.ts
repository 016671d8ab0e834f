// Every number that shapes a score lives here, so docs/scoring.md has one place to mirror and
// any change here is a reason to bump SCORE_VERSION (stored with each decision in the ledger).

import type { Outcome, Severity } from './types.ts';

/** Bump on any change to a formula, weight, penalty or threshold in this module. */
export const SCORE_VERSION = 'score-2026.11.3';

/** Points a failure of each severity takes off its check's score (which starts at 100). */
export const SEVERITY_PENALTY: Readonly<Record<Severity, number>> = Object.freeze({
  info: 0, low: 5, medium: 15, high: 35, critical: 60,
});

/** Any tool-trust failure caps the tool_trust score here, so it is never 100 when something is wrong. */
export const TOOL_TRUST_FAILURE_CAP = 50;

export const CONFIDENCE_WEIGHTS = Object.freeze({
  schema: 0.10,
  evidence: 0.20,
  tool_trust: 0.20,
  consistency: 0.10,
  policy: 0.15,
  safety: 0.15,
  historical_reliability: 0.10,
});
export type ConfidenceSignal = keyof typeof CONFIDENCE_WEIGHTS;

/** final_confidence loses this many points per point of contradiction. */
export const CONTRADICTION_PENALTY_FACTOR = 0.5;
/** Share of final_confidence taken from the LLM judge when its score is known. */
export const JUDGE_WEIGHT = 0.2;

export const RELIABILITY_PRIOR = 70;
/** How many fresh samples the prior is worth: one sample can never reach 0 or 100. */
export const RELIABILITY_PRIOR_WEIGHT = 2;
export const RELIABILITY_HALF_LIFE_SECONDS = 7 * 24 * 3600;
export const OUTCOME_RELIABILITY_VALUE: Readonly<Record<Outcome, number>> = Object.freeze({
  approve: 100, escalate: 50, request_evidence: 50, block: 0,
});

export const RISK_WEIGHTS = Object.freeze({
  action_severity: 0.30,
  business_impact: 0.25,
  confidence_gap: 0.25,
  policy_sensitivity: 0.20,
});
export type RiskFactor = keyof typeof RISK_WEIGHTS;

/** A risk score below the bound gets the tier; 75 and above is critical. */
export const RISK_TIER_BELOW = Object.freeze({ low: 25, medium: 50, high: 75 });

/** A tool outside the catalog is assumed nearly as dangerous as anything can be. */
export const UNKNOWN_TOOL_SEVERITY = 90;
export const UNKNOWN_TOOL_IMPACT = 90;
/** Severity and impact when no tool is called and the agent has no catalog entry. */
export const NO_POLICY_DEFAULT = 50;
/** A param at its cap adds this share of the headroom (100 - base) to the tool's business impact. */
export const CAP_IMPACT_SHARE = 0.5;

export const SENSITIVITY_BY_SEVERITY: Readonly<Record<Severity, number>> = Object.freeze({
  info: 0, low: 20, medium: 40, high: 70, critical: 100,
});
/** Added to policy_sensitivity when personal data is present at all, even where it is allowed. */
export const PII_PRESENCE_SENSITIVITY = 15;

/** Evidence looks at no more facts than this (bounds the work on a 100 KB output). */
export const MAX_EVIDENCE_FACTS = 200;
/** Two numbers closer than this are the same number (cents rounding). */
export const NUMBER_TOLERANCE = 0.005;
