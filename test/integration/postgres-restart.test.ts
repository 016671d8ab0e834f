// The database goes away under a running gateway. On a PostgreSQL server of this test's own
// (stopping the shared one would break the tests running beside it): requests that must be
// recorded fail closed with 503 LEDGER_UNAVAILABLE (never an approval without a record),
// /health says not ready, and the gateway recovers by itself when the database is back, with
// the chain intact. Then the same under load across a restart.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgresLedger } from '../../src/ledger/index.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.ts';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { startValidateLoad } from '../helpers/validate-load.ts';
import { until } from '../helpers/until.ts';

const bin = await postgresBinDir();
const reason = 'PostgreSQL server binaries (initdb, pg_ctl) not found; the restart tests need a server of their own';
if (!bin && process.env.REQUIRE_POSTGRES === '1') throw new Error(`${reason} (REQUIRE_POSTGRES=1)`);
const skip = bin ? false : reason;

async function gatewayOn(t: { after(fn: () => unknown): void }, pg: PrivatePostgres): Promise<GatewayProcess> {
  return startGatewayProcess(t, { DATABASE_URL: pg.url, CHECKPOINT_INTERVAL_SECONDS: '0', FLEET_SYNC_INTERVAL_MS: '200' });
}


describe('PostgreSQL going away under a running gateway', { skip }, () => {
  test('down: 503 LEDGER_UNAVAILABLE and /health not ready; back: it recovers by itself, chain intact', async (t) => {
    const pg = await startPrivatePostgres(t);
    const gw = await gatewayOn(t, pg);
    assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody())).status, 200);

    await pg.stop();
    for (const [method, path, body] of [
      ['POST', '/v1/runtime/validate', validateBody()],
      ['POST', '/v1/runtime/pre-check', preCheckBody()],
      ['GET', '/v1/audit/executions', undefined],
    ] as const) {
      const res = await gw.call(method, path, body);
      assert.equal(res.status, 503, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.code, 'LEDGER_UNAVAILABLE');
      assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.doesNotMatch(res.text, /"outcome"/, 'no decision is returned without its record');
    }
    const health = await gw.call('GET', '/health');
    assert.equal(health.status, 503);
    assert.equal(health.body.status, 'not_ready');
    assert.equal(health.body.ledger.reachable, false);

    await pg.start();
    await until('/health to be ready again', async () => (await gw.call('GET', '/health')).status === 200);
    const after = await gw.call('POST', '/v1/runtime/validate', validateBody());
    assert.equal(after.status, 200);
    const ledger = await openPostgresLedger({ url: pg.url, migrate: false });
    t.after(() => ledger.close());
    const report = await ledger.verify();
    assert.deepEqual([report.valid, report.rows_checked], [true, 2]);
  });

  test('restart during load: only clean 503s, then service resumes; every acknowledged row is kept', async (t) => {
    const pg = await startPrivatePostgres(t);
    const gw = await gatewayOn(t, pg);
    const load = startValidateLoad(gw.url, 8);
    await until('some load before the restart', async () => load.answers.length >= 100);
    const restartedAt = performance.now();
    await pg.restart();
    await until('appends after the restart', async () => load.answers.some((a) => a.at > restartedAt && a.status === 200));
    await sleep(300);
    await load.stop();

    const failures = load.answers.filter((a) => a.status !== 200);
    assert.ok(failures.length > 0, 'the restart was seen by some requests');
    for (const failure of failures) {
      assert.deepEqual([failure.status, failure.code], [503, 'LEDGER_UNAVAILABLE']);
      assert.match(failure.contentType ?? '', /application\/problem\+json/);
    }
    assert.equal(load.networkErrors, 0, 'the gateway itself never dropped a connection');
    const acknowledged = load.answers.filter((a) => a.status === 200).map((a) => a.envelopeId as string);
    const ledger = await openPostgresLedger({ url: pg.url, migrate: false });
    t.after(() => ledger.close());
    for (const id of acknowledged) assert.ok(await ledger.get(id), `acknowledged ${id} is in the ledger`);
    const report = await ledger.verify();
    assert.equal(report.valid, true, report.detail ?? '');
    t.diagnostic(`${load.answers.length} requests: ${acknowledged.length} recorded, ${failures.length} clean 503 during the restart`);
  });
});
