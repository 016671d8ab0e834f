// The unversioned routes (/health, /metrics, /openapi.json, /docs) and the HTTP core's
// behaviour that every route shares: request ids, 404/405, body parsing and the body limit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startTestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { approvalRoutes, auditRoutes, authRoutes, certifyRoutes, ssoRoutes, judgeRoutes, notificationRoutes, policyRoutes, reviewRoutes, runtimeRoutes, teamRoutes, alertRoutes, analyticsRoutes, reportRoutes } from '../../src/api/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string): void {
  assert.equal(res.status, status);
  assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(res.body.code, code);
  assert.equal(res.body.status, status);
  assert.deepEqual(responseErrors('Problem', res.body), []);
}

test('GET /health: 200, ok, ledger reachable, the active policy version, no caching', async (t) => {
  const gw = await startTestGateway(t);
  const decided = await gw.call('POST', '/v1/runtime/validate', validateBody());
  const res = await gw.call('GET', '/health');
  assert.equal(res.status, 200);
  assert.deepEqual(responseErrors('Health', res.body), []);
  assert.equal(res.body.status, 'ok');
  assert.deepEqual(res.body.ledger, { kind: 'sqlite', reachable: true });
  assert.equal(res.body.policy_version, decided.body.decision.policy_version);
  assert.equal(res.body.kill_switch_active, false);
  assert.equal(res.body.version, gw.version);
  assert.equal(res.headers.get('cache-control'), 'no-store');
});

test('GET /metrics: Prometheus text with HTTP, decision, ledger, kill switch and policy series', async (t) => {
  const gw = await startTestGateway(t);
  const decided = await gw.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(decided.status, 200);
  const res = await gw.call('GET', '/metrics');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  const { outcome, policy_version: policyVersion } = decided.body.decision;
  const tier = decided.body.risk.tier;
  const line = (pattern: RegExp) => assert.match(res.text, pattern, `no line matching ${pattern}`);
  line(/^http_request_duration_seconds_count\{method="POST",route="\/v1\/runtime\/validate",status="200"\} [1-9]\d*$/m);
  line(new RegExp(`^governance_decisions_total\\{stage="validate",outcome="${outcome}",tier="${tier}"\\} [1-9]\\d*$`, 'm'));
  line(/^ledger_append_batch_size_count\{store="sqlite"\} [1-9]\d*$/m);
  line(/^ledger_append_duration_seconds_count\{store="sqlite"\} [1-9]\d*$/m);
  line(/^kill_switch_active 0$/m);
  line(new RegExp(`^policy_version_info\\{policy_version="${policyVersion}",score_version="${decided.body.decision.score_version}"\\} 1$`, 'm'));
});

test('GET /metrics: kill_switch_active follows the switch', async (t) => {
  const gw = await startTestGateway(t);
  const set = await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'incident drill' });
  assert.equal(set.status, 200);
  const res = await gw.call('GET', '/metrics');
  assert.match(res.text, /^kill_switch_active 1$/m);
});

/** Every /v1 route the gateway registers, built the same way start-gateway builds them. */
function registeredV1Routes(): Array<{ method: string; path: string }> {
  const none = {} as never;
  return [...runtimeRoutes(none), ...auditRoutes(none), ...reviewRoutes(none, none), ...approvalRoutes(none), ...authRoutes({ authEnabled: false }), ...policyRoutes(none),
    ...judgeRoutes(none), ...certifyRoutes(none), ...notificationRoutes(none), ...ssoRoutes(none), ...teamRoutes(none), ...analyticsRoutes(none), ...alertRoutes(none), ...reportRoutes(none)]
    .filter((route) => route.path.startsWith('/v1/'))
    .map(({ method, path }) => ({ method, path }));
}

test('GET /openapi.json: OpenAPI 3.1 documenting every /v1 route, with resolvable schemas', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('GET', '/openapi.json');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const doc = res.body;
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, gw.version);

  const routes = registeredV1Routes();
  const areas = new Set(routes.map((r) => r.path.split('/')[2]));
  for (const area of ['runtime', 'audit', 'review', 'auth', 'policy']) assert.ok(areas.has(area), `router has no /v1/${area} route`);
  for (const { method, path } of routes) {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    assert.ok(operation, `${method} ${path} is not in /openapi.json`);
    assert.ok(operation.responses && Object.keys(operation.responses).length > 0, `${method} ${path} documents no response`);
  }
  const documentedV1 = Object.keys(doc.paths).filter((p) => p.startsWith('/v1/'));
  assert.deepEqual(documentedV1.sort(), [...new Set(routes.map((r) => r.path))].sort(), 'documents a /v1 path the router does not serve');
  for (const path of ['/health', '/metrics']) assert.ok(doc.paths[path]?.get, `${path} is not documented`);

  const schemas = doc.components.schemas;
  for (const name of ['ValidateRequest', 'ValidateResponse', 'ProposedAction', 'PreCheckResponse', 'PostCheckRequest',
    'AuditList', 'AuditRecord', 'ChainVerifyReport', 'PiiErasure', 'ReviewQueue', 'ReviewResolution', 'ReviewItemDetail', 'ApprovalGrant', 'Health', 'Problem', 'AuthCheck',
    'PolicyEvaluateRequest', 'PolicyEvaluateResponse', 'JudgeStatus', 'CertifyRequest', 'CertificationResult', 'AgentCertification',
    'RevokeCertificateRequest', 'RevocationResult', 'CertificateStatus', 'Jwks', 'SsoSession', 'SsoLogout', 'SsoAcsForm', 'ReportRequest', 'ReportJob', 'ReportSignature']) {
    assert.ok(schemas[name], `components.schemas.${name} is missing`);
  }
  const refs = [...res.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.length > 10);
  for (const name of refs) assert.ok(schemas[name], `$ref to missing schema ${name}`);
});

test('GET /docs: a local Swagger UI page and its assets; unknown assets are 404', async (t) => {
  const gw = await startTestGateway(t);
  const page = await gw.call('GET', '/docs');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(page.text, /swagger-ui/);
  assert.doesNotMatch(page.text, /https?:\/\/(?!governance)/, 'the docs page must not load anything from a CDN');

  const css = await gw.call('GET', '/docs/swagger-ui.css');
  assert.equal(css.status, 200);
  assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
  assert.match(css.text, /\.swagger-ui/);
  const init = await gw.call('GET', '/docs/init.js');
  assert.equal(init.status, 200);
  assert.match(init.text, /\/openapi\.json/);

  for (const asset of ['nope.js', '..%2Fpackage.json', 'index.html']) {
    assertProblem(await gw.call('GET', `/docs/${asset}`), 404, 'ROUTE_NOT_FOUND');
  }
});

test('SERVICE_ENV=production: /docs and /openapi.json are 404, /health still 200', async (t) => {
  const gw = await startTestGateway(t, { env: { SERVICE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-bytes!' } });
  for (const path of ['/docs', '/openapi.json', '/docs/swagger-ui.css']) {
    assertProblem(await gw.call('GET', path), 404, 'ROUTE_NOT_FOUND');
  }
  const health = await gw.call('GET', '/health');
  assert.equal(health.status, 200);
  assert.equal(health.body.status, 'ok');
});

test('X-Request-Id: echoed when sent, a fresh UUID when not or when unusable, present on errors', async (t) => {
  const gw = await startTestGateway(t);
  const echoed = await gw.call('GET', '/health', undefined, { 'x-request-id': 'trace-abc.123:4' });
  assert.equal(echoed.headers.get('x-request-id'), 'trace-abc.123:4');

  const first = await gw.call('GET', '/health');
  const second = await gw.call('GET', '/health');
  assert.match(first.headers.get('x-request-id') ?? '', UUID);
  assert.notEqual(first.headers.get('x-request-id'), second.headers.get('x-request-id'));

  const unusable = await gw.call('GET', '/health', undefined, { 'x-request-id': 'has spaces and <html>' });
  assert.match(unusable.headers.get('x-request-id') ?? '', UUID);

  const notFound = await gw.call('GET', '/nope', undefined, { 'x-request-id': 'err-1' });
  assert.equal(notFound.headers.get('x-request-id'), 'err-1');
  const invalid = await gw.call('POST', '/v1/runtime/validate', '{', {});
  assert.match(invalid.headers.get('x-request-id') ?? '', UUID);
});

test('unknown route: 404 ROUTE_NOT_FOUND; wrong method: 405 with Allow', async (t) => {
  const gw = await startTestGateway(t);
  for (const path of ['/nope', '/v1/health', '/v1/audit/executions/', '/v2/runtime/validate']) {
    const res = await gw.call('GET', path);
    assertProblem(res, 404, 'ROUTE_NOT_FOUND');
    assert.equal(res.body.instance, path);
  }
  const put = await gw.call('PUT', '/health');
  assertProblem(put, 405, 'METHOD_NOT_ALLOWED');
  assert.equal(put.headers.get('allow'), 'GET');
  const getValidate = await gw.call('GET', '/v1/runtime/validate');
  assertProblem(getValidate, 405, 'METHOD_NOT_ALLOWED');
  assert.equal(getValidate.headers.get('allow'), 'POST');
  const killSwitch = await gw.call('DELETE', '/v1/runtime/kill-switch');
  assert.deepEqual(killSwitch.headers.get('allow')?.split(/,\s*/).sort(), ['GET', 'POST']);
});

const badBodies: Array<[string, string, Record<string, string>, number, string]> = [
  ['malformed JSON', '{"agent_id": ', {}, 400, 'INVALID_JSON'],
  ['an empty body', '', { 'content-type': 'application/json' }, 400, 'INVALID_JSON'],
  ['text/plain', JSON.stringify(validateBody()), { 'content-type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ['form encoding', 'agent_id=a', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ['a JSON array', '[]', {}, 422, 'VALIDATION_FAILED'],
  ['JSON null', 'null', {}, 422, 'VALIDATION_FAILED'],
];

for (const [name, body, headers, status, code] of badBodies) {
  test(`POST /v1/runtime/validate with ${name}: ${status} ${code}`, async (t) => {
    const gw = await startTestGateway(t);
    const res = await gw.call('POST', '/v1/runtime/validate', body === '' ? undefined : body, headers);
    assertProblem(res, status, code);
  });
}

test('a +json media type is accepted as JSON', async (t) => {
  const gw = await startTestGateway(t);
  const res = await gw.call('POST', '/v1/runtime/validate', validateBody(), { 'content-type': 'application/vnd.api+json; charset=utf-8' });
  assert.equal(res.status, 200);
});

interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: any }

/**
 * Sends `chunks` and leaves the request open (never calls end), so a response proves the server
 * answered without waiting for the rest of the body. A server that waited would never answer:
 * the test's timeout turns that into a failure.
 */
function sendWithoutEnding(url: string, headers: Record<string, string | number>, chunks: string[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/v1/runtime/validate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
  });
}

test('body over SERVICE_MAX_BODY_BYTES: 413 as soon as Content-Length says so, before any body arrives', { timeout: 10_000 }, async (t) => {
  const gw = await startTestGateway(t, { env: { SERVICE_MAX_BODY_BYTES: '2048' } });
  const res = await sendWithoutEnding(gw.url, { 'content-length': 1_000_000 }, []);
  assert.equal(res.status, 413);
  assert.equal(res.body.code, 'PAYLOAD_TOO_LARGE');
  assert.equal(res.body.limit_bytes, 2048);
  assert.equal(res.headers.connection, 'close');
  assert.deepEqual(responseErrors('Problem', res.body), []);
});

test('body over SERVICE_MAX_BODY_BYTES: 413 for a chunked body once the limit is crossed, without its end', { timeout: 10_000 }, async (t) => {
  const gw = await startTestGateway(t, { env: { SERVICE_MAX_BODY_BYTES: '2048' } });
  const chunk = 'x'.repeat(1024);
  const res = await sendWithoutEnding(gw.url, {}, [`{"pad":"${chunk}`, chunk, chunk]);
  assert.equal(res.status, 413);
  assert.equal(res.body.code, 'PAYLOAD_TOO_LARGE');
  assert.equal(res.headers.connection, 'close');
});

test('body limit: a body just under the limit is read; one byte over is 413 (fetch, Content-Length)', async (t) => {
  const gw = await startTestGateway(t, { env: { SERVICE_MAX_BODY_BYTES: '2048' } });
  const base = JSON.stringify(validateBody({ output: { answer: 'Ticket T-1001 is open.', ticket: 'T-1001', status: 'open', note: '' } }));
  const padTo = (size: number) => base.replace('"note":""', `"note":"${'n'.repeat(size - base.length)}"`);
  const atLimit = await gw.call('POST', '/v1/runtime/validate', padTo(2048));
  assert.equal(atLimit.status, 200);
  const overLimit = await gw.call('POST', '/v1/runtime/validate', padTo(2049));
  assertProblem(overLimit, 413, 'PAYLOAD_TOO_LARGE');
});

test('GET /openapi.json is a valid OpenAPI 3.1 document (official JSON Schema for OpenAPI)', async (t) => {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const gw = await startTestGateway(t);
  const doc = (await gw.call('GET', '/openapi.json')).body;
  const result = await new Validator().validate(doc);
  assert.equal(result.valid, true, JSON.stringify(result.errors));
});
