// The report job store on both databases: one claim per job however many replicas ask, a lease
// that returns the job of a replica that died, and a replica that lost its lease unable to
// overwrite the work of the one that took the job over.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { migratePostgresSchema, openLedgerDatabase } from '../../../src/ledger/index.ts';
import { openPostgresReportJobs, openSqliteReportJobs, type ReportJobStore, type ReportRequest } from '../../../src/reports/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip: noPostgres } = await probePostgres();
const REQUEST: ReportRequest = { period: { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' }, scope: { kind: 'all' }, formats: ['json'] };
const ID = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

async function stores(t: TestContext, kind: 'sqlite' | 'postgres'): Promise<[ReportJobStore, ReportJobStore]> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-report-jobs-'));
    const file = path.join(dir, 'ledger.db');
    openLedgerDatabase(file).close();
    const pair: [ReportJobStore, ReportJobStore] = [openSqliteReportJobs(file), openSqliteReportJobs(file)];
    t.after(async () => {
      await Promise.all(pair.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    });
    return pair;
  }
  const db = await createTestSchema(t);
  await migratePostgresSchema(db.options);
  const pair: [ReportJobStore, ReportJobStore] = [openPostgresReportJobs(db.options, () => {}), openPostgresReportJobs(db.options, () => {})];
  t.after(() => Promise.all(pair.map((store) => store.close())));
  return pair;
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`report jobs (${kind})`, { skip: kind === 'postgres' ? noPostgres : false }, () => {
    test('each job is claimed once, oldest first; none left to claim after', async (t) => {
      const [a, b] = await stores(t, kind);
      await a.create({ id: ID[0], request: REQUEST, requested_by: 'api_key:k1' }, 1000);
      await a.create({ id: ID[1], request: REQUEST, requested_by: 'api_key:k1' }, 2000);
      const claims = await Promise.all([a.claim(3000, 60_000), b.claim(3000, 60_000), a.claim(3000, 60_000), b.claim(3000, 60_000)]);
      const ids = claims.filter((job) => job !== undefined).map((job) => job!.id).sort();
      assert.deepEqual(ids, ID);
      const job = await b.get(ID[0]);
      assert.deepEqual([job!.status, job!.attempts, job!.request, job!.requested_by], ['running', 1, REQUEST, 'api_key:k1']);
    });

    test('a lease that runs out returns the job; the replica that lost it can no longer touch it', async (t) => {
      const [a, b] = await stores(t, kind);
      await a.create({ id: ID[0], request: REQUEST, requested_by: 'api_key:k1' }, 1000);
      const first = await a.claim(1000, 10_000);
      assert.equal(first!.attempts, 1);
      assert.equal(await b.claim(5000, 10_000), undefined, 'still leased');
      assert.equal(await a.heartbeat(ID[0], 1, 40, 5000, 10_000), true, 'the holder renews');
      assert.equal(await b.claim(12_000, 10_000), undefined, 'renewed until 15000');
      const second = await b.claim(16_000, 10_000);
      assert.equal(second!.attempts, 2, 'the lease ran out: taken over');
      assert.equal(await a.heartbeat(ID[0], 1, 50, 16_500, 10_000), false);
      const file = { format: 'json' as const, content: Buffer.from('{"stale":true}'), sha256: 'a'.repeat(64), signature: 'x.y.z' };
      assert.equal(await a.finish(ID[0], 1, [file], 17_000), false, 'the first replica cannot finish it');
      assert.equal(await b.finish(ID[0], 2, [{ ...file, content: Buffer.from('{"fresh":true}') }], 17_000), true);
      const done = await a.get(ID[0]);
      assert.deepEqual([done!.status, done!.progress, done!.finished_at], ['done', 100, 17_000]);
      assert.equal((await a.file(ID[0], 'json'))!.content.toString(), '{"fresh":true}');
      assert.deepEqual(await a.files(ID[0]), [{ format: 'json', sha256: 'a'.repeat(64), signature: 'x.y.z', size: 14 }]);
      assert.equal(await a.file(ID[0], 'pdf'), undefined);
      await a.fail(ID[0], 2, 'too late', 18_000);
      assert.equal((await a.get(ID[0]))!.status, 'done', 'a finished job does not fail afterwards');
    });

    test('a failed job keeps its reason and is not claimed again', async (t) => {
      const [a] = await stores(t, kind);
      await a.create({ id: ID[0], request: REQUEST, requested_by: 'anonymous' }, 1000);
      const job = await a.claim(1000, 10_000);
      await a.fail(ID[0], job!.attempts, 'more than 3 ledger rows in scope', 2000);
      const failed = await a.get(ID[0]);
      assert.deepEqual([failed!.status, failed!.error], ['failed', 'more than 3 ledger rows in scope']);
      assert.equal(await a.claim(1_000_000, 10_000), undefined);
    });
  });
}
