// A bound, checked at load, on how much looping a rule's `when` can do. CEL has no unbounded loop,
// but its macros nest: `session.exists(a, session.exists(b, ...))` is quadratic in the session,
// `params.items.all(x, params.items.exists(y, ...))` quadratic in what the agent sends, and seven
// nested `[0..9].exists(...)` run 10^7 steps. The engine has no cost limit, and a rule runs on the
// event loop once per tool call, so one such edit stalled every request of a live gateway.
//
// Each macro iterates a range: a list literal has its own length (a `map` or `filter` of one keeps
// it); anything else (`session`, `calls`, `approvals`, a field of `params` or `output`, a
// `split()`) is sized by the request. Looping over request-sized data inside such a loop is
// refused, and so is nesting literals past MAX_LITERAL_STEPS steps per element of request data.
// A loop over a part of the element the enclosing loop is on (`calls.exists(c,
// c.params.to.exists(...))`) is not: together the two visit each piece of the request once.

import type { parse } from '@bufbuild/cel';
import type { TypeProblem } from './cel-type-check.ts';

type Parsed = ReturnType<typeof parse>;
type Expr = Parsed['expr'];
type Comprehension = Extract<Expr['exprKind'], { case: 'comprehensionExpr' }>['value'];

/** The most macro steps a rule may take per element of request-sized data (or in all, without any). */
export const MAX_LITERAL_STEPS = 1000;

/** How much looping surrounds an expression: the literal steps multiplied, and whether a request-sized range is among them. */
interface Nesting {
  literalSteps: number;
  requestSized: boolean;
  /** The iteration variables of the enclosing loops over request data: a range rooted at one is a part of its element. */
  elements: ReadonlySet<string>;
}

const OUTSIDE: Nesting = { literalSteps: 1, requestSized: false, elements: new Set() };

export function ruleCostProblems(parsed: Parsed): TypeProblem[] {
  const positions = (parsed.sourceInfo?.positions ?? {}) as Record<string, number>;
  const problems: TypeProblem[] = [];
  const report = (expr: Expr, message: string): void => {
    problems.push({ offset: positions[String(expr.id)] ?? 0, message });
  };

  const visit = (expr: Expr | undefined, nesting: Nesting): void => {
    if (expr === undefined) return;
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'selectExpr': visit(kind.value.operand, nesting); return;
      case 'callExpr':
        visit(kind.value.target, nesting);
        for (const arg of kind.value.args) visit(arg, nesting);
        return;
      case 'listExpr': for (const element of kind.value.elements) visit(element, nesting); return;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') visit(entry.keyKind.value, nesting);
          visit(entry.value, nesting);
        }
        return;
      case 'comprehensionExpr': comprehension(expr, kind.value, nesting); return;
      default: return;
    }
  };

  const comprehension = (expr: Expr, loop: Comprehension, nesting: Nesting): void => {
    // The range and the start are computed once per enclosing step, the body once per element.
    visit(loop.iterRange, nesting);
    visit(loop.accuInit, nesting);
    visit(loop.result, nesting);
    const size = literalSize(loop.iterRange);
    const root = rangeRoot(loop.iterRange);
    if (size === undefined && root !== undefined && nesting.elements.has(root)) {
      // A part of the enclosing loop's element: no more steps than the request has pieces.
      const elements = new Set([...nesting.elements, ...iterationVariables(loop)]);
      visit(loop.loopCondition, { ...nesting, elements });
      visit(loop.loopStep, { ...nesting, elements });
      return;
    }
    if (size === undefined && nesting.requestSized) {
      report(expr, 'loops over request data (session, calls, params, output, ...) inside a loop over request data: its cost grows with the square of what an agent sends; loop over one of them only, or over a list literal inside');
      return;
    }
    const inner: Nesting = {
      literalSteps: nesting.literalSteps * (size ?? 1),
      requestSized: nesting.requestSized || size === undefined,
      elements: size === undefined ? new Set([...nesting.elements, ...iterationVariables(loop)]) : nesting.elements,
    };
    if (inner.literalSteps > MAX_LITERAL_STEPS) {
      report(expr, `nested loops take ${inner.literalSteps} steps${inner.requestSized ? ' per element of request data' : ''}, more than the ${MAX_LITERAL_STEPS} a rule may take`);
      return;
    }
    visit(loop.loopCondition, inner);
    visit(loop.loopStep, inner);
  };

  visit(parsed.expr, OUTSIDE);
  return problems;
}

/** The number of elements a range holds when the expression alone says (a list literal, or a map/filter of one); undefined when the request decides. */
function literalSize(range: Expr | undefined): number | undefined {
  const kind = range?.exprKind;
  if (kind?.case === 'listExpr') return kind.value.elements.length;
  // `l.map(x, e)` and `l.filter(x, p)` expand to a comprehension over `l` that builds a list: as long as `l` at most.
  if (kind?.case === 'comprehensionExpr' && kind.value.accuInit?.exprKind.case === 'listExpr') return literalSize(kind.value.iterRange);
  return undefined;
}

/** The variable a range is read from: `c` for `c.params.to`, `c.items[0].tags` or a `filter` over them; undefined for anything else. */
function rangeRoot(range: Expr | undefined): string | undefined {
  const kind = range?.exprKind;
  if (kind?.case === 'identExpr') return kind.value.name;
  if (kind?.case === 'selectExpr') return rangeRoot(kind.value.operand);
  if (kind?.case === 'callExpr' && kind.value.function === '_[_]') return rangeRoot(kind.value.args[0]);
  if (kind?.case === 'comprehensionExpr' && kind.value.accuInit?.exprKind.case === 'listExpr') return rangeRoot(kind.value.iterRange);
  return undefined;
}

function iterationVariables(loop: Comprehension): string[] {
  return [loop.iterVar, loop.iterVar2].filter((name) => name !== '');
}
