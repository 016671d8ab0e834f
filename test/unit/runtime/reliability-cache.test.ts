// The per-agent reliability cache: read from the ledger once, then kept current in place as
// outcomes are recorded (newest first, at most `window`), each read seeing every earlier record.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReliabilityCache } from '../../../src/runtime/index.ts';
import { historicalReliabilityAt, type Outcome } from '../../../src/governance/index.ts';
import type { Ledger } from '../../../src/ledger/index.ts';

const NOW = Date.parse('2026-11-26T00:00:00Z');

function ledgerWith(outcomes: Outcome[]): { ledger: Ledger; reads: () => number } {
  let reads = 0;
  const ledger = {
    recentOutcomes: async (_agent: string, limit: number) => {
      reads += 1;
      return outcomes.slice(0, limit).map((outcome, i) => ({ outcome, final_confidence: 80, created_at: new Date(NOW - (i + 1) * 60_000).toISOString() }));
    },
  } as unknown as Ledger;
  return { ledger, reads: () => reads };
}

test('recorded outcomes count at once, newest first, within the window; the ledger is read once', async () => {
  const { ledger, reads } = ledgerWith(['approve', 'approve', 'approve']);
  const cache = new ReliabilityCache(ledger, { window: 4 });
  const before = await cache.reliability('a', NOW);
  assert.equal(before.samples, 3);
  cache.record('a', 'block', 10, NOW);
  cache.record('a', 'block', 10, NOW);
  const after = await cache.reliability('a', NOW);
  assert.equal(after.samples, 4, 'the window holds');
  const expected = historicalReliabilityAt([
    { outcome: 'block', at: NOW }, { outcome: 'block', at: NOW },
    { outcome: 'approve', at: NOW - 60_000 }, { outcome: 'approve', at: NOW - 120_000 },
  ], NOW);
  assert.equal(after.score, expected, 'the two blocks, then the newest approvals');
  assert.ok(after.score < before.score);
  assert.equal(reads(), 1);
});

test("the kill switch's blocks are not the agent's record, and an agent never read is read with the row", async () => {
  const { ledger, reads } = ledgerWith(['approve']);
  const cache = new ReliabilityCache(ledger);
  cache.record('b', 'block', 0, NOW); // not cached yet: nothing to update, the ledger read will include it
  assert.equal(reads(), 0);
  const first = await cache.reliability('b', NOW);
  cache.record('b', 'block', 0, NOW, 'kill_switch');
  assert.deepEqual(await cache.reliability('b', NOW), first);
});
