// Fleet sync with PostgreSQL: a bundle applied by one gateway process makes the others re-read
// their own policies/, and a process that still differs afterwards says so; a kill switch
// flipped by one process reaches the others' KillSwitch through NOTIFY.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/index.ts';
import { startFleetSync } from '../../../src/gateway/index.ts';
import { openPostgresLedger } from '../../../src/ledger/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import type { PolicyBundle, PolicyBundleWatch } from '../../../src/policy/index.ts';
import { KillSwitch } from '../../../src/runtime/index.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../../helpers/postgres.ts';

const { skip } = await probePostgres();

/** A policy watch whose reload() moves to `onDisk` (what this process's policies/ holds). */
function fakeWatch(version: string) {
  let current = version;
  const state = { onDisk: version, reloads: 0 };
  let reloaded: () => void = () => {};
  const watch = {
    current: () => ({ version: current }) as PolicyBundle,
    reload: () => { state.reloads += 1; current = state.onDisk; reloaded(); return { ok: true } as never; },
    status: () => ({}) as never,
    close: () => {},
  } as unknown as PolicyBundleWatch;
  return { watch, state, nextReload: () => new Promise<void>((resolve) => { reloaded = resolve; }) };
}

async function member(t: { after(fn: () => unknown): void }, db: TestSchema, version: string) {
  const config = loadConfig({ DATABASE_URL: db.url, PG_SCHEMA: db.schema, LEDGER_PATH: ':memory:' });
  const ledger = await openPostgresLedger({ ...db.options });
  const killSwitch = await KillSwitch.load(ledger);
  const lines: string[] = [];
  const logger = createLogger('info', (line) => { lines.push(line); });
  const policy = fakeWatch(version);
  const sync = startFleetSync({ config, ledger, killSwitch, policyWatch: policy.watch, logger });
  t.after(async () => { await sync.close(); await ledger.close(); });
  return { sync, killSwitch, policy, lines };
}

/** The LISTEN connections come up asynchronously; an announcement before that would go unheard. */
async function connected(...members: Array<{ sync: { connected: boolean } }>): Promise<void> {
  for (let i = 0; i < 500 && !members.every((m) => m.sync.connected); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(members.every((m) => m.sync.connected), 'the signal connections came up');
}

/** Fails instead of hanging when a NOTIFY never arrives. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within 10 s`)), 10_000).unref())]);
}

describe('fleet sync over LISTEN/NOTIFY', { skip }, () => {
  test('a policy version applied elsewhere triggers a re-read here; a lasting difference is logged', async (t) => {
    const db = await createTestSchema(t);
    const a = await member(t, db, 'pol-1');
    const b = await member(t, db, 'pol-1');
    await connected(a, b);

    b.policy.state.onDisk = 'pol-2'; // b's policies/ already holds the new bundle
    const reloaded = b.policy.nextReload();
    a.sync.announcePolicy({ version: 'pol-2' } as PolicyBundle);
    await within(reloaded, 'the re-read');
    assert.equal(b.policy.watch.current().version, 'pol-2');
    assert.equal(a.policy.state.reloads, 0, 'the announcing process ignores its own message');

    const again = b.policy.nextReload();
    a.sync.announcePolicy({ version: 'pol-3' } as PolicyBundle); // b's disk does not have it
    await within(again, 'the second re-read');
    assert.match(b.lines.join(''), /another gateway process enforces a different policy version.*"ours":"pol-2".*"theirs":"pol-3"/);
  });

  test('a kill switch flipped by one process is applied by the other without a restart', async (t) => {
    const db = await createTestSchema(t);
    const a = await member(t, db, 'pol-1');
    const b = await member(t, db, 'pol-1');
    await connected(a, b);
    await a.killSwitch.set({ active: true, reason: 'drill', actor: 'sre' }, { policy_version: 'pol-1', score_version: 's-1' });
    for (let i = 0; i < 200 && !b.killSwitch.active; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(b.killSwitch.active, true);
    assert.equal(b.killSwitch.state.reason, 'drill');
    assert.match(b.lines.join(''), /kill switch changed by another gateway process/);
  });
});
