import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  createPiiDetector, defaultPiiDetector, DEFAULT_VALUE_PATTERNS, getAtPath, parsePath, piiDetectorFromSpec, piiDetectorSpec, type PiiDetector, type ValueMatcher,
} from '../../../src/ledger/index.ts';
import { CARD_NUMBER, CLEAN_CACHE_LIMIT, CLEAN_CACHE_MAX_LENGTH } from '../../../src/ledger/pii-detector.ts';
import { compileLinearPattern } from '../../../src/linear-regex/index.ts';

describe('defaultPiiDetector', () => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['personal keys, any case or separator', { request: { User: 'u1', 'Full-Name': 'Ann Lee', e_mail: 'x' }, Email: 'n/a' }, ['Email', 'request.Full-Name', 'request.User', 'request.e_mail']],
    ['a personal key covers its whole value', { customer: { address: { street: 'Main 1', city: 'Oslo' } } }, ['customer.address']],
    ['null, booleans and empty values under personal keys are skipped', { user: null, name: '', phone: false, address: {} }, []],
    ['numbers under personal keys count', { ssn: 123456789 }, ['ssn']],
    ['emails in free text, at any depth', { output: { items: [{ note: 'mail ann@example.co.uk now' }] } }, ['output.items[0].note']],
    ['international and 3-3-4 phone numbers', { a: 'call +44 20 7946 0958', b: '(555) 123-4567', c: '555.123.4567' }, ['a', 'b', 'c']],
    ['card numbers that pass the Luhn check', { a: 'card 4111 1111 1111 1111', b: '5500-0000-0000-0004' }, ['a', 'b']],
    ['keys with dots are quoted in the path', { 'contact.info': 'ann@example.com' }, ['["contact.info"]']],
    ['array items under an ordinary key', { cc: ['ann@example.com', 'x'] }, ['cc[0]']],
  ];
  for (const [name, payload, expected] of cases) {
    test(name, () => assert.deepEqual(defaultPiiDetector(payload).sort(), expected));
  }

  const innocent: Array<[string, string]> = [
    ['ISO timestamps', '2030-01-02T03:04:05.678Z'],
    ['dates', '2024-01-01'],
    ['UUIDs', '123e4567-e89b-12d3-a456-426614174000'],
    ['epoch milliseconds', '1700000000000'],
    ['card-like digits failing Luhn', '4111 1111 1111 1112'],
    ['versions and amounts', 'v1.2.3 costs 1234.56'],
    ['at-signs without a domain', 'meet @ noon'],
  ];
  for (const [name, text] of innocent) {
    test(`leaves ${name} alone`, () => assert.deepEqual(defaultPiiDetector({ output: { text } }), []));
  }

  test('every reported path resolves in the payload', () => {
    const payload = { request: { user: 'u', input: 'x@y.io' }, 'we[ird]': { email: 'e' }, list: [[{ phone: '+1 202 555 0100' }]] };
    const paths = defaultPiiDetector(payload);
    assert.equal(paths.length, 4);
    for (const path of paths) assert.equal(getAtPath(payload, parsePath(path)).found, true, path);
  });

  test('createPiiDetector takes its own keys and patterns (a /g pattern stays reusable)', () => {
    const detect = createPiiDetector({ personalKeys: ['customer_ref'], valuePatterns: [/ACCT-\d+/g] });
    const payload = { customerRef: 'c-1', user: 'not personal here', memo: 'ACCT-42', memo2: 'ACCT-43' };
    assert.deepEqual(detect(payload).sort(), ['customerRef', 'memo', 'memo2']);
    assert.deepEqual(detect(payload).sort(), ['customerRef', 'memo', 'memo2']);
  });

  test('property: a detector rebuilt from its structured-cloned spec finds exactly the same paths', () => {
    const detectors = [defaultPiiDetector, createPiiDetector({ personalKeys: ['memo'], valuePatterns: [/ab+c/gi, /^\d{3}$/] })];
    const textArb = fc.oneof(fc.string(), fc.constantFrom('ann@example.com', '+44 20 7946 0958', '4111 1111 1111 1111', 'xABBBc', '123'));
    const payloadArb = fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('user', 'Memo', 'e-mail', 'name')),
      fc.oneof(textArb, fc.jsonValue(), fc.array(textArb, { maxLength: 3 })));
    const rebuilt = detectors.map((detector) => piiDetectorFromSpec(structuredClone(piiDetectorSpec(detector)!)));
    fc.assert(fc.property(payloadArb, (payload) => {
      detectors.forEach((detector, i) => assert.deepEqual(rebuilt[i](payload), detector(payload)));
    }), { numRuns: 200 });
  });

  test('only detectors built from cloneable parts have a spec', () => {
    const custom: PiiDetector = () => [];
    assert.equal(piiDetectorSpec(custom), undefined);
    assert.equal(piiDetectorSpec(createPiiDetector({ valuePatterns: [{ test: (text) => text === 'x' }] })), undefined);
    assert.equal(piiDetectorSpec(createPiiDetector({ valuePatterns: [Object.assign(/x/, { test: () => true })] })), undefined);
    assert.deepEqual(piiDetectorSpec(createPiiDetector({ personalKeys: ['a'], valuePatterns: [/x/] })), { personalKeys: ['a'], valuePatterns: [/x/] });
  });
});

describe('the built-in patterns\' shape checks', () => {
  // The same patterns behind plain wrappers: no shortcut applies, so each string meets the automaton.
  const unshortcut = createPiiDetector({ valuePatterns: DEFAULT_VALUE_PATTERNS.map((pattern) => ({ test: (text: string) => pattern.test(text) })) });

  test('find exactly what the patterns find without them (phone, card, email shapes, near misses)', () => {
    // Strings built from the characters the patterns turn on, so phone and card shapes and near misses are common.
    const piece = fc.oneof(
      fc.constantFrom('+', '(', ')', ' ', '.', '-', '@', 'a', 'x.io', '_', '\n', 'é', '4111', '555', '0958', '2026-11-26T00:40:02.123Z', '+1', '+44', ' 20', '(55)', '-7'),
      fc.integer({ min: 0, max: 9 }).map(String),
      fc.string({ maxLength: 3 }),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (texts) => {
      const payload = Object.fromEntries(texts.map((value, i) => [`memo${i}`, value]));
      assert.deepEqual(defaultPiiDetector(payload), unshortcut(payload));
    }), { numRuns: 3000 });
  });

  test('known shapes: each pattern still finds its own', () => {
    for (const value of ['+44 20 7946 0958', '(555) 123-4567', '555.123.4567', '4111 1111 1111 1111', '4111-1111-1111-1111', 'mail ann@example.com now']) {
      assert.deepEqual(defaultPiiDetector({ memo: value }), ['memo'], value);
    }
    for (const value of ['2026-11-26T00:40:02.123Z', '01a2154d-ad21-7742-a2dc-d6b43cd724b9', 'pol-dfc077602463', '4111 1111 1111 1112']) {
      assert.deepEqual(defaultPiiDetector({ memo: value }), [], value);
    }
  });
});

describe('strings already found clean are remembered', () => {
  // The bundle's kind of patterns (linear, run as one automaton), a stateful /g RegExp and a built-in,
  // against the same matchers behind plain wrappers, which a detector never remembers answers of.
  const matchers: ValueMatcher[] = [compileLinearPattern('\\bacct-\\d{4}\\b'), compileLinearPattern('secret', 'i'), /x{3}/g, CARD_NUMBER];
  const remembering = createPiiDetector({ valuePatterns: matchers });
  const asking = createPiiDetector({ valuePatterns: matchers.map((matcher) => ({ test: (text: string) => { if (matcher instanceof RegExp) matcher.lastIndex = 0; return matcher.test(text); } })) });

  test('property: repeated strings get the answer they would get the first time', () => {
    const pool = ['acct-1234', 'my acct-9999 here', 'acct-12345', 'SECRET', 'xxx', 'xx', '4111 1111 1111 1111', 'plain text', '', 'a'.repeat(CLEAN_CACHE_MAX_LENGTH + 1)];
    const text = fc.oneof(fc.constantFrom(...pool), fc.string({ maxLength: 12 }), fc.constantFrom(...pool).map((s) => `${s} ${s}`));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 30 }), (texts) => {
      for (const value of texts) assert.deepEqual(remembering({ memo: value }), asking({ memo: value }), value);
    }), { numRuns: 2000 });
  });

  test('past the bound (it is emptied), earlier strings, clean or not, still get their answers', () => {
    const earlier = ['plain text', 'acct-1234', 'xxx', 'nothing here'];
    for (const value of earlier) remembering({ memo: value });
    for (let i = 0; i < CLEAN_CACHE_LIMIT * 2 + 7; i += 1) assert.deepEqual(remembering({ memo: `clean ${i}` }), []);
    assert.deepEqual(earlier.map((value) => remembering({ memo: value }).length), [0, 1, 1, 0]);
  });

  test('a hand-written matcher is asked every time (it may answer differently)', () => {
    let asked = 0;
    const detector = createPiiDetector({ valuePatterns: [{ test: (text) => text === 'late' && (asked += 1) > 1 }] });
    assert.deepEqual(detector({ memo: 'late' }), []);
    assert.deepEqual(detector({ memo: 'late' }), ['memo']);
  });
});
