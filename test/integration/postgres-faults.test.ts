// Faults with a real PostgreSQL server and real gateway processes: a gateway killed with
// SIGKILL in the middle of its load loses nothing it acknowledged, and the chain it shared with
// another process still verifies and keeps growing.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgresLedger } from '../../src/ledger/index.ts';
import { validateBody } from '../helpers/bodies.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { startValidateLoad } from '../helpers/validate-load.ts';

const { skip } = await probePostgres();

describe('PostgreSQL ledger faults', { skip }, () => {
  test('kill -9 of a gateway mid-load: every row it acknowledged is in the ledger and the chain verifies', async (t) => {
    const db = await createTestSchema(t);
    const env = { ...db.env, CHECKPOINT_INTERVAL_SECONDS: '0' };
    const [victim, survivor] = await Promise.all([startGatewayProcess(t, env), startGatewayProcess(t, env)]);
    const victimLoad = startValidateLoad(victim.url, 16);
    const survivorLoad = startValidateLoad(survivor.url, 4);
    // Kill once the victim has acknowledged a good number of appends, i.e. mid-load.
    while (victimLoad.answers.filter((a) => a.status === 200).length < 200) await sleep(10);
    await victim.kill9();
    await victimLoad.stop();
    await sleep(200); // the survivor keeps appending after the death
    await survivorLoad.stop();

    const acknowledged = [...victimLoad.answers, ...survivorLoad.answers].filter((a) => a.status === 200).map((a) => a.envelopeId as string);
    assert.ok(acknowledged.length >= 200);
    const { rows } = await db.query('SELECT envelope_id FROM ledger WHERE envelope_id = ANY($1::text[])', [acknowledged]);
    assert.equal(rows.length, acknowledged.length, 'every acknowledged validate has its row');
    assert.ok(survivorLoad.answers.every((a) => a.status === 200), 'the other process never noticed');

    const ledger = await openPostgresLedger({ ...db.options, migrate: false });
    t.after(() => ledger.close());
    const report = await ledger.verify();
    assert.equal(report.valid, true, report.detail ?? '');
    const after = await survivor.call('POST', '/v1/runtime/validate', validateBody());
    assert.equal(after.status, 200);
    t.diagnostic(`killed after ${victimLoad.answers.filter((a) => a.status === 200).length} acknowledged appends (${victimLoad.networkErrors} requests cut off); chain of ${report.rows_checked} rows valid`);
  });
});
