// bin/govgate.js under a Node too old to run the TypeScript sources (a machine's system node):
// it re-runs itself with the project's pinned Node, or says in one line how to run it, never
// crashing with ERR_UNKNOWN_FILE_EXTENSION.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/gateway.ts';

const LAUNCHER = path.join(REPO_ROOT, 'bin/govgate.js');
const PACKAGE_VERSION = (await import('../../package.json', { with: { type: 'json' } })).default.version;

/** A `node` on PATH older than 24 (the system one), or undefined. */
function olderNode(): string | undefined {
  const { NODE_TEST_CONTEXT: _ignored, ...env } = process.env;
  const found = spawnSync('sh', ['-c', 'which -a node'], { encoding: 'utf8', env }).stdout.split('\n').filter(Boolean);
  for (const candidate of found) {
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    if (version && Number(version.split('.')[0]) < 24) return candidate;
  }
  return undefined;
}

const OLD_NODE = olderNode();
const skip = OLD_NODE ? false : 'no Node older than 24 on PATH to try the launcher with';

function run(node: string, script: string, args: string[]) {
  const { NODE_TEST_CONTEXT: _ignored, GOVGATE_REEXEC: _reexec, ...env } = process.env;
  return spawnSync(node, [script, ...args], { encoding: 'utf8', env: { ...env, SERVICE_ENV: 'test' }, timeout: 30_000 });
}

test('on an older Node, bin/govgate.js runs itself with the pinned Node 24', { skip }, () => {
  const result = run(OLD_NODE!, LAUNCHER, ['--version']);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, `${PACKAGE_VERSION}\n`);
  assert.doesNotMatch(result.stderr, /ERR_UNKNOWN_FILE_EXTENSION/);
});

test('on an older Node without the pinned one, one line says how to run it; exit 1', { skip }, (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-launcher-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'bin'));
  copyFileSync(LAUNCHER, path.join(dir, 'bin/govgate.js'));
  const result = run(OLD_NODE!, path.join(dir, 'bin/govgate.js'), ['--help']);
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  assert.match(result.stderr, /needs Node 24 .*npx govgate .*npm start/);
});

test('npx govgate resolves the package bin and runs with the pinned Node', () => {
  const { NODE_TEST_CONTEXT: _ignored, ...env } = process.env;
  const out = execFileSync('npx', ['--no-install', 'govgate', '--version'], { cwd: REPO_ROOT, encoding: 'utf8', env, timeout: 60_000 });
  assert.equal(out, `${PACKAGE_VERSION}\n`);
});
