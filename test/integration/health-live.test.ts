// GET /health/live: the liveness endpoint Kubernetes probes. It answers 200 while the process
// serves HTTP, whatever the ledger does, so a database outage takes pods out of the Service
// (/health: 503) without restarting them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway } from '../helpers/gateway.ts';
import { systemRoutes, type SystemRouteDeps } from '../../src/api/index.ts';
import type { Route } from '../../src/http/index.ts';

test('GET /health/live: 200 "ok" as text, no caching, no credential needed with auth on', async (t) => {
  const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
  const denied = await gw.call('GET', '/v1/auth/check');
  assert.equal(denied.status, 401, 'auth is on');
  const res = await gw.call('GET', '/health/live');
  assert.equal(res.status, 200);
  assert.equal(res.text, 'ok\n');
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(res.headers.get('cache-control'), 'no-store');
});

test('GET /health/live is in /openapi.json as a public operation of the system tag', async (t) => {
  const gw = await startTestGateway(t);
  const doc = (await gw.call('GET', '/openapi.json')).body;
  const operation = doc.paths['/health/live']?.get;
  assert.ok(operation, '/health/live is documented');
  assert.deepEqual(operation.tags, ['system']);
  assert.deepEqual(operation.security, []);
  assert.ok(operation.responses['200'].content['text/plain; charset=utf-8']);
});

test('a closed ledger: /health is 503 not_ready, /health/live stays 200, appends fail closed and are counted', async (t) => {
  const gw = await startTestGateway(t);
  assert.equal((await gw.call('GET', '/health')).status, 200);
  await gw.ledger.close();

  const health = await gw.call('GET', '/health');
  assert.equal(health.status, 503);
  assert.equal(health.body.status, 'not_ready');
  assert.equal(health.body.ledger.reachable, false);
  const live = await gw.call('GET', '/health/live');
  assert.equal(live.status, 200);

  // A kill switch change is an append with no ledger read before it.
  const flipped = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill' });
  assert.equal(flipped.status, 503);
  assert.equal(flipped.body.code, 'LEDGER_UNAVAILABLE');
  const metrics = await gw.call('GET', '/metrics');
  assert.match(metrics.text, /^ledger_append_failures_total\{reason="closed"\} 1$/m);
  assert.match(metrics.text, /^ledger_append_failures_total\{reason="unavailable"\} 0$/m);
});

function handlerOf(routes: Route[], path: string): Route['handler'] {
  const route = routes.find((candidate) => candidate.method === 'GET' && candidate.path === path);
  assert.ok(route, `GET ${path} is registered`);
  return route.handler;
}

test('liveness does not look at the ledger or the shutdown state; readiness does', async () => {
  let reachable = false;
  let shuttingDown = false;
  const deps = {
    ledger: { ping: async () => { if (!reachable) throw new Error('connection refused'); return true; } },
    ledgerKind: 'postgres',
    policies: { current: () => ({ version: 'pol-test' }) },
    killSwitch: { active: false },
    metrics: {},
    version: '0.0.0',
    variant: 'edge',
    isShuttingDown: () => shuttingDown,
    startedAt: Date.now(),
  } as unknown as SystemRouteDeps;
  const routes = systemRoutes(deps);
  const health = handlerOf(routes, '/health');
  const live = handlerOf(routes, '/health/live');
  const ctx = {} as never;

  assert.equal((await health(ctx)).status, 503, 'database down: not ready');
  assert.equal((await live(ctx)).status ?? 200, 200, 'database down: still alive');
  reachable = true;
  assert.equal((await health(ctx)).status, 200);
  shuttingDown = true;
  assert.equal((await health(ctx)).status, 503, 'stopping: not ready');
  assert.equal((await live(ctx)).status ?? 200, 200, 'stopping: still alive, so the graceful stop is not cut short');
  assert.ok(routes.every((route) => route.meta?.public === true), 'every system route is public');
});
