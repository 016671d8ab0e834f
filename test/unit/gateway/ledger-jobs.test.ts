// The scheduled retention job: on its interval it expires payloads and deletes the metadata past
// METADATA_YEARS (signing the anchor when checkpoints are on), and logs what it did. Timers are
// mocked, so nothing waits for a real minute.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/index.ts';
import { startLedgerJobs } from '../../../src/gateway/ledger-jobs.ts';
import { loadCheckpointSigner, openSqliteLedger } from '../../../src/ledger/index.ts';
import { createLogger } from '../../../src/observability/index.ts';
import { appendInOrder, makeEntry } from '../ledger/ledger-fixtures.ts';

test('the retention job deletes the prefix past METADATA_YEARS, signs the anchor and logs the report', async (t) => {
  const now = new Date('2040-01-01T00:00:00.000Z');
  let clock = new Date('2030-01-01T00:00:00.000Z');
  const ledger = openSqliteLedger({ path: ':memory:', now: () => clock });
  t.after(() => ledger.close());
  const rows = await appendInOrder(ledger, [makeEntry(), makeEntry(), makeEntry()]);
  clock = new Date('2039-12-01T00:00:00.000Z');
  await ledger.append(makeEntry());

  const config = loadConfig({ LEDGER_PATH: ':memory:', RETENTION_INTERVAL_MINUTES: '1', CHECKPOINT_INTERVAL_SECONDS: '0' }, {}, process.cwd());
  const signer = await loadCheckpointSigner({ generatedKeyPath: null });
  const lines: string[] = [];
  t.mock.timers.enable({ apis: ['setInterval'] });
  const jobs = startLedgerJobs({ config, ledger, signer, logger: createLogger('info', (line) => lines.push(line)), now: () => now });
  t.mock.timers.tick(60_000);
  await jobs.close();

  const logged = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'retention' || line.message === 'retention');
  assert.ok(logged, lines.join(''));
  assert.deepEqual(
    [logged.metadata_rows_deleted, logged.first_seq, logged.anchor_seq, logged.anchor_hash, logged.anchor_checkpoint_seq, logged.payloads_expired],
    [3, 4, 3, rows[2].hash, 3, 3],
  );
  assert.deepEqual((await ledger.checkpoints({ limit: 5, offset: 0 })).map((c) => c.seq), [3]);
  const report = await ledger.verify();
  assert.deepEqual([report.valid, report.anchored_at_seq, report.rows_checked], [true, 3, 1]);
});
