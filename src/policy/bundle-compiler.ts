// Turns the files of a bundle into a PolicyBundle, or one PolicyLoadError listing every problem in
// every file. Pure apart from the files handed in: the readers do the I/O.

import type { AgentPolicy, DecisionPolicy, PolicyBundle, PolicyRule, SensitivePattern } from './types.ts';
import type { PolicyIssue } from './policy-load-error.ts';
import { PolicyLoadError, sortIssues } from './policy-load-error.ts';
import type { BundleListing } from './bundle-files.ts';
import { CATALOG_DIR, FLAT_SEPARATOR, RULES_DIR } from './bundle-layout.ts';
import { PolicySource } from './yaml-source.ts';
import type { PolicyFileKind } from './file-shape-check.ts';
import { checkFileShape } from './file-shape-check.ts';
import { compileCatalog } from './catalog-compiler.ts';
import { compileSensitiveData } from './sensitive-data-compiler.ts';
import { compileRules, type RuleIdOwners } from './rules-compiler.ts';
import { DEFAULT_DECISION_POLICY, compileDecisionPolicy } from './decision-policy.ts';
import { bundleVersion } from './bundle-version.ts';
import {
  DEFAULT_CERTIFICATION_CRITERIA, DEFAULT_JUDGE_POLICY, compileCertificationCriteria, compileJudgePolicy,
  type CertificationCriteria, type JudgePolicy,
} from './judge-certification-policy.ts';
import { createAgentResolver } from './agent-resolver.ts';
import { deepFreeze } from './deep-freeze.ts';

export function compileBundle(listing: BundleListing): PolicyBundle {
  const issues: PolicyIssue[] = [...listing.issues];
  // A missing directory says all there is to say; the "no catalog" issues would only repeat it.
  if (!listing.found) throw new PolicyLoadError(sortIssues(issues), `policy bundle ${listing.dir}`);

  const parse = (relPath: string, kind: PolicyFileKind): PolicySource | undefined => {
    const file = listing.files.find((candidate) => candidate.relPath === relPath);
    if (file === undefined) return undefined;
    const source = new PolicySource(file);
    issues.push(...source.syntaxIssues);
    if (source.syntaxIssues.length > 0) return undefined;
    // The compilers run even when the shape is wrong, so one pass reports every problem.
    issues.push(...checkFileShape(source, kind));
    return source;
  };

  const catalogPaths = listing.files.map((file) => file.relPath).filter((rel) => rel.startsWith(`${CATALOG_DIR}/`)).sort();
  if (catalogPaths.length === 0) {
    issues.push({ file: `${listing.dir}/${CATALOG_DIR}`, line: null, column: null, path: '', message: `holds no agent catalog (*.yaml); at least one is required (in a flat bundle, such as a ConfigMap's, ${CATALOG_DIR}${FLAT_SEPARATOR}<name>.yaml)` });
  }
  const agents = compileCatalogs(catalogPaths.map((rel) => parse(rel, 'catalog')), issues);

  let sensitiveData: SensitivePattern[] = [];
  const sensitiveSource = parse('sensitive-data.yaml', 'sensitive-data');
  if (sensitiveSource !== undefined) {
    const compiled = compileSensitiveData(sensitiveSource);
    sensitiveData = compiled.patterns;
    issues.push(...compiled.issues);
  } else if (!listing.files.some((file) => file.relPath === 'sensitive-data.yaml')) {
    // Required: without it nothing would stop a secret in an output, and nobody would notice.
    issues.push({ file: `${listing.dir}/sensitive-data.yaml`, line: null, column: null, path: '', message: 'is missing; it is required (write `patterns: []` to scan for nothing)' });
  }

  let decision: DecisionPolicy = DEFAULT_DECISION_POLICY;
  const decisionSource = parse('decision.yaml', 'decision');
  if (decisionSource !== undefined) {
    const compiled = compileDecisionPolicy(decisionSource);
    decision = compiled.decision;
    issues.push(...compiled.issues);
  }

  const rules: PolicyRule[] = [];
  const ruleIds: RuleIdOwners = new Map();
  for (const rel of listing.files.map((file) => file.relPath).filter((path) => path.startsWith(`${RULES_DIR}/`)).sort()) {
    const source = parse(rel, 'rules');
    if (source === undefined) continue;
    const compiled = compileRules(source, ruleIds);
    rules.push(...compiled.rules);
    issues.push(...compiled.issues);
  }

  let judge: JudgePolicy = DEFAULT_JUDGE_POLICY;
  const judgeSource = parse('judge.yaml', 'judge');
  if (judgeSource !== undefined) judge = compileJudgePolicy(judgeSource);
  let certification: CertificationCriteria = DEFAULT_CERTIFICATION_CRITERIA;
  const certificationSource = parse('certification.yaml', 'certification');
  if (certificationSource !== undefined) {
    const compiled = compileCertificationCriteria(certificationSource);
    certification = compiled.criteria;
    issues.push(...compiled.issues);
  }

  if (issues.length > 0) throw new PolicyLoadError(sortIssues(issues), `policy bundle ${listing.dir}`);
  const frozenAgents = deepFreeze(agents);
  const decoder = new TextDecoder();
  return deepFreeze<PolicyBundle>({
    version: bundleVersion(listing.files),
    agents: frozenAgents,
    sensitive_data: deepFreeze(sensitiveData),
    decision: deepFreeze(decision),
    rules: deepFreeze(rules),
    judge: deepFreeze(judge),
    certification: deepFreeze(certification),
    sources: Object.fromEntries(listing.files.map((file) => [file.relPath, decoder.decode(file.bytes)])),
    resolveAgent: createAgentResolver(frozenAgents),
  });
}

// Catalog ids name the policy in decisions, so they must be unique; and a glob another catalog
// already lists can never select this one (first match wins), which is surely not what was meant.
function compileCatalogs(sources: Array<PolicySource | undefined>, issues: PolicyIssue[]): AgentPolicy[] {
  const agents: AgentPolicy[] = [];
  const idOwner = new Map<string, string>();
  const globOwner = new Map<string, string>();
  for (const source of sources) {
    if (source === undefined) continue;
    const { agent, issues: catalogIssues } = compileCatalog(source);
    issues.push(...catalogIssues);
    agents.push(agent);
    if (agent.id === '') continue;
    const previous = idOwner.get(agent.id);
    if (previous !== undefined) issues.push(source.issue(['id'], `duplicate catalog id '${agent.id}' (also in ${previous})`));
    else idOwner.set(agent.id, source.name);
    agent.agents.forEach((glob, index) => {
      const owner = globOwner.get(glob);
      if (owner !== undefined && owner !== source.name) {
        issues.push(source.issue(['agents', index], `'${glob}' is already claimed by ${owner}, which is read first, so it never selects this catalog`));
      } else {
        globOwner.set(glob, source.name);
      }
    });
  }
  return agents;
}
