// matchingEach scans many short texts in newline-joined blocks (multiline mode) and looks at a
// block's texts one by one only when it matched: the answers must be exactly those of matching()
// on each text alone, for the shipped patterns, for patterns that read a text's edges (^, $, \b),
// and for any text, newlines included.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import { compileLinearPattern, compilePatternSet, type LinearPatternSet } from '../../../src/linear-regex/index.ts';
import { blockScannable } from '../../../src/linear-regex/pattern-set.ts';

const SHIPPED = (parse(fs.readFileSync(new URL('../../../policies/sensitive-data.yaml', import.meta.url), 'utf8')) as { patterns: Array<{ pattern: string }> })
  .patterns.map((p) => compileLinearPattern(p.pattern));

const EDGES = [
  ['^abc', ''], ['abc$', ''], ['^\\d{3}$', ''], ['\\bword\\b', 'i'], ['\\Bor\\B', ''], ['(?:^|[^\\w])(?<value>x\\d+)(?:\\W|$)', ''],
  ['a\\sb', ''], ['[^x]+@[^x]+', ''], ['^$', ''], ['.*', 's'], ['[\\s\\S]{3}', ''], ['^a', 'm'], ['b$', 'm'],
].map(([source, flags]) => compileLinearPattern(source!, flags));

function eachOf(set: LinearPatternSet, texts: string[]): Array<[number, number[]]> {
  const found: Array<[number, number[]]> = [];
  set.matchingEach(texts, (i, indexes) => found.push([i, indexes]));
  return found;
}

function alone(set: LinearPatternSet, texts: string[]): Array<[number, number[]]> {
  return texts.flatMap((text, i) => {
    const found = set.matching(text);
    return found.length > 0 ? [[i, found] as [number, number[]]] : [];
  });
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[a-z0-9 @.\n-]{0,16}$/),
  fc.constantFrom('abc', 'xabc', 'abcx', 'word', 'a word here', 'for', 'x12', ' x12 ', 'a b', 'a\nb', '', '\n', 'jane.doe@example.com', '+49 170 1234567',
    'DE89370400440532013000', 'sk-proj-abcdefghijklmnopqrstuvwxyz123', '4111 1111 1111 1111', '123-45-6789', 'AKIAABCDEFGHIJKLMNOP'),
);

test('the shipped patterns and edge-reading ones answer in blocks exactly as text by text', () => {
  // Each edge pattern alone too: one that matches every block (`.*`) would hide the others' answers.
  for (const patterns of [SHIPPED, ...EDGES.map((p) => [p]), [...SHIPPED, ...EDGES]]) {
    const set = compilePatternSet(patterns);
    fc.assert(fc.property(fc.array(text, { maxLength: 100 }), (texts) => {
      assert.deepEqual(eachOf(set, texts), alone(set, texts), patterns.map(String).join(' '));
    }), { numRuns: 150 });
  }
});

test('a block match across the joining newline costs a look at each text, never a false answer', () => {
  const set = compilePatternSet([compileLinearPattern('a\\sb')]);
  assert.deepEqual(eachOf(set, ['xa', 'bx', 'a b']), [[2, [0]]]);
  assert.deepEqual(eachOf(set, ['a', 'b']), []);
});

test('texts longer than a block, and many texts, are all looked at', () => {
  const set = compilePatternSet(SHIPPED);
  const texts = Array.from({ length: 1000 }, (_, i) => (i % 333 === 7 ? 'mail jane.doe@example.com now' : `value ${i}`));
  texts.push('y'.repeat(40_000) + ' jane.doe@example.com');
  assert.deepEqual(eachOf(set, texts).map(([i]) => i), [7, 340, 673, 1000]);
});

test('patterns multiline mode cannot stand for look at every text alone', () => {
  for (const source of ['(?<=a)b', '(?<!a)b', '\\Aabc', 'abc\\z', '(?i:^a)', '(?-m:^a)']) assert.equal(blockScannable(source), false, source);
  for (const source of ['^a', 'a$', '\\bx\\b', '(?:^|\\W)x', '(?<value>x)', '[(?<=]x', '\\\\A', '[\\A]']) assert.equal(blockScannable(source), true, source);
  const set = compilePatternSet([compileLinearPattern('(?<!a)b')]);
  assert.deepEqual(eachOf(set, ['a', 'b', 'ab']), [[1, [0]]]);
});
