// Fleet settings in the environment: CENTRAL_GATEWAY_URL + CENTRAL_GATEWAY_TOKEN make an edge
// gateway (a sidecar) record through the central gateway instead of a database; REDIS_URL and
// RATE_LIMIT_REDIS_* turn on the shared rate limiter. Every bad value is refused by name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issues, load } from './load-config.ts';

const EDGE = { GATEWAY_VARIANT: 'edge' };

test('CENTRAL_GATEWAY_URL selects the central ledger for a sidecar; the base URL keeps its path without a trailing slash', () => {
  assert.deepEqual(load({ ...EDGE, CENTRAL_GATEWAY_URL: 'http://governance-gateway.gov.svc:8000/', CENTRAL_GATEWAY_TOKEN: 'gk_x' }).ledger, {
    kind: 'central', url: 'http://governance-gateway.gov.svc:8000', token: 'gk_x',
  });
  assert.equal(load({ ...EDGE, CENTRAL_GATEWAY_URL: 'https://gw.example/gateway/', CENTRAL_GATEWAY_TOKEN: 't' }).ledger.kind, 'central');
  assert.deepEqual((load({ ...EDGE, CENTRAL_GATEWAY_URL: 'https://gw.example/gateway/', CENTRAL_GATEWAY_TOKEN: 't' }).ledger as { url: string }).url, 'https://gw.example/gateway');
});

test('without REDIS_URL there is no shared limiter; with it, the defaults', () => {
  assert.equal(load({}).sharedRateLimit, null);
  assert.deepEqual(load({ REDIS_URL: 'redis://redis.gov.svc:6379/0' }).sharedRateLimit, {
    url: 'redis://redis.gov.svc:6379/0', keyPrefix: 'govgate:rl:', fallback: 'local', fleetReplicas: 1, timeoutMs: 250,
  });
  assert.deepEqual(load({ REDIS_URL: 'rediss://r:6380', RATE_LIMIT_REDIS_FALLBACK: 'fail_closed', RATE_LIMIT_FLEET_REPLICAS: '3', RATE_LIMIT_REDIS_PREFIX: 'prod:', RATE_LIMIT_REDIS_TIMEOUT_MS: '100' }).sharedRateLimit, {
    url: 'rediss://r:6380', keyPrefix: 'prod:', fallback: 'fail_closed', fleetReplicas: 3, timeoutMs: 100,
  });
});

const refused: Array<[Record<string, string>, RegExp]> = [
  [{ ...EDGE, CENTRAL_GATEWAY_URL: 'http://central:8000' }, /CENTRAL_GATEWAY_TOKEN: required/],
  [{ ...EDGE, CENTRAL_GATEWAY_URL: 'http://central:8000', CENTRAL_GATEWAY_TOKEN: 't', DATABASE_URL: 'postgres://h/db' }, /CENTRAL_GATEWAY_URL and DATABASE_URL: set one of them/],
  [{ CENTRAL_GATEWAY_URL: 'http://central:8000', CENTRAL_GATEWAY_TOKEN: 't' }, /only an edge gateway/],
  [{ ...EDGE, CENTRAL_GATEWAY_URL: 'central:8000', CENTRAL_GATEWAY_TOKEN: 't' }, /CENTRAL_GATEWAY_URL: must be an http/],
  [{ ...EDGE, CENTRAL_GATEWAY_URL: 'not a url', CENTRAL_GATEWAY_TOKEN: 't' }, /CENTRAL_GATEWAY_URL: "not a url" is not a URL/],
  [{ ...EDGE, CENTRAL_GATEWAY_URL: 'http://u:p@central:8000', CENTRAL_GATEWAY_TOKEN: 't' }, /without credentials/],
  [{ REDIS_URL: 'http://redis:6379' }, /REDIS_URL: "http:" is not redis: or rediss:/],
  [{ REDIS_URL: 'nope' }, /REDIS_URL: not a URL/],
  [{ REDIS_URL: 'redis://r', RATE_LIMIT_REDIS_FALLBACK: 'open' }, /RATE_LIMIT_REDIS_FALLBACK: "open" is not one of local, fail_closed/],
  [{ REDIS_URL: 'redis://r', RATE_LIMIT_FLEET_REPLICAS: '0' }, /RATE_LIMIT_FLEET_REPLICAS: "0" must be an integer from 1/],
  [{ REDIS_URL: 'redis://r', RATE_LIMIT_REDIS_PREFIX: 'a b' }, /RATE_LIMIT_REDIS_PREFIX/],
];

for (const [env, expected] of refused) {
  test(`refused: ${JSON.stringify(env)}`, () => {
    assert.ok(issues(env).some((issue) => expected.test(issue)), issues(env).join('\n'));
  });
}
