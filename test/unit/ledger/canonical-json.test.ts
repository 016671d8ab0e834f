import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalJson } from '../../../src/ledger/index.ts';
import { sortedKeys } from '../../../src/ledger/chain/canonical-json.ts';

describe('canonicalJson', () => {
  const cases: Array<[string, unknown, string]> = [
    ['sorts keys at every depth', { b: 1, a: { d: [3, { z: 0, y: 1 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":1,"z":0}]},"b":1}'],
    ['orders keys by UTF-16 code units, not numerically', { 10: 'x', 9: 'y', B: 1, a: 2 }, '{"10":"x","9":"y","B":1,"a":2}'],
    ['writes numbers like JSON.stringify (ES shortest form)', [1, 1.5, -0, 1e21, 0.1 + 0.2, 5e-7], '[1,1.5,0,1e+21,0.30000000000000004,5e-7]'],
    ['escapes strings like JSON.stringify', ['a"b\\c\n', 'é', '\u2028', '\ud800'], '["a\\"b\\\\c\\n","é","\u2028","\\ud800"]'],
    ['drops undefined members and nulls undefined array items', { a: undefined, b: [undefined, 1] }, '{"b":[null,1]}'],
    ['turns non-finite numbers into null', [Number.NaN, Number.POSITIVE_INFINITY], '[null,null]'],
    ['honours toJSON', { at: new Date(Date.UTC(2030, 0, 2)) }, '{"at":"2030-01-02T00:00:00.000Z"}'],
    ['keeps a "__proto__" member', JSON.parse('{"__proto__":{"x":1},"a":0}'), '{"__proto__":{"x":1},"a":0}'],
    ['writes scalars', 'text', '"text"'],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.equal(canonicalJson(input), expected));
  }

  test('refuses values that have no JSON form', () => {
    assert.throws(() => canonicalJson(undefined), TypeError);
    assert.throws(() => canonicalJson({ n: 10n }), TypeError);
  });

  test('property: parses back to the same value and ignores key insertion order', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = canonicalJson(value);
      assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)));
      assert.equal(canonicalJson(JSON.parse(text)), text, 'stable under a round trip');
      assert.equal(canonicalJson(reverseKeys(value)), text, 'independent of key order');
      assert.ok(!/\n/.test(text));
    }));
  });
});

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(out, key, { value: reverseKeys((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

describe('sortedKeys', () => {
  test('property: the order Array.prototype.sort gives (UTF-16 code units), at any size', () => {
    const key = fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('a', 'A', 'é', '\u{1F600}', '\uD800', '10', '9', ''));
    fc.assert(fc.property(fc.uniqueArray(key, { maxLength: 60 }), (keys) => {
      const record = Object.fromEntries(keys.map((k) => [k, 1]));
      assert.deepEqual(sortedKeys(record), Object.keys(record).sort());
    }), { numRuns: 3000 });
  });
});

describe('member prefixes', () => {
  test('long keys (not cached) and short ones are quoted the same way, first or after another', () => {
    const long = `k"\\${'é'.repeat(300)}`;
    const value = { [long]: 1, a: { [long]: [2] }, [`${long}2`]: 'x' };
    assert.equal(canonicalJson(value), JSON.stringify({ a: { [long]: [2] }, [long]: 1, [`${long}2`]: 'x' }));
    assert.equal(canonicalJson(value), canonicalJson(JSON.parse(JSON.stringify(value))));
  });
});
