import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatPath, getAtPath, parsePath, setAtPath, type PathSegment } from '../../../src/ledger/index.ts';

describe('json paths', () => {
  const cases: Array<[PathSegment[], string]> = [
    [['request', 'user'], 'request.user'],
    [['output', 'items', 0, 'email'], 'output.items[0].email'],
    [['a', 0, 1], 'a[0][1]'],
    [['odd.key', 'x'], '["odd.key"].x'],
    [['a', 'b[0]', 'c"d', 'e\\f', ''], 'a["b[0]"]["c\\"d"]["e\\\\f"][""]'],
    [['list', '0'], 'list.0'],
    [['first name', 'é'], 'first name.é'],
  ];
  for (const [segments, text] of cases) {
    test(`${JSON.stringify(segments)} <-> ${text}`, () => {
      assert.equal(formatPath(segments), text);
      assert.deepEqual(parsePath(text), segments);
    });
  }

  for (const malformed of ['', '.a', 'a.', 'a..b', 'a[', 'a[01]', 'a[-1]', 'a[x]', 'a["b"', 'a["b"]c', 'a[0]b', 'a]b', 'a["\\q"]']) {
    test(`parsePath refuses ${JSON.stringify(malformed)}`, () => assert.throws(() => parsePath(malformed), TypeError));
  }

  test('property: parsePath(formatPath(segments)) returns the segments', () => {
    const segment = fc.oneof(fc.string({ minLength: 0, maxLength: 6 }), fc.nat({ max: 50 }));
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
      assert.deepEqual(parsePath(formatPath(segments)), segments);
    }));
  });

  test('get and set follow own members only and never create paths', () => {
    const doc = JSON.parse('{"a":{"list":[{"e":1}],"__proto__":{"p":2}}}');
    assert.deepEqual(getAtPath(doc, ['a', 'list', 0, 'e']), { found: true, value: 1 });
    assert.deepEqual(getAtPath(doc, ['a', '__proto__', 'p']), { found: true, value: 2 });
    assert.equal(getAtPath(doc, ['a', 'toString']).found, false);
    assert.equal(getAtPath(doc, ['a', 'list', 1]).found, false);
    assert.equal(getAtPath(doc, ['a', 'list', 'length']).found, false);
    assert.equal(setAtPath(doc, ['a', 'missing'], 1), false);
    assert.equal(setAtPath(doc, ['a', '__proto__'], 'x'), true);
    assert.equal(Object.getPrototypeOf(doc.a), Object.prototype, 'the prototype is untouched');
    assert.equal(Object.getOwnPropertyDescriptor(doc.a, '__proto__')?.value, 'x');
    assert.equal(setAtPath(doc, ['a', 'list', 0], 'y'), true);
    assert.deepEqual(doc.a.list, ['y']);
  });
});
