import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { prefersMinimalReturn } from '../../../src/http/index.ts';

test('Prefer: return=minimal is read as RFC 7240 writes it, and nothing else is', () => {
  const cases: Array<[string | string[] | undefined, boolean]> = [
    [undefined, false],
    ['', false],
    ['return=minimal', true],
    ['Return=Minimal', true],
    ['return = minimal', true],
    ['return="minimal"', true],
    ['return=minimal; foo=bar', true],
    ['respond-async, return=minimal', true],
    ['respond-async,wait=10 , return=minimal', true],
    [['wait=10', 'return=minimal'], true],
    ['return=representation', false],
    ['return=minimalist', false],
    ['return', false],
    ['return=', false],
    ['xreturn=minimal', false],
    ['handling=lenient; return=minimal', false], // a parameter of another preference, not a preference
    ['return=minimal"', false],
  ];
  for (const [header, expected] of cases) assert.equal(prefersMinimalReturn(header), expected, JSON.stringify(header));
});

test('any header value is read without throwing', () => {
  fc.assert(fc.property(fc.oneof(fc.string(), fc.array(fc.string())), (header) => {
    assert.equal(typeof prefersMinimalReturn(header), 'boolean');
  }));
});
