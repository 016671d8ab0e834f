// The shared limiter's fallback without a Redis server: the local share per process and its
// rounding, fail_closed as 503, and the status /health shows. The Redis side is tested against
// a real server in test/integration/rate-limit-redis.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSharedLimiter, localShare, type RedisWindow } from '../../../src/ratelimit/index.ts';
import { ApiError } from '../../../src/http/index.ts';
import { createLogger } from '../../../src/observability/index.ts';

const down: RedisWindow = { admit: () => Promise.reject(new Error('connect ECONNREFUSED')), ready: false, close: async () => {} };
const options = { url: 'redis://unused', keyPrefix: 'p:', timeoutMs: 100, maxKeys: 100, logger: createLogger('silent') };

test('the local share is the threshold divided among the replicas, rounded up (never 0 for a positive threshold)', () => {
  const table: Array<[number, number, number]> = [[70, 1, 70], [70, 2, 35], [70, 3, 24], [7, 2, 4], [1, 5, 1], [0, 3, 0]];
  for (const [threshold, replicas, share] of table) assert.equal(localShare(threshold, replicas), share, `${threshold}/${replicas}`);
});

test('local fallback: admits the share in this process, then refuses; status says Redis is unreachable', async () => {
  const limiter = createSharedLimiter({ ...options, fallback: 'local', fleetReplicas: 3 }, down);
  const decisions = [];
  for (let i = 0; i < 5; i++) decisions.push(await limiter.admit('k', 1000 + i, 60_000, 10));
  assert.deepEqual(decisions.map((d) => d.allowed), [true, true, true, true, false]);
  assert.equal(decisions[0].threshold, 4);
  assert.deepEqual(limiter.status(), {
    store: 'redis', redis_reachable: false, fallback: 'local', fleet_replicas: 3, fallback_decisions: 5, last_error: 'connect ECONNREFUSED',
  });
});

test('fail_closed: 503 RATE_LIMIT_UNAVAILABLE with Retry-After, counted', async () => {
  const limiter = createSharedLimiter({ ...options, fallback: 'fail_closed', fleetReplicas: 1 }, down);
  await assert.rejects(limiter.admit('k', 0, 60_000, 10), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'RATE_LIMIT_UNAVAILABLE');
    assert.equal(error.headers?.['retry-after'], '1');
    return true;
  });
  assert.equal(limiter.status().fallback_decisions, 1);
});

test('Redis answering again: its decision is used and the status recovers', async () => {
  let up = false;
  const flaky: RedisWindow = {
    admit: (_key, _window, threshold) => up ? Promise.resolve({ allowed: true, threshold, remaining: threshold - 1, resetMs: 60_000 }) : Promise.reject(new Error('down')),
    get ready() { return up; },
    close: async () => {},
  };
  const limiter = createSharedLimiter({ ...options, fallback: 'local', fleetReplicas: 2 }, flaky);
  assert.equal((await limiter.admit('k', 0, 60_000, 10)).threshold, 5);
  up = true;
  assert.equal((await limiter.admit('k', 1, 60_000, 10)).threshold, 10);
  assert.equal(limiter.status().redis_reachable, true);
});
