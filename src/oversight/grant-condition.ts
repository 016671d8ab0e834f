// The CEL condition of a `condition` grant: an expression over `args` (the call's arguments),
// parsed and planned once per grant text. An error while evaluating (a missing field, a type
// mismatch) never matches: a grant only widens what a human approved when it says so plainly.

import { CelScalar, celEnv, isCelError, mapType, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';

const ENV = celEnv({ variables: { args: mapType(CelScalar.STRING, CelScalar.DYN) }, funcs: strings });
const planned = new Map<string, (args: Record<string, unknown>) => boolean>();
const MAX_CACHED = 500;

/** The condition's matcher; throws TypeError with the parser's message when the text is not CEL. */
export function grantCondition(text: string): (args: Record<string, unknown>) => boolean {
  let matcher = planned.get(text);
  if (matcher) return matcher;
  let program: (bindings: never) => unknown;
  try {
    program = plan(ENV, parse(text)) as (bindings: never) => unknown;
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
