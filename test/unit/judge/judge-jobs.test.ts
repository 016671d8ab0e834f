// The judge's queue on both stores: durable, leased, and on PostgreSQL one replica per job.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgresLedger, openSqliteLedger } from '../../../src/ledger/index.ts';
import { openPostgresJudgeJobs, openSqliteJudgeJobs, type JudgeJobStore } from '../../../src/judge/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip } = await probePostgres();
const NOW = 1_800_000_000_000;


function sqliteStore(t: { after(fn: () => unknown): void }): () => Promise<JudgeJobStore> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-jobs-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'ledger.db');
  return async () => {
    const ledger = openSqliteLedger({ path: file });
    await ledger.close();
    return openSqliteJudgeJobs(file);
  };
}

async function leaseAndRetry(jobs: JudgeJobStore): Promise<void> {
  await jobs.enqueue('e-1', NOW);
  await jobs.enqueue('e-1', NOW);
  await jobs.enqueue('e-2', NOW + 10);
  assert.equal(await jobs.depth(), 2);
  const [first] = await jobs.claim(1, NOW + 10, 1000);
  assert.equal(first.envelope_id, 'e-1');
  assert.equal(first.attempts, 1);
  // e-1 is leased; only e-2 is ready.
  assert.deepEqual((await jobs.claim(10, NOW + 20, 1000)).map((job) => job.envelope_id), ['e-2']);
  assert.deepEqual(await jobs.claim(10, NOW + 30, 1000), []);
  // A lease that ran out (its process died) is claimable again.
  const [again] = await jobs.claim(10, NOW + 1011, 1000);
  assert.deepEqual([again.envelope_id, again.attempts], ['e-1', 2]);
  await jobs.retry(again.id, NOW + 5000, 'judge down');
  assert.deepEqual(await jobs.claim(10, NOW + 2100, 1000).then((list) => list.map((job) => job.envelope_id)), ['e-2']);
  // Run-after reached for e-1; e-2's lease from NOW + 2100 has run out too.
  assert.deepEqual((await jobs.claim(10, NOW + 5000, 1000)).map((job) => job.envelope_id), ['e-1', 'e-2']);
  await jobs.complete(again.id);
  assert.equal(await jobs.depth(), 1);
  // A claim given back (the gateway stopped mid-judgement) is ready at once and counts no attempt.
  await jobs.enqueue('e-3', NOW + 6000);
  const [stopped] = await jobs.claim(1, NOW + 6000, 60_000).then((list) => list.filter((job) => job.envelope_id === 'e-3'));
  assert.equal(stopped.attempts, 1);
  await jobs.release(stopped.id);
  const resumed = (await jobs.claim(10, NOW + 6001, 1000)).find((job) => job.envelope_id === 'e-3');
  assert.deepEqual([resumed?.envelope_id, resumed?.attempts], ['e-3', 1]);
  await jobs.complete(resumed!.id);
}

test('SQLite: one queue per envelope, leases, retries; the queue outlives the connection', async (t) => {
  const open = sqliteStore(t);
  const jobs = await open();
  await leaseAndRetry(jobs);
  await jobs.close();
  const reopened = await open();
  assert.equal(await reopened.depth(), 1);
  await reopened.close();
});

describe('PostgreSQL judge jobs', { skip }, () => {
  test('the same behaviour', async (t) => {
    const db = await createTestSchema(t);
    const ledger = await openPostgresLedger(db.options);
    await ledger.close();
    const jobs = openPostgresJudgeJobs(db.options, () => {});
    t.after(() => jobs.close());
    await leaseAndRetry(jobs);
  });

  test('replicas claiming at once never get the same job (FOR UPDATE SKIP LOCKED)', async (t) => {
    const db = await createTestSchema(t);
    const ledger = await openPostgresLedger(db.options);
    await ledger.close();
    const replicas = Array.from({ length: 4 }, () => openPostgresJudgeJobs(db.options, () => {}));
    t.after(() => Promise.all(replicas.map((replica) => replica.close())));
    for (let i = 0; i < 40; i += 1) await replicas[0].enqueue(`e-${i}`, NOW);
    const claimed = (await Promise.all(replicas.map((replica) => replica.claim(15, NOW, 60_000)))).flat();
    const ids = claimed.map((job) => job.envelope_id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.length, 40);
  });
});
