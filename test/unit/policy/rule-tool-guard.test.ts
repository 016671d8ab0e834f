// Rules pinned to tools by `tool.name == "x" && ...` skip their evaluation for other tools. The
// shortcut must never change a result: checked against CEL itself on every sample rule and on
// generated tool names, plus a table of which expressions pin which names.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, plan, isCelError } from '@bufbuild/cel';
import { loadPolicyBundleSync, type RuleVariables } from '../../../src/policy/index.ts';
import { ruleToolNames } from '../../../src/policy/rule-tool-guard.ts';
import { RULE_ENV, celBindings } from '../../../src/policy/rule-environment.ts';
import { ruleVariables } from './rule-variables.ts';

describe('which tools an expression pins', () => {
  const CASES: Array<{ when: string; names: string[] | undefined }> = [
    { when: 'tool.name == "send_email"', names: ['send_email'] },
    { when: '"send_email" == tool.name && has(params.to)', names: ['send_email'] },
    { when: 'has(params.to) && (tool.name == "a" && risk.score > 10)', names: ['a'] },
    { when: 'tool.name in ["a", "b"] && params.amount > 1', names: ['a', 'b'] },
    { when: 'tool.name in ["a", "b"] && tool.name == "b"', names: ['b'] },
    { when: 'tool.name == "a" && tool.name == "b"', names: [] },
    // Not pinned: a disjunction, a negation, a non-constant, another variable's name.
    { when: 'tool.name == "a" || tool.name == "b"', names: undefined },
    { when: 'tool.name != "a"', names: undefined },
    { when: '!(tool.name == "a")', names: undefined },
    { when: 'tool.name == request.user', names: undefined },
    { when: 'tool.name in ["a", request.user]', names: undefined },
    { when: 'session.exists(call, call.name == "read_inbox")', names: undefined },
    { when: 'agent.catalog == "orchestrator"', names: undefined },
  ];
  for (const { when, names } of CASES) {
    test(when, () => {
      const pinned = ruleToolNames(parse(when).expr);
      assert.deepEqual(pinned === undefined ? undefined : [...pinned].sort(), names);
    });
  }
});

function variables(toolName: string, params: Record<string, unknown>): RuleVariables {
  return ruleVariables({ tool: { name: toolName, params }, params, calls: [{ name: toolName, params }] });
}

/** The rule's result straight from CEL, with no shortcut. */
function celResult(when: string, vars: RuleVariables): { matched: boolean } | { error: true } {
  const result = plan(RULE_ENV, parse(when))(celBindings(vars) as never);
  if (isCelError(result) || typeof result !== 'boolean') return { error: true };
  return { matched: result };
}

test('the sample bundle\'s rules give what CEL gives, for their own tools and any other', () => {
  const { rules } = loadPolicyBundleSync('policies');
  assert.ok(rules.length > 0);
  const paramSets = [{}, { to: 'x@evil.example', amount: 9000, invoice_id: 'inv-1' }, { to: 'x@acme.example', amount: 10 }];
  const pinned = rules.flatMap((rule) => [...(ruleToolNames(parse(rule.when).expr) ?? [])]);
  fc.assert(fc.property(
    fc.constantFrom(...rules), fc.oneof(fc.constantFrom(...pinned, ''), fc.string()), fc.constantFrom(...paramSets),
    (rule, toolName, params) => {
      const vars = variables(toolName, params);
      const got = rule.evaluate(vars);
      const expected = celResult(rule.when, vars);
      if ('error' in expected) assert.ok('error' in got, `${rule.id} on ${toolName}: CEL errs, the rule did not`);
      else assert.deepEqual(got, expected, `${rule.id} on ${JSON.stringify(toolName)}`);
    },
  ), { numRuns: 300 });
});
