import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newEnvelopeId } from '../../../src/ledger/index.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix milliseconds in a UUIDv7's first 48 bits. */
const millisOf = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('envelope ids', () => {
  test('are UUID version 7 stamped with the time they were made', () => {
    const before = Date.now();
    const id = newEnvelopeId();
    const after = Date.now();
    assert.match(id, UUID_V7);
    assert.ok(millisOf(id) >= before && millisOf(id) <= after, `${millisOf(id)} outside ${before}..${after}`);
  });

  test('made one after another, they never go back in time, so index inserts stay at the right edge', () => {
    const ids = Array.from({ length: 5000 }, () => newEnvelopeId());
    for (let i = 1; i < ids.length; i++) assert.ok(millisOf(ids[i]!) >= millisOf(ids[i - 1]!), `${ids[i]} after ${ids[i - 1]}`);
    assert.equal(new Set(ids).size, ids.length);
  });
});
