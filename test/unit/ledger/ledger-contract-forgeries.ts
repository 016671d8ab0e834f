// Forgeries of the record by someone with write access to the database but not the signing key
// (issue 12, items 7-9), run the same way against every store and through every verifier: the
// store API (auditLedger), the HTTP API (GET /v1/audit/chain/verify) and the CLI (govgate verify).
// Each case first shows the legitimate state verifies (no false alarm), then forges, then expects
// verify to fail and name the row. A store harness gives raw SQL with the append-only triggers
// disabled; statements use $1-style parameters (SQLite reads them as ?1).

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { auditCheckpoints, auditLedger, checkpointHead, loadCheckpointSigner, rowHash, type CheckpointSigner, type Ledger, type LedgerAudit } from '../../../src/ledger/index.ts';
import { ALL_COLUMNS, decodeRow } from '../../../src/ledger/row-codec.ts';
import { runRetention } from '../../../src/gateway/retention.ts';
import { makeEntry } from './ledger-fixtures.ts';

export interface ForgeryStore {
  /** A ledger on the store (its clock is `now`), reopened on the same data by `reopen`. */
  ledger: Ledger;
  /** Runs SQL with the append-only triggers off (and, on PostgreSQL, ledger_head free to move back). */
  tamper(sql: string, values?: unknown[]): Promise<void>;
  query(sql: string, values?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Sets ledger_head (PostgreSQL) to the newest remaining row; a no-op where the head is max(seq). */
  rewindHead(): Promise<void>;
  /** A second ledger on the same data, as a fresh process would open it (the caller closes it). */
  reopen(): Promise<Ledger>;
  /** Environment that points a gateway or `govgate` at this store. */
  env: Record<string, string>;
}

/** One way of verifying a store, with the trusted key's private JWK (CHECKPOINT_KEY). */
export interface Verifier {
  name: string;
  verify(store: ForgeryStore, privateJwk: JWK): Promise<{ report: LedgerAudit; exitCode?: number }>;
}

export type OpenForgeryStore = (t: TestContext, now: () => Date) => Promise<ForgeryStore>;

const DAY = 86_400_000;

async function newKey(): Promise<{ privateJwk: JWK; signer: CheckpointSigner }> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { privateJwk, signer: await loadCheckpointSigner({ key: JSON.stringify(privateJwk), generatedKeyPath: null }) };
}

/** Six rows: 1-3 written 200 days ago, 4-6 now, so retention may expire the first three's payloads. */
async function sixRows(t: TestContext, open: OpenForgeryStore): Promise<ForgeryStore & { clock: { at: number } }> {
  const clock = { at: Date.now() - 200 * DAY };
  const store = await open(t, () => new Date(clock.at));
  for (let n = 1; n <= 6; n++) {
    if (n === 4) clock.at = Date.now();
    await store.ledger.append(makeEntry({ outcome: 'approve', payload: { request: { user: `user-${n}` }, output: { total: n } } }));
  }
  return { ...store, clock };
}

async function rewriteFrom(store: ForgeryStore, seq: number): Promise<void> {
  const rows = (await store.query(`SELECT ${ALL_COLUMNS.join(', ')} FROM ledger WHERE seq >= $1 ORDER BY seq`, [seq]))
    .map((raw) => decodeRow({ ...raw, seq: Number(raw.seq) }));
  let prev = (await store.query('SELECT hash FROM ledger WHERE seq = $1', [seq - 1]))[0].hash as string;
  for (const row of rows) {
    const forged = { ...row, prev_hash: prev, outcome: row.seq === seq ? 'block' as const : row.outcome };
    const hash = rowHash(forged);
    await store.tamper('UPDATE ledger SET outcome = $1, prev_hash = $2, hash = $3 WHERE seq = $4', [forged.outcome, prev, hash, row.seq]);
    prev = hash;
  }
  await store.rewindHead();
}

function assertForged(name: string, result: { report: LedgerAudit; exitCode?: number }, seq: number, problem: LedgerAudit['problem']): void {
  const { report, exitCode } = result;
  assert.deepEqual([report.valid, report.first_bad_seq, report.problem], [false, seq, problem], `${name}: ${report.detail}`);
  if (exitCode !== undefined) assert.equal(exitCode, 1, `${name}: exit code`);
}

function assertValid(name: string, result: { report: LedgerAudit; exitCode?: number }): void {
  assert.equal(result.report.valid, true, `${name}: ${result.report.problem} ${result.report.detail}`);
  assert.equal(result.report.signatures_checked, true, name);
  if (result.exitCode !== undefined) assert.equal(result.exitCode, 0, `${name}: exit code`);
}

export function forgeryCases(open: OpenForgeryStore, verifiers: readonly Verifier[]): void {
  const each = async (store: ForgeryStore, key: JWK, check: (name: string, result: { report: LedgerAudit; exitCode?: number }) => void) => {
    for (const verifier of verifiers) check(verifier.name, await verifier.verify(store, key));
  };
  // The untouched state through the first verifier only (the others are slow processes): no false alarm.
  const first = async (store: ForgeryStore, key: JWK, check: (name: string, result: { report: LedgerAudit; exitCode?: number }) => void) => {
    check(verifiers[0].name, await verifiers[0].verify(store, key));
  };

  test('a chain rewritten from row 3 with every hash recomputed fails at the signed checkpoint, naming row 3', async (t) => {
    const store = await sixRows(t, open);
    const { privateJwk, signer } = await newKey();
    await store.ledger.addCheckpoint(await signer.sign({ seq: 2, hash: (await store.query('SELECT hash FROM ledger WHERE seq = 2'))[0].hash as string }, new Date()));
    await checkpointHead(store.ledger, signer);
    await first(store, privateJwk, (name, result) => {
      assertValid(name, result);
      assert.deepEqual([result.report.checkpoints.verified, result.report.checkpoints.newest_verified_seq, result.report.checkpoints.unprotected_rows], [2, 6, 0], name);
      assert.deepEqual(result.report.checkpoints.newest.map((c) => [c.seq, c.signature, c.confirmed]), [[6, 'valid', true], [2, 'valid', true]], name);
    });
    await rewriteFrom(store, 3);
    await each(store, privateJwk, (name, result) => {
      assertForged(name, result, 3, 'checkpoint_mismatch');
      assert.match(result.report.detail ?? '', /rows 3\.\.6 were rewritten/, name);
    });
  });

  test('the newest rows deleted (head rewound) fail as truncated below the signed checkpoint; rows after it are reported unprotected', async (t) => {
    const store = await sixRows(t, open);
    const { privateJwk, signer } = await newKey();
    await store.ledger.addCheckpoint(await signer.sign({ seq: 5, hash: (await store.query('SELECT hash FROM ledger WHERE seq = 5'))[0].hash as string }, new Date()));
    await first(store, privateJwk, (name, result) => {
      assertValid(name, result);
      assert.equal(result.report.checkpoints.unprotected_rows, 1, `${name}: row 6 is after the newest checkpoint`);
    });
    await store.tamper('DELETE FROM ledger WHERE seq >= 4');
    await store.rewindHead();
    await each(store, privateJwk, (name, result) => {
      assertForged(name, result, 4, 'truncated');
      assert.match(result.report.detail ?? '', /chain ends at seq 3, but a signed checkpoint vouches for seq 5/, name);
    });
  });

  test('a range that starts past the head checks no row and is no false alarm; past a truncated head it still fails', async (t) => {
    const store = await sixRows(t, open);
    const { privateJwk, signer } = await newKey();
    await store.ledger.addCheckpoint(await signer.sign({ seq: 5, hash: (await store.query('SELECT hash FROM ledger WHERE seq = 5'))[0].hash as string }, new Date()));
    const audit = async (range: { from_seq?: number; to_seq?: number }) => {
      const ledger = await store.reopen();
      try {
        return await auditLedger(ledger, [publicJwk(privateJwk)], range);
      } finally {
        await ledger.close();
      }
    };
    for (const range of [{ from_seq: 7 }, { from_seq: 100 }, { from_seq: 7, to_seq: 9 }]) {
      const report = await audit(range);
      assert.deepEqual([report.valid, report.rows_checked, report.problem], [true, 0, null], `${JSON.stringify(range)}: ${report.detail}`);
    }
    await store.tamper('DELETE FROM ledger WHERE seq >= 4');
    await store.rewindHead();
    const truncated = await audit({ from_seq: 7 });
    assert.deepEqual([truncated.valid, truncated.problem, truncated.first_bad_seq], [false, 'truncated', 4], truncated.detail ?? '');
  });

  test('a fresh row made to look expired fails as expiry_unproven; rows a signed retention run expired still verify', async (t) => {
    const store = await sixRows(t, open);
    const { privateJwk, signer } = await newKey();
    const retention = await runRetention(store.ledger, { hotPayloadDays: 90, metadataYears: 7, intervalMinutes: 60 }, new Date(), { signer });
    assert.equal(retention.payloads_expired, 3);
    await first(store, privateJwk, (name, result) => {
      assertValid(name, result);
      assert.deepEqual([result.report.expired_rows, result.report.retention_records.payload_expiry], [3, 1], name);
    });
    await store.tamper("UPDATE ledger SET payload = NULL, pii_salts = NULL, payload_state = 'expired' WHERE seq = 5");
    await each(store, privateJwk, (name, result) => {
      assertForged(name, result, 5, 'expiry_unproven');
      assert.match(result.report.detail ?? '', /row 5 .* no signed payload-expiry run covers it/, name);
    });
  });

  test('a forged anchor (inserted, then the first rows deleted) fails as anchor_unsigned, even over a head checkpoint at that seq', async (t) => {
    const store = await sixRows(t, open);
    const { privateJwk, signer } = await newKey();
    // A periodic checkpoint happens to sign row 2: it proves the hash, not that retention deleted rows 1..2.
    const hash2 = (await store.query('SELECT hash FROM ledger WHERE seq = 2'))[0].hash as string;
    await store.ledger.addCheckpoint(await signer.sign({ seq: 2, hash: hash2 }, new Date()));
    await first(store, privateJwk, (name, result) => assertValid(name, result));
    await store.tamper('INSERT INTO ledger_anchors (seq, hash, retired_at, rows_deleted) VALUES ($1, $2, $3, $4)', [2, hash2, new Date().toISOString(), 2]);
    await store.tamper('DELETE FROM ledger WHERE seq <= 2');
    await each(store, privateJwk, (name, result) => {
      assertForged(name, result, 2, 'anchor_unsigned');
      assert.deepEqual([result.report.anchor?.seq, result.report.anchor?.signed], [2, false], name);
    });
    // The checkpoint audit (govgate verify --checkpoints) fails on it too, though a checkpoint signs that seq and hash.
    const reopened = await store.reopen();
    try {
      const audit = await auditCheckpoints(reopened, [publicJwk(privateJwk)]);
      assert.deepEqual([audit.valid, audit.problem, audit.anchor_seq, audit.anchor_signed], [false, 'anchor_unsigned', 2, false]);
    } finally {
      await reopened.close();
    }
  });

  test('an anchor written by a signed metadata retention run verifies, and reports its signature', async (t) => {
    const clock = { at: Date.now() - 9 * 365 * DAY };
    const store = await open(t, () => new Date(clock.at));
    for (let n = 1; n <= 4; n++) {
      if (n === 4) clock.at = Date.now();
      await store.ledger.append(makeEntry());
    }
    const { privateJwk, signer } = await newKey();
    const run = await runRetention(store.ledger, { hotPayloadDays: 90, metadataYears: 7, intervalMinutes: 60 }, new Date(), { signer });
    assert.deepEqual([run.metadata_rows_deleted, run.anchor_seq], [3, 3]);
    await each(store, privateJwk, (name, result) => {
      assertValid(name, result);
      assert.deepEqual([result.report.anchor?.seq, result.report.anchor?.signed, result.report.anchor?.key_id], [3, true, signer.keyId], name);
    });
    // Signed, but by a key the verifier does not trust: as good as unsigned.
    const stranger = await newKey();
    const reopened = await store.reopen();
    try {
      const report = await auditLedger(reopened, [publicJwk(stranger.privateJwk)]);
      assert.deepEqual([report.valid, report.problem, report.first_bad_seq, report.anchor?.signed, report.retention_records.unknown_key], [false, 'anchor_unsigned', 3, false, 2]);
    } finally {
      await reopened.close();
    }
  });
}

/** The public half of a private JWK. */
export function publicJwk(privateJwk: JWK): JWK {
  const { d: _d, ...rest } = privateJwk;
  return rest;
}

/** Verifies through the store API, on a ledger opened afresh (as an auditor's process would). */
export const storeVerifier: Verifier = {
  name: 'store API',
  async verify(store, privateJwk) {
    const ledger = await store.reopen();
    try {
      return { report: await auditLedger(ledger, [publicJwk(privateJwk)]) };
    } finally {
      await ledger.close();
    }
  },
};
