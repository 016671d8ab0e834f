// The Helm charts mount the policy bundle as a whole ConfigMap volume, flat (`catalog__x.yaml` for
// `catalog/x.yaml`, since keys cannot hold '/'), and rely on the bundle watcher seeing the
// kubelet's update: a new timestamped directory, then the `..data` symlink swapped to it, then the
// old directory removed. This rebuilds that layout and those steps, for the flat layout and for a
// volume with folders (a projected or hand-made mount). Tests wait for the published reload event,
// never a timer.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadPolicyBundleSync, watchPolicyBundle } from '../../../src/policy/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { writeFlatBundle } from './temp-bundle.ts';
import { nextConfigReload } from '../../helpers/config-reload.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../policies');

type Layout = 'flat' | 'folders';
const writeSample: Record<Layout, (target: string) => void> = {
  flat: (target) => { writeFlatBundle(SAMPLE, target); },
  folders: (target) => { cpSync(SAMPLE, target, { recursive: true }); },
};
/** Where a bundle file is in the volume: `catalog/x.yaml`, or flat `catalog__x.yaml`. */
const inVolume = (layout: Layout, root: string, bundlePath: string) => path.join(root, layout === 'flat' ? bundlePath.replace('/', '__') : bundlePath);

/** A ConfigMap volume as the kubelet writes it: ..<ts>/ holds the files, ..data -> ..<ts>, each top-level name -> ..data/name. */
function configMapVolume(t: TestContext, layout: Layout) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-cm-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let generation = 0;
  const writeVersion = (edit: (root: string) => void): string => {
    generation += 1;
    const name = `..2026_11_21_14_00_0${generation}.000000001`;
    writeSample[layout](path.join(dir, name));
    edit(path.join(dir, name));
    return name;
  };
  const first = writeVersion(() => {});
  symlinkSync(first, path.join(dir, '..data'));
  const topLevel = readdirSync(path.join(dir, first));
  for (const name of topLevel) symlinkSync(path.join('..data', name), path.join(dir, name));
  let current = first;
  /** An update of the ConfigMap: write the new version, swap ..data atomically, remove the old one. */
  const update = (edit: (root: string) => void): void => {
    const next = writeVersion(edit);
    symlinkSync(next, path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    rmSync(path.join(dir, current), { recursive: true });
    current = next;
  };
  /** A key added to the ConfigMap: the kubelet adds its top-level link along with the new version. */
  const addKey = (name: string, text: string): void => {
    update((root) => writeFileSync(path.join(root, name), text));
    if (!existsSync(path.join(dir, name))) symlinkSync(path.join('..data', name), path.join(dir, name));
  };
  return { dir, update, addKey, topLevel };
}

const nextReload = (dir: string) => nextConfigReload({ path: dir });

const appendTo = (file: string, text: string) => writeFileSync(file, readFileSync(file, 'utf8') + text);

for (const layout of ['flat', 'folders'] as const) {
  test(`a ConfigMap update of the bundle (${layout}) is applied, again and again, and a bad one is rejected`, { timeout: 30_000 }, async (t) => {
    const { dir, update, topLevel } = configMapVolume(t, layout);
    if (layout === 'flat') assert.ok(topLevel.includes('catalog__support-agent.yaml') && !topLevel.includes('catalog'), topLevel.join(', '));
    const watch = watchPolicyBundle({ dir, logger: createLogger('silent'), debounceMs: 20 });
    t.after(() => watch.close());
    const start = watch.current().version;
    assert.equal(start, loadPolicyBundleSync(SAMPLE).version, 'the mounted bundle is the repository\'s, whatever the layout');

    let reloaded = nextReload(dir);
    update((root) => appendTo(inVolume(layout, root, 'catalog/support-agent.yaml'), '\n# reviewed by security\n'));
    assert.equal((await reloaded).result, 'success');
    const second = watch.current().version;
    assert.notEqual(second, start, 'a catalog edit changes the version');

    // The watch survives the removal of the directory it saw first.
    reloaded = nextReload(dir);
    update((root) => appendTo(inVolume(layout, root, 'rules/payments.yaml'), '\n# second review\n'));
    assert.equal((await reloaded).result, 'success');
    assert.notEqual(watch.current().version, second);
    const third = watch.current().version;

    reloaded = nextReload(dir);
    update((root) => writeFileSync(path.join(root, 'decision.yaml'), 'thresholds: [\n'));
    const rejected = await reloaded;
    assert.equal(rejected.result, 'failure');
    assert.match(rejected.issues[0].file, /decision\.yaml$/);
    assert.equal(watch.current().version, third, 'the last good bundle stays in force');
    assert.equal(watch.status().last_result, 'failure');
  });
}

test('a catalog added to the flat ConfigMap is loaded with no list of files to update', { timeout: 30_000 }, async (t) => {
  const { dir, addKey } = configMapVolume(t, 'flat');
  const watch = watchPolicyBundle({ dir, logger: createLogger('silent'), debounceMs: 20 });
  t.after(() => watch.close());
  const catalog = readFileSync(path.join(SAMPLE, 'catalog/orchestrator.yaml'), 'utf8').replace('id: orchestrator', 'id: research').replace('"orchestrator-*"', '"research-*"');
  assert.equal(watch.current().resolveAgent('research-1'), undefined);
  const reloaded = nextReload(dir);
  addKey('catalog__research.yaml', catalog);
  assert.equal((await reloaded).result, 'success');
  assert.equal(watch.current().resolveAgent('research-1')?.id, 'research');
  assert.equal(watch.current().sources['catalog/research.yaml'], catalog);
});
