// Every main-thread writer of the SQLite ledger file takes turns at the write gate. An analytics
// transaction holds the file's write lock across awaits; a judge job, report job or SSO session
// written meanwhile on another connection must wait for it on a promise. Without the gate the
// write waits in SQLite's busy handler, synchronously, so the event loop that would let the
// analytics transaction commit is blocked: after busy_timeout (5 s) it fails "database is locked".

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openLedgerDatabase, openSqliteLedger } from '../../../src/ledger/index.ts';
import { sqliteInsightDb } from '../../../src/insight/insight-db.ts';
import { openSqliteJudgeJobs } from '../../../src/judge/index.ts';
import { openSqliteReportJobs, reportRequestOf } from '../../../src/reports/index.ts';
import { openSqliteSsoStore } from '../../../src/sso/index.ts';

const NOW = 1_800_000_000_000;

async function ledgerFile(t: { after(fn: () => unknown): void }): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-gate-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'ledger.db');
  await (openSqliteLedger({ path: file })).close();
  return file;
}

/**
 * Opens an analytics transaction that writes, then awaits (as the roll-up does between its
 * statements); while it is open, starts `write`. Returns the order things finished in.
 */
async function writeDuringAnalyticsTransaction(file: string, write: () => Promise<unknown>): Promise<string[]> {
  const insight = sqliteInsightDb(openLedgerDatabase(file), file);
  const order: string[] = [];
  try {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => { inside = resolve; });
    const transaction = insight.transaction(async (tx) => {
      await tx.all("UPDATE analytics_rollup SET updated_at = 'held' WHERE id = 1");
      inside();
      await sleep(300);
      await tx.all("UPDATE analytics_rollup SET updated_at = 'released' WHERE id = 1");
      order.push('analytics committed');
    });
    await opened;
    const written = write().then(() => { order.push('write done'); });
    await Promise.all([transaction, written]);
    return order;
  } finally {
    await insight.close();
  }
}

describe('main-thread SQLite writers and an analytics transaction held across an await', () => {
  test('a judge job is written after the transaction, not refused "database is locked"', async (t) => {
    const file = await ledgerFile(t);
    const jobs = openSqliteJudgeJobs(file);
    t.after(() => jobs.close());
    const order = await writeDuringAnalyticsTransaction(file, () => jobs.enqueue('env-1', NOW));
    assert.deepEqual(order, ['analytics committed', 'write done']);
    assert.equal(await jobs.depth(), 1);
    // The claim (a transaction of its own) and the settling writes go through the gate too.
    let claimed: Awaited<ReturnType<typeof jobs.claim>> = [];
    await writeDuringAnalyticsTransaction(file, async () => { claimed = await jobs.claim(1, NOW, 1000); });
    assert.deepEqual(claimed.map((job) => job.envelope_id), ['env-1']);
    await writeDuringAnalyticsTransaction(file, () => jobs.retry(claimed[0].id, NOW + 10, 'judge timed out'));
    await writeDuringAnalyticsTransaction(file, () => jobs.complete(claimed[0].id));
    assert.equal(await jobs.depth(), 0);
  });

  test('a report job is written after the transaction', async (t) => {
    const file = await ledgerFile(t);
    const jobs = openSqliteReportJobs(file);
    t.after(() => jobs.close());
    const request = reportRequestOf({ period: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' } }, Date.parse('2026-03-01T00:00:00Z'));
    const id = '00000000-0000-4000-8000-000000000001';
    const order = await writeDuringAnalyticsTransaction(file, () => jobs.create({ id, request, requested_by: 'key:test' }, NOW));
    assert.deepEqual(order, ['analytics committed', 'write done']);
    assert.equal((await jobs.get(id))?.status, 'queued');
    let claimed: Awaited<ReturnType<typeof jobs.claim>>;
    await writeDuringAnalyticsTransaction(file, async () => { claimed = await jobs.claim(NOW, 60_000); });
    assert.equal(claimed!.id, id);
    await writeDuringAnalyticsTransaction(file, () => jobs.heartbeat(id, claimed!.attempts, 50, NOW, 60_000));
    assert.equal((await jobs.get(id))?.progress, 50);
  });

  test('an SSO session is written after the transaction', async (t) => {
    const file = await ledgerFile(t);
    const store = openSqliteSsoStore(file);
    t.after(() => store.close());
    const session = {
      id_hash: 'h-1', subject: 'ada@example.com', name_id: 'ada@example.com', name_id_format: null, session_index: null,
      tier: 'operator', teams: ['payments'], roles: [], created_at: NOW, expires_at: NOW + 3_600_000, revoked_at: null,
    };
    const order = await writeDuringAnalyticsTransaction(file, () => store.createSession(session));
    assert.deepEqual(order, ['analytics committed', 'write done']);
    assert.equal((await store.findSession('h-1', NOW))?.subject, 'ada@example.com');
    await writeDuringAnalyticsTransaction(file, () => store.revokeSession('h-1', NOW + 1));
    assert.equal(await store.findSession('h-1', NOW + 2), undefined);
  });
});
