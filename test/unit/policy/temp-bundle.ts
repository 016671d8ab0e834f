// Temporary policy bundles for tests: a copy of the sample to break one byte of, or a minimal
// bundle written from strings. Each is removed when its test ends.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { PolicyLoadError, loadPolicyBundleSync } from '../../../src/policy/index.ts';
import type { PolicyIssue } from '../../../src/policy/index.ts';

export const SAMPLE_BUNDLE_DIR = fileURLToPath(new URL('../../../policies', import.meta.url));

export const MINIMAL_CATALOG = `id: demo
agents: ["demo-*"]
defaults: { action_severity: 10, business_impact: 10 }
tools:
  ping:
    action_severity: 5
`;

export function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'policy-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function copySampleBundle(t: TestContext): string {
  const dir = join(tempDir(t), 'policies');
  cpSync(SAMPLE_BUNDLE_DIR, dir, { recursive: true });
  return dir;
}

/**
 * Writes the bundle at `from` into `to` flat, as a ConfigMap volume mounts the gateway chart's
 * ConfigMap: every file at the top level, `catalog/x.yaml` as `catalog__x.yaml`. Returns the names.
 */
export function writeFlatBundle(from: string, to: string): string[] {
  mkdirSync(to, { recursive: true });
  const names: string[] = [];
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const name = relative(from, file).split(sep).join('__');
    writeFileSync(join(to, name), readFileSync(file));
    names.push(name);
  }
  return names.sort();
}

/** A bundle from `files` (relative path -> text); the minimal catalog and an empty pattern list unless overridden. */
export function writeBundle(t: TestContext, files: Record<string, string | null>): string {
  const dir = join(tempDir(t), 'policies');
  const all: Record<string, string | null> = { 'catalog/demo.yaml': MINIMAL_CATALOG, 'sensitive-data.yaml': 'patterns: []\n', ...files };
  for (const [rel, text] of Object.entries(all)) {
    if (text === null) continue;
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  mkdirSync(join(dir, 'catalog'), { recursive: true });
  return dir;
}

/** Replaces the one occurrence of `from` in a bundle file. */
export function editFile(dir: string, rel: string, from: string, to: string): void {
  const path = join(dir, rel);
  const text = readFileSync(path, 'utf8');
  assert.equal(text.split(from).length, 2, `${rel} should contain ${JSON.stringify(from)} exactly once`);
  writeFileSync(path, text.replace(from, to));
}

/** 1-based line and column where `needle` first occurs in `text`. */
export function positionOf(text: string, needle: string): { line: number; column: number } {
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `${JSON.stringify(needle)} not found`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The issues of the PolicyLoadError that loading `dir` must throw. */
export function loadIssues(dir: string): PolicyIssue[] {
  try {
    loadPolicyBundleSync(dir);
  } catch (error) {
    assert.ok(error instanceof PolicyLoadError, `expected PolicyLoadError, got ${String(error)}`);
    assert.equal(error.code, 'POLICY_INVALID');
    return error.issues;
  }
  assert.fail(`loading ${dir} should have failed`);
}
