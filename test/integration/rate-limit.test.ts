// Rate limits on real servers: thresholds from the sample rate_limits.yaml (70, and 35 for
// payment agents), buckets keyed on X-Agent-ID and never on the body, the shared `unknown`
// bucket, 429 headers, the per-IP limit on /v1/auth/*, and where 429 sits in the lifecycle.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway, type CallResult, type TestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { issueKey } from '../helpers/credentials.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const LIMITS_ON = { RATE_LIMIT_ENABLED: 'true' };

/** A config dir holding `yaml` as rate_limits.yaml. */
function limitsDir(t: TestContext, yaml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-limits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'rate_limits.yaml'), yaml);
  return dir;
}

const SMALL = 'window_seconds: 60\ndefault: {requests_per_minute: 3, burst: 1}\nagent_overrides:\n  "payments-*": {requests_per_minute: 1, burst: 1}\n';

const pay = (gw: TestGateway, agent?: string, extra: Record<string, string> = {}) =>
  gw.call('POST', '/v1/invoicepay/payments', { agent_id: 'body-agent', amount: 1 }, { ...(agent ? { 'x-agent-id': agent } : {}), ...extra });

/** Sends until the first 429 (or `max`) and returns how many got through and the 429. */
async function drain(send: () => Promise<CallResult>, max = 200): Promise<{ admitted: number; limited: CallResult }> {
  for (let admitted = 0; admitted <= max; admitted++) {
    const res = await send();
    if (res.status === 429) return { admitted, limited: res };
  }
  assert.fail(`no 429 after ${max} requests`);
}

function assert429(res: CallResult, bucket: string, limit: number): void {
  assert.equal(res.status, 429, res.text);
  assert.equal(res.body.code, 'RATE_LIMITED');
  assert.deepEqual(responseErrors('Problem', res.body), []);
  assert.equal(res.headers.get('x-ratelimit-agent'), bucket);
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${res.headers.get('retry-after')} is the seconds until a slot frees`);
  assert.equal(res.headers.get('ratelimit-limit'), String(limit));
  assert.equal(res.headers.get('ratelimit-remaining'), '0');
  assert.equal(res.headers.get('ratelimit-reset'), String(retryAfter));
  assert.equal(res.body.limit, limit);
  assert.equal(res.body.bucket, bucket);
  assert.equal(res.body.retry_after_seconds, retryAfter);
}

describe('the sample config/rate_limits.yaml', () => {
  test('POST /v1/invoicepay/payments: 70 per minute per X-Agent-ID, 35 for payments-* agents; limited first, then 404', async (t) => {
    const gw = await startTestGateway(t, { env: LIMITS_ON });
    const first = await pay(gw, 'support-agent-1');
    assert.equal(first.status, 404, 'no handler yet: the request passed the limiter');
    assert.equal(first.headers.get('ratelimit-limit'), '70');
    assert.equal(first.headers.get('ratelimit-remaining'), '69');
    assert.equal(first.headers.get('x-ratelimit-agent'), 'support-agent-1');
    const support = await drain(() => pay(gw, 'support-agent-1'));
    assert.equal(support.admitted + 1, 70);
    assert429(support.limited, 'support-agent-1', 70);

    const payments = await drain(() => pay(gw, 'payments-agent-1'));
    assert.equal(payments.admitted, 35, 'the spec\'s payment-agent override: rate 30 + burst 5');
    assert429(payments.limited, 'payments-agent-1', 35);
    assert.match(payments.limited.body.detail, /More than 35 requests in 60 s for agent "payments-agent-1" on POST \/v1\/invoicepay\/payments/);
  });
});

describe('buckets', () => {
  test('keyed on X-Agent-ID, never the body agent_id; without the header everyone shares "unknown"', async (t) => {
    const gw = await startTestGateway(t, { env: { ...LIMITS_ON, CONFIG_DIR: limitsDir(t, SMALL) } });
    const validate = (bodyAgent: string, header?: string) =>
      gw.call('POST', '/v1/runtime/validate', validateBody({ agent_id: bodyAgent }), header ? { 'x-agent-id': header } : {});
    // Four different body agent ids, no header: one shared bucket of 3 + 1.
    for (const agent of ['support-agent-1', 'support-agent-2', 'support-agent-3', 'support-agent-4']) {
      const res = await validate(agent);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get('x-ratelimit-agent'), 'unknown');
    }
    assert429(await validate('support-agent-5'), 'unknown', 4);
    // The header picks the bucket; the body may even name a payments agent: the default limit applies.
    const byHeader = await drain(() => validate('payments-agent-1', 'support-agent-9'));
    assert.equal(byHeader.admitted, 4);
    // And a payments-* header gets the override whatever the body says.
    const payments = await drain(() => validate('support-agent-1', 'payments-agent-2'));
    assert.equal(payments.admitted, 2);
    assert429(payments.limited, 'payments-agent-2', 2);
    // An unusable header (not an agent id) counts as absent.
    assert429(await validate('support-agent-1', 'has spaces'), 'unknown', 4);
  });

  test('the two limited routes have separate buckets; other routes are never throttled and carry no RateLimit headers', async (t) => {
    const gw = await startTestGateway(t, { env: { ...LIMITS_ON, CONFIG_DIR: limitsDir(t, SMALL) } });
    assert.equal((await drain(() => pay(gw, 'agent-a'))).admitted, 4);
    const validate = await gw.call('POST', '/v1/runtime/validate', validateBody(), { 'x-agent-id': 'agent-a' });
    assert.equal(validate.status, 200);
    for (let i = 0; i < 30; i++) {
      const res = await gw.call('POST', '/v1/runtime/pre-check', { agent_id: 'x', framework: 'REST', action: 'search_kb', params: {}, user: 'u', input: 'i', model: 'm' }, { 'x-agent-id': 'agent-a' });
      assert.notEqual(res.status, 429);
      assert.equal(res.headers.get('ratelimit-limit'), null);
      assert.equal((await gw.call('GET', '/v1/runtime/kill-switch', undefined, { 'x-agent-id': 'agent-a' })).status, 200);
    }
  });
});

describe('/v1/auth/* per client IP', () => {
  test('20 per minute per IP, counted before auth so failed guesses count too', async (t) => {
    const gw = await startTestGateway(t, { env: { ...LIMITS_ON, AUTH_ENABLED: 'true' } });
    const { key } = await issueKey(gw.config.keysPath, 'developer');
    for (let i = 0; i < 19; i++) {
      const guess = await gw.call('GET', '/v1/auth/check', undefined, { authorization: 'Bearer ggk_' + 'x'.repeat(43) });
      assert.equal(guess.status, 401);
      assert.equal(guess.headers.get('ratelimit-remaining'), String(19 - i));
    }
    assert.equal((await gw.call('GET', '/v1/auth/check', undefined, { authorization: `Bearer ${key}` })).status, 200);
    const limited = await gw.call('GET', '/v1/auth/check', undefined, { authorization: `Bearer ${key}` });
    assert429(limited, '127.0.0.1', 20);
    // The agent limits are separate and keyed differently: the runtime is unaffected.
    assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody(), { authorization: `Bearer ${key}` })).status, 200);
  });

  test('X-Forwarded-For is ignored unless the peer is a trusted proxy', async (t) => {
    const untrusting = await startTestGateway(t, { env: LIMITS_ON });
    const spoofed = await drain(() => untrusting.call('GET', '/v1/auth/check', undefined, { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` }));
    assert.equal(spoofed.admitted, 20, 'a fresh X-Forwarded-For per request does not buy a fresh bucket');
    assert.equal(spoofed.limited.headers.get('x-ratelimit-agent'), '127.0.0.1');

    const behindProxy = await startTestGateway(t, { env: { ...LIMITS_ON, TRUSTED_PROXIES: '127.0.0.1' } });
    const client = (ip: string) => () => behindProxy.call('GET', '/v1/auth/check', undefined, { 'x-forwarded-for': `6.6.6.6, ${ip}` });
    const first = await drain(client('198.51.100.1'));
    assert.equal(first.admitted, 20);
    assert.equal(first.limited.headers.get('x-ratelimit-agent'), '198.51.100.1', 'the right-most untrusted hop, not the spoofable left-most');
    assert.equal((await client('198.51.100.2')()).status, 200, 'another client behind the proxy has its own bucket');
  });
});

describe('lifecycle and switches', () => {
  test('401 comes before 429 (unauthenticated calls do not drain a bucket); 429 comes before 422', async (t) => {
    const gw = await startTestGateway(t, { env: { ...LIMITS_ON, AUTH_ENABLED: 'true', CONFIG_DIR: limitsDir(t, SMALL) } });
    const { key } = await issueKey(gw.config.keysPath, 'developer');
    const headers = { authorization: `Bearer ${key}`, 'x-agent-id': 'agent-a' };
    for (let i = 0; i < 10; i++) assert.equal((await gw.call('POST', '/v1/runtime/validate', validateBody(), { 'x-agent-id': 'agent-a' })).status, 401);
    const invalid = validateBody({ execution: {} });
    for (let i = 0; i < 4; i++) assert.equal((await gw.call('POST', '/v1/runtime/validate', invalid, headers)).status, 422);
    assert429(await gw.call('POST', '/v1/runtime/validate', invalid, headers), 'agent-a', 4);
  });

  test('RATE_LIMIT_ENABLED: off by default under SERVICE_ENV=test, on by default in production', async (t) => {
    const off = await startTestGateway(t, { env: { CONFIG_DIR: limitsDir(t, SMALL) } });
    for (let i = 0; i < 10; i++) assert.equal((await pay(off, 'agent-a')).status, 404);
    const production = await startTestGateway(t, { env: { SERVICE_ENV: 'production', AUTH_ENABLED: 'false', CONFIG_DIR: limitsDir(t, SMALL) } });
    assert.equal((await drain(() => pay(production, 'agent-a'))).admitted, 4);
  });

  test('without a rate_limits.yaml the built-in defaults apply (70); a broken one stops start-up naming line and field', async (t) => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'govgate-nolimits-'));
    t.after(() => rmSync(empty, { recursive: true, force: true }));
    const gw = await startTestGateway(t, { env: { ...LIMITS_ON, CONFIG_DIR: empty } });
    assert.equal((await pay(gw, 'payments-agent-1')).headers.get('ratelimit-limit'), '70');
    await assert.rejects(
      startTestGateway(t, { env: { ...LIMITS_ON, CONFIG_DIR: limitsDir(t, 'default:\n  requests_per_minute: 60\n  burst: ten\n') } }),
      (error: Error) => error.name === 'ConfigFileError' && /rate_limits\.yaml:3:10 default\.burst: must be an integer/.test(error.message),
    );
  });
});
