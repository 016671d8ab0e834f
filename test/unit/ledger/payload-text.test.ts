// The payload as canonical text with PII spans (PostgreSQL schema v2): sealing in one walk must
// give exactly what the original sealing gives (same paths, commitments, digest; the text is the
// canonical JSON), and the text check must accept exactly the untouched or properly erased text.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  canonicalJson, checkPayload, createPiiDetector, defaultPiiDetector, ERASED_VALUE, erasePayload, LedgerError, sealPayload,
  type PiiDetector, type StoredRow,
} from '../../../src/ledger/index.ts';
import { erasePayloadText, payloadTextMatches, sealPayloadText, type SealedPayloadText } from '../../../src/ledger/chain/payload-text.ts';

const saltSequence = (): (() => string) => {
  let n = 0;
  return () => (n++).toString(16).padStart(32, '0');
};

/** What the store kept before schema v2: JSON round trip, detector on the copy, sealPayload. */
function sealedTheOldWay(payload: object, detect: PiiDetector) {
  const parsed = JSON.parse(JSON.stringify(payload));
  return { parsed, sealed: sealPayload(parsed, detect(parsed), saltSequence()) };
}

function assertSameSeal(payload: object, detect: PiiDetector): SealedPayloadText {
  const { parsed, sealed } = sealedTheOldWay(payload, detect);
  const text = sealPayloadText(payload, detect, saltSequence());
  assert.equal(text.payloadText, canonicalJson(parsed));
  assert.deepEqual(JSON.parse(text.payloadText), parsed);
  assert.deepEqual(
    [text.pii_paths, text.pii_commitments, text.pii_salts, text.payload_digest],
    [sealed.pii_paths, sealed.pii_commitments, sealed.pii_salts, sealed.payload_digest],
  );
  return text;
}

const columns = (sealed: SealedPayloadText, state: 'present' | 'erased' = 'present') => ({
  payload_state: state,
  pii_paths: sealed.pii_paths,
  pii_commitments: sealed.pii_commitments,
  pii_salts: state === 'present' ? sealed.pii_salts : null,
  payload_digest: sealed.payload_digest,
});

const PII_ISH = fc.constantFrom('ann@example.com', '+44 20 7946 0958', '4111 1111 1111 1111', 'plain', '', '555-123-4567', 'x@y');
const KEYS = fc.constantFrom('user', 'email', 'Full Name', 'note', 'items', 'a.b', '', '__proto__', 'x"y', '0', 'é', 'b');
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ maxDepth: 4 },
    PII_ISH, fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(KEYS, tie('value'), { maxKeys: 4 })),
})).value;
const payloadArb = fc.dictionary(KEYS, jsonValue, { maxKeys: 6 });

describe('payload text (PostgreSQL schema v2)', () => {
  test('property: one-walk sealing gives the same paths, commitments and digest as sealing a parsed copy', () => {
    const custom = createPiiDetector({ personalKeys: ['note'], valuePatterns: [/^$/, /ab+c/gi] });
    fc.assert(fc.property(payloadArb, (payload) => {
      for (const detect of [defaultPiiDetector, custom]) {
        const sealed = assertSameSeal(payload, detect);
        assert.equal(payloadTextMatches(columns(sealed), sealed.payloadText, sealed.pii_spans), true);
      }
    }), { numRuns: 300 });
  });

  test('JSON.stringify semantics: toJSON, boxed primitives, undefined members and array holes', () => {
    const payload = {
      when: new Date('2030-01-01T00:00:00Z'), n: Object(3), s: Object('ann@example.com'), b: Object(false),
      gone: undefined, fn: () => 1, list: [undefined, () => 1, Symbol('x'), 1], user: { only: undefined },
      custom: { toJSON: (key: string) => `key ${key} mail z@example.org` }, nan: Number.NaN,
    };
    const sealed = assertSameSeal(payload, defaultPiiDetector);
    assert.deepEqual(sealed.pii_paths, ['custom', 's'], 'the empty personal object holds no data');
  });

  test('a hand-written detector still works (it gets a parsed copy)', () => {
    const detect: PiiDetector = (p) => ('secret' in p ? ['secret', 'nested.deep'] : []);
    const sealed = assertSameSeal({ secret: { a: 1 }, nested: { deep: [1, 2] }, other: 'x' }, detect);
    assert.deepEqual(sealed.pii_paths, ['nested.deep', 'secret']);
    assert.throws(() => sealPayloadText({ a: 1 }, () => ['b']), (err: unknown) => err instanceof LedgerError && err.code === 'LEDGER_INVALID_PII_PATH');
  });

  test('what does not serialize to a JSON object is refused with LEDGER_INVALID_ENTRY', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [cyclic, { n: 1n }, { toJSON: () => 'text' }, { toJSON: () => [1] }]) {
      assert.throws(() => sealPayloadText(bad, defaultPiiDetector), (err: unknown) => err instanceof LedgerError && err.code === 'LEDGER_INVALID_ENTRY');
    }
  });

  test('the text check accepts the sealed text and refuses any change a verifier must catch', () => {
    const payload = { request: { user: 'ann', input: 'mail bob@example.com please' }, output: { total: 3 } };
    const sealed = sealPayloadText(payload, defaultPiiDetector);
    const row = columns(sealed);
    const text = sealed.payloadText;
    assert.deepEqual(sealed.pii_paths, ['request.input', 'request.user']);
    assert.equal(payloadTextMatches(row, text, sealed.pii_spans), true);
    assert.equal(payloadTextMatches(row, text.replace('"total":3', '"total":4'), sealed.pii_spans), false, 'a non-PII value');
    assert.equal(payloadTextMatches(row, text.replace('"ann"', '"amy"'), sealed.pii_spans), false, 'a PII value');
    assert.equal(payloadTextMatches(row, text.replace('"ann"', '"[erased]"'), sealed.pii_spans), false, 'erased without marking it');
    assert.equal(payloadTextMatches(row, text, [...sealed.pii_spans].reverse()), false, 'spans swapped');
    assert.equal(payloadTextMatches(row, text, [sealed.pii_spans[0]]), false, 'a span missing');
    assert.equal(payloadTextMatches({ ...row, pii_paths: [sealed.pii_paths[0], sealed.pii_paths[0]] }, text, sealed.pii_spans), false, 'a path twice');
    const [start, end] = sealed.pii_spans[1];
    assert.equal(payloadTextMatches(row, text, [sealed.pii_spans[0], [start, end + 1]]), false, 'a span one character too long');
    const salts = { ...sealed.pii_salts, 'request.user': `${sealed.pii_salts['request.user']}:x` };
    assert.equal(payloadTextMatches({ ...row, pii_salts: salts }, text, sealed.pii_spans), false, 'a salt with a colon');
    assert.equal(payloadTextMatches({ ...row, payload_state: 'expired' }, text, sealed.pii_spans), false);
  });

  test('erasure keeps the text canonical and its spans on the "[erased]" leaves; the erased row checks out', () => {
    fc.assert(fc.property(payloadArb, (payload) => {
      const sealed = sealPayloadText(payload, defaultPiiDetector, saltSequence());
      const erased = erasePayloadText(sealed.payloadText, sealed.pii_paths);
      const expected = erasePayload(JSON.parse(sealed.payloadText), sealed.pii_paths);
      assert.equal(erased.text, canonicalJson(expected));
      assert.notEqual(erased.spans, null);
      for (const [s, e] of erased.spans!) assert.equal(erased.text.slice(s, e), JSON.stringify(ERASED_VALUE));
      assert.equal(payloadTextMatches(columns(sealed, 'erased'), erased.text, erased.spans), true);
      // The slow check, which verify falls back to, agrees.
      const stored = { ...columns(sealed, 'erased'), payload: JSON.parse(erased.text) } as unknown as StoredRow;
      assert.equal(checkPayload(stored), null);
    }), { numRuns: 150 });
  });
});
