// The policy bundle: loads `policies/` (agent catalogs, sensitive-data patterns, decision
// thresholds, CEL rules), validates every file with line-accurate errors, and hands the engines
// one frozen, versioned PolicyBundle; watches the directory and swaps in a good new bundle.

export type * from './types.ts';
export type { PolicyIssue } from './policy-load-error.ts';
export { PolicyLoadError, formatPolicyIssue } from './policy-load-error.ts';
export { compilePolicyBundleSources, loadPolicyBundle, loadPolicyBundleSync } from './bundle-loader.ts';
export { RULE_EFFECTS, RULE_MODES } from './types.ts';
export { DEFAULT_DECISION_POLICY } from './decision-policy.ts';
export { compileSchemaCheck } from './schema-check.ts';
export { agentGlobMatches, agentGlobProblem, compileAgentGlobs } from './agent-glob.ts';
export type { AgentMatcher } from './agent-glob.ts';
export { parseDurationSeconds } from './review-duration.ts';
export { POLICY_RELOAD_NAME, watchPolicyBundle } from './bundle-watcher.ts';
export { FLAT_SEPARATOR, TESTS_DIR, splitFlatName } from './bundle-layout.ts';
export type { PolicyBundleWatch } from './bundle-watcher.ts';
export { DEFAULT_CERTIFICATION_CRITERIA, DEFAULT_JUDGE_POLICY, rubricFor } from './judge-certification-policy.ts';
