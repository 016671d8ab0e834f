// The policy bundle: loads `policies/` (agent catalogs, sensitive-data patterns, decision
// thresholds), validates every file with line-accurate errors, and hands the engines one frozen,
// versioned PolicyBundle.

export type * from './types.ts';
export type { PolicyIssue } from './policy-load-error.ts';
export { PolicyLoadError, formatPolicyIssue } from './policy-load-error.ts';
export { loadPolicyBundle, loadPolicyBundleSync } from './bundle-loader.ts';
export { DEFAULT_DECISION_POLICY } from './decision-policy.ts';
export { compileSchemaCheck } from './schema-check.ts';
export { agentGlobMatches } from './agent-glob.ts';
export { parseDurationSeconds } from './review-duration.ts';
