import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  ERASED_VALUE, erasePayload, formatPath, payloadDigest, piiCommitment, redactPayload, sealPayload, type PathSegment,
} from '../../../src/ledger/index.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('PII commitments', () => {
  test('a commitment is sha256(salt ":" canonicalJson(value)), lowercase hex', () => {
    assert.equal(piiCommitment('00ff', { b: 1, a: 'x' }), sha256('00ff:{"a":"x","b":1}'));
    assert.equal(piiCommitment('00ff', 'ann'), sha256('00ff:"ann"'));
    assert.notEqual(piiCommitment('00fe', 'ann'), piiCommitment('00ff', 'ann'), 'the salt matters');
  });

  test('sealPayload commits each leaf with its own salt and digests the redacted form', () => {
    const payload = { request: { user: 'ann', input: 'hi' }, out: [{ email: 'a@b.io' }] };
    const salts = ['aa', 'bb'];
    const sealed = sealPayload(payload, ['request.user', 'out[0].email'], () => salts.shift() as string);
    assert.deepEqual(sealed.pii_paths, ['out[0].email', 'request.user'], 'sorted');
    assert.deepEqual(sealed.pii_salts, { 'out[0].email': 'aa', 'request.user': 'bb' });
    assert.deepEqual(sealed.pii_commitments, { 'out[0].email': sha256('aa:"a@b.io"'), 'request.user': sha256('bb:"ann"') });
    const [emailC, userC] = [sha256('aa:"a@b.io"'), sha256('bb:"ann"')];
    const canonicalRedacted = `{"out":[{"email":{"$pii":"${emailC}"}}],"request":{"input":"hi","user":{"$pii":"${userC}"}}}`;
    assert.equal(sealed.payload_digest, sha256(canonicalRedacted));
    assert.deepEqual(payload, { request: { user: 'ann', input: 'hi' }, out: [{ email: 'a@b.io' }] }, 'input untouched');
  });

  test('fresh random salts: the same value commits differently each time', () => {
    const a = sealPayload({ user: 'ann' }, ['user']);
    const b = sealPayload({ user: 'ann' }, ['user']);
    assert.match(a.pii_salts.user, /^[0-9a-f]{32}$/);
    assert.notEqual(a.pii_commitments.user, b.pii_commitments.user);
  });

  test('detector paths are normalized: canonical form, de-duplicated, nested paths folded into their ancestor', () => {
    const sealed = sealPayload({ a: { b: { c: 1 } }, 'x.y': 2 }, ['a.b.c', 'a.b', 'a["b"]', '["x.y"]'], () => 's');
    assert.deepEqual(sealed.pii_paths, ['["x.y"]', 'a.b']);
  });

  test('detector paths that are malformed or absent are refused', () => {
    assert.throws(() => sealPayload({ a: 1 }, ['a..b']), { code: 'LEDGER_INVALID_PII_PATH' });
    assert.throws(() => sealPayload({ a: 1 }, ['b']), { code: 'LEDGER_INVALID_PII_PATH' });
    assert.throws(() => sealPayload({ a: [1] }, ['a[1]']), { code: 'LEDGER_INVALID_PII_PATH' });
  });

  test('erased and original payloads redact to the same digest', () => {
    const payload = { user: { id: 7, name: 'Ann' }, note: 'x' };
    const sealed = sealPayload(payload, ['user']);
    const erased = erasePayload(payload, sealed.pii_paths);
    assert.deepEqual(erased, { user: ERASED_VALUE, note: 'x' });
    assert.equal(payloadDigest(redactPayload(erased, sealed.pii_commitments)!), sealed.payload_digest);
    assert.equal(redactPayload({ note: 'x' }, sealed.pii_commitments), undefined, 'a vanished leaf cannot be redacted');
  });

  test('property: the digest sealPayload computes without copying equals the digest of the redacted copy', () => {
    fc.assert(fc.property(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.array(fc.nat(), { maxLength: 6 }),
      (raw, picks) => {
        const payload = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
        const paths = leafPaths(payload);
        const chosen = paths.length === 0 ? [] : picks.map((i) => paths[i % paths.length]);
        const sealed = sealPayload(payload, chosen);
        assert.equal(sealed.payload_digest, payloadDigest(redactPayload(payload, sealed.pii_commitments)!));
        assert.deepEqual(Object.keys(sealed.pii_salts).sort(), sealed.pii_paths);
      },
    ), { numRuns: 200 });
  });

  test('salts are 16 fresh bytes each, never repeated', () => {
    const salts = new Set(Array.from({ length: 2000 }, () => sealPayload({ user: 'ann' }, ['user']).pii_salts.user));
    assert.equal(salts.size, 2000);
    for (const salt of salts) assert.match(salt, /^[0-9a-f]{32}$/);
  });
});

/** Every path in the payload (objects, arrays and scalars alike), in json-paths form. */
function leafPaths(node: unknown, prefix: PathSegment[] = []): string[] {
  const here = prefix.length > 0 ? [formatPath(prefix)] : [];
  if (Array.isArray(node)) return [...here, ...node.flatMap((item, i) => leafPaths(item, [...prefix, i]))];
  if (node !== null && typeof node === 'object') {
    return [...here, ...Object.keys(node).flatMap((key) => leafPaths((node as Record<string, unknown>)[key], [...prefix, key]))];
  }
  return here;
}
