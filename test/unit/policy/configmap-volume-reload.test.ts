// The Helm chart mounts the policy bundle as a ConfigMap volume (folders through `items`), and
// relies on the bundle watcher seeing the kubelet's update: a new timestamped directory, then the
// `..data` symlink swapped to it, then the old directory removed. This rebuilds that layout and
// those steps. Tests wait for the published reload event, never a timer.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../../src/config/index.ts';
import { watchPolicyBundle } from '../../../src/policy/index.ts';
import { createLogger } from '../../../src/observability/index.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../policies');
const TOP_LEVEL = ['decision.yaml', 'sensitive-data.yaml', 'catalog', 'rules', 'tests'];

/** A ConfigMap volume as the kubelet writes it: ..<ts>/ holds the files, ..data -> ..<ts>, each top-level name -> ..data/name. */
function configMapVolume(t: TestContext) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-cm-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let generation = 0;
  const writeVersion = (edit: (root: string) => void): string => {
    generation += 1;
    const name = `..2026_11_21_14_00_0${generation}.000000001`;
    cpSync(SAMPLE, path.join(dir, name), { recursive: true });
    edit(path.join(dir, name));
    return name;
  };
  const first = writeVersion(() => {});
  symlinkSync(first, path.join(dir, '..data'));
  for (const name of TOP_LEVEL) symlinkSync(path.join('..data', name), path.join(dir, name));
  let current = first;
  /** An update of the ConfigMap: write the new version, swap ..data atomically, remove the old one. */
  const update = (edit: (root: string) => void): void => {
    const next = writeVersion(edit);
    symlinkSync(next, path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    rmSync(path.join(dir, current), { recursive: true });
    current = next;
  };
  return { dir, update };
}

function nextReload(dir: string): Promise<ConfigReloadEvent> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const event = message as ConfigReloadEvent;
      if (event.path !== dir) return;
      diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener);
      resolve(event);
    };
    diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
  });
}

const appendTo = (file: string, text: string) => writeFileSync(file, readFileSync(file, 'utf8') + text);

test('a ConfigMap update of the bundle (files in subfolders) is applied, again and again, and a bad one is rejected', { timeout: 30_000 }, async (t) => {
  const { dir, update } = configMapVolume(t);
  const watch = watchPolicyBundle({ dir, logger: createLogger('silent'), debounceMs: 20 });
  t.after(() => watch.close());
  const start = watch.current().version;

  let reloaded = nextReload(dir);
  update((root) => appendTo(path.join(root, 'catalog', 'support-agent.yaml'), '\n# reviewed by security\n'));
  assert.equal((await reloaded).result, 'success');
  const second = watch.current().version;
  assert.notEqual(second, start, 'a catalog/ edit changes the version');

  // The watch survives the removal of the directory it saw first.
  reloaded = nextReload(dir);
  update((root) => appendTo(path.join(root, 'rules', 'payments.yaml'), '\n# second review\n'));
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
