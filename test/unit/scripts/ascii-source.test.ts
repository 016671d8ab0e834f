// The bundle's chunks are made ASCII after esbuild (scripts/ascii-source.ts): what is rewritten
// must mean what it meant, in a regular expression literal (with and without the u flag, escaped
// or not, astral or not) and in a comment.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { asciiSource } from '../../../scripts/ascii-source.ts';

const evaluate = (source: string): unknown => new Function(`return ${source}`)();

test('the output is ASCII and a comment keeps being a comment', () => {
  const source = '/* element’s — first */ 42';
  const ascii = asciiSource(source);
  assert.match(ascii, /^[\x00-\x7f]*$/);
  assert.equal(evaluate(ascii), 42);
  assert.equal(asciiSource('plain ascii'), 'plain ascii');
});

test('a regular expression literal matches the same strings after the rewrite', () => {
  const cases = [
    '/"([^"]{4,})"|“([^”]{4,})”/g',
    '/\\—x/',
    '/\\\\—/',
    '/[é-ü]+/u',
    '/😀+/u',
    '/[😀]/u',
    '/😀/',
    '/a\\u00e9—/i',
  ];
  const inputs = ['“quoted text”', '—x', '\\—', 'éü', '😀😀', '😀', 'aé—', 'AÉ—', 'x', '\\u2014'];
  for (const literal of cases) {
    const before = evaluate(literal) as RegExp;
    const after = evaluate(asciiSource(literal)) as RegExp;
    assert.match(asciiSource(literal), /^[\x00-\x7f]*$/);
    for (const input of inputs) assert.equal(after.test(input), before.test(input), `${literal} on ${input}`);
  }
});

test('any regular expression of non-ASCII text means the same after the rewrite', () => {
  const unit = fc.oneof(fc.constantFrom('a', '.', '\\', '[', ']', '-', '+', '—', 'é', '😀', '’'), fc.string({ unit: 'binary', maxLength: 1 }));
  fc.assert(fc.property(fc.array(unit, { maxLength: 8 }), fc.constantFrom('', 'u', 'i'), fc.array(fc.string({ unit: 'binary', maxLength: 4 }), { maxLength: 4 }), (parts, flags, inputs) => {
    const body = parts.join('');
    let before: RegExp;
    try {
      before = new RegExp(body, flags);
    } catch {
      return; // not a pattern to begin with
    }
    const literal = `/${before.source}/${flags}`;
    const after = evaluate(asciiSource(literal)) as RegExp;
    for (const input of [...inputs, ...parts]) assert.equal(after.test(input), before.test(input), `${literal} on ${JSON.stringify(input)}`);
  }), { numRuns: 2000 });
});
