// The catalogue of failure codes: stable names callers match on, with the check that raises
// each and its severity. docs/scoring.md lists the same table (a test keeps them in step).

import type { CheckName, Severity } from './types.ts';

export interface FailureCodeEntry {
  check: CheckName;
  /**
   * `pattern` = the severity of the sensitive-data pattern that matched; `share` = by the share
   * of unbacked facts (<= 25% low, <= 50% medium, above high); `rule` = the CEL rule's own severity.
   */
  severity: Severity | 'pattern' | 'share' | 'rule';
}

export const FAILURE_CODES: Readonly<Record<string, FailureCodeEntry>> = Object.freeze({
  ACTION_MISSING: { check: 'schema', severity: 'high' },
  PARAMS_NOT_OBJECT: { check: 'schema', severity: 'high' },
  PARAMS_NOT_JSON_SAFE: { check: 'schema', severity: 'medium' },
  OUTPUT_MISSING: { check: 'schema', severity: 'high' },
  OUTPUT_NOT_OBJECT: { check: 'schema', severity: 'high' },
  OUTPUT_EMPTY: { check: 'schema', severity: 'medium' },
  OUTPUT_SCHEMA_VIOLATION: { check: 'schema', severity: 'medium' },
  EVIDENCE_MISSING: { check: 'evidence', severity: 'share' },
  FACTS_UNSUPPORTED: { check: 'evidence', severity: 'share' },
  AGENT_NOT_IN_CATALOG: { check: 'tool_trust', severity: 'critical' },
  TOOL_UNDECLARED: { check: 'tool_trust', severity: 'critical' },
  TOOL_OUT_OF_SCOPE: { check: 'tool_trust', severity: 'high' },
  TOOL_CALL_LIMIT_EXCEEDED: { check: 'tool_trust', severity: 'high' },
  TOOL_SESSION_LIMIT_EXCEEDED: { check: 'tool_trust', severity: 'high' },
  TOOL_CAP_EXCEEDED: { check: 'tool_trust', severity: 'high' },
  TOOL_RESULTS_MISMATCH: { check: 'consistency', severity: 'medium' },
  TOKEN_COUNT_MISMATCH: { check: 'consistency', severity: 'low' },
  NEGATIVE_LATENCY: { check: 'consistency', severity: 'low' },
  NEGATIVE_TOKENS: { check: 'consistency', severity: 'low' },
  TOOL_ERROR_IGNORED: { check: 'consistency', severity: 'medium' },
  PII_IN_OUTPUT: { check: 'policy', severity: 'pattern' },
  PII_IN_PARAMS: { check: 'policy', severity: 'pattern' },
  POLICY_RULE_BLOCK: { check: 'policy', severity: 'rule' },
  POLICY_RULE_ESCALATE: { check: 'policy', severity: 'rule' },
  POLICY_RULE_REQUEST_EVIDENCE: { check: 'policy', severity: 'rule' },
  POLICY_RULE_ALLOW: { check: 'policy', severity: 'rule' },
  SECRET_IN_OUTPUT: { check: 'safety', severity: 'critical' },
  SECRET_IN_PARAMS: { check: 'safety', severity: 'pattern' },
  PROMPT_INJECTION_SUSPECTED: { check: 'safety', severity: 'high' },
  SCAN_LIMIT_EXCEEDED: { check: 'safety', severity: 'critical' },
  RESULT_UNSCANNABLE: { check: 'safety', severity: 'critical' },
  OUTPUT_CONTRADICTS_TOOL_RESULT: { check: 'contradiction', severity: 'critical' },
  OUTPUT_NUMBER_MISMATCH: { check: 'contradiction', severity: 'high' },
  OUTPUT_STATE_MISMATCH: { check: 'contradiction', severity: 'high' },
  PARENT_NOT_FOUND: { check: 'trust_chain', severity: 'critical' },
  PARENT_BLOCKED: { check: 'trust_chain', severity: 'critical' },
  CHAIN_TOO_DEEP: { check: 'trust_chain', severity: 'high' },
  HANDOFF_NOT_ALLOWED: { check: 'trust_chain', severity: 'high' },
  PRE_CHECK_BLOCKED: { check: 'trust_chain', severity: 'critical' },
  KILL_SWITCH_ACTIVE: { check: 'kill_switch', severity: 'critical' },
});
