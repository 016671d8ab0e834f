import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { PolicyLoadError, formatPolicyIssue, loadPolicyBundle } from '../../../src/policy/index.ts';
import type { PolicyIssue } from '../../../src/policy/index.ts';
import { MINIMAL_CATALOG, copySampleBundle, editFile, loadIssues, positionOf, writeBundle } from './temp-bundle.ts';

interface Expected {
  file: string;
  /** The text the issue must point at (its first occurrence), [line, column], or null for "no position". */
  at: string | [number, number] | null;
  path: string;
  message: RegExp;
}
interface Case { name: string; files: Record<string, string | null>; expect: Expected[] }

const catalog = (tools: string, head = 'id: demo\nagents: ["demo-*"]\ndefaults: { action_severity: 10, business_impact: 10 }\n') => `${head}tools:\n${tools}`;
const patterns = (body: string) => `patterns:\n${body}`;
const tier = (name: string, fields: Partial<Record<string, string>> = {}) => {
  const all = { approve_min_confidence: '60', block_below_confidence: '25', request_evidence_below: '30', otherwise: 'escalate', reviewer_id: 'oncall', review_sla: '4h', ...fields };
  return `  ${name}:\n${Object.entries(all).filter(([, v]) => v !== '-').map(([k, v]) => `    ${k}: ${v}`).join('\n')}\n`;
};
const tiers = (overrides: Record<string, Partial<Record<string, string>>> = {}) =>
  `tiers:\n${['low', 'medium', 'high', 'critical'].map((name) => tier(name, overrides[name])).join('')}`;

const CASES: Case[] = [
  // ---- catalog shape -------------------------------------------------------------------------
  { name: 'a severity above 100', files: { 'catalog/demo.yaml': catalog('  ping:\n    action_severity: 150\n') },
    expect: [{ file: 'catalog/demo.yaml', at: '150', path: 'tools.ping.action_severity', message: /^must be <= 100$/ }] },
  { name: 'a misspelt key, with the key it probably meant', files: { 'catalog/demo.yaml': catalog('  ping:\n    action_severty: 5\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'action_severty', path: 'tools.ping.action_severty', message: /did you mean 'action_severity'/ }] },
  { name: 'a cut-short key, with the key it probably meant', files: { 'catalog/demo.yaml': catalog('  ping:\n    limits: { max_calls_per_exec: 3 }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'max_calls_per_exec', path: 'tools.ping.limits.max_calls_per_exec', message: /did you mean 'max_calls_per_execution'/ }] },
  { name: 'an unknown key far from any known one lists the allowed keys', files: { 'catalog/demo.yaml': `${MINIMAL_CATALOG}owner: team-x\n` },
    expect: [{ file: 'catalog/demo.yaml', at: 'owner', path: 'owner', message: /allowed here: id, description, agents, defaults/ }] },
  { name: 'a missing required field, reported where it belongs', files: { 'catalog/demo.yaml': 'id: demo\nagents: ["demo-*"]\ntools: {}\n' },
    expect: [{ file: 'catalog/demo.yaml', at: [1, 1], path: 'defaults', message: /^is required$/ }] },
  { name: 'a missing field of a nested object', files: { 'catalog/demo.yaml': catalog('  ping: {}\n', 'id: demo\nagents: ["demo-*"]\ndefaults:\n  action_severity: 10\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'action_severity: 10', path: 'defaults.business_impact', message: /^is required$/ }] },
  { name: 'a wrong type', files: { 'catalog/demo.yaml': catalog('  ping: {}\n', 'id: demo\nagents: "demo-*"\ndefaults: { action_severity: 10, business_impact: 10 }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: '"demo-*"', path: 'agents', message: /^must be array$/ }] },
  { name: 'an invalid catalog id', files: { 'catalog/demo.yaml': MINIMAL_CATALOG.replace('id: demo', 'id: "demo agent"') },
    expect: [{ file: 'catalog/demo.yaml', at: '"demo agent"', path: 'id', message: /letters, digits/ }] },
  { name: 'an invalid tool name', files: { 'catalog/demo.yaml': catalog('  bad tool:\n    action_severity: 5\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'bad tool', path: 'tools.bad tool', message: /not a valid name/ }] },
  { name: 'a duplicate tool name', files: { 'catalog/demo.yaml': catalog('  ping:\n    action_severity: 5\n  ping:\n    action_severity: 6\n') },
    expect: [{ file: 'catalog/demo.yaml', at: [7, 3], path: 'tools.ping', message: /^duplicate tool name 'ping'$/ }] },
  { name: 'a YAML syntax error', files: { 'catalog/demo.yaml': 'id: demo\nagents: [demo-*\ntools: {}\n' },
    expect: [{ file: 'catalog/demo.yaml', at: [3, 1], path: '', message: /\S/ }] },
  { name: 'an empty file', files: { 'catalog/demo.yaml': '# nothing yet\n' },
    expect: [{ file: 'catalog/demo.yaml', at: [1, 1], path: '', message: /is empty; expected an agent catalog/ }] },

  // ---- catalog semantics ---------------------------------------------------------------------
  { name: 'an unparseable glob', files: { 'catalog/demo.yaml': MINIMAL_CATALOG.replace('"demo-*"', '"demo-[*"') },
    expect: [{ file: 'catalog/demo.yaml', at: '"demo-[*"', path: 'agents[0]', message: /not a valid glob/ }] },
  { name: 'a glob no agent id can match', files: { 'catalog/demo.yaml': `${MINIMAL_CATALOG}accepts_handoff_from: ["x", "team/orchestrator"]\n` },
    expect: [{ file: 'catalog/demo.yaml', at: '"team/orchestrator"', path: 'accepts_handoff_from[1]', message: /can never match/ }] },
  { name: 'a scope that is not valid JSON Schema', files: { 'catalog/demo.yaml': catalog('  ping:\n    scope: { type: object, properties: { a: { type: strin } } }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'strin', path: 'tools.ping.scope.properties.a.type', message: /is not valid JSON Schema: must be one of/ }] },
  { name: 'a misspelt keyword in a scope, which ajv alone would ignore', files: { 'catalog/demo.yaml': catalog('  ping:\n    scope:\n      type: object\n      properties:\n        note: { type: string, maxLenght: 10 }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'maxLenght', path: 'tools.ping.scope.properties.note.maxLenght', message: /unknown JSON Schema keyword \(did you mean maxLength\?\)/ }] },
  { name: 'an unknown format in an output schema', files: { 'catalog/demo.yaml': catalog('  ping:\n    output_schema: { type: object, properties: { at: { type: string, format: when } } }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'when', path: 'tools.ping.output_schema.properties.at.format', message: /unknown format "when"/ }] },
  { name: 'a scope whose regex does not compile', files: { 'catalog/demo.yaml': catalog('  ping:\n    scope: { type: object, properties: { a: { type: string, pattern: "(" } } }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: '"("', path: 'tools.ping.scope.properties.a.pattern', message: /is not a valid regular expression: .*Unterminated group/ }] },
  { name: 'a scope that does not describe an object', files: { 'catalog/demo.yaml': catalog('  ping:\n    scope: { type: string }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'string', path: 'tools.ping.scope.type', message: /must be "object"/ }] },
  { name: 'a cap on a param the scope does not declare', files: { 'catalog/demo.yaml': catalog('  pay:\n    scope: { type: object, properties: { amount: { type: number } } }\n    limits:\n      caps: { amont: 100 }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'amont', path: 'tools.pay.limits.caps.amont', message: /does not declare \(declared: amount\)/ }] },
  { name: 'a cap on a param that is not a number', files: { 'catalog/demo.yaml': catalog('  pay:\n    scope: { type: object, properties: { amount: { type: string } } }\n    limits: { caps: { amount: 100 } }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: 'amount: 100', path: 'tools.pay.limits.caps.amount', message: /not a number/ }] },
  { name: 'two catalogs with the same id', files: { 'catalog/other.yaml': MINIMAL_CATALOG.replace('"demo-*"', '"other-*"') },
    expect: [{ file: 'catalog/other.yaml', at: 'demo', path: 'id', message: /duplicate catalog id 'demo' \(also in catalog\/demo.yaml\)/ }] },
  { name: 'a glob an earlier catalog already claims', files: { 'catalog/zz.yaml': MINIMAL_CATALOG.replace('id: demo', 'id: zz') },
    expect: [{ file: 'catalog/zz.yaml', at: '"demo-*"', path: 'agents[0]', message: /already claimed by catalog\/demo.yaml/ }] },

  // ---- sensitive-data.yaml -------------------------------------------------------------------
  { name: 'a regex that does not compile', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: '([a-z]' }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: "'([a-z]'", path: 'patterns[0].pattern', message: /not a valid regular expression: .*Unterminated group/ }] },
  // Patterns run on a linear-time engine: what it cannot run is refused at load, with the reason.
  { name: 'a lookahead in a sensitive-data pattern', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: 'a\\d+(?![\\w])' }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: "'a\\d+(?![\\w])'", path: 'patterns[0].pattern', message: /uses a lookahead \(\(\?!\.\.\.\), which no linear-time engine can run; .*\(\?:\[\^\\w\]\|\$\)/ }] },
  { name: 'a backreference in a sensitive-data pattern', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: '(\\d)-\\1' }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: "'(\\d)-\\1'", path: 'patterns[0].pattern', message: /uses a backreference \(\\1\), which no linear-time engine can run/ }] },
  { name: 'a lookahead in a scope pattern', files: { 'catalog/demo.yaml': catalog('  ping:\n    scope: { type: object, properties: { a: { type: string, pattern: "^(?=x)x+$" } } }\n') },
    expect: [{ file: 'catalog/demo.yaml', at: '"^(?=x)x+$"', path: 'tools.ping.scope.properties.a.pattern', message: /uses a lookahead/ }] },
  { name: 'a regex that matches the empty string', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: '\\d*' }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: "'\\d*'", path: 'patterns[0].pattern', message: /matches the empty string/ }] },
  { name: 'the g flag', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: 'a+', flags: gi }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: 'gi', path: 'patterns[0].flags', message: /g and y are not allowed/ }] },
  { name: 'a repeated flag', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: 'a+', flags: ii }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: [2, 62], path: 'patterns[0].flags', message: /repeats a flag/ }] },
  { name: 'a duplicate pattern id', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: pii, severity: low, pattern: 'a+' }\n  - { id: x, kind: secret, severity: high, pattern: 'b+' }\n") },
    expect: [{ file: 'sensitive-data.yaml', at: [3, 11], path: 'patterns[1].id', message: /duplicate pattern id 'x' \(first used at patterns\[0\]\)/ }] },
  { name: 'an unknown kind and severity', files: { 'sensitive-data.yaml': patterns("  - { id: x, kind: personal, severity: urgent, pattern: 'a+' }\n") },
    expect: [
      { file: 'sensitive-data.yaml', at: 'personal', path: 'patterns[0].kind', message: /must be one of: "pii", "secret"/ },
      { file: 'sensitive-data.yaml', at: 'urgent', path: 'patterns[0].severity', message: /must be one of: "info", "low", "medium", "high", "critical"/ },
    ] },

  // ---- decision.yaml -------------------------------------------------------------------------
  { name: 'a review SLA that is not a duration', files: { 'decision.yaml': tiers({ high: { review_sla: '4 hours' } }) },
    expect: [{ file: 'decision.yaml', at: '4 hours', path: 'tiers.high.review_sla', message: /must be a duration like 30m, 4h or 3d/ }] },
  { name: 'an approve threshold below the block threshold', files: { 'decision.yaml': tiers({ medium: { approve_min_confidence: '20' } }) },
    expect: [{ file: 'decision.yaml', at: '20', path: 'tiers.medium.approve_min_confidence', message: /must not be below block_below_confidence \(25\)/ }] },
  { name: 'a missing tier and an unknown outcome', files: { 'decision.yaml': tiers({ low: { otherwise: 'approve' } }).replace(/ {2}critical:[\s\S]*$/, '') },
    expect: [
      { file: 'decision.yaml', at: [2, 3], path: 'tiers.critical', message: /^is required$/ },
      { file: 'decision.yaml', at: 'approve\n', path: 'tiers.low.otherwise', message: /must be one of: "escalate", "request_evidence", "block"/ },
    ] },

  // ---- the bundle's files --------------------------------------------------------------------
  { name: 'no sensitive-data.yaml', files: { 'sensitive-data.yaml': null },
    expect: [{ file: 'sensitive-data.yaml', at: null, path: '', message: /is missing; it is required/ }] },
  { name: 'no catalog', files: { 'catalog/demo.yaml': null },
    expect: [{ file: 'catalog', at: null, path: '', message: /holds no agent catalog/ }] },
  { name: 'a policy file under a name the gateway does not read', files: { 'decision.yml': tiers() },
    expect: [{ file: 'decision.yml', at: null, path: '', message: /did you mean decision.yaml/ }] },
  { name: 'a catalog ending in .yml', files: { 'catalog/extra.yml': MINIMAL_CATALOG },
    expect: [{ file: 'catalog/extra.yml', at: null, path: '', message: /must end in .yaml/ }] },
  { name: 'a catalog in a subfolder', files: { 'catalog/team/extra.yaml': MINIMAL_CATALOG },
    expect: [{ file: 'catalog/team', at: null, path: '', message: /is a folder/ }] },
];

function assertIssues(issues: PolicyIssue[], files: Record<string, string | null>, expected: Expected[]): void {
  const shown = issues.map(formatPolicyIssue).join('\n');
  assert.equal(issues.length, expected.length, `expected ${expected.length} issue(s), got:\n${shown}`);
  for (const want of expected) {
    const issue = issues.find((candidate) => candidate.file.endsWith(`/${want.file}`) && candidate.path === want.path);
    assert.ok(issue, `no issue at ${want.file} ${want.path} in:\n${shown}`);
    assert.match(issue.message, want.message);
    if (want.at === null) {
      assert.deepEqual([issue.line, issue.column], [null, null]);
    } else {
      const [line, column] = typeof want.at === 'string'
        ? Object.values(positionOf(files[want.file] ?? '', want.at))
        : want.at;
      assert.deepEqual([issue.line, issue.column], [line, column], `position of ${formatPolicyIssue(issue)}`);
    }
  }
}

describe('a broken bundle fails with every problem at file:line:column', () => {
  for (const { name, files, expect } of CASES) {
    test(name, (t) => assertIssues(loadIssues(writeBundle(t, files)), files, expect));
  }
});

describe('the load error as a whole', () => {
  test('reads like `file:line:column path: message`, as the docs show', (t) => {
    const dir = copySampleBundle(t);
    editFile(dir, 'catalog/payments-agent.yaml', 'action_severity: 80', 'action_severity: 180');
    const issues = loadIssues(dir);
    assert.equal(issues.length, 1);
    assert.match(formatPolicyIssue(issues[0]),
      /policies\/catalog\/payments-agent\.yaml:\d+:22 tools\.invoicepay\.create_payment\.action_severity: must be <= 100$/);
  });

  test('collects the problems of every file into one error, in file order', (t) => {
    const dir = copySampleBundle(t);
    editFile(dir, 'catalog/support-agent.yaml', 'max_chain_depth: 5', 'max_chain_depth: 0');
    editFile(dir, 'catalog/payments-agent.yaml', 'action_severity: 90', 'action_severity: -1');
    editFile(dir, 'sensitive-data.yaml', 'severity: medium\n    description: Email', 'severity: severe\n    description: Email');
    editFile(dir, 'decision.yaml', 'review_sla: 1h', 'review_sla: soon');
    const issues = loadIssues(dir);
    assert.deepEqual(issues.map((issue) => `${issue.file.slice(dir.length + 1)} ${issue.path}`), [
      'catalog/payments-agent.yaml tools.invoicepay.approve_payment.action_severity',
      'catalog/support-agent.yaml max_chain_depth',
      'decision.yaml tiers.critical.review_sla',
      'sensitive-data.yaml patterns[0].severity',
    ]);
  });

  test('the error message lists every issue, and the async loader throws the same', async (t) => {
    const dir = writeBundle(t, { 'catalog/demo.yaml': catalog('  ping:\n    action_severity: 150\n    business_impact: 101\n') });
    const error = await loadPolicyBundle(dir).then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof PolicyLoadError);
    assert.equal(error.code, 'POLICY_INVALID');
    assert.equal(error.issues.length, 2);
    assert.match(error.message, /\(2 problems\)/);
    for (const issue of error.issues) assert.ok(error.message.includes(formatPolicyIssue(issue)));
  });

  test('a missing directory is one clear issue', async (t) => {
    const dir = join(writeBundle(t, {}), 'nope');
    const asyncError = await loadPolicyBundle(dir).then(() => undefined, (caught: unknown) => caught);
    assert.ok(asyncError instanceof PolicyLoadError);
    for (const issues of [loadIssues(dir), asyncError.issues]) {
      assert.equal(issues.length, 1);
      assert.match(issues[0].message, /does not exist/);
      assert.equal(issues[0].file, dir);
    }
  });

  test('an empty directory names both required parts', (t) => {
    const dir = writeBundle(t, { 'catalog/demo.yaml': null, 'sensitive-data.yaml': null, 'notes.yml': 'x: 1\n' });
    assert.deepEqual(loadIssues(dir).map((issue) => [issue.file.slice(dir.length + 1), issue.message.split(';')[0]]), [
      ['catalog', 'holds no agent catalog (*.yaml)'],
      ['notes.yml', 'is not a policy file this gateway reads'],
      ['sensitive-data.yaml', 'is missing'],
    ]);
  });

  test('a file where the directory should be is one clear issue', (t) => {
    const issues = loadIssues(join(writeBundle(t, {}), 'sensitive-data.yaml'));
    assert.equal(issues.length, 1);
    assert.match(issues[0].message, /is not a directory/);
  });
});
