// The CEL condition of a `condition` grant: an expression over `args` (the call's arguments),
// parsed and planned once per grant text. An error while evaluating (a missing field, a type
// mismatch) never matches: a grant only widens what a human approved when it says so plainly.

import { CelScalar, celEnv, isCelError, mapType, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { checkRuleExpression } from '../policy/cel-type-check.ts';
import { ruleCostProblems } from '../policy/rule-cost.ts';
import { DYN, mapOf } from '../policy/cel-types.ts';

const ENV = celEnv({ variables: { args: mapType(CelScalar.STRING, CelScalar.DYN) }, funcs: strings });
const GRANT_VARIABLES = { args: mapOf(DYN) };
const planned = new Map<string, (args: Record<string, unknown>) => boolean>();
const MAX_CACHED = 500;

/** The condition's matcher; throws TypeError with the parser's message when the text is not CEL. */
export function grantCondition(text: string): (args: Record<string, unknown>) => boolean {
  let matcher = planned.get(text);
  if (matcher) return matcher;
  let program: (bindings: never) => unknown;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch (error) {
    throw new TypeError(`not a CEL expression: ${(error as Error).message}`);
  }
  // The rules' static check, over `args` alone: a condition that reads anything else, calls what
  // does not exist or is not a bool could never match, and a reviewer should hear so now.
  const { problems } = checkRuleExpression(parsed, GRANT_VARIABLES);
  if (problems.length > 0) throw new TypeError(`CEL type error: ${problems.map((problem) => problem.message).join('; ')}`);
  // A condition runs on the event loop for every call the grant could cover, like a rule.
  const costly = ruleCostProblems(parsed);
  if (costly.length > 0) throw new TypeError(`CEL cost: ${costly.map((problem) => problem.message).join('; ')}`);
  try {
    program = plan(ENV, parsed) as (bindings: never) => unknown;
  } catch (error) {
    throw new TypeError(`not a CEL expression: ${(error as Error).message}`);
  }
  matcher = (args) => {
    const result = program({ args } as never);
    return !isCelError(result) && result === true;
  };
  if (planned.size >= MAX_CACHED) planned.delete(planned.keys().next().value!);
  planned.set(text, matcher);
  return matcher;
}
