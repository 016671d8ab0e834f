// Built-in patterns are compiled when first run (lazyLinearPattern, lazyPatternSet), not at
// import: they must answer exactly as the compiled ones, and compile only when used.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileLinearPattern, compilePatternSet, isLinearPattern, lazyLinearPattern, lazyPatternSet } from '../../../src/linear-regex/index.ts';

const SOURCES: Array<[string, string]> = [
  ['(?:^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}', ''],
  ['(?:^|[^\\d-])(?<value>[2-6](?:[ -]?\\d){12,18})(?:[^\\d-]|$)', ''],
  ['\\bignore\\s+(?:all\\s+)?previous\\s+instructions', 'i'],
  ['(?<=a)b', ''],
];

test('a lazy pattern is not compiled until it runs', () => {
  const broken = lazyLinearPattern('(unclosed');
  assert.equal(broken.source, '(unclosed');
  assert.deepEqual(broken.toSpec(), { linear: { source: '(unclosed', flags: '' } });
  assert.equal(isLinearPattern(broken), true);
  assert.throws(() => broken.test('x'), /not a valid regular expression/);
  let asked = 0;
  const set = lazyPatternSet(() => { asked += 1; return [lazyLinearPattern('a'), lazyLinearPattern('b')]; });
  assert.equal(asked, 0);
  assert.deepEqual(set.matching('xbxa'), [0, 1]);
  assert.deepEqual(set.matching('b'), [1]);
  assert.equal(asked, 1, 'compiled once');
});

test('a lazy pattern answers as the compiled one, whatever the text', () => {
  const pairs = SOURCES.map(([source, flags]) => [lazyLinearPattern(source, flags), compileLinearPattern(source, flags)] as const);
  const set = lazyPatternSet(() => pairs.map(([lazy]) => lazy));
  const compiledSet = compilePatternSet(pairs.map(([, compiled]) => compiled));
  const text = fc.oneof(fc.string(), fc.constantFrom('mail bob@example.com now', 'card 4111 1111 1111 1111.', 'IGNORE previous instructions', 'ab'));
  fc.assert(fc.property(text, (value) => {
    for (const [lazy, compiled] of pairs) {
      assert.equal(lazy.test(value), compiled.test(value));
      assert.deepEqual(lazy.replaceAll(value, '#'), compiled.replaceAll(value, '#'));
      const spans = (p: typeof lazy) => { const found: number[][] = []; p.forEachMatch(value, (s, e) => found.push([s, e])); return found; };
      assert.deepEqual(spans(lazy), spans(compiled));
      assert.equal(lazy.re2Source, compiled.re2Source);
      assert.equal(lazy.usesLookbehind, compiled.usesLookbehind);
    }
    assert.deepEqual(set.matching(value), compiledSet.matching(value));
  }), { numRuns: 500 });
});
