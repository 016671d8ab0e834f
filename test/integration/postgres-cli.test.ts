// `govgate migrate | verify | retention | checkpoint` against PostgreSQL (DATABASE_URL, PG_SCHEMA),
// run as real child processes: exit codes, JSON reports, a tampered row named by seq, and
// checkpoints checked against a public key file the way an auditor would.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { openPostgresLedger, POSTGRES_SCHEMA_VERSION } from '../../src/ledger/index.ts';
import { POSTGRES_MIGRATIONS } from '../../src/ledger/postgres/postgres-migrations.ts';

const POSTGRES_MIGRATIONS_APPLIED = POSTGRES_MIGRATIONS.map((migration) => migration.version);
import { REPO_ROOT } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres, type TestSchema } from '../helpers/postgres.ts';
import { makeEntry } from '../unit/ledger/ledger-fixtures.ts';

const { skip } = await probePostgres();
const MAIN = path.join(REPO_ROOT, 'src/main.ts');

interface Run { code: number | null; stdout: string; stderr: string }

function govgate(args: string[], env: Record<string, string>): Promise<Run> {
  const { NODE_TEST_CONTEXT: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

/** A schema with `rows` appended rows and a temp data dir (LEDGER_PATH's directory holds the generated checkpoint key). */
async function setup(t: TestContext, rows: number): Promise<{ db: TestSchema; env: Record<string, string> }> {
  const db = await createTestSchema(t);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-pgcli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { ...db.env, LEDGER_PATH: path.join(dir, 'ledger.db') };
  const migrated = await govgate(['migrate'], env);
  assert.equal(migrated.code, 0, migrated.stderr);
  assert.deepEqual(JSON.parse(migrated.stdout), { store: 'postgres', schema: db.schema, from: 0, to: POSTGRES_SCHEMA_VERSION, applied: POSTGRES_MIGRATIONS_APPLIED });
  const ledger = await openPostgresLedger({ ...db.options, migrate: false });
  for (let i = 0; i < rows; i += 1) await ledger.append(makeEntry());
  await ledger.close();
  return { db, env };
}

describe('govgate against PostgreSQL', { skip }, () => {
  test('migrate is idempotent; verify exits 0 with rows/s, and 1 naming the first bad seq', async (t) => {
    const { db, env } = await setup(t, 5);
    const again = JSON.parse((await govgate(['migrate'], env)).stdout);
    assert.deepEqual([again.from, again.to, again.applied], [POSTGRES_SCHEMA_VERSION, POSTGRES_SCHEMA_VERSION, []]);

    const ok = await govgate(['verify'], env);
    assert.equal(ok.code, 0, ok.stderr);
    const report = JSON.parse(ok.stdout);
    assert.deepEqual([report.valid, report.rows_checked], [true, 5]);
    assert.equal(typeof report.rows_per_second, 'number');

    await db.query('ALTER TABLE ledger DISABLE TRIGGER USER');
    await db.query(`UPDATE ledger SET payload = jsonb_set(payload::jsonb, '{output,answer}', '43')::text WHERE seq = 4`);
    const bad = await govgate(['verify'], env);
    assert.equal(bad.code, 1);
    assert.deepEqual([JSON.parse(bad.stdout).first_bad_seq, JSON.parse(bad.stdout).problem], [4, 'payload_tampered']);
    assert.equal((await govgate(['verify', '--to', '3'], env)).code, 0, 'the rows before it still verify');
  });

  test('checkpoint create, then verify --checkpoints against the public key file; a stranger\'s key fails', async (t) => {
    const { env } = await setup(t, 3);
    const created = await govgate(['checkpoint', 'create'], env);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(JSON.parse(created.stdout).checkpoint.seq, 3);
    const publicKey = (await govgate(['checkpoint', 'public-key'], env)).stdout;
    assert.doesNotMatch(publicKey, /"d"/, 'only the public part is printed');
    const keyFile = path.join(path.dirname(env.LEDGER_PATH), 'auditor.jwk');
    writeFileSync(keyFile, publicKey);

    const checked = await govgate(['verify', '--checkpoints', '--public-key', keyFile], env);
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
    const both = JSON.parse(checked.stdout);
    assert.deepEqual([both.chain.valid, both.checkpoints.valid, both.checkpoints.newest_verified_seq], [true, true, 3]);

    const strangerDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-stranger-'));
    t.after(() => rmSync(strangerDir, { recursive: true, force: true }));
    const strangerKey = (await govgate(['checkpoint', 'public-key'], { ...env, LEDGER_PATH: path.join(strangerDir, 'ledger.db') })).stdout;
    writeFileSync(path.join(strangerDir, 'stranger.jwk'), strangerKey);
    const refused = await govgate(['verify', '--checkpoints', '--public-key', path.join(strangerDir, 'stranger.jwk')], env);
    assert.equal(refused.code, 1);
    assert.equal(JSON.parse(refused.stdout).checkpoints.problem, 'unknown_key');
  });

  test('retention run reports what it dropped; usage errors exit 2', async (t) => {
    const { env } = await setup(t, 2);
    const run = await govgate(['retention', 'run'], env);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepEqual([report.ran, report.payloads_expired, report.hot_payload_days], [true, 0, 90]);
    assert.deepEqual([report.metadata_years, report.metadata_rows_deleted, report.first_seq, report.anchor_seq, report.metadata_refused], [7, 0, 1, null, null]);
    const oneDay = JSON.parse((await govgate(['retention', 'run'], { ...env, HOT_PAYLOAD_DAYS: '1' })).stdout);
    assert.equal(oneDay.payloads_expired, 0, 'rows from now are younger than a day');
    for (const args of [['retention'], ['retention', 'now'], ['checkpoint'], ['migrate', 'extra']]) {
      const usage = await govgate(args, env);
      assert.equal(usage.code, 2, `${args.join(' ')}: ${usage.stderr}`);
      assert.match(usage.stderr, /^govgate: (usage: govgate|govgate migrate takes no arguments; see govgate migrate --help)/);
    }
    const badSsl = await govgate(['verify'], { ...env, PG_SSL: 'sometimes' });
    assert.equal(badSsl.code, 2);
    assert.match(badSsl.stderr, /PG_SSL: "sometimes"/);
  });
});
