// The security settings in the environment: defaults that depend on SERVICE_ENV, and every bad
// value refused at start-up with the variable's name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { CONFIG_CWD as cwd, issues, load } from './load-config.ts';

const defaults: Array<[string | undefined, boolean, boolean]> = [
  // SERVICE_ENV, AUTH_ENABLED default, RATE_LIMIT_ENABLED default
  ['production', true, true],
  ['staging', false, true],
  ['development', false, false],
  ['dev', false, false],
  ['test', false, false],
  ['PRODUCTION', true, true],
  ['production ', true, true], // a stray space from a hand-written manifest is still production
  [' Production\n', true, true],
  ['', false, false], // empty means development
  [undefined, false, false], // unset means development
];
for (const [serviceEnv, auth, rateLimit] of defaults) {
  test(`SERVICE_ENV=${serviceEnv ?? '(unset)'}: AUTH_ENABLED defaults to ${auth}, RATE_LIMIT_ENABLED to ${rateLimit}`, () => {
    const config = load(serviceEnv === undefined ? {} : { SERVICE_ENV: serviceEnv });
    assert.equal(config.authEnabled, auth);
    assert.equal(config.rateLimitEnabled, rateLimit);
  });
}

test('explicit AUTH_ENABLED and RATE_LIMIT_ENABLED win over the defaults', () => {
  const config = load({ SERVICE_ENV: 'production', AUTH_ENABLED: 'false', RATE_LIMIT_ENABLED: 'no' });
  assert.equal(config.authEnabled, false);
  assert.equal(config.rateLimitEnabled, false);
  assert.deepEqual(issues({ AUTH_ENABLED: 'maybe' }), ['AUTH_ENABLED: "maybe" must be true or false']);
});

test('KEYS_PATH: explicit, else keys.db beside the ledger, :memory: with an in-memory ledger', () => {
  assert.equal(load({ KEYS_PATH: 'secrets/k.db' }).keysPath, path.resolve(cwd, 'secrets/k.db'));
  assert.equal(load({ LEDGER_PATH: '/var/lib/gw/ledger.db' }).keysPath, '/var/lib/gw/keys.db');
  assert.equal(load({}).keysPath, path.resolve(cwd, 'data/keys.db'));
  assert.equal(load({ LEDGER_PATH: ':memory:' }).keysPath, ':memory:');
});

test('JWT settings: defaults, and the checks that keep a token from elsewhere out', () => {
  const config = load({ JWT_SECRET: 'x'.repeat(32) });
  assert.deepEqual(config.jwt, {
    secret: 'x'.repeat(32), jwksUrl: null, issuer: null, audience: null, clockToleranceSeconds: 30, jwksCooldownSeconds: 30,
  });
  assert.ok(Object.isFrozen(config.jwt));
  assert.deepEqual(issues({ JWT_SECRET: 'short' }), ['JWT_SECRET: must be at least 32 bytes (HS256 needs a 256-bit secret)']);
  assert.deepEqual(issues({ JWT_JWKS_URL: 'https://idp.example/jwks.json' }), [
    'JWT_ISSUER: required when JWT_JWKS_URL is set',
    'JWT_AUDIENCE: required when JWT_JWKS_URL is set',
  ]);
  const jwks = { JWT_JWKS_URL: 'http://127.0.0.1:9/jwks', JWT_ISSUER: 'https://idp', JWT_AUDIENCE: 'gw' };
  assert.equal(load(jwks).jwt.jwksUrl, 'http://127.0.0.1:9/jwks', 'plain http is allowed outside production');
  assert.deepEqual(issues({ ...jwks, SERVICE_ENV: 'production' }), ['JWT_JWKS_URL: must be an https:// URL when SERVICE_ENV=production']);
  assert.deepEqual(issues({ ...jwks, JWT_JWKS_URL: 'ftp://idp/jwks' }), ['JWT_JWKS_URL: must be an https:// URL']);
  assert.deepEqual(issues({ ...jwks, JWT_JWKS_URL: 'not a url' }), ['JWT_JWKS_URL: "not a url" is not a URL']);
  assert.deepEqual(issues({ JWT_CLOCK_TOLERANCE_SECONDS: '3600' }), ['JWT_CLOCK_TOLERANCE_SECONDS: "3600" must be an integer from 0 to 300']);
});

test('TRUSTED_PROXIES: IPs and CIDRs, anything else named', () => {
  assert.deepEqual(load({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustedProxies, ['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  assert.deepEqual(load({}).trustedProxies, []);
  assert.deepEqual(issues({ TRUSTED_PROXIES: '10.0.0.0/33,localhost,1.2.3.4/x' }), [
    'TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR (e.g. 10.0.0.0/8)',
    'TRUSTED_PROXIES: "localhost" is not an IP address or CIDR (e.g. 10.0.0.0/8)',
    'TRUSTED_PROXIES: "1.2.3.4/x" is not an IP address or CIDR (e.g. 10.0.0.0/8)',
  ]);
});

test('RATE_LIMIT_MAX_KEYS: default 10000, bounded', () => {
  assert.equal(load({}).rateLimitMaxKeys, 10_000);
  assert.deepEqual(issues({ RATE_LIMIT_MAX_KEYS: '5' }), ['RATE_LIMIT_MAX_KEYS: "5" must be an integer from 100 to 10000000']);
});

test('SERVICE_MAX_BODY_VALUES: default 50000, bounded', () => {
  assert.equal(load({}).maxBodyValues, 50_000);
  assert.equal(load({ SERVICE_MAX_BODY_VALUES: '250000' }).maxBodyValues, 250_000);
  for (const bad of ['0', '99', 'many', '2.5', '200000000']) {
    assert.deepEqual(issues({ SERVICE_MAX_BODY_VALUES: bad }), [`SERVICE_MAX_BODY_VALUES: "${bad}" must be an integer from 100 to 100000000`]);
  }
});
