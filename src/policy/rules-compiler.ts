// Compiles `rules/*.yaml`: every `when` is parsed, type-checked, bounded in cost (rule-cost.ts) and
// planned once, at load. A syntax, type or cost error is reported at its own line and column in
// the YAML file (the position of the `when:` value plus the offset inside the expression). Like
// the other compilers it also runs on a file that failed its shape check, so one pass reports
// every problem.

import { isCelError, parse, plan } from '@bufbuild/cel';
import type { Stage, Severity } from '../governance/types.ts';
import type { PolicyRule, RuleEffect, RuleMode, RuleResult, RuleVariables } from './types.ts';
import type { PolicyIssue } from './policy-load-error.ts';
import type { PolicySource } from './yaml-source.ts';
import type { FieldSegment } from './field-path.ts';
import { dottedPath } from './field-path.ts';
import { isRecord } from './plain-object.ts';
import { RULE_STAGES } from './bundle-file-schemas.ts';
import { checkRuleExpression } from './cel-type-check.ts';
import { ruleCostProblems } from './rule-cost.ts';
import { RULE_ENV, celBindings } from './rule-environment.ts';
import { ruleToolNames } from './rule-tool-guard.ts';

/** Rule ids seen so far in the bundle, with the file that has each: ids must be unique bundle-wide. */
export type RuleIdOwners = Map<string, string>;

export function compileRules(source: PolicySource, owners: RuleIdOwners): { rules: PolicyRule[]; issues: PolicyIssue[] } {
  const entries = isRecord(source.value) && Array.isArray(source.value.rules) ? source.value.rules as unknown[] : [];
  const issues: PolicyIssue[] = [];
  const rules: PolicyRule[] = [];
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    if (typeof entry.id === 'string') {
      const owner = owners.get(entry.id);
      if (owner !== undefined) issues.push(source.issue(['rules', index, 'id'], `duplicate rule id '${entry.id}' (also in ${owner})`));
      else owners.set(entry.id, `${source.name} rules[${index}]`);
    }
    if (typeof entry.when !== 'string' || entry.when.trim() === '') return;
    const compiled = compileExpression(source, ['rules', index, 'when'], entry.when);
    issues.push(...compiled.issues);
    if (compiled.evaluate === undefined) return;
    rules.push({
      id: String(entry.id),
      description: typeof entry.description === 'string' ? entry.description : '',
      effect: entry.effect as RuleEffect,
      severity: entry.severity as Severity,
      message: typeof entry.message === 'string' ? entry.message : '',
      mode: entry.mode as RuleMode,
      stages: Array.isArray(entry.stages) ? entry.stages as Stage[] : [...RULE_STAGES],
      when: entry.when,
      reads: (compiled.reads ?? []) as Array<keyof RuleVariables>,
      evaluate: compiled.evaluate,
      source: source.relPath,
      line: source.locate(['rules', index], 'value').line,
    });
  });
  return { rules, issues };
}

// @bufbuild/cel's errors carry no code: its messages for a map without the key and a list too short.
const MISSING = /^(field not found: |index -?\d+ out of bounds )/;

interface CompiledExpression {
  evaluate?: (variables: RuleVariables) => RuleResult;
  reads?: string[];
  issues: PolicyIssue[];
}

function compileExpression(source: PolicySource, at: FieldSegment[], text: string): CompiledExpression {
  const issueAt = (offset: number, message: string): PolicyIssue => ({
    file: source.display, ...source.positionInString(at, offset), path: dottedPath(at), message,
  });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch (error) {
    const syntax = error as { rawMessage?: string; message: string; location?: { start?: { offset?: number } } };
    return { issues: [issueAt(syntax.location?.start?.offset ?? 0, `CEL syntax error: ${syntax.rawMessage ?? syntax.message}`)] };
  }
  const { problems, reads } = checkRuleExpression(parsed);
  if (problems.length > 0) return { issues: problems.map((problem) => issueAt(problem.offset, `CEL type error: ${problem.message}`)) };
  const costly = ruleCostProblems(parsed);
  if (costly.length > 0) return { issues: costly.map((problem) => issueAt(problem.offset, `CEL cost: ${problem.message}`)) };
  let program: (bindings: ReturnType<typeof celBindings>) => unknown;
  try {
    // The bindings are plain JSON data, which CEL reads as maps and lists; its input types cannot say so.
    const planned = plan(RULE_ENV, parsed);
    program = (bindings) => planned(bindings as never);
  } catch (error) {
    return { issues: [issueAt(0, `CEL error: ${(error as Error).message}`)] };
  }
  const toolNames = ruleToolNames(parsed.expr);
  return {
    issues: [],
    reads,
    evaluate(variables) {
      // The expression is `tool.name == "x" && ...`: false for any other tool, without evaluating.
      if (toolNames !== undefined && !toolNames.has(variables.tool.name)) return { matched: false };
      let result: unknown;
      try {
        result = program(celBindings(variables));
      } catch (error) {
        return { error: (error as Error).message, missing: false };
      }
      if (isCelError(result)) return { error: result.message, missing: MISSING.test(result.message) };
      if (typeof result !== 'boolean') return { error: `evaluated to a ${typeof result}, not a bool`, missing: false };
      return { matched: result };
    },
  };
}
