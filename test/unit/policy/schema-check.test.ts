import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PolicyLoadError, compileSchemaCheck } from '../../../src/policy/index.ts';

const ORDER = {
  type: 'object',
  required: ['id', 'items'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^ORD-\\d+$' },
    total: { type: 'number', maximum: 10000 },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku'],
        additionalProperties: false,
        properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
      },
    },
    contact: { type: 'string', format: 'email' },
  },
};

describe('compileSchemaCheck', () => {
  const check = compileSchemaCheck(ORDER, 'test order schema');

  const TABLE: Array<{ name: string; value: unknown; violations: Array<{ path: string; message: string }> }> = [
    { name: 'a valid value', value: { id: 'ORD-1', items: [{ sku: 'a', qty: 2 }] }, violations: [] },
    { name: 'a missing property gets its own path', value: { items: [] }, violations: [{ path: 'id', message: 'is required' }] },
    { name: 'an extra property is named', value: { id: 'ORD-1', items: [], coupon: 'X' }, violations: [{ path: 'coupon', message: 'is not allowed' }] },
    { name: 'array elements read as a[0].b', value: { id: 'ORD-1', items: [{ sku: 'a' }, { sku: 'b', qty: 0 }] },
      violations: [{ path: 'items[1].qty', message: 'must be >= 1' }] },
    { name: 'nested required and extra', value: { id: 'ORD-1', items: [{ qty: 1, colour: 'red' }] },
      violations: [{ path: 'items[0].sku', message: 'is required' }, { path: 'items[0].colour', message: 'is not allowed' }] },
    { name: 'every violation, not only the first', value: { id: 'x', total: 20000, items: [], contact: 'nobody' },
      violations: [
        { path: 'id', message: 'must match pattern "^ORD-\\d+$"' },
        { path: 'total', message: 'must be <= 10000' },
        { path: 'contact', message: 'must match format "email"' },
      ] },
    { name: 'the root itself has the empty path', value: 'not an object', violations: [{ path: '', message: 'must be object' }] },
  ];
  for (const { name, value, violations } of TABLE) {
    test(name, () => assert.deepEqual(check(value), violations));
  }

  test('a key that looks like an index stays a key', () => {
    const mapCheck = compileSchemaCheck({ type: 'object', additionalProperties: { type: 'number' } }, 'map');
    assert.deepEqual(mapCheck({ 0: 'x' }), [{ path: '0', message: 'must be number' }]);
  });

  test('the same schema is compiled once', () => {
    assert.equal(compileSchemaCheck(structuredClone(ORDER), 'again'), check);
  });

  test('a schema with $id can be compiled again (a bundle reload)', () => {
    const schema = { $id: 'https://example.com/ticket.json', type: 'object' };
    compileSchemaCheck(schema, 'first');
    assert.doesNotThrow(() => compileSchemaCheck({ ...schema, required: ['a'] }, 'second'));
  });

  test('a schema ajv rejects throws PolicyLoadError naming where it came from', () => {
    assert.throws(() => compileSchemaCheck({ type: 'object', properties: { a: { type: 'strin' } } }, 'tool x scope'),
      (error: unknown) => error instanceof PolicyLoadError && error.code === 'POLICY_INVALID' && error.issues[0].file === 'tool x scope');
  });

  test('property: any value of the declared shape passes, and a wrong total is always reported at "total"', () => {
    const item = fc.record({ sku: fc.string(), qty: fc.integer({ min: 1 }) }, { requiredKeys: ['sku'] });
    const order = fc.record({ id: fc.nat().map((n) => `ORD-${n}`), items: fc.array(item), total: fc.double({ min: 0, max: 10000, noNaN: true }) });
    fc.assert(fc.property(order, (value) => { assert.deepEqual(check(value), []); }));
    fc.assert(fc.property(order, fc.double({ min: 10000.5, max: 1e12, noNaN: true }), (value, total) => {
      assert.deepEqual(check({ ...value, total }), [{ path: 'total', message: 'must be <= 10000' }]);
    }));
  });
});
