// The flat layout of a bundle, the way a ConfigMap volume mounts it (keys cannot hold '/'): the
// top-level file `catalog__x.yaml` is the bundle file `catalog/x.yaml`. The same bundle in either
// layout is the same policy with the same policy_version; problems name the file as it is on disk.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilePolicyBundleSources, formatPolicyIssue, loadPolicyBundle, loadPolicyBundleSync, splitFlatName, type PolicyIssue } from '../../../src/policy/index.ts';
import { MINIMAL_CATALOG, SAMPLE_BUNDLE_DIR, loadIssues, positionOf, tempDir, writeBundle, writeFlatBundle } from './temp-bundle.ts';

const sample = loadPolicyBundleSync(SAMPLE_BUNDLE_DIR);

/** The sample bundle, flat, in a fresh directory. */
function flatSample(t: Parameters<typeof tempDir>[0]): string {
  const dir = join(tempDir(t), 'policies');
  writeFlatBundle(SAMPLE_BUNDLE_DIR, dir);
  return dir;
}

/** A minimal bundle whose catalog is flat (`catalog__demo.yaml`), plus `files` (names as on disk). */
function writeFlatMinimal(t: Parameters<typeof tempDir>[0], files: Record<string, string | null>): string {
  return writeBundle(t, { 'catalog/demo.yaml': null, 'catalog__demo.yaml': MINIMAL_CATALOG, ...files });
}

const relativeIssues = (dir: string, issues: PolicyIssue[]) => issues.map((issue) => `${issue.file.slice(dir.length + 1)}: ${issue.message}`);

describe('a flat bundle', () => {
  test('the sample, flattened (tests__*.yaml included), is the same policy with the same policy_version', async (t) => {
    const dir = flatSample(t);
    for (const bundle of [loadPolicyBundleSync(dir), await loadPolicyBundle(dir)]) {
      assert.equal(bundle.version, sample.version);
      assert.deepEqual(bundle.sources, sample.sources, 'the bundle files keep their folder paths');
      assert.deepEqual(bundle.agents.map((agent) => [agent.id, agent.source]), sample.agents.map((agent) => [agent.id, agent.source]));
      assert.deepEqual(bundle.rules.map((rule) => [rule.id, rule.source, rule.line]), sample.rules.map((rule) => [rule.id, rule.source, rule.line]));
      assert.equal(bundle.resolveAgent('payments-agent-1')?.id, sample.resolveAgent('payments-agent-1')?.id);
    }
  });

  test('a mix of both layouts is the same bundle too', (t) => {
    const dir = flatSample(t);
    mkdirSync(join(dir, 'rules'));
    renameSync(join(dir, 'rules__payments.yaml'), join(dir, 'rules', 'payments.yaml'));
    assert.equal(loadPolicyBundleSync(dir).version, sample.version);
  });

  test('an edit of a flat file changes the version; flat test cases never do', (t) => {
    const dir = flatSample(t);
    const catalog = join(dir, 'catalog__support-agent.yaml');
    writeFileSync(join(dir, 'tests__payments.yaml'), `${readFileSync(join(dir, 'tests__payments.yaml'), 'utf8')}\n# more cases soon\n`);
    writeFileSync(join(dir, 'tests__extra.yaml'), 'not even: [valid\n');
    assert.equal(loadPolicyBundleSync(dir).version, sample.version);
    writeFileSync(catalog, `${readFileSync(catalog, 'utf8')}\n# reviewed\n`);
    assert.notEqual(loadPolicyBundleSync(dir).version, sample.version);
  });

  test('a bundle sent in memory may be flat as well (the dry-run API)', () => {
    const flat = Object.fromEntries(Object.entries(sample.sources).map(([path, text]) => [path.replace('/', '__'), text]));
    assert.ok('catalog__support-agent.yaml' in flat);
    const bundle = compilePolicyBundleSources('request.bundle', flat);
    assert.equal(bundle.version, sample.version);
    assert.deepEqual(bundle.sources, sample.sources);
  });

  test('splitFlatName: the folder part and the name', () => {
    assert.deepEqual(splitFlatName('catalog__support-agent.yaml'), { folder: 'catalog', name: 'support-agent.yaml' });
    assert.deepEqual(splitFlatName('rules__a__b.yaml'), { folder: 'rules', name: 'a__b.yaml' });
    assert.equal(splitFlatName('decision.yaml'), undefined);
    assert.equal(splitFlatName('__x.yaml'), undefined);
  });
});

describe('problems in a flat bundle name the file as it is on disk', () => {
  test('a field error points at the flat file, line and column', (t) => {
    const text = MINIMAL_CATALOG.replace('action_severity: 5', 'action_severity: 500');
    const dir = writeFlatMinimal(t, { 'catalog__demo.yaml': text });
    const issues = loadIssues(dir);
    assert.equal(issues.length, 1, issues.map(formatPolicyIssue).join('\n'));
    assert.equal(issues[0].file, join(dir, 'catalog__demo.yaml'));
    assert.deepEqual([issues[0].line, issues[0].column], Object.values(positionOf(text, '500')));
    assert.equal(issues[0].path, 'tools.ping.action_severity');
  });

  test('a duplicate catalog id or rule id names the other file as it is on disk', (t) => {
    const rule = 'rules:\n  - { id: r1, description: d, when: "true", effect: block, severity: high, message: m, mode: enforce }\n';
    const dir = writeFlatMinimal(t, {
      'catalog/other.yaml': MINIMAL_CATALOG.replace('"demo-*"', '"other-*"'),
      'rules__a.yaml': rule,
      'rules__b.yaml': rule,
    });
    assert.deepEqual(relativeIssues(dir, loadIssues(dir)), [
      'catalog/other.yaml: duplicate catalog id \'demo\' (also in catalog__demo.yaml)',
      'rules__b.yaml: duplicate rule id \'r1\' (also in rules__a.yaml rules[0])',
    ]);
  });

  test('a file given both ways is an error naming both, from either loader', async (t) => {
    const dir = writeFlatMinimal(t, { 'catalog/demo.yaml': MINIMAL_CATALOG });
    const expected = ['catalog__demo.yaml: is catalog/demo.yaml in the flat layout, and catalog/demo.yaml exists too; keep one of the two'];
    assert.deepEqual(relativeIssues(dir, loadIssues(dir)), expected);
    const error = await loadPolicyBundle(dir).then(() => undefined, (caught: unknown) => caught as { issues: PolicyIssue[] });
    assert.deepEqual(relativeIssues(dir, error!.issues), expected);
    const inMemory = (() => {
      try {
        compilePolicyBundleSources('request.bundle', { 'catalog/demo.yaml': MINIMAL_CATALOG, 'catalog__demo.yaml': MINIMAL_CATALOG, 'sensitive-data.yaml': 'patterns: []\n' });
      } catch (caught) {
        return (caught as { issues: PolicyIssue[] }).issues.map(formatPolicyIssue);
      }
      return [];
    })();
    assert.deepEqual(inMemory, [`request.bundle/${expected[0]}`]);
  });

  test('an unknown folder part is an error, with the folder it probably meant', (t) => {
    const dir = writeFlatMinimal(t, { 'catalogs__extra.yaml': MINIMAL_CATALOG, 'policy__x.yaml': 'x: 1\n' });
    assert.deepEqual(relativeIssues(dir, loadIssues(dir)), [
      'catalogs__extra.yaml: is not a policy file this gateway reads: \'catalogs\' is not a bundle folder (did you mean catalog__extra.yaml?); a flat name is catalog__<name>.yaml, rules__<name>.yaml, tests__<name>.yaml',
      'policy__x.yaml: is not a policy file this gateway reads: \'policy\' is not a bundle folder; a flat name is catalog__<name>.yaml, rules__<name>.yaml, tests__<name>.yaml',
    ]);
  });

  test('a flat .yml file and a flat name without a file are errors, as in the folders', (t) => {
    const dir = writeFlatMinimal(t, { 'rules__extra.yml': 'rules: []\n', 'catalog__.yaml': MINIMAL_CATALOG });
    assert.deepEqual(relativeIssues(dir, loadIssues(dir)), [
      'catalog__.yaml: names no file after catalog__',
      'rules__extra.yml: is not read: rules files must end in .yaml',
    ]);
  });

  test('no catalog in either layout: the issue says how a flat one is named', (t) => {
    const dir = writeFlatMinimal(t, { 'catalog__demo.yaml': null });
    rmSync(join(dir, 'catalog'), { recursive: true });
    const issues = loadIssues(dir);
    assert.equal(issues.length, 1);
    assert.match(issues[0].message, /holds no agent catalog .*catalog__<name>\.yaml/);
  });
});
