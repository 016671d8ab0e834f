// Which tool an HTTP request calls, read the way its route says.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { identifyTool, queryParams } from '../../../src/proxy/http/tool-identity.ts';
import type { ToolSource } from '../../../src/proxy/index.ts';

const fixed: ToolSource = { kind: 'fixed', name: 'search_kb' };
const template: ToolSource = { kind: 'path', template: '/tools/{tool}', segments: ['tools', '{tool}'] };
const body: ToolSource = { kind: 'body', nameField: 'tool', paramsField: 'arguments' };
const nested: ToolSource = { kind: 'body', nameField: 'call.name', paramsField: null };

describe('identifyTool', () => {
  const cases: Array<{ name: string; source: ToolSource; path: string; search?: string; body?: unknown; expected: unknown }> = [
    { name: 'fixed name, JSON body params', source: fixed, path: '/kb', body: { query: 'x' }, expected: { name: 'search_kb', params: { query: 'x' } } },
    { name: 'fixed name, query params without a body', source: fixed, path: '/kb', search: '?query=x&tag=a&tag=b', expected: { name: 'search_kb', params: { query: 'x', tag: ['a', 'b'] } } },
    { name: 'path template', source: template, path: '/tools/crm_lookup', body: { customer_id: 'CUS-1' }, expected: { name: 'crm_lookup', params: { customer_id: 'CUS-1' } } },
    { name: 'path template, trailing slash', source: template, path: '/tools/crm_lookup/', body: {}, expected: { name: 'crm_lookup', params: {} } },
    { name: 'path template, encoded segment', source: template, path: '/tools/invoicepay.get%5Finvoice', body: {}, expected: { name: 'invoicepay.get_invoice', params: {} } },
    { name: 'path template, wrong shape', source: template, path: '/tools/a/b', body: {}, expected: 'does not match' },
    { name: 'path template, other prefix', source: template, path: '/other/a', body: {}, expected: 'does not match' },
    { name: 'body fields', source: body, path: '/rpc', body: { tool: 'update_ticket', arguments: { status: 'open' } }, expected: { name: 'update_ticket', params: { status: 'open' } } },
    // The upstream reads the name as sent: checked so, a name with spaces is not the declared tool.
    { name: 'body fields, a name with spaces kept as sent', source: body, path: '/rpc', body: { tool: ' update_ticket ', arguments: {} }, expected: { name: ' update_ticket ', params: {} } },
    { name: 'body fields, no params field value', source: body, path: '/rpc', body: { tool: 'x' }, expected: { name: 'x', params: {} } },
    { name: 'nested name, whole body as params', source: nested, path: '/rpc', body: { call: { name: 'x' }, q: 1 }, expected: { name: 'x', params: { call: { name: 'x' }, q: 1 } } },
    { name: 'body without a name', source: body, path: '/rpc', body: { arguments: {} }, expected: 'no tool name' },
    { name: 'empty name', source: body, path: '/rpc', body: { tool: '  ' }, expected: 'no tool name' },
    { name: 'no body at all', source: body, path: '/rpc', expected: 'no tool name' },
    { name: 'query string beside a body: both are params', source: fixed, path: '/kb', search: '?tag=a', body: { query: 'x' }, expected: { name: 'search_kb', params: { tag: 'a', query: 'x' } } },
    { name: 'query string beside body fields', source: body, path: '/rpc', search: '?status=open', body: { tool: 'x', arguments: { id: 1 } }, expected: { name: 'x', params: { status: 'open', id: 1 } } },
    { name: 'a name in both the query and the body', source: template, path: '/tools/t', search: '?amount=9', body: { amount: 1 }, expected: 'both the query string and the body' },
    { name: 'a query string beside params that are not an object', source: fixed, path: '/kb', search: '?a=1', body: [1], expected: 'not an object' },
    { name: 'a query string naming __proto__', source: fixed, path: '/kb', search: '?__proto__=x', expected: '__proto__' },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const result = identifyTool(c.source, c.path, c.search ?? '', c.body);
      if (typeof c.expected === 'string') {
        assert.equal(result.ok, false);
        if (!result.ok) assert.match(result.reason, new RegExp(c.expected));
      } else {
        assert.deepEqual(result, { ok: true, call: c.expected });
      }
    });
  }

  test('queryParams of an empty query is {}', () => assert.deepEqual(queryParams(''), {}));
});
