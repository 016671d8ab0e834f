// The backstop polls of hot-reloaded sources share one timer per interval (an idle gateway wakes
// once per interval, not once per watched file), each poll still runs every interval, one that
// throws does not stop the others, and the backstop still applies an edit no watch event announced.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchConfigFile, parseLocatedYaml, ConfigFileError } from '../../../src/config/index.ts';
import { pollEvery, runningPollTimers } from '../../../src/config/shared-poll.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { nextConfigReload } from '../../helpers/config-reload.ts';

/** Resolves once `done()` holds (checked every 5 ms), or rejects after 5 s. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('pollEvery', () => {
  test('polls of one interval share one timer; another interval gets its own; the last one out stops it', () => {
    const before = runningPollTimers();
    const stops = [pollEvery(7_001, () => {}), pollEvery(7_001, () => {}), pollEvery(7_001, () => {})];
    assert.equal(runningPollTimers(), before + 1);
    const other = pollEvery(7_002, () => {});
    assert.equal(runningPollTimers(), before + 2);
    other();
    stops[0]!();
    stops[1]!();
    assert.equal(runningPollTimers(), before + 1, 'one poll is left on the timer');
    stops[2]!();
    assert.equal(runningPollTimers(), before);
    stops[2]!(); // removing twice changes nothing
    assert.equal(runningPollTimers(), before);
  });

  test('every poll runs each interval, a poll that throws does not stop the others, a removed one no longer runs', async () => {
    const runs = { a: 0, b: 0, thrower: 0 };
    const stopA = pollEvery(10, () => { runs.a += 1; });
    const stopThrower = pollEvery(10, () => { runs.thrower += 1; throw new Error('boom'); });
    const stopB = pollEvery(10, () => { runs.b += 1; });
    await until('three rounds of every poll', () => runs.a >= 3 && runs.b >= 3 && runs.thrower >= 3);
    stopA();
    const a = runs.a;
    const b = runs.b;
    await until('two more rounds of b', () => runs.b >= b + 2);
    assert.equal(runs.a, a, 'a removed poll does not run again');
    stopB();
    stopThrower();
  });

  test('the same function registered twice runs twice, and each registration is removed on its own', async () => {
    let runs = 0;
    const poll = (): void => { runs += 1; };
    const first = pollEvery(10, poll);
    const second = pollEvery(10, poll);
    await until('both registrations to run', () => runs >= 4);
    first();
    const after = runs;
    await until('the second registration to run on', () => runs >= after + 2);
    second();
  });
});

describe('the backstop poll of a watched file', () => {
  test('applies an edit before the watch event would (the watch debounce is a minute, the poll 20 ms)', async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-poll-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'limits.yaml');
    const write = (text: string) => {
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    };
    const parse = (text: string, display: string): number => {
      const yaml = parseLocatedYaml(text, display);
      const n = (yaml.value as { n?: unknown } | null)?.n;
      if (typeof n !== 'number') throw new ConfigFileError([yaml.issue(['n'], 'must be a number')]);
      return n;
    };
    write('n: 1\n');
    const watched = watchConfigFile({ path: file, parse, logger: createLogger('error', () => {}), debounceMs: 60_000, pollMs: 20 });
    t.after(() => watched.close());
    const reloaded = nextConfigReload({ path: file });
    write('n: 2\n');
    assert.equal((await reloaded).result, 'success');
    assert.equal(watched.current(), 2);
  });
});
