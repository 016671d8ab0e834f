// Contract cases for what both stores keep beside the rows: the head, signed checkpoints (stored,
// listed, audited against the chain) and exclusive jobs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditCheckpoints, checkpointHead, GENESIS_HASH } from '../../../src/ledger/index.ts';
import { appendInOrder, makeEntry, signer, withLedger, type OpenLedger } from './ledger-fixtures.ts';

export function checkpointCases(open: OpenLedger): void {
  test('head() is the genesis head when empty, then the newest row', () => withLedger(open, async (ledger) => {
    assert.deepEqual(await ledger.head(), { seq: 0, hash: GENESIS_HASH });
    const rows = await appendInOrder(ledger, [makeEntry(), makeEntry()]);
    assert.deepEqual(await ledger.head(), { seq: 2, hash: rows[1].hash });
  }));

  test('checkpoints are stored once per seq and listed newest first', () => withLedger(open, async (ledger) => {
    const key = await signer();
    const rows = await appendInOrder(ledger, [makeEntry(), makeEntry(), makeEntry()]);
    const first = await key.sign({ seq: 2, hash: rows[1].hash }, new Date('2030-01-01T00:00:00Z'));
    const second = await key.sign({ seq: 3, hash: rows[2].hash }, new Date('2030-01-01T00:05:00Z'));
    assert.equal(await ledger.addCheckpoint(first), true);
    assert.equal(await ledger.addCheckpoint(second), true);
    assert.equal(await ledger.addCheckpoint({ ...first, jws: second.jws }), false, 'a second checkpoint at the same seq is ignored');
    assert.deepEqual(await ledger.checkpoints({ limit: 10, offset: 0 }), [second, first]);
    assert.deepEqual(await ledger.checkpoints({ limit: 1, offset: 1 }), [first]);
    await assert.rejects(ledger.addCheckpoint({ ...first, head_hash: 'not hex' }), { code: 'LEDGER_INVALID_ARGUMENT' });
    await assert.rejects(ledger.checkpoints({ limit: -1, offset: 0 }), { code: 'LEDGER_INVALID_ARGUMENT' });
  }));

  test('checkpointHead signs the head once; the audit accepts it with the key and refuses other keys', () => withLedger(open, async (ledger) => {
    const key = await signer();
    assert.equal(await checkpointHead(ledger, key), undefined, 'nothing to sign on an empty chain');
    const rows = await appendInOrder(ledger, [makeEntry(), makeEntry()]);
    const checkpoint = await checkpointHead(ledger, key);
    assert.deepEqual([checkpoint?.seq, checkpoint?.head_hash, checkpoint?.key_id], [2, rows[1].hash, key.keyId]);
    assert.equal(await checkpointHead(ledger, key), undefined, 'the head did not move');
    await ledger.append(makeEntry());
    assert.equal((await checkpointHead(ledger, key))?.seq, 3);

    const audit = await auditCheckpoints(ledger, [key.publicJwk]);
    assert.deepEqual([audit.valid, audit.checkpoints_checked, audit.newest_verified_seq], [true, 2, 3]);
    const stranger = await signer();
    const refused = await auditCheckpoints(ledger, [stranger.publicJwk]);
    assert.deepEqual([refused.valid, refused.problem, refused.checkpoint_seq], [false, 'unknown_key', 3]);
  }));

  test('a checkpoint whose seq the chain does not reach is reported', () => withLedger(open, async (ledger) => {
    const key = await signer();
    const [row] = await appendInOrder(ledger, [makeEntry()]);
    await ledger.addCheckpoint(await key.sign({ seq: 5, hash: row.hash }, new Date()));
    const audit = await auditCheckpoints(ledger, [key.publicJwk]);
    assert.deepEqual([audit.valid, audit.problem, audit.checkpoint_seq], [false, 'row_missing', 5]);
    await ledger.addCheckpoint(await key.sign({ seq: 1, hash: 'f'.repeat(64) }, new Date()));
    const wrong = await auditCheckpoints(ledger, [key.publicJwk], { limit: 10 });
    assert.equal(wrong.valid, false);
  }));

  test('runExclusive runs the job and returns its value', () => withLedger(open, async (ledger) => {
    assert.deepEqual(await ledger.runExclusive('retention', async () => 42), { ran: true, value: 42 });
    await assert.rejects(ledger.runExclusive('checkpoint', async () => { throw new Error('job failed'); }), /job failed/);
    assert.deepEqual(await ledger.runExclusive('checkpoint', async () => 'again'), { ran: true, value: 'again' });
  }));
}
