// Turns one catalog file into an AgentPolicy: compiles the scope and output schemas, checks the
// globs, and checks what a schema cannot: that caps name params the scope declares. It also runs on
// files that failed their shape check, reading only what has the right type, so every problem in a
// file is reported in one pass (the AgentPolicy is then discarded).

import type { AgentPolicy, SchemaCheck, ToolLimits, ToolPolicy } from './types.ts';
import type { PolicyIssue } from './policy-load-error.ts';
import type { PolicySource } from './yaml-source.ts';
import type { FieldSegment } from './field-path.ts';
import { lintAndCompileSchema } from './authored-schema-lint.ts';
import { agentGlobProblem } from './agent-glob.ts';
import { isRecord, numberOr, stringOr } from './plain-object.ts';

export const DEFAULT_MAX_CHAIN_DEPTH = 5;

export function compileCatalog(source: PolicySource): { agent: AgentPolicy; issues: PolicyIssue[] } {
  const file = isRecord(source.value) ? source.value : {};
  const defaults = isRecord(file.defaults) ? file.defaults : {};
  const issues: PolicyIssue[] = [];
  const schemaCheck = (schema: unknown, at: FieldSegment[]): SchemaCheck | undefined => {
    if (!isRecord(schema)) return undefined;
    const { problems, check } = lintAndCompileSchema(schema, `${source.display} ${at.join('.')}`);
    for (const problem of problems) issues.push(source.issue([...at, ...problem.segments], problem.message, problem.at));
    return check;
  };
  const globs = (list: 'agents' | 'accepts_handoff_from'): string[] => {
    const found: string[] = [];
    (Array.isArray(file[list]) ? file[list] : []).forEach((glob: unknown, index: number) => {
      if (typeof glob !== 'string') return;
      const problem = agentGlobProblem(glob);
      if (problem !== undefined) issues.push(source.issue([list, index], problem));
      found.push(glob);
    });
    return found;
  };

  const tools = new Map<string, ToolPolicy>();
  for (const [name, entry] of Object.entries(isRecord(file.tools) ? file.tools : {})) {
    if (!isRecord(entry)) continue;
    const at = ['tools', name];
    const limits = isRecord(entry.limits) ? entry.limits : {};
    if (isRecord(entry.scope)) issues.push(...scopeProblems(source, entry.scope, isRecord(limits.caps) ? limits.caps : {}, at));
    const tool: ToolPolicy = {
      name,
      action_severity: numberOr(entry.action_severity, numberOr(defaults.action_severity, 0)),
      business_impact: numberOr(entry.business_impact, numberOr(defaults.business_impact, 0)),
      limits: compileLimits(limits),
      allows_pii: entry.allows_pii === true,
    };
    if (typeof entry.description === 'string') tool.description = entry.description;
    const scope = schemaCheck(entry.scope, [...at, 'scope']);
    if (scope !== undefined) tool.scope = scope;
    const output = schemaCheck(entry.output_schema, [...at, 'output_schema']);
    if (output !== undefined) tool.output_schema = output;
    tools.set(name, tool);
  }

  const agent: AgentPolicy = {
    id: stringOr(file.id, ''),
    agents: globs('agents'),
    tools,
    default_action_severity: numberOr(defaults.action_severity, 0),
    default_business_impact: numberOr(defaults.business_impact, 0),
    accepts_handoff_from: globs('accepts_handoff_from'),
    max_chain_depth: numberOr(file.max_chain_depth, DEFAULT_MAX_CHAIN_DEPTH),
    source: source.relPath,
  };
  if (typeof file.description === 'string') agent.description = file.description;
  const output = schemaCheck(file.output_schema, ['output_schema']);
  if (output !== undefined) agent.output_schema = output;
  return { agent, issues };
}

function compileLimits(limits: Record<string, unknown>): ToolLimits {
  const compiled: ToolLimits = {};
  if (typeof limits.max_calls_per_execution === 'number') compiled.max_calls_per_execution = limits.max_calls_per_execution;
  if (typeof limits.max_calls_per_session === 'number') compiled.max_calls_per_session = limits.max_calls_per_session;
  if (isRecord(limits.caps)) {
    compiled.caps = Object.fromEntries(Object.entries(limits.caps).filter(([, cap]) => typeof cap === 'number')) as Record<string, number>;
  }
  return compiled;
}

// Params are always an object, and a cap on a param the scope does not declare is almost always a
// typo that would leave the real param uncapped.
function scopeProblems(source: PolicySource, scope: Record<string, unknown>, caps: Record<string, unknown>, at: FieldSegment[]): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const types = Array.isArray(scope.type) ? scope.type : scope.type === undefined ? ['object'] : [scope.type];
  if (!types.includes('object')) {
    issues.push(source.issue([...at, 'scope', 'type'], 'must be "object": a scope describes the params object'));
  }
  if (!isRecord(scope.properties)) return issues;
  const properties = scope.properties;
  for (const param of Object.keys(caps)) {
    const capAt = [...at, 'limits', 'caps', param];
    const declared = Object.hasOwn(properties, param) ? properties[param] : undefined;
    if (declared === undefined) {
      issues.push(source.issue(capAt, `caps a param the scope does not declare (declared: ${Object.keys(properties).join(', ') || 'none'})`, 'key'));
    } else if (isRecord(declared) && declared.type !== undefined && declared.type !== 'number' && declared.type !== 'integer') {
      issues.push(source.issue(capAt, `caps param '${param}', which the scope declares as ${JSON.stringify(declared.type)}, not a number`, 'key'));
    }
  }
  return issues;
}
