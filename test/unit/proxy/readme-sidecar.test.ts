// The README's "Running as a sidecar" section: its route examples are valid gateway.yaml, and
// its blocked-call examples have the shape the sidecar really sends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, problemBody } from '../../../src/http/index.ts';
import { DECISION_META_KEY, parseGatewayFile } from '../../../src/proxy/index.ts';
import { blockedCall } from '../../../src/proxy/proxy-problems.ts';
import { blockedCallResult } from '../../../src/proxy/mcp/mcp-results.ts';

// The sidecar's documentation (docs/sidecar.md; the README links to it).
const section = readFileSync(path.resolve(import.meta.dirname, '../../../docs/sidecar.md'), 'utf8');
const blocks = (lang: string) => [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);

test('README sidecar section: an HTTP and an MCP route example, both valid gateway.yaml', () => {
  const routeFiles = blocks('yaml').filter((text) => text.includes('routes:'));
  assert.equal(routeFiles.length, 2);
  const protocols = routeFiles.map((text) => parseGatewayFile(text, 'README.md').routes[0].protocol);
  assert.deepEqual(protocols, ['http', 'mcp']);
});

test('README sidecar section: the blocked HTTP call and MCP result examples have the real shape', () => {
  const [http, mcp] = blocks('json').map((text) => JSON.parse(text));
  const response = { envelope_id: 'e', decision: { outcome: 'block', reason: 'r' }, validation: { failures: [] } };
  assert.deepEqual(Object.keys(http).sort(), Object.keys(problemBody(blockedCall(response, 't', 'r'), '/x')).sort());
  assert.equal(http.status, ERRORS.TOOL_CALL_BLOCKED.status);
  assert.equal(http.title, ERRORS.TOOL_CALL_BLOCKED.title);
  const real = blockedCallResult(response, 't');
  assert.deepEqual(Object.keys(mcp).sort(), Object.keys(real).sort());
  assert.deepEqual(Object.keys(mcp._meta[DECISION_META_KEY]).sort(), Object.keys(real._meta[DECISION_META_KEY] as object).sort());
  assert.equal(mcp.isError, true);
});

test('README sidecar section: every problem code it names is in the catalogue', () => {
  const named = [...section.matchAll(/\b(\d{3}) ([A-Z][A-Z_]{4,})\b/g)].map((m) => [m[2], Number(m[1])] as const);
  assert.ok(named.length >= 4);
  for (const [code, status] of named) {
    assert.ok(code in ERRORS, `${code} is not in src/http/errors.ts`);
    assert.equal(ERRORS[code as keyof typeof ERRORS].status, status, code);
  }
});
