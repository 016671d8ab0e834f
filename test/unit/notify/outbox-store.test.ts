// The outbox on both stores: idempotent enqueue, leases (a crashed process's row comes back), a
// settle fenced by its lease, requeue of dead or failed rows only, listing, counts, retention;
// on PostgreSQL, replicas claiming at once never share a row.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgresLedger, openSqliteLedger } from '../../../src/ledger/index.ts';
import type { NewDelivery, OutboxStore } from '../../../src/notify/outbox-store.ts';
import { openSqliteOutbox } from '../../../src/notify/sqlite-outbox.ts';
import { openPostgresOutbox } from '../../../src/notify/postgres-outbox.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';

const { skip } = await probePostgres();
const NOW = 1_800_000_000_000;

const row = (n: number, webhook = 'a'): NewDelivery => ({
  id: `00000000-0000-8000-8000-${String(n).padStart(12, '0')}`, event_id: `event-${n}`, event: n % 2 ? 'review.created' : 'kill_switch.changed',
  webhook, source_id: `source-${n}`, payload: JSON.stringify({ n }),
});

async function behaviour(store: OutboxStore): Promise<void> {
  assert.equal(await store.enqueue([row(1), row(2)], NOW), 2);
  assert.equal(await store.enqueue([row(1), row(3)], NOW + 1), 1, 'an existing id adds nothing');
  const [first] = await store.claim(1, NOW + 10, 1000);
  assert.deepEqual([first.id, first.status, first.attempts, first.locked_until], [row(1).id, 'delivering', 1, NOW + 1010]);
  assert.deepEqual((await store.claim(10, NOW + 20, 1000)).map((d) => d.id).sort(), [row(2).id, row(3).id]);
  assert.deepEqual(await store.claim(10, NOW + 30, 1000), [], 'leased rows are not handed out twice');

  // The process holding row 1 died: after its lease another claim takes it; the old holder's settle is refused.
  const [again] = await store.claim(10, NOW + 1011, 1000);
  assert.deepEqual([again.id, again.attempts], [row(1).id, 2]);
  assert.equal(await store.settle(first.id, first.locked_until!, { outcome: 'delivered', status: 200, error: null, next_attempt_at: NOW }, NOW + 1012), false);
  assert.equal(await store.settle(again.id, again.locked_until!, { outcome: 'failed', status: 503, error: 'x'.repeat(5000), next_attempt_at: NOW + 5000 }, NOW + 1013), true);
  const failed = (await store.get(row(1).id))!;
  assert.deepEqual([failed.status, failed.last_status, failed.last_error!.length, failed.next_attempt_at, failed.locked_until], ['failed', 503, 1000, NOW + 5000, null]);
  assert.deepEqual((await store.claim(10, NOW + 4999, 1000)).map((d) => d.id).sort(), [row(2).id, row(3).id], 'rows 2 and 3: leases ran out');
  const [retry] = await store.claim(10, NOW + 5000, 1000);
  assert.deepEqual([retry.id, retry.attempts], [row(1).id, 3]);
  assert.equal(await store.settle(retry.id, retry.locked_until!, { outcome: 'dead', status: 503, error: 'gave up', next_attempt_at: NOW + 5001 }, NOW + 5001), true);

  assert.equal(await store.requeue(row(2).id, NOW + 5500), false, 'a delivering row is not requeued');
  assert.equal(await store.requeue(row(1).id, NOW + 5500), true);
  const requeued = (await store.get(row(1).id))!;
  assert.deepEqual([requeued.status, requeued.attempts, requeued.next_attempt_at], ['pending', 0, NOW + 5500]);
  assert.equal(await store.get('00000000-0000-8000-8000-999999999999'), undefined);

  const [latest] = await store.claim(10, NOW + 5500, 1000);
  assert.equal(latest.id, row(1).id);
  await store.settle(latest.id, latest.locked_until!, { outcome: 'delivered', status: 204, error: null, next_attempt_at: NOW + 5501 }, NOW + 5501);
  const delivered = (await store.get(row(1).id))!;
  assert.deepEqual([delivered.status, delivered.delivered_at, delivered.attempts], ['delivered', NOW + 5501, 1]);

  const all = await store.list({ limit: 10, offset: 0 });
  assert.deepEqual([all.total, all.items.map((d) => d.id)], [3, [row(3).id, row(2).id, row(1).id]], 'most recent first');
  assert.deepEqual((await store.list({ status: 'delivered', limit: 10, offset: 0 })).items.map((d) => d.id), [row(1).id]);
  assert.deepEqual((await store.list({ event: 'kill_switch.changed', limit: 10, offset: 0 })).items.map((d) => d.id), [row(2).id]);
  assert.deepEqual((await store.list({ webhook: 'b', limit: 10, offset: 0 })).total, 0);
  assert.deepEqual((await store.list({ limit: 1, offset: 1 })).items.map((d) => d.id), [row(2).id]);
  assert.deepEqual(await store.counts(), { pending: 0, delivering: 2, delivered: 1, failed: 0, dead: 0 });
  assert.equal(await store.prune(NOW + 1), 1, 'only the delivered row queued before the cut-off');
  assert.equal(await store.prune(NOW + 100_000), 0, 'rows still owed are never pruned');
}

describe('notification outbox', () => {
  test('SQLite: the behaviour, and the rows outlive the connection', async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-outbox-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'ledger.db');
    await openSqliteLedger({ path: file }).close();
    const store = openSqliteOutbox(file);
    await behaviour(store);
    await store.close();
    const reopened = openSqliteOutbox(file);
    assert.equal((await reopened.list({ limit: 10, offset: 0 })).total, 2);
    await reopened.close();
  });

  describe('PostgreSQL', { skip }, () => {
    test('the same behaviour', async (t) => {
      const db = await createTestSchema(t);
      await (await openPostgresLedger(db.options)).close();
      const store = openPostgresOutbox(db.options, () => {});
      t.after(() => store.close());
      await behaviour(store);
    });

    test('replicas claiming at once never get the same row (FOR UPDATE SKIP LOCKED)', async (t) => {
      const db = await createTestSchema(t);
      await (await openPostgresLedger(db.options)).close();
      const replicas = Array.from({ length: 4 }, () => openPostgresOutbox(db.options, () => {}));
      t.after(() => Promise.all(replicas.map((replica) => replica.close())));
      await replicas[0].enqueue(Array.from({ length: 40 }, (_, i) => row(i + 1)), NOW);
      const claimed = (await Promise.all(replicas.map((replica) => replica.claim(15, NOW, 60_000)))).flat();
      const ids = claimed.map((d) => d.id);
      assert.equal(ids.length, 40);
      assert.equal(new Set(ids).size, 40);
    });
  });
});
