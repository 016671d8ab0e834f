// Hot reload of a policy bundle directory: a good edit swaps the bundle, a bad one is rejected with
// every issue while the last good bundle stays, edits the loader ignores change nothing, and the
// status says what happened. The live-watch test waits for the published event, never a timer.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../../src/config/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { watchPolicyBundle, type PolicyBundle } from '../../../src/policy/index.ts';
import { writeBundle } from './temp-bundle.ts';

const rule = (when: string) => `rules:\n  - id: r1\n    description: d\n    when: ${when}\n    effect: block\n    severity: high\n    message: m\n    mode: enforce\n`;

describe('watchPolicyBundle', () => {
  test('reload(): applied, unchanged, rejected (once), and applied again, with status and events', (t) => {
    const dir = writeBundle(t, {});
    mkdirSync(join(dir, 'rules'));
    const events: ConfigReloadEvent[] = [];
    const listener = (message: unknown) => { if ((message as ConfigReloadEvent).path === resolvePath(dir)) events.push(message as ConfigReloadEvent); };
    diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
    t.after(() => diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener));
    const applied: PolicyBundle[] = [];
    const watch = watchPolicyBundle({ dir, logger: createLogger('silent'), onApply: (bundle) => applied.push(bundle) });
    t.after(() => watch.close());
    const first = watch.current();
    assert.equal(watch.status().last_result, null);

    writeFileSync(join(dir, 'README.md'), 'notes');
    assert.equal(watch.reload(), 'unchanged', 'a file the loader ignores changes nothing');

    writeFileSync(join(dir, 'rules/r.yaml'), rule('tool.name == "ping"'));
    assert.equal(watch.reload(), 'applied');
    const second = watch.current();
    assert.notEqual(second.version, first.version);
    assert.deepEqual(second.rules.map((r) => r.id), ['r1']);
    assert.equal(watch.status().last_result, 'success');

    writeFileSync(join(dir, 'rules/r.yaml'), rule('tool.name == '));
    assert.equal(watch.reload(), 'rejected');
    assert.equal(watch.reload(), 'unchanged', 'the same rejected edit is reported once');
    assert.equal(watch.current(), second, 'the last good bundle stays in force');
    const status = watch.status();
    assert.equal(status.last_result, 'failure');
    assert.equal(status.issues[0].line, 4);
    assert.match(status.issues[0].message, /^CEL syntax error/);
    assert.ok(status.last_success_at !== null && status.last_attempt_at !== null);

    writeFileSync(join(dir, 'rules/r.yaml'), rule('tool.name == "ping"'));
    assert.equal(watch.reload(), 'applied', 'back to the version in force after a rejection is a success');
    assert.equal(watch.current(), second);
    assert.equal(watch.status().last_result, 'success');
    assert.deepEqual(events.map((e) => [e.file, e.result]), [['policies', 'success'], ['policies', 'failure'], ['policies', 'success']]);
    assert.deepEqual(applied.map((b) => b.version), [second.version]);
  });

  test('an edit on disk is picked up by the watcher', async (t) => {
    const dir = writeBundle(t, {});
    mkdirSync(join(dir, 'rules'));
    const watch = watchPolicyBundle({ dir, logger: createLogger('silent'), debounceMs: 20 });
    t.after(() => watch.close());
    const reloaded = new Promise<ConfigReloadEvent>((resolve) => {
      const listener = (message: unknown) => {
        if ((message as ConfigReloadEvent).path !== resolvePath(dir)) return;
        diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener);
        resolve(message as ConfigReloadEvent);
      };
      diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
    });
    writeFileSync(join(dir, 'rules.tmp'), rule('"true"'));
    renameSync(join(dir, 'rules.tmp'), join(dir, 'rules', 'new.yaml'));
    const event = await reloaded;
    assert.equal(event.result, 'success');
    assert.deepEqual(watch.current().rules.map((r) => r.id), ['r1']);
  });
});
