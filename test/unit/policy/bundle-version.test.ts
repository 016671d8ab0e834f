import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { SAMPLE_BUNDLE_DIR, copySampleBundle, editFile } from './temp-bundle.ts';

const sampleVersion = loadPolicyBundleSync(SAMPLE_BUNDLE_DIR).version;

test('a copy of the bundle in another directory has the same version', (t) => {
  assert.equal(loadPolicyBundleSync(copySampleBundle(t)).version, sampleVersion);
});

test('changing one byte of any policy file changes the version', (t) => {
  const dir = copySampleBundle(t);
  editFile(dir, 'catalog/payments-agent.yaml', 'amount: 10000', 'amount: 10001');
  const changed = loadPolicyBundleSync(dir).version;
  assert.notEqual(changed, sampleVersion);
  editFile(dir, 'catalog/payments-agent.yaml', 'amount: 10001', 'amount: 10000');
  assert.equal(loadPolicyBundleSync(dir).version, sampleVersion, 'restoring the byte restores the version');
});

test('a change only in a comment still changes the version: the version names the bytes', (t) => {
  const dir = copySampleBundle(t);
  editFile(dir, 'decision.yaml', '# Without this file', '# Without  this file');
  assert.notEqual(loadPolicyBundleSync(dir).version, sampleVersion);
});

test('renaming a catalog file changes the version', (t) => {
  const dir = copySampleBundle(t);
  renameSync(join(dir, 'catalog/support-agent.yaml'), join(dir, 'catalog/support-agents.yaml'));
  assert.notEqual(loadPolicyBundleSync(dir).version, sampleVersion);
});

test('files the loader does not read (a README) do not change the version', (t) => {
  const dir = copySampleBundle(t);
  writeFileSync(join(dir, 'README.md'), '# notes\n');
  writeFileSync(join(dir, 'catalog', 'NOTES.txt'), 'notes\n');
  assert.equal(loadPolicyBundleSync(dir).version, sampleVersion);
});

test('property: rewriting the sensitive-data description with other text always changes the version', (t) => {
  const dir = copySampleBundle(t);
  const path = join(dir, 'sensitive-data.yaml');
  const original = readFileSync(path, 'utf8');
  const marker = 'description: Personal data and credentials that must not leak through agent outputs.';
  assert.ok(original.includes(marker));
  const seen = new Map<string, string>([[sampleVersion, marker]]);
  fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9 ]{1,40}$/), (words) => {
    const line = `description: x${words}`;
    writeFileSync(path, original.replace(marker, line));
    const version = loadPolicyBundleSync(dir).version;
    const earlier = seen.get(version);
    assert.ok(earlier === undefined || earlier === line, `${line} and ${earlier} share ${version}`);
    seen.set(version, line);
  }), { numRuns: 40 });
});
