import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  DEFAULT_MAX_JSON_VALUES, JsonValueBudget, MAX_JSON_DEPTH, StrictJsonError, detachedString, isExactNumberText, maxJsonValues, parseStrictJson, setMaxJsonValues,
} from '../../../src/json/index.ts';

function refusal(text: string): { rule: string; path: string } {
  try {
    parseStrictJson(text);
  } catch (error) {
    assert.ok(error instanceof StrictJsonError, `not a StrictJsonError: ${String(error)}`);
    return { rule: error.rule, path: error.path };
  }
  assert.fail(`accepted ${text.slice(0, 80)}`);
}

test('refuses what readers would read differently, naming the rule and the path', () => {
  const cases: Array<[string, string, string]> = [
    ['{"amount":25000,"amount":100}', 'duplicate_key', 'amount'],
    ['{"params":{"to":"a","x":{"y":1,"y":2}}}', 'duplicate_key', 'params.x.y'],
    ['[{"a b":1,"a b":2}]', 'duplicate_key', '[0]["a b"]'],
    ['{"amount":1e309}', 'number', 'amount'],
    ['{"amount":-1e309}', 'number', 'amount'],
    ['{"p":{"n":[1,2,9007199254740993]}}', 'number', 'p.n[2]'],
    ['{"tiny":1e-400}', 'number', 'tiny'],
    ['{"x":1000.0000000000000001}', 'number', 'x'],
    ['{"x":3e-324}', 'number', 'x'],
    ['{"action":"pay\\ud800"}', 'string', 'action'],
    ['{"action":"\\udc00x"}', 'string', 'action'],
    ['{"a":"\ud800"}', 'string', ''],
    ['{"__proto__":{"admin":true}}', 'reserved_key', '__proto__'],
    ['{"a":{"__proto__":1}}', 'reserved_key', 'a.__proto__'],
    ['{"a":1,}', 'syntax', ''],
    ['{"a":01}', 'syntax', ''],
    ['{"a":NaN}', 'syntax', ''],
    ['{"a":Infinity}', 'syntax', ''],
    ['{"a":"x\ny"}', 'syntax', ''],
    ['{"a":1} x', 'syntax', ''],
    ['', 'syntax', ''],
    ['"\\x"', 'syntax', ''],
    ['"\\u12"', 'syntax', ''],
    ['[1.]', 'syntax', ''],
    ['[1e]', 'syntax', ''],
    ['[-]', 'syntax', ''],
    ['{"a"', 'syntax', ''],
    ['"abc', 'syntax', ''],
  ];
  for (const [text, rule, path] of cases) assert.deepEqual(refusal(text), { rule, path }, text);
});

test('accepts exact numbers, escapes, surrogate pairs, constructor keys and whitespace', () => {
  const cases: Array<[string, unknown]> = [
    ['{"amount":100}', { amount: 100 }],
    [' [0.1, 12.50, -0, 1e21, 1E+2, 5e-324, 9007199254740992, 1.0000000000000000000e2, 0.0000000000000000001] ', [0.1, 12.5, -0, 1e21, 100, 5e-324, 9007199254740992, 100, 1e-19]],
    ['"\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r\\ud83d\\ude00 \\u0000"', 'é\n\t"\\/\b\f\r😀 \u0000'],
    ['{"constructor":{"prototype":1},"toString":2}', JSON.parse('{"constructor":{"prototype":1},"toString":2}')],
    ['{"":1,"a":[],"b":{}}', { '': 1, a: [], b: {} }],
    ['true', true],
    ['null', null],
  ];
  for (const [text, expected] of cases) assert.deepEqual(parseStrictJson(text), expected, text);
  const parsed = parseStrictJson('{"constructor":1}') as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  assert.equal(({} as Record<string, unknown>).admin, undefined);
});

test(`nesting is bounded at ${MAX_JSON_DEPTH} levels, with no stack overflow at 100,000`, () => {
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
  assert.doesNotThrow(() => parseStrictJson(nested(MAX_JSON_DEPTH)));
  assert.equal(refusal(nested(MAX_JSON_DEPTH + 1)).rule, 'depth');
  assert.equal(refusal(nested(100_000)).rule, 'depth');
  assert.deepEqual(refusal(`{"params":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`).rule, 'depth');
  assert.doesNotThrow(() => parseStrictJson(nested(3), { maxDepth: 3 }));
});

test('reads every document JSON.stringify writes exactly as JSON.parse does', () => {
  const noProto = (value: unknown): boolean => JSON.stringify(value) === undefined || !JSON.stringify(value).includes('"__proto__":');
  fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }).filter(noProto), (value) => {
    const text = JSON.stringify(value);
    assert.deepEqual(parseStrictJson(text), JSON.parse(text));
    assert.deepEqual(parseStrictJson(JSON.stringify(value, null, 2)), JSON.parse(text));
  }), { numRuns: 300 });
});

test('a double always prints back exactly; perturbing its last digit never passes as the same value', () => {
  fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
    assert.equal(isExactNumberText(JSON.stringify(value), value), true);
  }), { numRuns: 500 });
  // Integers past 2^53: accepted only when the float read is exactly the integer sent.
  fc.assert(fc.property(fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 70n }), (n) => {
    const text = n.toString();
    if (isExactNumberText(text, Number(text))) assert.equal(BigInt(Number(text)), n);
  }), { numRuns: 300 });
  assert.equal(isExactNumberText('9007199254740993', 9007199254740993), false);
});

test('parsed values do not keep the document alive: a kept value holds its own characters only', () => {
  // A substring can be a view into the string it was cut from; a parameter kept in a session's
  // history then held its whole request body (test/integration/sidecar-memory-budget.test.ts).
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const kept: unknown[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 64; i += 1) {
    const padding = ' '.repeat(256 * 1024);
    // A plain value, an escaped one (built by concatenation), one in an array, a long member name.
    kept.push(parseStrictJson(`{"a member name of some length ${i}":"how do I reset my password ${i}",${padding}"escaped":"line one\\nline two ${i}","list":["an element long enough ${i}"]}`));
  }
  gc();
  const retainedMib = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
  // 64 documents of 256 KiB: 16 MiB if each kept value held its document.
  assert.ok(retainedMib < 4, `the parsed values kept ${retainedMib.toFixed(1)} MiB`);
  assert.deepEqual(kept[5], { 'a member name of some length 5': 'how do I reset my password 5', escaped: 'line one\nline two 5', list: ['an element long enough 5'] });
});

test('detachedString: the same characters, whatever the string', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.nat(), (text, cut) => {
    const part = text.slice(cut % (text.length + 1));
    assert.equal(detachedString(part), part);
  }));
});

test('a document holds at most maxValues values (each object, array and scalar once), refused with the path where it crossed', () => {
  const values = (n: number) => `[${Array.from({ length: n - 1 }, () => '0').join(',')}]`;
  assert.equal((parseStrictJson(values(10), { maxValues: 10 }) as unknown[]).length, 9);
  const refused = (text: string, maxValues: number) => {
    try {
      parseStrictJson(text, { maxValues });
    } catch (error) {
      assert.ok(error instanceof StrictJsonError);
      return { rule: error.rule, path: error.path, message: error.message };
    }
    return assert.fail('accepted');
  };
  assert.deepEqual({ ...refused(values(11), 10), message: undefined }, { rule: 'values', path: '[9]', message: undefined });
  assert.match(refused('{"a":{"b":[1,2,3]},"c":true}', 5).message, /more than 5 values/);
  assert.equal(refused('{"a":{"b":[1,2,3]},"c":true}', 5).path, 'a.b[2]');
  assert.equal(refused('{"a":{"b":[1,2,3]},"c":true}', 6).path, 'c');
  assert.doesNotThrow(() => parseStrictJson('{"a":{"b":[1,2,3]},"c":true}', { maxValues: 7 }));
  // The default is the process's bound.
  assert.equal(maxJsonValues(), DEFAULT_MAX_JSON_VALUES);
  assert.doesNotThrow(() => parseStrictJson(values(DEFAULT_MAX_JSON_VALUES)));
  assert.throws(() => parseStrictJson(values(DEFAULT_MAX_JSON_VALUES + 1)), { rule: 'values' });
  assert.throws(() => setMaxJsonValues(0), RangeError);
});

test('a budget is shared by the documents parsed with it', () => {
  const budget = new JsonValueBudget(10);
  parseStrictJson('[1,2,3]', { budget });
  parseStrictJson('{"a":1,"b":2}', { budget });
  assert.equal(budget.remaining, 3);
  assert.throws(() => parseStrictJson('[1,2,3]', { budget }), { rule: 'values', path: '[2]' });
});

test('any document within the bound parses as JSON.parse reads it; any beyond is refused, never a partial value', () => {
  fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('"__proto__":')), fc.integer({ min: 1, max: 60 }), (value, maxValues) => {
    const text = JSON.stringify(value);
    let count = 0;
    const walk = (v: unknown): void => {
      count += 1;
      if (Array.isArray(v)) v.forEach(walk);
      else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(JSON.parse(text));
    if (count <= maxValues) assert.deepEqual(parseStrictJson(text, { maxValues }), JSON.parse(text));
    else assert.throws(() => parseStrictJson(text, { maxValues }), { rule: 'values' });
  }), { numRuns: 300 });
});
