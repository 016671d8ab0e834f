// Hot reload: a good edit applies, a broken one is rejected with line and field while the last
// good version stays, and every outcome is logged and published. Watching follows renames and
// the Kubernetes ConfigMap `..data` symlink swap. Tests wait for the published event, never a timer.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONFIG_RELOAD_CHANNEL, ConfigFileError, parseLocatedYaml, watchConfigFile, type ConfigReloadEvent,
} from '../../../src/config/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { nextConfigReload } from '../../helpers/config-reload.ts';

/** A config whose one field `n` must be a positive integer. */
function parseN(text: string, display: string): number {
  const yaml = parseLocatedYaml(text, display);
  const n = (yaml.value as { n?: unknown } | null)?.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new ConfigFileError([yaml.issue(['n'], 'must be a positive integer')]);
  return n;
}

function setup(t: TestContext) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-watch-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger('debug', (line) => lines.push(JSON.parse(line)));
  const file = path.join(dir, 'limits.yaml');
  /** Writes by rename, as editors and `kubectl cp` do: the watcher never sees half a file. */
  const write = (text: string, target = file) => {
    writeFileSync(`${target}.tmp`, text);
    renameSync(`${target}.tmp`, target);
  };
  return { dir, file, lines, logger, write };
}

const nextReload = (file: string) => nextConfigReload({ path: file });

describe('watchConfigFile', () => {
  test('reload(): applies a good edit, skips an unchanged file, rejects a broken edit and keeps the last good value', (t) => {
    const { file, lines, logger, write } = setup(t);
    write('n: 1\n');
    const applied: number[] = [];
    const watched = watchConfigFile({ path: file, display: 'limits.yaml', parse: parseN, logger, onApply: (v) => applied.push(v) });
    t.after(() => watched.close());
    assert.equal(watched.current(), 1);

    const events: ConfigReloadEvent[] = [];
    const listener = (message: unknown) => events.push(message as ConfigReloadEvent);
    diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
    t.after(() => diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener));

    assert.equal(watched.reload(), 'unchanged');
    write('n: 2\n');
    assert.equal(watched.reload(), 'applied');
    assert.equal(watched.current(), 2);
    write('# a comment first\nn: -3\n');
    assert.equal(watched.reload(), 'rejected');
    assert.equal(watched.current(), 2, 'the last good value stays in force');
    assert.deepEqual(applied, [2]);

    const mine = events.filter((e) => e.path === file);
    assert.deepEqual(mine.map((e) => e.result), ['success', 'failure']);
    assert.equal(mine[1].file, 'limits.yaml');
    assert.deepEqual(mine[1].issues.map((i) => [i.line, i.column, i.path]), [[2, 4, 'n']]);
    const rejected = lines.find((line) => line.msg.startsWith('config change rejected'));
    assert.ok(rejected, 'a log line says the edit was rejected');
    assert.equal(rejected.level, 'error');
    assert.deepEqual(rejected.issues, ['limits.yaml:2:4 n: must be a positive integer']);
    assert.ok(lines.some((line) => line.msg === 'config reloaded' && line.file === 'limits.yaml'));
  });

  test('a file deleted while running is a rejected change: the last good value stays', (t) => {
    const { file, logger, write } = setup(t);
    write('n: 4\n');
    const watched = watchConfigFile({ path: file, parse: parseN, logger });
    t.after(() => watched.close());
    unlinkSync(file);
    assert.equal(watched.reload(), 'rejected');
    assert.equal(watched.current(), 4);
    assert.equal(watched.reload(), 'unchanged', 'still missing: no second rejection');
  });

  test('at start: a broken file throws ConfigFileError; a missing one uses whenMissing, or throws without it', (t) => {
    const { file, logger, write } = setup(t);
    assert.throws(() => watchConfigFile({ path: file, parse: parseN, logger }), ConfigFileError);
    const fallback = watchConfigFile({ path: file, parse: parseN, logger, whenMissing: () => 9 });
    fallback.close();
    assert.equal(fallback.current(), 9);
    write('n: nope\n');
    assert.throws(() => watchConfigFile({ path: file, display: 'limits.yaml', parse: parseN, logger }), /limits\.yaml:1:4 n: must be a positive integer/);
  });

  test('the watcher applies an edit without anyone calling reload()', async (t) => {
    const { file, logger, write } = setup(t);
    write('n: 1\n');
    const watched = watchConfigFile({ path: file, parse: parseN, logger, debounceMs: 10 });
    t.after(() => watched.close());
    const reloaded = nextReload(file);
    write('n: 5\n');
    assert.equal((await reloaded).result, 'success');
    assert.equal(watched.current(), 5);
  });

  test('the watcher rejects a broken edit and keeps the last good value', async (t) => {
    const { file, logger, write } = setup(t);
    write('n: 1\n');
    const watched = watchConfigFile({ path: file, parse: parseN, logger, debounceMs: 10 });
    t.after(() => watched.close());
    const reloaded = nextReload(file);
    write('n: [\n');
    const event = await reloaded;
    assert.equal(event.result, 'failure');
    assert.ok(event.issues[0].line !== null);
    assert.equal(watched.current(), 1);
  });

  test('a file created after start replaces the whenMissing value', async (t) => {
    const { file, logger, write } = setup(t);
    const watched = watchConfigFile({ path: file, parse: parseN, logger, debounceMs: 10, whenMissing: () => 100 });
    t.after(() => watched.close());
    const reloaded = nextReload(file);
    write('n: 7\n');
    assert.equal((await reloaded).result, 'success');
    assert.equal(watched.current(), 7);
  });

  test('a Kubernetes ConfigMap update (the ..data symlink swap) is picked up', async (t) => {
    const { dir, logger } = setup(t);
    // The layout kubelet writes: versioned dirs, ..data -> the current one, the file -> ..data/file.
    mkdirSync(path.join(dir, '..2026_01'));
    writeFileSync(path.join(dir, '..2026_01', 'limits.yaml'), 'n: 1\n');
    symlinkSync('..2026_01', path.join(dir, '..data'));
    symlinkSync(path.join('..data', 'limits.yaml'), path.join(dir, 'limits.yaml'));
    const file = path.join(dir, 'limits.yaml');
    const watched = watchConfigFile({ path: file, parse: parseN, logger, debounceMs: 10 });
    t.after(() => watched.close());
    assert.equal(watched.current(), 1);

    const reloaded = nextReload(file);
    mkdirSync(path.join(dir, '..2026_02'));
    writeFileSync(path.join(dir, '..2026_02', 'limits.yaml'), 'n: 2\n');
    symlinkSync('..2026_02', path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    assert.equal((await reloaded).result, 'success');
    assert.equal(watched.current(), 2);
  });
});
