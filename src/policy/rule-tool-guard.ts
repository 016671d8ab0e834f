// Which tools a rule can fire for, read off its expression: when the top level of `when` is a
// chain of `&&` with a term `tool.name == "x"` (either side) or `tool.name in ["x", "y"]`, the
// rule is false for every other tool. CEL's `&&` is false as soon as one term is false, whatever
// the others do (errors included), so skipping the evaluation for other tools changes nothing
// but the time: most rules are about one tool, and a call is checked against every rule.

import type { parse } from '@bufbuild/cel';

type Expr = ReturnType<typeof parse>['expr'];

/** The tool names the rule can match; undefined when the expression does not pin them. */
export function ruleToolNames(expr: Expr): ReadonlySet<string> | undefined {
  let names: Set<string> | undefined;
  for (const term of conjuncts(expr)) {
    const pinned = pinnedNames(term);
    if (pinned === undefined) continue;
    names = names === undefined ? pinned : new Set([...names].filter((name) => pinned.has(name)));
  }
  return names;
}

function conjuncts(expr: Expr): Expr[] {
  const kind = expr.exprKind;
  if (kind.case === 'callExpr' && kind.value.function === '_&&_' && kind.value.target === undefined) {
    return kind.value.args.flatMap(conjuncts);
  }
  return [expr];
}

function pinnedNames(term: Expr): Set<string> | undefined {
  const kind = term.exprKind;
  if (kind.case !== 'callExpr' || kind.value.target !== undefined) return undefined;
  const [left, right] = kind.value.args;
  if (left === undefined || right === undefined) return undefined;
  if (kind.value.function === '_==_') {
    if (isToolName(left)) return stringConstant(right) === undefined ? undefined : new Set([stringConstant(right)!]);
    if (isToolName(right)) return stringConstant(left) === undefined ? undefined : new Set([stringConstant(left)!]);
    return undefined;
  }
  if (kind.value.function === '@in' && isToolName(left) && right.exprKind.case === 'listExpr') {
    const values = right.exprKind.value.elements.map(stringConstant);
    return values.every((value) => value !== undefined) ? new Set(values as string[]) : undefined;
  }
  return undefined;
}

function isToolName(expr: Expr): boolean {
  const kind = expr.exprKind;
  if (kind.case !== 'selectExpr' || kind.value.field !== 'name' || kind.value.testOnly) return false;
  const operand = kind.value.operand?.exprKind;
  return operand?.case === 'identExpr' && operand.value.name === 'tool';
}

function stringConstant(expr: Expr): string | undefined {
  const kind = expr.exprKind;
  return kind.case === 'constExpr' && kind.value.constantKind.case === 'stringValue' ? kind.value.constantKind.value : undefined;
}
