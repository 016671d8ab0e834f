// How many failures an answer and its ledger row list. One call can fail one check thousands of
// times: an arguments object with 100,000 members outside its tool's scope is 100,000
// TOOL_OUT_OF_SCOPE failures, and a 4 MB request became a 95 MB answer and a 95 MB ledger row.
// The scores, the rules and the decision still see every failure; what is published lists the
// first MAX_LISTED_PER_CODE of each code (per rule, for rule findings), then one entry of the same
// code that says how many more there were.

import { SEVERITIES, type Failure, type Severity } from './types.ts';

export const MAX_LISTED_PER_CODE = 20;

interface Omitted { at: number; count: number; severity: Severity }

export function listedFailures(failures: readonly Failure[]): Failure[] {
  const counts = new Map<string, number>();
  const omitted = new Map<string, Omitted>();
  const listed: Failure[] = [];
  for (const failure of failures) {
    const key = `${failure.check}\u0000${failure.code}\u0000${failure.rule_id ?? ''}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count <= MAX_LISTED_PER_CODE) {
      listed.push(failure);
      continue;
    }
    const summary = omitted.get(key);
    if (summary) {
      summary.count += 1;
      if (SEVERITIES.indexOf(failure.severity) > SEVERITIES.indexOf(summary.severity)) summary.severity = failure.severity;
      continue;
    }
    // A place in the list, after the ones listed; its text once the count is known.
    omitted.set(key, { at: listed.length, count: 1, severity: failure.severity });
    listed.push(failure);
  }
  for (const { at, count, severity } of omitted.values()) {
    const { code, check, rule_id, effect, shadow } = listed[at]!;
    listed[at] = {
      code, check, severity,
      message: `${count} more ${code} failure${count === 1 ? '' : 's'} of the ${check} check not listed here (the first ${MAX_LISTED_PER_CODE} are); the scores and the decision counted all of them.`,
      ...(rule_id === undefined ? {} : { rule_id }), ...(effect === undefined ? {} : { effect }), ...(shadow === undefined ? {} : { shadow }),
    };
  }
  return listed;
}
