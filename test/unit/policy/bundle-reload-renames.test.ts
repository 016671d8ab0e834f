// The bundle watcher follows files replaced by a rename (editors, `git checkout`) and ConfigMap
// `..data` swaps: an edit after such a replacement is applied too. Node's recursive watch on Linux
// followed the old inode and missed every later append, while /health still said success. Tests
// wait for the published reload event, never a timer.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { watchPolicyBundle, type PolicyBundleWatch } from '../../../src/policy/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { nextConfigReload } from '../../helpers/config-reload.ts';
import { SAMPLE_BUNDLE_DIR } from './temp-bundle.ts';

function tempDir(t: TestContext, prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function watch(t: TestContext, dir: string, options: { staleAfterMs?: number } = {}): PolicyBundleWatch {
  const watched = watchPolicyBundle({ dir, logger: createLogger('silent'), debounceMs: 20, ...options });
  t.after(() => watched.close());
  return watched;
}

/** Runs `change` and waits until the watcher applied it; returns the new version. */
async function applied(watched: PolicyBundleWatch, dir: string, change: () => void): Promise<string> {
  const before = watched.current().version;
  const reloaded = nextConfigReload({ path: dir });
  change();
  const event = await reloaded;
  assert.equal(event.result, 'success', JSON.stringify(event.issues));
  assert.notEqual(watched.current().version, before);
  return watched.current().version;
}

const replaceByRename = (file: string, text: string) => {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
};

for (const relPath of ['decision.yaml', 'catalog/support-agent.yaml']) {
  test(`appends to ${relPath} after it was replaced by a rename are applied`, { timeout: 30_000 }, async (t) => {
    const dir = tempDir(t, 'govgate-rename-');
    cpSync(SAMPLE_BUNDLE_DIR, dir, { recursive: true });
    const watched = watch(t, dir);
    const file = path.join(dir, relPath);
    await applied(watched, dir, () => replaceByRename(file, `${readFileSync(file, 'utf8')}\n# renamed into place\n`));
    await applied(watched, dir, () => appendFileSync(file, '\n# appended after the rename\n'));
    await applied(watched, dir, () => appendFileSync(file, '\n# and again\n'));
    assert.equal(watched.agreement().version_on_disk, watched.current().version);
  });
}

test('a real `git checkout` of a policy file, then appends to it, are all applied', { timeout: 30_000 }, async (t) => {
  const dir = tempDir(t, 'govgate-git-');
  cpSync(SAMPLE_BUNDLE_DIR, dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, {
    cwd: dir, stdio: 'pipe',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'bundle');
  const original = readFileSync(path.join(dir, 'decision.yaml'), 'utf8');
  const watched = watch(t, dir);
  const start = watched.current().version;
  const file = path.join(dir, 'decision.yaml');

  await applied(watched, dir, () => appendFileSync(file, '\n# local edit\n'));
  const restored = await applied(watched, dir, () => git('checkout', '--', 'decision.yaml'));
  assert.equal(restored, start, 'git checkout restored the committed bundle');
  assert.equal(readFileSync(file, 'utf8'), original);
  await applied(watched, dir, () => appendFileSync(file, '\n# appended after the checkout\n'));
  await applied(watched, dir, () => appendFileSync(file, '\n# and again\n'));
  assert.equal(watched.agreement().stale, false);
});

test('a ConfigMap `..data` swap of a bundle with folders, then another, are applied; disk and memory agree', { timeout: 30_000 }, async (t) => {
  const dir = tempDir(t, 'govgate-cm-');
  let generation = 0;
  let current = '';
  const writeVersion = (edit: (root: string) => void): string => {
    generation += 1;
    const name = `..2026_11_25_10_00_0${generation}.000000001`;
    cpSync(SAMPLE_BUNDLE_DIR, path.join(dir, name), { recursive: true });
    edit(path.join(dir, name));
    return name;
  };
  current = writeVersion(() => {});
  symlinkSync(current, path.join(dir, '..data'));
  for (const name of ['catalog', 'rules', 'decision.yaml', 'sensitive-data.yaml']) symlinkSync(path.join('..data', name), path.join(dir, name));
  const swap = (edit: (root: string) => void) => {
    const next = writeVersion(edit);
    symlinkSync(next, path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    rmSync(path.join(dir, current), { recursive: true });
    current = next;
  };
  const watched = watch(t, dir);
  await applied(watched, dir, () => swap((root) => appendFileSync(path.join(root, 'catalog/support-agent.yaml'), '\n# first update\n')));
  await applied(watched, dir, () => swap((root) => appendFileSync(path.join(root, 'catalog/support-agent.yaml'), '\n# second update\n')));
  // A file added inside a folder of the new version: the folder's watch followed the swap.
  await applied(watched, dir, () => swap((root) => {
    mkdirSync(path.join(root, 'rules'), { recursive: true });
    writeFileSync(path.join(root, 'rules/extra.yaml'), 'rules: []\n');
  }));
  const agreement = watched.agreement();
  assert.equal(agreement.version_in_force, watched.current().version);
  assert.equal(agreement.version_on_disk, agreement.version_in_force);
  assert.equal(agreement.differs_since, null);
});

test('a rejected edit leaves disk and memory apart, and that is reported as stale once it lasts', { timeout: 30_000 }, async (t) => {
  const dir = tempDir(t, 'govgate-stale-');
  cpSync(SAMPLE_BUNDLE_DIR, dir, { recursive: true });
  const watched = watch(t, dir, { staleAfterMs: 0 });
  const inForce = watched.current().version;
  const rejected = nextConfigReload({ path: dir });
  writeFileSync(path.join(dir, 'decision.yaml'), 'tiers: [\n');
  assert.equal((await rejected).result, 'failure');
  // staleAfterMs 0: any difference counts as stale at once (the default is 10 s).
  const agreement = watched.agreement();
  assert.equal(agreement.version_in_force, inForce);
  assert.notEqual(agreement.version_on_disk, inForce);
  assert.ok(agreement.differs_since !== null);
  assert.equal(agreement.stale, true);
});
