// The published failure list: at most MAX_LISTED_PER_CODE of each code, then one entry counting
// the rest; every code still shows, with the highest severity it had.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { listedFailures, MAX_LISTED_PER_CODE } from '../../../src/governance/failure-listing.ts';
import { CHECKS, SEVERITIES, type Failure } from '../../../src/governance/types.ts';

const failure = (code: string, i: number, extra: Partial<Failure> = {}): Failure => ({
  code, check: 'tool_trust', severity: 'high', message: `m${i}`, path: `params.k${i}`, ...extra,
});

test('a code failing more than the bound: the first ones as they were, then one entry with the count', () => {
  const input = [
    ...Array.from({ length: 25 }, (_, i) => failure('TOOL_OUT_OF_SCOPE', i)),
    failure('TOOL_CAP_EXCEEDED', 99),
    failure('TOOL_OUT_OF_SCOPE', 25, { severity: 'critical' }),
  ];
  const listed = listedFailures(input);
  assert.equal(listed.length, MAX_LISTED_PER_CODE + 2);
  assert.deepEqual(listed.slice(0, MAX_LISTED_PER_CODE), input.slice(0, MAX_LISTED_PER_CODE));
  const summary = listed[MAX_LISTED_PER_CODE]!;
  assert.deepEqual([summary.code, summary.check, summary.severity, summary.path], ['TOOL_OUT_OF_SCOPE', 'tool_trust', 'critical', undefined]);
  assert.match(summary.message, /^6 more TOOL_OUT_OF_SCOPE failures of the tool_trust check not listed/);
  assert.deepEqual(listed.at(-1), input[25], 'other codes keep their place');
});

test('at or under the bound, the list is unchanged; rule findings are bounded per rule', () => {
  const input = Array.from({ length: MAX_LISTED_PER_CODE }, (_, i) => failure('X', i));
  assert.deepEqual(listedFailures(input), input);
  const rules = Array.from({ length: 2 * MAX_LISTED_PER_CODE }, (_, i) => failure('POLICY_RULE_BLOCK', i, { check: 'policy', rule_id: `r${i}`, effect: 'block' }));
  assert.deepEqual(listedFailures(rules), rules);
});

const anyFailure = fc.record({
  code: fc.constantFrom('A', 'B', 'C'),
  check: fc.constantFrom(...CHECKS.slice(0, 3)),
  severity: fc.constantFrom(...SEVERITIES),
  message: fc.string(),
  rule_id: fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }),
}).map(({ rule_id, ...rest }) => (rule_id === undefined ? rest : { ...rest, rule_id }) as Failure);

test('property: every group shows, at most bound + 1 entries each, counts add up, the highest severity kept', () => {
  fc.assert(fc.property(fc.array(anyFailure, { maxLength: 200 }), (input) => {
    const group = (f: Failure) => `${f.check}/${f.code}/${f.rule_id ?? ''}`;
    const listed = listedFailures(input);
    const groups = new Set(input.map(group));
    assert.deepEqual(new Set(listed.map(group)), groups);
    for (const key of groups) {
      const given = input.filter((f) => group(f) === key);
      const shown = listed.filter((f) => group(f) === key);
      if (given.length <= MAX_LISTED_PER_CODE) {
        assert.deepEqual(shown, given);
        continue;
      }
      assert.equal(shown.length, MAX_LISTED_PER_CODE + 1);
      assert.deepEqual(shown.slice(0, MAX_LISTED_PER_CODE), given.slice(0, MAX_LISTED_PER_CODE));
      const omitted = given.slice(MAX_LISTED_PER_CODE);
      assert.ok(shown.at(-1)!.message.startsWith(`${omitted.length} more `));
      const rank = (f: Failure) => SEVERITIES.indexOf(f.severity);
      assert.equal(rank(shown.at(-1)!), Math.max(...omitted.map(rank)));
    }
  }));
});
