// The periodic roll-up runs in small batches with pauses between them (so a live gateway's ledger
// commits go on between batches): whatever the batch size and pause, and whether it runs on the
// insight connection or the ledger's writer thread, every row is counted exactly once and the
// figures are those of one batch over all rows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config/index.ts';
import { newEnvelopeId, openLedgerDatabase, openSqliteLedger, type LedgerEntry } from '../../../src/ledger/index.ts';
import { sqliteInsightDb } from '../../../src/insight/insight-db.ts';
import { nextSliceRows, Rollup, WriterThreadRollup } from '../../../src/insight/analytics/rollup.ts';
import { throughWriteGate } from '../../../src/ledger/sqlite/sqlite-write-gate.ts';
import { startWriterThread } from '../../../src/ledger/sqlite/sqlite-ledger-writer.ts';

const OUTCOMES = ['approve', 'block', 'escalate'] as const;

function entry(i: number): LedgerEntry {
  return {
    envelope_id: newEnvelopeId(), parent_envelope_id: null, kind: 'validate', agent_id: `agent-${i % 3}`, action: `tool-${i % 4}`,
    outcome: OUTCOMES[i % 3], risk_tier: 'low', risk_score: 1, final_confidence: 99, policy_version: 'pol-1', score_version: 'score-1',
    reviewer_id: null, review_deadline: null, payload: { response: { latency_ms: i % 7 } },
  };
}

const FIGURES = `SELECT agent_id, action, outcome, SUM(calls) AS calls, SUM(gateway_ms_sum) AS ms FROM analytics_hours
  GROUP BY agent_id, action, outcome ORDER BY agent_id, action, outcome`;

async function rolledUp(batchRows: number, pauseRatio: number, rows: number, factsSliceMs?: number) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-batches-')), 'ledger.db');
  const ledger = openSqliteLedger({ path: file });
  const db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }), file);
  try {
    for (let i = 0; i < rows; i++) await ledger.append(entry(i));
    const report = await new Rollup(db, { batchRows, pauseRatio, factsSliceMs }).run();
    const figures = await db.all(FIGURES);
    return { report, figures, again: await new Rollup(db, { batchRows, pauseRatio }).run() };
  } finally {
    await db.close();
    await ledger.close();
  }
}

test('small batches with pauses count every row once: the same figures as one batch', async () => {
  const whole = await rolledUp(10_000, 0, 97);
  const small = await rolledUp(10, 1, 97);
  assert.equal(whole.report.rows, 97);
  assert.equal(small.report.rows, 97);
  assert.equal(small.report.through_seq, whole.report.through_seq);
  assert.deepEqual(small.figures, whole.figures);
  assert.equal(whole.figures.reduce((sum, row) => sum + Number(row.calls), 0) > 0, true);
  assert.equal(small.again.rows, 0, 'a second round finds nothing new');
});

test('a batch\'s facts computed in slices of any size: the same figures as one slice a batch', async () => {
  const oneSliceEach = await rolledUp(10, 0, 150); // 10 rows a batch: under the first slice's 32
  for (const factsSliceMs of [0, Number.POSITIVE_INFINITY]) {
    // 0: 32 rows, then one row a slice; Infinity: 32, 64, 128 ... rows a slice.
    const sliced = await rolledUp(10_000, 0, 150, factsSliceMs);
    assert.deepEqual(sliced.report, oneSliceEach.report);
    assert.deepEqual(sliced.figures, oneSliceEach.figures, `factsSliceMs ${factsSliceMs}`);
    assert.equal(sliced.again.rows, 0);
  }
  const calls = oneSliceEach.figures.reduce((sum, row) => sum + Number(row.calls), 0);
  assert.equal(calls, 150, 'every row counted once');
});

test('nextSliceRows: about the target time a slice, at most twice the last slice, 1 to 4,096 rows', () => {
  const cases: Array<[current: number, rows: number, elapsedMs: number, targetMs: number, next: number]> = [
    [32, 32, 0.5, 1, 64], // half the target: twice as many, no more
    [32, 32, 0.1, 1, 64], // far under: still only twice
    [64, 64, 2, 1, 32], // twice the target: half as many
    [64, 64, 64, 1, 1], // 1 ms a row: one row a slice
    [64, 64, 1000, 1, 1], // slower still: never 0
    [4096, 4096, 0.5, 1, 4096], // the cap
    [50, 0, 5, 1, 50], // an empty slice (a gap in seq) says nothing: unchanged
    [32, 32, 0, 1, 64], // too fast to time: as if 0.001 ms
    [32, 32, 1, 0, 1], // target 0: one row a slice
  ];
  for (const [current, rows, elapsedMs, targetMs, next] of cases) {
    assert.equal(nextSliceRows(current, rows, elapsedMs, targetMs), next, `${current} ${rows} ${elapsedMs} ${targetMs}`);
  }
});

test('two rounds at once on one connection: each row counted once (a transaction and its before steps are not interleaved with another\'s)', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-concurrent-')), 'ledger.db');
  const ledger = openSqliteLedger({ path: file });
  const db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }), file);
  try {
    for (let i = 0; i < 150; i++) await ledger.append(entry(i));
    const [a, b] = await Promise.all([
      new Rollup(db, { batchRows: 40, pauseRatio: 0, factsSliceMs: 0 }).run(),
      new Rollup(db, { batchRows: 40, pauseRatio: 0, factsSliceMs: 0 }).run(),
    ]);
    assert.equal(a.rows + b.rows, 150);
    assert.deepEqual(await db.all(FIGURES), (await rolledUp(10, 0, 150)).figures);
  } finally {
    await db.close();
    await ledger.close();
  }
});

test('ANALYTICS_ROLLUP_BATCH_ROWS: by default 100 on a SQLite ledger, 500 on PostgreSQL; bounded', () => {
  assert.equal(loadConfig({ LEDGER_PATH: ':memory:' }).insight.rollupBatchRows, 100);
  assert.equal(loadConfig({}).insight.rollupBatchRows, 100);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://gateway@db.internal/ledger' }).insight.rollupBatchRows, 500);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://gateway@db.internal/ledger', ANALYTICS_ROLLUP_BATCH_ROWS: '100' }).insight.rollupBatchRows, 100);
  assert.equal(loadConfig({ LEDGER_PATH: ':memory:', ANALYTICS_ROLLUP_BATCH_ROWS: '20000' }).insight.rollupBatchRows, 20_000);
  for (const bad of ['50', 'many', '2000000']) {
    assert.throws(() => loadConfig({ LEDGER_PATH: ':memory:', ANALYTICS_ROLLUP_BATCH_ROWS: bad }), /ANALYTICS_ROLLUP_BATCH_ROWS/);
  }
});

test('SQLite: the batch is read and its facts computed before the write transaction; only the upserts hold the write lock', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-lock-')), 'ledger.db');
  const ledger = openSqliteLedger({ path: file });
  const connection = openLedgerDatabase(file, { migrate: false });
  // Each statement the roll-up runs, with whether its connection was in a transaction then.
  const seen: Array<[string, boolean]> = [];
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const all = statement.all.bind(statement);
    statement.all = ((...args: never[]) => {
      seen.push([sql.trim().split(/\s+/).slice(0, 3).join(' '), connection.isTransaction]);
      return all(...args);
    }) as typeof statement.all;
    return statement;
  }) as typeof connection.prepare;
  const db = sqliteInsightDb(connection, file);
  try {
    for (let i = 0; i < 100; i++) await ledger.append(entry(i));
    // Another writer of the file asks for the gate while the first slice of facts is computed.
    let asked = false;
    const insert = connection.prepare.bind(connection);
    connection.prepare = ((sql: string) => {
      const statement = insert(sql);
      if (!sql.startsWith('INSERT INTO temp.analytics_batch')) return statement;
      const all = statement.all.bind(statement);
      statement.all = ((...args: never[]) => {
        if (!asked) {
          asked = true;
          void throughWriteGate(file, () => { seen.push(['another writer', connection.isTransaction]); });
        }
        return all(...args);
      }) as typeof statement.all;
      return statement;
    }) as typeof connection.prepare;
    assert.equal((await new Rollup(db, { batchRows: 100, factsSliceMs: 0 }).run()).rows, 100);
    const inTransaction = (prefix: string) => [...new Set(seen.filter(([sql]) => sql.startsWith(prefix)).map(([, tx]) => tx))];
    assert.deepEqual(inTransaction('CREATE TEMP TABLE'), [false], 'the table: made with no write lock');
    assert.deepEqual(inTransaction('INSERT INTO temp.analytics_batch'), [false], 'facts: computed with no write lock');
    assert.deepEqual(inTransaction('INSERT INTO analytics_minutes'), [true]);
    assert.deepEqual(inTransaction('UPDATE analytics_rollup'), [true]);
    const order = seen.map(([sql]) => sql);
    const slices = order.flatMap((sql, i) => (sql.startsWith('INSERT INTO temp.analytics_batch') ? [i] : []));
    assert.ok(slices.length > 1, `one batch's facts in several slices (${slices.length})`);
    const other = order.indexOf('another writer');
    assert.ok(other > slices[0]! && other < slices.at(-1)!, 'the other writer went between two slices, not after the batch');
  } finally {
    await db.close();
    await ledger.close();
  }
});

// A SQLite file's live gateway rolls up on the ledger's writer thread (Ledger.runRollup), between
// its commits: the same figures, while appends keep coming, and a clear failure when it cannot run.
test('SQLite file: the writer thread rolls up between commits, appends going on, with the figures of a round on the insight connection', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-writer-')), 'ledger.db');
  const ledger = openSqliteLedger({ path: file });
  const db = sqliteInsightDb(openLedgerDatabase(file, { migrate: false }), file);
  try {
    assert.equal(typeof ledger.runRollup, 'function');
    for (let i = 0; i < 60; i++) await ledger.append(entry(i));
    const rollup = new WriterThreadRollup(db, ledger.runRollup!, { batchRows: 7, pauseRatio: 1 });
    const bounded = await rollup.run(20);
    assert.deepEqual(bounded, { ran: true, rows: 20, through_seq: 20 }, 'maxRows bounds a round');
    // A round and appends at once: the appends commit between the round's batches.
    const appends = Array.from({ length: 37 }, (_, k) => ledger.append(entry(60 + k)));
    const [round] = await Promise.all([rollup.run(), ...appends]);
    assert.equal(round.ran, true);
    const rest = await rollup.run();
    assert.equal(round.rows + rest.rows, 77, 'every row after the first round, once');
    assert.equal(rest.through_seq, 97);
    assert.equal(await rollup.throughSeq(), 97);
    assert.equal((await ledger.verify()).valid, true, 'the chain is whole: no append was lost to a roll-up transaction');
    const figures = await db.all(`SELECT agent_id, action, outcome, SUM(calls) AS calls, SUM(gateway_ms_sum) AS ms FROM analytics_hours
      GROUP BY agent_id, action, outcome ORDER BY agent_id, action, outcome`);
    assert.deepEqual(figures, (await rolledUp(10_000, 0, 97)).figures);
  } finally {
    await db.close();
    await ledger.close();
  }
});

test('SQLite file: a writer-thread round on a closed ledger is refused (LEDGER_CLOSED); a round whose thread dies rejects', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-writer-closed-'));
  const ledger = openSqliteLedger({ path: path.join(dir, 'ledger.db') });
  await ledger.append(entry(0));
  const runRollup = ledger.runRollup!;
  await ledger.close();
  await assert.rejects(runRollup({ maxRows: 10, batchRows: 10, pauseRatio: 0 }), { code: 'LEDGER_CLOSED' });
  const writer = startWriterThread(dir, undefined); // a directory: the thread cannot open it and dies
  await assert.rejects(writer.rollUp!({ maxRows: 10, batchRows: 10, pauseRatio: 0 }), /writer thread stopped/);
  await writer.close();
});

test('the in-memory ledger and the same-thread writer have no writer-thread roll-up (the insight connection rolls up)', async () => {
  const memory = openSqliteLedger({ path: ':memory:' });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'govgate-rollup-main-')), 'ledger.db');
  const sameThread = openSqliteLedger({ path: file, writer: 'main' });
  try {
    assert.equal(memory.runRollup, undefined);
    assert.equal(sameThread.runRollup, undefined);
  } finally {
    await memory.close();
    await sameThread.close();
  }
});
