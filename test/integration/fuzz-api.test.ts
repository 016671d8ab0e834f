// Fuzzing the gateway and a sidecar route on real sockets: bodies generated from the request
// schemas, then the same bodies with a trick in them (duplicate keys, non-finite and inexact
// numbers, deep nesting, NUL, lone surrogates, __proto__ / constructor keys, huge strings,
// wrong content types). Whatever arrives: never a 500, never a hang, the server stays up, every
// error is problem+json, and a trick never buys a decision the plain request would not get.
// Bounded: fixed numRuns, a timeout on every request.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import { arbitraryFor } from '../helpers/schema-arbitrary.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { SCHEMAS } from '../../src/schemas/index.ts';

const REQUEST_TIMEOUT_MS = 10_000;

interface Answer { status: number; type: string; body: any }

async function send(base: string, path: string, body: string | Uint8Array, contentType: string | null = 'application/json'): Promise<Answer> {
  const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
  const res = await fetch(base + path, { method: 'POST', body: typeof body === 'string' ? new TextEncoder().encode(body) : body, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, body: type.includes('json') ? JSON.parse(text) : text };
}

function assertSane(answer: Answer, what: string): void {
  assert.notEqual(answer.status, 500, `${what}: 500 ${JSON.stringify(answer.body)}`);
  assert.ok(answer.status < 500 || answer.status === 503, `${what}: ${answer.status}`);
  if (answer.status >= 400) {
    assert.equal(answer.type, 'application/problem+json', `${what}: ${answer.status} as ${answer.type}`);
    assert.equal(typeof answer.body.code, 'string', what);
  }
}

/** A trick that is not refused may make a decision stricter, never more lenient. */
const PERMISSIVENESS: Readonly<Record<string, number>> = { block: 0, request_evidence: 1, escalate: 1, approve: 2 };

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

/** A trick: rewrites the JSON text of a pre-check body; `refused` says the gateway must refuse it (4xx) whatever the rest says. */
interface Trick { name: string; apply: (body: Record<string, any>) => { text: string; contentType?: string | null }; refused: boolean }

const tricks: fc.Arbitrary<Trick> = fc.oneof(
  fc.constantFrom<Trick>(
    { name: 'duplicate amount, over the cap first', refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"amount":', '"amount":25000,"amount":') }) },
    { name: 'duplicate agent_id', refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"agent_id":', '"agent_id":"orchestrator-1","agent_id":') }) },
    { name: '__proto__ in params', refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"params":{', '"params":{"__proto__":{"amount":1},') }) },
    { name: 'no content type', refused: true, apply: (b) => ({ text: JSON.stringify(b), contentType: null }) },
    { name: 'text/plain', refused: true, apply: (b) => ({ text: JSON.stringify(b), contentType: 'text/plain' }) },
    { name: 'charset=utf-16', refused: true, apply: (b) => ({ text: JSON.stringify(b), contentType: 'application/json; charset=utf-16' }) },
    { name: 'lone surrogate in action', refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"action":"', '"action":"\\ud800') }) },
    { name: 'NUL in action', refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"action":"', '"action":"\\u0000') }) },
    { name: 'NUL at the end of the input text', refused: false, apply: (b) => ({ text: JSON.stringify({ ...b, input: `${b.input}\u0000` }) }) },
    { name: 'constructor member in params', refused: false, apply: (b) => ({ text: JSON.stringify(b).replace('"params":{', '"params":{"constructor":{"prototype":{"amount":1}},') }) },
  ),
  fc.constantFrom('1e309', '-1e309', '1e-400', '9007199254740993', '10000.0000000000000001', '1' + '0'.repeat(400)).map<Trick>((literal) => ({
    name: `amount ${literal.slice(0, 24)}`, refused: true, apply: (b) => ({ text: JSON.stringify(b).replace(/"amount":[^,}]+/, `"amount":${literal}`) }),
  })),
  fc.integer({ min: 65, max: 5000 }).map<Trick>((n) => ({
    name: `nesting ${n} deep in params`, refused: true, apply: (b) => ({ text: JSON.stringify(b).replace('"params":{', `"params":{"x":${deep(n)},`) }),
  })),
  fc.integer({ min: 100_000, max: 1_000_000 }).map<Trick>((n) => ({
    name: `a ${n}-character memo`, refused: false, apply: (b) => ({ text: JSON.stringify({ ...b, user: 'x'.repeat(n) }) }),
  })),
);

describe('fuzz: the /v1 API', () => {
  let gw: TestGateway;
  before(async () => { gw = await startTestGateway(undefined); });
  after(() => gw.close());

  for (const name of ['ProposedAction', 'ValidateRequest', 'PostCheckRequest', 'KillSwitchRequest'] as const) {
    const path = { ProposedAction: '/v1/runtime/pre-check', ValidateRequest: '/v1/runtime/validate', PostCheckRequest: '/v1/runtime/post-check', KillSwitchRequest: '/v1/runtime/kill-switch' }[name];
    test(`bodies generated from ${name}: never a 500, errors are problem+json`, { timeout: 60_000 }, async () => {
      await fc.assert(fc.asyncProperty(arbitraryFor(SCHEMAS[name] as Record<string, unknown>), async (body) => {
        // The kill switch is exercised with active: false only, so the other properties run ungated.
        if (name === 'KillSwitchRequest') (body as { active: boolean }).active = false;
        assertSane(await send(gw.url, path, JSON.stringify(body)), `${name} ${JSON.stringify(body).slice(0, 200)}`);
      }), { numRuns: 25 });
    });
  }

  test('a trick never buys a better decision than the plain request gets', { timeout: 60_000 }, async () => {
    let n = 0;
    const amounts = fc.constantFrom(50, 1200, 7500, 12000, 25000);
    await fc.assert(fc.asyncProperty(tricks, amounts, async (trick, amount) => {
      n++;
      // Two fresh agents: the plain and the tricked call see the same (empty) history.
      const plain = preCheckBody({ agent_id: `payments-fuzz-${n}-a`, params: { invoice_id: 'INV-20260042', amount, currency: 'EUR' } });
      const tricked = { ...plain, agent_id: `payments-fuzz-${n}-b` };
      const expected = await send(gw.url, '/v1/runtime/pre-check', JSON.stringify(plain));
      assertSane(expected, 'plain');
      const { text, contentType } = trick.apply(tricked);
      const got = await send(gw.url, '/v1/runtime/pre-check', text, contentType === undefined ? 'application/json' : contentType);
      assertSane(got, trick.name);
      if (trick.refused) {
        assert.ok(got.status >= 400 && got.status < 500, `${trick.name}: ${got.status} ${JSON.stringify(got.body).slice(0, 300)}`);
      } else if (got.status === 200) {
        assert.ok(PERMISSIVENESS[got.body.decision.outcome] <= PERMISSIVENESS[expected.body.decision.outcome], `${trick.name}: ${got.body.decision.outcome}, plain ${expected.body.decision.outcome}`);
      }
    }), { numRuns: 40 });
    assert.equal((await fetch(`${gw.url}/health/live`)).status, 200);
  });
});

describe('fuzz: a sidecar route to a real upstream', () => {
  let upstream: ToolServer;
  let gw: TestGateway;
  before(async () => {
    upstream = await startToolServer();
    gw = await startTestGateway(undefined, {
      agentId: 'payments-agent-1',
      gatewayYaml: `routes:\n  - name: pay\n    match: { path_prefix: /pay }\n    upstream: ${upstream.origin}\n    tool: { name: invoicepay.create_payment }\n`,
    });
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  test('a tricked tool call is refused and never reaches the upstream; plain ones behave', { timeout: 60_000 }, async () => {
    await fc.assert(fc.asyncProperty(tricks, async (trick) => {
      const params = { invoice_id: 'INV-20260042', amount: 100, currency: 'EUR' };
      // The route's body is the params object itself: wrap the trick's rewrite around it.
      const { text, contentType } = trick.apply({ agent_id: 'payments-agent-1', action: 'invoicepay.create_payment', input: '', user: '', params });
      const paramsText = extractParams(text) ?? JSON.stringify(params);
      const before = upstream.received.length;
      const got = await send(gw.url, '/pay', paramsText, contentType === undefined ? 'application/json' : contentType);
      assertSane(got, trick.name);
      // Tricks on other members of the pre-check body leave this route's body plain.
      const touched = paramsText !== JSON.stringify(params) || contentType !== undefined;
      if (trick.refused && touched) {
        assert.ok(got.status >= 400 && got.status < 500, `${trick.name}: ${got.status}`);
        assert.equal(upstream.received.length, before, `${trick.name} reached the upstream`);
      }
    }), { numRuns: 40 });
    assert.equal((await fetch(`${gw.url}/health/live`)).status, 200);
  });
});

/** The raw text of the `params` member of a tricked body (tricks rewrite text, so it is cut out, not re-serialised); null when the trick did not touch it. */
function extractParams(text: string): string | null {
  const start = text.indexOf('"params":');
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let i = start + 9; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start + 9, i + 1);
    }
  }
  return null;
}
