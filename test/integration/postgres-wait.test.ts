// An edge gateway started before its PostgreSQL answers: it listens at once, stays not ready
// (/health 503 saying why, other routes 503 LEDGER_UNAVAILABLE) while /health/live stays 200,
// retries with backoff, and becomes ready, with its schema migrated, once the database answers.
// The database "comes up" through a TCP proxy that drops connections at first, then forwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { validateBody } from '../helpers/bodies.ts';
import { startSwitchableRelay } from '../helpers/switchable-relay.ts';

const { skip } = await probePostgres();

test('a gateway whose database is not up yet waits (503, live), then becomes ready and migrates', { skip }, async (t) => {
  const schema = await createTestSchema(t);
  const target = new URL(schema.url);
  const proxy = await startSwitchableRelay(t, target.hostname, Number(target.port || 5432));
  const proxied = new URL(schema.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);

  const gw = await startGatewayProcess(t, { ...schema.env, DATABASE_URL: proxied.toString(), GATEWAY_VARIANT: 'edge' });
  assert.match(gw.output(), /"msg":"waiting for the database: not ready until it answers"/);
  const live = await gw.call('GET', '/health/live');
  assert.equal(live.status, 200);
  const health = await gw.call('GET', '/health');
  assert.equal(health.status, 503);
  assert.equal(health.body.status, 'not_ready');
  assert.equal(health.body.ledger.reachable, false);
  assert.match(health.body.reason, /^waiting for the database: /);
  const refused = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, 'LEDGER_UNAVAILABLE');
  const before = await schema.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`, [schema.schema]);
  assert.equal(before.rows[0].n, 0, 'nothing migrated while the database was unreachable');

  proxy.open();
  await new Promise<void>((resolve, reject) => {
    const check = (): void => { if (/"msg":"gateway listening"/.test(gw.output())) resolve(); };
    gw.child.stdout!.on('data', check);
    gw.child.once('exit', (code) => reject(new Error(`the gateway exited (${code}):\n${gw.output()}`)));
    check();
  });
  const ready = await gw.call('GET', '/health');
  assert.equal(ready.status, 200, JSON.stringify(ready.body));
  assert.equal(ready.body.ledger.reachable, true);
  const after = await schema.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`, [schema.schema]);
  assert.ok(after.rows[0].n > 0, 'migrations ran once the database answered');
  const decided = await gw.call('POST', '/v1/runtime/validate', validateBody(), { 'x-agent-id': 'support-agent-1' });
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
});

test('a database that refuses the login is not waited for: one line, exit 1', { skip }, async (t) => {
  const { url } = await probePostgres();
  const wrong = new URL(url);
  wrong.pathname = '/gg_no_such_database';
  await assert.rejects(startGatewayProcess(t, { DATABASE_URL: wrong.toString(), GATEWAY_VARIANT: 'edge' }), (error: Error) => {
    assert.match(error.message, /exited \(1\) before listening/);
    assert.match(error.message, /govgate: PostgreSQL at .*gg_no_such_database.* does not exist; create it/);
    assert.doesNotMatch(error.message, /\n\s+at /);
    return true;
  });
});
