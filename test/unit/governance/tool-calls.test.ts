import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeToolCalls, normalizeToolResults } from '../../../src/governance/index.ts';

describe('normalizeToolCalls', () => {
  const cases: Array<{ name: string; raw: unknown[] | undefined; expected: unknown }> = [
    { name: 'undefined gives no calls', raw: undefined, expected: [] },
    { name: 'a plain tool name', raw: ['search.web'], expected: [{ name: 'search.web', params: {} }] },
    { name: 'name with arguments object', raw: [{ name: 'a', arguments: { q: 1 } }], expected: [{ name: 'a', params: { q: 1 } }] },
    { name: 'args alias', raw: [{ name: 'a', args: { q: 2 } }], expected: [{ name: 'a', params: { q: 2 } }] },
    { name: 'params alias', raw: [{ name: 'a', params: { q: 3 } }], expected: [{ name: 'a', params: { q: 3 } }] },
    { name: 'input alias', raw: [{ name: 'a', input: { q: 4 } }], expected: [{ name: 'a', params: { q: 4 } }] },
    { name: 'arguments wins over params', raw: [{ name: 'a', arguments: { x: 1 }, params: { y: 2 } }], expected: [{ name: 'a', params: { x: 1 } }] },
    { name: 'JSON string arguments are parsed', raw: [{ name: 'a', arguments: '{"amount":5}' }], expected: [{ name: 'a', params: { amount: 5 } }] },
    { name: 'broken JSON string arguments keep {}', raw: [{ name: 'a', arguments: '{amount' }], expected: [{ name: 'a', params: {} }] },
    { name: 'JSON string that is not an object keeps {}', raw: [{ name: 'a', arguments: '[1,2]' }], expected: [{ name: 'a', params: {} }] },
    {
      name: 'OpenAI function call',
      raw: [{ id: 'call_1', type: 'function', function: { name: 'payments.create', arguments: '{"amount":10,"currency":"USD"}' } }],
      expected: [{ name: 'payments.create', params: { amount: 10, currency: 'USD' } }],
    },
    { name: 'an item with no name stays as an unnamed call', raw: [{ arguments: {} }], expected: [{ name: '', params: {} }] },
    { name: 'null and numbers stay as unnamed calls', raw: [null, 7], expected: [{ name: '', params: {} }, { name: '', params: {} }] },
    { name: 'names are trimmed', raw: ['  search.web '], expected: [{ name: 'search.web', params: {} }] },
  ];
  for (const { name, raw, expected } of cases) {
    test(name, () => assert.deepEqual(normalizeToolCalls(raw), expected));
  }

  test('never throws and keeps one call per item', () => {
    fc.assert(fc.property(fc.array(fc.jsonValue()), (raw) => {
      const calls = normalizeToolCalls(raw);
      assert.equal(calls.length, raw.length);
      for (const call of calls) {
        assert.equal(typeof call.name, 'string');
        assert.equal(typeof call.params, 'object');
        assert.ok(call.params !== null && !Array.isArray(call.params));
      }
    }));
  });
});

describe('normalizeToolResults', () => {
  const cases: Array<{ name: string; value: unknown; isError: boolean }> = [
    { name: 'a plain object', value: { ok: 1 }, isError: false },
    { name: 'a string', value: 'error: nope', isError: false },
    { name: 'null', value: null, isError: false },
    { name: 'error field', value: { error: 'timeout' }, isError: true },
    { name: 'falsy error field', value: { error: null }, isError: false },
    { name: 'is_error true', value: { is_error: true }, isError: true },
    { name: 'isError true (MCP)', value: { isError: true, content: [] }, isError: true },
    { name: 'isError false', value: { isError: false }, isError: false },
    { name: 'status error', value: { status: 'error' }, isError: true },
    { name: 'status failed', value: { status: 'FAILED' }, isError: true },
    { name: 'status failure', value: { status: 'failure' }, isError: true },
    { name: 'status success', value: { status: 'success' }, isError: false },
    { name: 'an array with an error inside is not itself an error', value: [{ error: 'x' }], isError: false },
  ];
  for (const { name, value, isError } of cases) {
    test(name, () => assert.deepEqual(normalizeToolResults([value]), [{ value, isError }]));
  }
  test('undefined gives no results', () => assert.deepEqual(normalizeToolResults(undefined), []));
});
