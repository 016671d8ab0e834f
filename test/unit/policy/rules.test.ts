// CEL rules in the bundle: compiled once at load, syntax and type errors at their file:line:column
// whatever the YAML string style, and the compiled rule evaluating the variables the engines pass.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { sourceOffsetOf, type ScalarStyle } from '../../../src/policy/scalar-offsets.ts';
import { loadIssues, positionOf, writeBundle } from './temp-bundle.ts';
import { ruleVariables as variables } from './rule-variables.ts';

const ruleFile = (when: string, extra = '') => `rules:
  - id: r1
    description: test rule
    when: ${when}
    effect: block
    severity: high
    message: fired
    mode: enforce
${extra}`;


describe('rule errors name file, line and column', () => {
  const CASES: Array<{ name: string; when: string; at: string; message: RegExp }> = [
    { name: 'a misspelt field of a known variable', when: 'tool.nme == "x"', at: 'nme', message: /^CEL type error: tool call has no field 'nme' \(did you mean 'name'\?/ },
    { name: 'an unknown variable', when: 'toll.name == "x"', at: 'toll', message: /undeclared reference to 'toll' \(did you mean 'tool'\?\)/ },
    { name: 'an unknown function', when: 'lower(tool.name) == "x"', at: 'lower', message: /unknown function 'lower'/ },
    { name: 'int and double mixed in arithmetic', when: 'scores.policy + 1 > 2.0', at: ' + 1', message: /no '\+' for \(double, int\): CEL does not mix int and double/ },
    { name: 'a comparison of a string with a number', when: 'tool.name < 3', at: ' < 3', message: /no '<' for \(string, int\)/ },
    { name: 'an equality that is never true', when: 'tool.name == 3', at: ' == 3', message: /compares a string with an int, which are never equal/ },
    { name: 'a result that is not a bool', when: 'tool.name', at: 'tool.name', message: /must evaluate to a bool .* but this expression is a string/ },
    { name: 'a misspelt field inside a macro', when: 'session.exists(c, c.nmae == "read_inbox")', at: 'nmae', message: /session call has no field 'nmae'/ },
    { name: 'a misspelt field of an approval', when: 'approvals.exists(a, a.grantor == "user:rita")', at: 'grantor', message: /approval has no field 'grantor'/ },
    { name: 'an approval field compared with the wrong type', when: 'approvals.exists(a, a.scope == 2)', at: ' == 2', message: /compares a string with an int, which are never equal/ },
    { name: 'a method on the wrong type', when: 'risk.score.startsWith("1")', at: '.startsWith', message: /no 'startsWith' for \(double, string\)/ },
    { name: 'a syntax error (single-quoted YAML)', when: "'tool.name == '", at: '== \'', message: /^CEL syntax error: / },
    { name: 'an error on the second line of a folded block', when: '>-\n      tool.name == "x"\n      && risk.tierr == "high"', at: 'tierr', message: /risk has no field 'tierr' \(did you mean 'tier'\?/ },
    { name: 'an error in a literal block', when: '|\n      tool.name == "x" &&\n        params.to.endsWith(1)', at: '.endsWith', message: /no 'endsWith' for \(dyn, int\)/ },
    { name: 'a loop over the session inside a loop over the session', when: '"session.exists(a, session.exists(b, a.name == b.name))"', at: '.exists(b', message: /^CEL cost: loops over request data .* inside a loop over request data/ },
    { name: 'a loop over params inside a loop over the calls', when: '"calls.exists(c, has(params.items) && params.items.exists(i, i == c.name))"', at: '.exists(i', message: /^CEL cost: loops over request data/ },
    { name: 'list literals nested past the step bound', when: `"${'[0,1,2,3,4,5,6,7,8,9].exists(a, '.repeat(3)}[0,1,2,3,4,5,6,7,8,9].exists(d, a + d < 0)${')'.repeat(3)}"`, at: '.exists(d', message: /^CEL cost: nested loops take 10000 steps, more than the 1000 a rule may take/ },
    { name: 'an error after an escape in a double-quoted string', when: '"tool.name == \\"a\\" && agent.idd == \\"x\\""', at: 'idd', message: /agent has no field 'idd'/ },
  ];
  for (const { name, when, at, message } of CASES) {
    test(name, (t) => {
      const text = ruleFile(when);
      const issues = loadIssues(writeBundle(t, { 'rules/demo.yaml': text }));
      assert.equal(issues.length, 1, JSON.stringify(issues));
      const [issue] = issues;
      assert.equal(issue.path, 'rules[0].when');
      assert.match(issue.message, message);
      assert.ok(issue.file.endsWith('rules/demo.yaml'));
      const expected = positionOf(text, at);
      // Operators are located at the operator or the space before it, as the CEL parser records them.
      assert.equal(issue.line, expected.line, `line of ${at}`);
      assert.ok(Math.abs((issue.column ?? 0) - expected.column) <= 2, `column ${issue.column} vs ${expected.column} for ${at}`);
    });
  }

  test('shape problems, duplicate ids across files and a .yml file are reported in one pass', (t) => {
    const dir = writeBundle(t, {
      'rules/a.yaml': ruleFile('"true"'),
      'rules/b.yaml': `rules:\n  - id: r1\n    description: d\n    when: "true"\n    effect: deny\n    severity: high\n    message: m\n`,
      'rules/c.yml': 'rules: []\n',
    });
    const issues = loadIssues(dir).map((issue) => `${issue.file.split('/').slice(-2).join('/')} ${issue.path}: ${issue.message}`);
    assert.ok(issues.some((i) => /^rules\/b\.yaml rules\[0\]\.id: duplicate rule id 'r1' \(also in rules\/a\.yaml rules\[0\]\)$/.test(i)), issues.join('\n'));
    assert.ok(issues.some((i) => /^rules\/b\.yaml rules\[0\]\.effect: must be one of: "allow", "block", "escalate", "request_evidence"$/.test(i)), issues.join('\n'));
    assert.ok(issues.some((i) => /^rules\/b\.yaml rules\[0\]\.mode: is required$/.test(i)), issues.join('\n'));
    assert.ok(issues.some((i) => /rules\/c\.yml ?: is not read: rules files must end in \.yaml/.test(i)), issues.join('\n'));
  });
});

describe('compiled rules', () => {
  const compile = (t: import('node:test').TestContext, when: string, extra = '') =>
    loadPolicyBundleSync(writeBundle(t, { 'rules/demo.yaml': ruleFile(when, extra) })).rules[0];

  test('a rule over approvals: reads them, and sees each field a grant offers', (t) => {
    const rule = compile(t, `'size(approvals) == 0 && params.amount > 5000'`);
    assert.deepEqual([...rule.reads], ['approvals', 'params']);
    assert.deepEqual(rule.evaluate(variables()), { matched: true });
    const grant = { id: 'g-1', scope: 'count', tool: 'ping', remaining_uses: 2, expires_at: '2026-03-03T00:00:00.000Z', granted_by: 'user:rita' };
    assert.deepEqual(rule.evaluate(variables({ approvals: [grant] })), { matched: false });
    const fields = compile(t, `'approvals.exists(a, a.remaining_uses != null && a.remaining_uses >= 2 && timestamp(a.expires_at) > now && a.granted_by.startsWith("user:"))'`);
    assert.deepEqual(fields.evaluate(variables({ approvals: [grant] })), { matched: true });
    assert.deepEqual(fields.evaluate(variables({ approvals: [{ ...grant, remaining_uses: null }] })), { matched: false });
    assert.deepEqual(fields.evaluate(variables({ approvals: [{ ...grant, expires_at: '2026-03-01T00:00:00.000Z' }] })), { matched: false });
  });

  test('a sequence rule over the session, with the strings extension', (t) => {
    const rule = compile(t, `'!params.to.lowerAscii().endsWith("@acme.example") && session.exists(c, c.name == "read_inbox")'`);
    assert.deepEqual(rule.evaluate(variables()), { matched: true });
    assert.deepEqual(rule.evaluate(variables({ session: [] })), { matched: false });
    assert.deepEqual(rule.evaluate(variables({ params: { to: 'Me@ACME.example' } })), { matched: false });
    assert.deepEqual([...rule.reads], ['params', 'session']);
    assert.deepEqual(rule.stages, ['pre_check', 'post_check', 'validate']);
    assert.equal(rule.line, 2);
  });

  test('numbers from JSON compare with int literals; now is a timestamp with time-zone methods', (t) => {
    assert.deepEqual(compile(t, 'params.amount > 5000').evaluate(variables()), { matched: true });
    const hours = compile(t, '\'now.getHours("Europe/Berlin") == 11 && now > timestamp("2026-01-01T00:00:00Z")\'');
    assert.deepEqual(hours.evaluate(variables()), { matched: true });
  });

  test('loops within the cost bound load: a literal inside a loop over request data, literals nested to 1000 steps', (t) => {
    const inbox = compile(t, 'session.exists(c, ["read_inbox", "read_crm"].exists(n, c.name == n))');
    assert.deepEqual(inbox.evaluate(variables({ session: [{ name: 'read_crm', params: {}, agent_id: 'a', stage: 'validate' }] })), { matched: true });
    const digits = '[0,1,2,3,4,5,6,7,8,9]';
    const cube = compile(t, `"${digits}.exists(a, ${digits}.map(x, x * 10).exists(b, ${digits}.exists(c, a + b + c == 99)))"`);
    assert.deepEqual(cube.evaluate(variables()), { matched: true });
  });

  test('a loop over a part of the element an enclosing loop is on loads: it reads each piece of the request once', (t) => {
    const external = compile(t, '"calls.exists(c, has(c.params.to) && c.params.to.exists(r, !r.endsWith(\\"@example.com\\")))"');
    const calls = [{ name: 'send_email', params: { to: ['a@example.com', 'b@evil.example'] } }];
    assert.deepEqual(external.evaluate(variables({ calls })), { matched: true });
    const tags = compile(t, '"session.exists(s, has(s.params.items) && s.params.items.filter(i, has(i.tags)).exists(i, i.tags.exists(g, g == \\"pii\\")))"');
    assert.deepEqual(tags.evaluate(variables({ session: [{ name: 'export', params: { items: [{ tags: ['x'] }, { tags: ['pii'] }] }, agent_id: 'a', stage: 'validate' }] })), { matched: true });
  });

  test('a missing field is an evaluation error, not a match; has() guards it', (t) => {
    const result = compile(t, 'params.missing == 1').evaluate(variables());
    assert.ok('error' in result, JSON.stringify(result));
    assert.deepEqual(compile(t, 'has(params.missing) && params.missing == 1').evaluate(variables()), { matched: false });
  });

  test('stages and mode are kept', (t) => {
    const rule = compile(t, '"true"', '    stages: [validate]\n').evaluate(variables());
    assert.deepEqual(rule, { matched: true });
    const bundle = loadPolicyBundleSync(writeBundle(t, { 'rules/demo.yaml': ruleFile('"true"', '    stages: [validate]\n') }));
    assert.deepEqual(bundle.rules[0].stages, ['validate']);
    assert.equal(bundle.rules[0].mode, 'enforce');
  });

  test('rule files change the policy version; test files do not', (t) => {
    const base = loadPolicyBundleSync(writeBundle(t, {})).version;
    const withRule = loadPolicyBundleSync(writeBundle(t, { 'rules/demo.yaml': ruleFile('"true"') })).version;
    const withTest = loadPolicyBundleSync(writeBundle(t, { 'tests/demo.yaml': 'cases: []\n' })).version;
    assert.notEqual(withRule, base);
    assert.equal(withTest, base);
  });
});

describe('sourceOffsetOf: every character of a YAML string maps back to itself in the file', () => {
  const chars = fc.constantFrom(...'abc xyz.()=&|"\'\\09'.split(''));
  const styles: Array<{ style: ScalarStyle; render: (value: string) => string }> = [
    { style: 'QUOTE_DOUBLE', render: (value) => JSON.stringify(value) },
    { style: 'QUOTE_SINGLE', render: (value) => `'${value.replaceAll("'", "''")}'` },
    { style: 'BLOCK_LITERAL', render: (value) => `|-\n${value.split('\n').map((line) => `  ${line}`).join('\n')}` },
  ];
  for (const { style, render } of styles) {
    test(style, () => {
      fc.assert(fc.property(fc.array(chars, { minLength: 1, maxLength: 40 }).map((list) => list.join('').trim()).filter((v) => v.length > 0), (value) => {
        const prefix = 'when: ';
        const text = `${prefix}${render(value)}\n`;
        const start = prefix.length;
        const end = text.length - 1;
        for (let i = 0; i < value.length; i++) {
          if (value[i] === ' ') continue;
          const at = sourceOffsetOf(text, start, end, style, value, i);
          const shown = text[at] === '\\' || (style === 'QUOTE_SINGLE' && value[i] === "'") ? value[i] : text[at];
          assert.equal(shown, value[i], `index ${i} of ${JSON.stringify(value)} in ${JSON.stringify(text)}`);
        }
      }), { numRuns: 300 });
    });
  }
});
