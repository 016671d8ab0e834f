import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  canonicalJson, GENESIS_HASH, HASHED_FIELDS, rowHash, verifyRows, type StoredRow,
} from '../../../src/ledger/index.ts';
import { rowHashParts } from '../../../src/ledger/chain/hash-chain.ts';
import { buildChain, erased, expired, sampleChain } from './chain-rows.ts';
import { makeEntry } from './ledger-fixtures.ts';

describe('row hash', () => {
  test('is sha256 of the canonical JSON of exactly the documented fields', () => {
    const [row] = sampleChain(1);
    const covered = Object.fromEntries(HASHED_FIELDS.map((field) => [field, row[field]]));
    assert.equal(row.hash, createHash('sha256').update(canonicalJson(covered)).digest('hex'));
    assert.equal(row.prev_hash, GENESIS_HASH);
    assert.equal(GENESIS_HASH, '0'.repeat(64));
  });

  for (const field of HASHED_FIELDS) {
    test(`covers ${field}`, () => {
      const [row] = sampleChain(1);
      const changed = { ...row, [field]: field === 'pii_commitments' ? { x: 'y' } : field === 'seq' ? 99 : 'changed' };
      assert.notEqual(rowHash(changed as StoredRow), row.hash);
    });
  }

  test('property: equals sha256 of canonicalJson of the hashed fields, whatever their values', () => {
    const [row] = sampleChain(1);
    const value = fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
    fc.assert(fc.property(fc.record(Object.fromEntries(HASHED_FIELDS.map((field) => [field, value]))), (fields) => {
      const changed = { ...row, ...fields } as unknown as StoredRow;
      const covered = Object.fromEntries(HASHED_FIELDS.map((field) => [field, changed[field]]));
      assert.equal(rowHash(changed), createHash('sha256').update(canonicalJson(covered)).digest('hex'));
    }), { numRuns: 100 });
  });

  test('property: rowHashParts cut the hashed text around prev_hash and seq (what ledger_link_hashes puts back)', () => {
    const [row] = sampleChain(1);
    const value = fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    fc.assert(fc.property(fc.record(Object.fromEntries(HASHED_FIELDS.map((field) => [field, value]))), hex, fc.nat(2 ** 53 - 1), (fields, prev, seq) => {
      const changed = { ...row, ...fields, prev_hash: prev, seq } as unknown as StoredRow;
      const { prefix, middle } = rowHashParts(changed);
      assert.equal(createHash('sha256').update(`${prefix}"${prev}"${middle}${seq}}`).digest('hex'), rowHash(changed));
    }), { numRuns: 100 });
  });

  test('does not cover the payload columns, so erasure and expiry keep it', () => {
    const [row] = sampleChain(1);
    assert.equal(rowHash(erased(row)), row.hash);
    assert.equal(rowHash(expired(row)), row.hash);
  });
});

describe('verifyRows', () => {
  test('accepts an intact chain, with erased and expired rows counted', () => {
    const rows = sampleChain(6);
    rows[1] = erased(rows[1]);
    rows[4] = expired(rows[4]);
    const report = verifyRows(rows);
    assert.deepEqual(
      [report.valid, report.rows_checked, report.from_seq, report.to_seq, report.head_hash, report.erased_rows, report.expired_rows],
      [true, 6, 1, 6, rows[5].hash, 1, 1],
    );
  });

  const tampers: Array<[string, (rows: StoredRow[]) => void, number, string]> = [
    ['missing row', (rows) => rows.splice(2, 1), 3, 'seq_gap'],
    ['duplicate seq', (rows) => rows.splice(2, 0, rows[1]), 3, 'seq_gap'],
    ['metadata change', (rows) => { rows[3] = { ...rows[3], agent_id: 'someone-else' }; }, 4, 'hash_mismatch'],
    ['relinked row', (rows) => { rows[3] = { ...rows[3], prev_hash: 'f'.repeat(64) }; }, 4, 'prev_hash_mismatch'],
    ['changed non-PII value', (rows) => { rows[2] = { ...rows[2], payload: { ...rows[2].payload, output: { value: -1 } } }; }, 3, 'payload_tampered'],
    ['changed PII value', (rows) => { rows[2] = { ...rows[2], payload: { ...rows[2].payload, request: { user: 'x', input: 'question' } } }; }, 3, 'payload_tampered'],
    ['PII set to [erased] without erasure', (rows) => { rows[2] = { ...rows[2], payload: { ...rows[2].payload, request: { user: '[erased]', input: 'question' } } }; }, 3, 'payload_tampered'],
    ['missing salt', (rows) => { rows[0] = { ...rows[0], pii_salts: {} }; }, 1, 'payload_tampered'],
    ['pii_paths edited', (rows) => { rows[1] = { ...rows[1], pii_paths: [] }; }, 2, 'payload_tampered'],
    ['payload on an expired row', (rows) => { rows[1] = { ...rows[1], payload_state: 'expired' }; }, 2, 'payload_tampered'],
  ];
  for (const [name, tamper, badSeq, problem] of tampers) {
    test(`names the first bad seq: ${name}`, () => {
      const rows = sampleChain(5);
      tamper(rows);
      const report = verifyRows(rows);
      assert.deepEqual([report.valid, report.first_bad_seq, report.problem, report.rows_checked], [false, badSeq, problem, badSeq - 1]);
      assert.ok(report.detail && report.detail.length > 0);
    });
  }

  test('a range anchors on the previous row and must reach toSeq', () => {
    const rows = sampleChain(5);
    const anchor = { seq: rows[1].seq, hash: rows[1].hash };
    assert.equal(verifyRows(rows.slice(2), { anchor }).valid, true);
    assert.equal(verifyRows(rows.slice(2), { anchor: { seq: 2, hash: GENESIS_HASH } }).problem, 'prev_hash_mismatch');
    const short = verifyRows(rows.slice(0, 3), { toSeq: 5 });
    assert.deepEqual([short.valid, short.first_bad_seq, short.problem, short.rows_checked], [false, 4, 'seq_gap', 3]);
  });

  test('property: any payloads, any erasures and expiries, the chain verifies', () => {
    const payload = fc.record({
      request: fc.record({ user: fc.string(), input: fc.oneof(fc.string(), fc.constant('write to a@b.io')) }),
      data: fc.jsonValue(),
      extra: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
    });
    const step = fc.record({ payload, fate: fc.constantFrom('keep', 'erase', 'expire', 'erase+expire') });
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
      const rows = buildChain(steps.map((s) => makeEntry({ payload: s.payload as Record<string, unknown> })))
        .map((row, i) => {
          const fate = steps[i].fate;
          const afterErase = fate.startsWith('erase') ? erased(row) : row;
          return fate.endsWith('expire') ? expired(afterErase) : afterErase;
        });
      const report = verifyRows(rows);
      assert.equal(report.valid, true, report.detail ?? '');
      assert.equal(report.rows_checked, steps.length);
    }));
  });

  test('property: changing any hashed field of any row is caught at that row', () => {
    const rows = sampleChain(6);
    fc.assert(fc.property(fc.nat({ max: 5 }), fc.constantFrom(...HASHED_FIELDS.filter((f) => f !== 'seq' && f !== 'prev_hash')), (index, field) => {
      const copy = [...rows];
      copy[index] = { ...copy[index], [field]: field === 'pii_commitments' ? {} : 'forged' } as StoredRow;
      const report = verifyRows(copy);
      assert.deepEqual([report.valid, report.first_bad_seq], [false, index + 1]);
    }));
  });
});
