// The outcome reconciler on a real SQLite ledger: each pre-check is read once (a run with nothing
// new reads no pre-check again), the calls still open are looked at again until they are settled
// or recorded, and calls that can never be recorded (an API pre-check, a block, a hold that ran
// out) are let go.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteLedger, type ExecutionQuery, type Ledger, type LedgerEntry } from '../../../src/ledger/index.ts';
import { OutcomeReconciler, outcomeUnknownId, RECONCILE_PAGE } from '../../../src/oversight/index.ts';
import { makeEntry } from '../ledger/ledger-fixtures.ts';

const TIMEOUT_MS = 1000;

/** A sidecar's pre-check: the route's timeout and escalation mode are in its payload. */
const sidecarPreCheck = (overrides: Partial<LedgerEntry> = {}, execution: Record<string, unknown> = {}) => makeEntry({
  kind: 'pre_check', action: 'search_kb', outcome: 'approve',
  payload: { request: { action: 'search_kb' }, sidecar: { route: 'kb', request_id: 'r-1', execution: { timeout_ms: TIMEOUT_MS, on_escalation: 'forward', hold_seconds: null, ...execution } } },
  ...overrides,
});

async function withReconciler(t: { after(fn: () => unknown): void }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-reconciler-'));
  const ledger = openSqliteLedger({ path: path.join(dir, 'ledger.db') });
  t.after(async () => { await ledger.close(); rmSync(dir, { recursive: true, force: true }); });
  const clock = { ms: Date.now() };
  // Every pre-check a query returns, counted: what a run costs.
  const read: ExecutionQuery[] = [];
  let rowsRead = 0;
  const counting = new Proxy(ledger, {
    get(target, property, receiver) {
      if (property !== 'executionPage') return Reflect.get(target, property, receiver);
      return async (query: ExecutionQuery) => {
        read.push(query);
        const items = await target.executionPage(query);
        rowsRead += items.length;
        return items;
      };
    },
  }) as Ledger;
  const reconciler = new OutcomeReconciler(counting, { graceMs: 0, now: () => clock.ms });
  return { ledger, reconciler, clock, rowsRead: () => rowsRead, queries: read };
}

describe('OutcomeReconciler', () => {
  test('reads each pre-check once: a run with nothing new reads only the calls still open', async (t) => {
    const { ledger, reconciler, rowsRead } = await withReconciler(t);
    const settled = RECONCILE_PAGE + 50; // more than a page
    for (let i = 0; i < settled; i++) {
      const pre = await ledger.append(sidecarPreCheck());
      await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: pre.envelope_id, action: 'search_kb' }));
    }
    const running = await ledger.append(sidecarPreCheck());
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 });
    assert.equal(rowsRead(), settled + 1 + 1, 'every pre-check once, then the one open call again');
    assert.equal(reconciler.open, 1);

    const before = rowsRead();
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 });
    assert.equal(rowsRead() - before, 1, 'nothing new: only the open call is read');
    await ledger.append(makeEntry({ kind: 'post_check', parent_envelope_id: running.envelope_id, action: 'search_kb' }));
    await reconciler.run();
    assert.equal(reconciler.open, 0, 'its post-check came: settled');
  });

  test('a call past its deadline is recorded once; one before it waits for a later run', async (t) => {
    const { ledger, reconciler, clock } = await withReconciler(t);
    const lost = await ledger.append(sidecarPreCheck());
    clock.ms = Date.parse(lost.created_at) + TIMEOUT_MS - 1;
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 });
    assert.equal(reconciler.open, 1, 'not yet past its deadline');
    clock.ms += 1;
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 1 });
    const row = await ledger.get(outcomeUnknownId(lost.envelope_id));
    assert.equal(row?.parent_envelope_id, lost.envelope_id);
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 });
    assert.equal(reconciler.open, 0);
  });

  test('what can never be recorded is let go: an API pre-check, a block, an escalation held past its hold', async (t) => {
    const { ledger, reconciler, clock } = await withReconciler(t);
    await ledger.append(makeEntry({ kind: 'pre_check', action: 'search_kb', outcome: 'approve' })); // no sidecar record
    await ledger.append(sidecarPreCheck({ outcome: 'block' }));
    const held = await ledger.append(sidecarPreCheck({ outcome: 'escalate' }, { on_escalation: 'hold', hold_seconds: 60 }));
    clock.ms = Date.parse(held.created_at) + 1000;
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 });
    assert.equal(reconciler.open, 1, 'the held call may still be approved within its hold');
    clock.ms = Date.parse(held.created_at) + 61_000;
    await reconciler.run();
    assert.equal(reconciler.open, 0, 'not approved within its hold: never forwarded');
  });

  test('a held call approved within its hold is forwarded then, and recorded past that deadline', async (t) => {
    const { ledger, reconciler, clock } = await withReconciler(t);
    const held = await ledger.append(sidecarPreCheck({ outcome: 'escalate' }, { on_escalation: 'hold', hold_seconds: 60 }));
    clock.ms = Date.parse(held.created_at) + 10;
    await reconciler.run();
    const verdict = await ledger.append(makeEntry({ kind: 'review', parent_envelope_id: held.envelope_id, outcome: 'approve', reviewer_id: 'user:sam' }));
    clock.ms = Date.parse(verdict.created_at) + TIMEOUT_MS;
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 1 });
  });

  test('a run that starts while the last one is still going skips', async (t) => {
    const { ledger, reconciler, clock } = await withReconciler(t);
    const lost = await ledger.append(sidecarPreCheck());
    clock.ms = Date.parse(lost.created_at) + TIMEOUT_MS;
    const [first, second] = await Promise.all([reconciler.run(), reconciler.run()]);
    assert.deepEqual([first, second], [{ ran: true, recorded: 1 }, { ran: false, recorded: 0 }]);
    assert.deepEqual(await reconciler.run(), { ran: true, recorded: 0 }, 'the next one runs');
  });

  test('a new reconciler (a restart) finds the calls of the last day again', async (t) => {
    const { ledger, clock } = await withReconciler(t);
    const lost = await ledger.append(sidecarPreCheck());
    clock.ms = Date.parse(lost.created_at) + TIMEOUT_MS;
    assert.deepEqual(await new OutcomeReconciler(ledger, { graceMs: 0, now: () => clock.ms }).run(), { ran: true, recorded: 1 });
    assert.deepEqual(await new OutcomeReconciler(ledger, { graceMs: 0, now: () => clock.ms }).run(), { ran: true, recorded: 0 }, 'recorded once, whoever runs');
  });
});
