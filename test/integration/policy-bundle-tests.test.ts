// `npm test` runs the sample bundle's own policy tests (policies/tests/*.yaml), one test per case,
// and checks `govgate policy test|lint`: the report, the exit codes, and the errors of a broken
// rule or test file with file:line:column.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { loadPolicyBundleSync } from '../../src/policy/index.ts';
import { policyCommand } from '../../src/cli/policy-command.ts';
import { listTestFiles, readTestCases } from '../../src/cli/policy-test-cases.ts';
import { runPolicyTest } from '../../src/cli/policy-test-runner.ts';
import { REPO_ROOT } from '../helpers/gateway.ts';
import { writeFlatBundle } from '../unit/policy/temp-bundle.ts';

const SAMPLE = path.join(REPO_ROOT, 'policies');

function copyOfSample(t: TestContext): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-policy-')), 'policies');
  t.after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
  cpSync(SAMPLE, dir, { recursive: true });
  return dir;
}

async function command(args: string[], flags: { run?: string; json?: boolean } = {}): Promise<{ code: number; text: string }> {
  let text = '';
  const code = await policyCommand(args, flags, (chunk) => { text += chunk; });
  return { code, text };
}

describe('the sample bundle passes its own policy tests', () => {
  const bundle = loadPolicyBundleSync(SAMPLE);
  const cases = readTestCases(listTestFiles(SAMPLE), (file) => path.relative(REPO_ROOT, file));
  test('there are cases for every rule file', () => {
    assert.ok(cases.length >= 10);
    const files = new Set(cases.map((c) => path.basename(c.file)));
    for (const rule of bundle.rules) assert.ok(files.has(path.basename(rule.source)), `no test file for ${rule.source}`);
  });
  for (const testCase of cases) {
    test(`${path.basename(testCase.file)}: ${testCase.name}`, () => {
      const result = runPolicyTest(bundle, testCase);
      assert.ok(result.passed, result.mismatches.join('\n'));
    });
  }
});

describe('govgate policy', () => {
  test('test: a line per case and the totals, exit 0', async () => {
    const { code, text } = await command(['test', SAMPLE]);
    assert.equal(code, 0, text);
    assert.match(text, /^policy pol-[0-9a-f]{12}$/m);
    assert.match(text, /^ {2}PASS {2}an email outside the company after reading the inbox is blocked$/m);
    assert.match(text, /^\d+ passed, 0 failed$/m);
  });

  test('test: a wrong expectation fails the run with what differed, exit 1', async (t) => {
    const dir = copyOfSample(t);
    appendFileSync(path.join(dir, 'tests/payments.yaml'), `
  - name: deliberately wrong
    pre_check: { agent_id: payments-agent-1, action: invoicepay.create_payment, params: { invoice_id: INV-20260042, amount: 7500, currency: EUR } }
    expect: { outcome: approve, rules: [] }
`);
    const { code, text } = await command(['test', dir]);
    assert.equal(code, 1);
    assert.match(text, /^ {2}FAIL {2}deliberately wrong$/m);
    assert.match(text, /outcome: expected approve, got request_evidence/);
    assert.match(text, /rules: expected \[\], got \[large-payment-needs-invoice-read\]/);
    assert.match(text, /^\d+ passed, 1 failed$/m);
    const json = await command(['test', dir], { json: true, run: 'deliberately' });
    assert.equal(json.code, 1);
    assert.deepEqual(JSON.parse(json.text).cases.map((c: { name: string; passed: boolean }) => [c.name, c.passed]), [['deliberately wrong', false]]);
  });

  test('lint: a CEL type error is reported at its line and column, exit 1', async (t) => {
    const dir = copyOfSample(t);
    const file = path.join(dir, 'rules/payments.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('params.amount > 5000', 'params.amount > 5000 && tool.nmae != ""'));
    const { code, text } = await command(['lint', dir]);
    assert.equal(code, 1);
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('tool.nmae')) + 1;
    const column = readFileSync(file, 'utf8').split('\n')[line - 1].indexOf('nmae') + 1;
    assert.match(text, new RegExp(`rules/payments\\.yaml:${line}:${column} rules\\[0\\]\\.when: CEL type error: tool call has no field 'nmae' \\(did you mean 'name'\\?`));
  });

  test('lint and test accept a rule that reads approvals; a case states them in its context', async (t) => {
    const dir = copyOfSample(t);
    writeFileSync(path.join(dir, 'rules/approvals.yaml'), `rules:
  - id: unapproved-refund-lookup
    description: Looking up refunds needs a standing approval.
    when: tool.name == "search_kb" && params.query.contains("refund") && !approvals.exists(a, a.granted_by.startsWith("user:"))
    effect: block
    severity: high
    message: No standing approval for refund lookups.
    mode: enforce
    stages: [pre_check]
`);
    writeFileSync(path.join(dir, 'tests/approvals.yaml'), `cases:
  - name: without an approval the lookup is blocked
    pre_check: { agent_id: support-agent-1, action: search_kb, params: { query: refund for T-1 } }
    expect: { outcome: block, rules: [unapproved-refund-lookup] }
  - name: a stated approval for the tool lets it through
    pre_check: { agent_id: support-agent-1, action: search_kb, params: { query: refund for T-1 } }
    context:
      approvals:
        - { tool: search_kb, scope: count, remaining_uses: 3, granted_by: "user:rita" }
    expect: { rules: [] }
  - name: an approval for another tool does not
    pre_check: { agent_id: support-agent-1, action: search_kb, params: { query: refund for T-1 } }
    context:
      approvals: [{ tool: send_email, granted_by: "user:rita" }]
    expect: { outcome: block, rules: [unapproved-refund-lookup] }
`);
    const lint = await command(['lint', dir]);
    assert.equal(lint.code, 0, lint.text);
    const run = await command(['test', dir], { json: true, run: 'approval' });
    assert.equal(run.code, 0, run.text);
    assert.equal((JSON.parse(run.text) as { passed: number }).passed, 3);

    appendFileSync(path.join(dir, 'tests/approvals.yaml'), `  - name: a misspelt approval field
    pre_check: { agent_id: support-agent-1, action: search_kb, params: { query: x } }
    context:
      approvals: [{ tool: search_kb, grantor: "user:rita" }]
    expect: { rules: [] }
`);
    const bad = await command(['lint', dir]);
    assert.equal(bad.code, 1, bad.text);
    assert.match(bad.text, /tests\/approvals\.yaml:\d+:\d+ .*grantor/);
  });

  test('lint: a valid bundle names its version, rules and cases', async () => {
    const { code, text } = await command(['lint', SAMPLE]);
    assert.equal(code, 0, text);
    assert.match(text, /valid, policy_version pol-[0-9a-f]{12}/);
    assert.match(text, /\d+ rules \(1 in shadow mode\), \d+ test cases in 3 files/);
  });

  test('lint and test accept a flat bundle (a ConfigMap mount): the same version, the same cases, files named as on disk', async (t) => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-flat-')), 'policies');
    t.after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
    assert.ok(writeFlatBundle(SAMPLE, dir).includes('tests__payments.yaml'));
    const version = loadPolicyBundleSync(SAMPLE).version;
    const folders = await command(['lint', SAMPLE]);
    const lint = await command(['lint', dir]);
    assert.equal(lint.code, 0, lint.text);
    assert.match(lint.text, new RegExp(`valid, policy_version ${version}`));
    assert.equal(lint.text.split('\n')[1], folders.text.split('\n')[1], 'the same catalogs, rules and cases');
    const run = await command(['test', dir], { json: true });
    assert.equal(run.code, 0, run.text);
    const report = JSON.parse(run.text) as { policy_version: string; passed: number; cases: Array<{ file: string }> };
    assert.equal(report.policy_version, version);
    assert.equal(report.passed, (JSON.parse((await command(['test', SAMPLE], { json: true })).text) as { passed: number }).passed);
    assert.ok(report.cases.every((c) => /\/tests__[\w-]+\.yaml$/.test(c.file)), report.cases.map((c) => c.file).join(', '));

    // A case file given both ways is an error naming both.
    mkdirSync(path.join(dir, 'tests'));
    cpSync(path.join(dir, 'tests__payments.yaml'), path.join(dir, 'tests', 'payments.yaml'));
    const twice = await command(['lint', dir]);
    assert.equal(twice.code, 1);
    assert.match(twice.text, /tests__payments\.yaml: is tests\/payments\.yaml in the flat layout, and \S*tests\/payments\.yaml exists too; keep one of the two/);
  });

  test('the real command line: exit codes 0 and 1', async (t) => {
    const run = (dir: string) => new Promise<number | null>((resolve) => {
      const { NODE_TEST_CONTEXT: _ignored, ...env } = process.env;
      execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), 'policy', 'test', dir], { env, timeout: 30_000 }, (error) => {
        resolve(error ? (typeof error.code === 'number' ? error.code : null) : 0);
      });
    });
    assert.equal(await run(SAMPLE), 0);
    const dir = copyOfSample(t);
    writeFileSync(path.join(dir, 'tests/broken.yaml'), 'cases:\n  - name: no request\n    expect: { outcome: approve }\n');
    assert.equal(await run(dir), 1);
  });
});
