import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { scanSensitive } from '../../../src/governance/index.ts';
import { PATTERNS } from './fixtures.ts';

const hits = (value: unknown, basePath?: string) =>
  scanSensitive(value, PATTERNS, basePath).map((hit) => `${hit.path}:${hit.pattern.id}`);

describe('scanSensitive', () => {
  const cases: Array<{ name: string; value: unknown; basePath?: string; expected: string[] }> = [
    { name: 'nothing sensitive', value: { a: 'hello', b: [1, 2] }, expected: [] },
    { name: 'nested email with base path', value: { customer: { email: 'jo@example.com' } }, basePath: 'output', expected: ['output.customer.email:email'] },
    { name: 'array index in the path', value: { a: { b: ['x', 'y', 'ssn 123-45-6789'] } }, expected: ['a.b[2]:us-ssn'] },
    { name: 'a bare string at the root takes the base path', value: 'AKIAABCDEFGHIJKLMNOP', basePath: 'output.key', expected: ['output.key:aws-access-key'] },
    { name: 'one leaf can match two patterns', value: { note: 'jo@example.com sk-abcdefghijklmnopqrstuv' }, expected: ['note:email', 'note:api-token'] },
    { name: 'keys that are not identifiers are quoted', value: { 'contact email': 'jo@example.com' }, basePath: 'output', expected: ['output["contact email"]:email'] },
    { name: 'numbers are scanned as text', value: { n: 1234567 }, expected: [] },
    { name: 'keys are not scanned', value: { 'jo@example.com': 'x' }, expected: [] },
  ];
  for (const { name, value, basePath, expected } of cases) {
    test(name, () => assert.deepEqual(hits(value, basePath), expected));
  }

  test('global patterns give the same answer every time (no lastIndex state)', () => {
    const value = { a: 'ssn 123-45-6789', b: 'ssn 123-45-6789' };
    const first = hits(value);
    assert.deepEqual(first, ['a:us-ssn', 'b:us-ssn']);
    assert.deepEqual(hits(value), first);
  });

  test('no patterns, no hits', () => assert.deepEqual(scanSensitive({ a: 'jo@example.com' }, []), []));

  test('never throws on arbitrary JSON and every hit is a matching leaf', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      for (const hit of scanSensitive(value, PATTERNS, 'output')) assert.ok(hit.path.startsWith('output'));
    }));
  });
});
