import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  ERASED_VALUE, erasePayload, payloadDigest, piiCommitment, redactPayload, sealPayload,
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
});
