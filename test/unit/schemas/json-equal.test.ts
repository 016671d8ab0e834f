// ajv's const, enum and uniqueItems compare with jsonEqual (src/schemas/json-equal.ts): the same
// answers as ajv's own on JSON, and an answer, not a TypeError, on members named valueOf or toString.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import fastDeepEqual from 'fast-deep-equal';
import { jsonEqual } from '../../../src/schemas/json-equal.ts';
import { compileSchemaCheck } from '../../../src/policy/schema-check.ts';
import { productValidator } from '../../../src/schemas/product-validator.ts';
import { precompiledValidator } from '../../../src/schemas/precompiled/index.ts';

const noMethodNames = fc.jsonValue({ maxDepth: 3 }).filter((value) => !/"(valueOf|toString)"/.test(JSON.stringify(value)));

test('on JSON, jsonEqual answers as fast-deep-equal does', () => {
  fc.assert(fc.property(noMethodNames, noMethodNames, (a, b) => {
    assert.equal(jsonEqual(a, b), fastDeepEqual(a, b));
    assert.equal(jsonEqual(a, structuredClone(a)), true);
  }), { numRuns: 3000 });
});

test('members named valueOf or toString are compared as members', () => {
  assert.equal(jsonEqual({ valueOf: 1 }, { valueOf: 1 }), true);
  assert.equal(jsonEqual({ valueOf: 1 }, { valueOf: 2 }), false);
  assert.equal(jsonEqual({ toString: 'x' }, {}), false);
  assert.equal(jsonEqual([{ toString: 'x' }], [{ toString: 'x' }]), true);
  assert.equal(jsonEqual({ a: [1] }, { a: { 0: 1 } }), false);
});

const hostile = fc.dictionary(fc.constantFrom('valueOf', 'toString', 'a', 'constructor', '__proto__'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });

test('a tool scope with an object enum, const or uniqueItems answers any arguments, hostile member names included', () => {
  const check = compileSchemaCheck({
    type: 'object',
    properties: { tags: { type: 'array', uniqueItems: true }, pick: { enum: [{ a: 1 }, [1, 2]] }, fixed: { const: { mode: 'read' } } },
  }, 'test');
  assert.deepEqual(check({ tags: [{ valueOf: 1 }, { valueOf: 1 }] }).map((v) => v.path), ['tags']);
  assert.deepEqual(check({ pick: { valueOf: 1 } }).map((v) => v.path), ['pick']);
  assert.deepEqual(check({ tags: [{ toString: 'x' }, { toString: 'y' }], pick: { a: 1 }, fixed: { mode: 'read' } }), []);
  fc.assert(fc.property(fc.array(hostile, { maxLength: 4 }), hostile, hostile, (tags, pick, fixed) => {
    assert.ok(Array.isArray(check({ tags, pick, fixed })));
  }), { numRuns: 1000 });
});

test('the product validators and the precompiled ones answer hostile member names too', () => {
  const validate = productValidator({ type: 'array', uniqueItems: true }, { allErrors: true })();
  assert.equal(validate([{ valueOf: 1 }, { valueOf: 1 }]), false);
  const metaSchema = precompiledValidator('jsonSchemaDraft07');
  assert.equal(typeof metaSchema({ enum: [{}, { valueOf: '' }], required: ['a', 'a'] }), 'boolean');
});
