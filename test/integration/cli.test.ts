// The `govgate` command line, run as a real child process: help, version, usage errors (exit 2)
// and `verify` on good and tampered ledger files (exit 0 / exit 1 naming the bad seq).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TestContext } from 'node:test';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';
import { probePostgres } from '../helpers/postgres.ts';
import { openSqliteLedger } from '../../src/ledger/index.ts';
import { appendInOrder, makeEntry } from '../unit/ledger/ledger-fixtures.ts';

const MAIN = path.join(REPO_ROOT, 'src/main.ts');
const PACKAGE_VERSION = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version as string;

interface Run { code: number | null; stdout: string; stderr: string }

/** Runs `node src/main.ts ...args` with the test runner's Node (24) and a clean environment. */
function govgate(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', POLICIES_DIR: path.join(REPO_ROOT, 'policies'), ...env },
      timeout: 90_000, // a guard against a hang; a loaded machine takes 20 s to start Node
    }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `count` validate rows through a real gateway into a ledger file, then closes it. */
async function ledgerWithRows(t: TestContext, count: number): Promise<{ ledgerPath: string; seqs: Map<string, number> }> {
  const ledgerPath = path.join(tempDir(t), 'ledger.db');
  const gw = await startTestGateway(t, { ledgerPath });
  const seqs = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const res = await gw.call('POST', '/v1/runtime/validate', validateBody());
    assert.equal(res.status, 200);
    seqs.set(res.body.envelope_id, i + 1);
  }
  await gw.close();
  return { ledgerPath, seqs };
}

test('--help and no command: usage naming serve and verify, exit 0', async () => {
  for (const args of [['--help'], []]) {
    const run = await govgate(args);
    assert.equal(run.code, 0, `govgate ${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stdout, /Usage:/);
    assert.match(run.stdout, /govgate serve/);
    assert.match(run.stdout, /govgate verify/);
  }
});

test('--version: the package version, exit 0', async () => {
  const run = await govgate(['--version']);
  assert.equal(run.code, 0);
  assert.equal(run.stdout.trim(), PACKAGE_VERSION);
});

const usageErrors: Array<[string, string[], Record<string, string>, RegExp]> = [
  ['an unknown command', ['frobnicate'], {}, /unknown command "frobnicate"/],
  ['an unknown option', ['serve', '--bogus'], {}, /bogus/],
  ['serve --port abc', ['serve', '--port', 'abc'], {}, /--port "abc" must be an integer/],
  ['an invalid environment (LOG_LEVEL)', ['serve', '--port', '0'], { LOG_LEVEL: 'loud' }, /LOG_LEVEL: "loud"/],
  ['verify --from 0', ['verify', '--from', '0'], {}, /--from "0" must be a positive integer/],
  ['keys create without --tier', ['keys', 'create'], {}, /--tier is required: one of developer, team, enterprise/],
  ['keys create --tier admin', ['keys', 'create', '--tier', 'admin'], {}, /--tier must be one of developer, team, enterprise; got "admin"/],
  ['keys with no subcommand', ['keys'], {}, /govgate keys needs a subcommand: create, list or revoke/],
  ['an option another command owns', ['verify', '--tier', 'team'], {}, /govgate verify does not take --tier; see govgate verify --help/],
  ['migrate with an argument', ['migrate', 'now'], {}, /govgate migrate takes no arguments/],
  ['an option without its value', ['policy', 'test', '--run'], {}, /Option '--run <value>' argument missing/],
];

describe('usage errors exit 2 with one line on stderr', () => {
  for (const [name, args, env, message] of usageErrors) {
    test(name, async (t) => {
      const run = await govgate(args, { LEDGER_PATH: path.join(tempDir(t), 'ledger.db'), ...env });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /^govgate: /);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'a usage error prints no stack trace');
    });
  }
});

test('verify: a good ledger file prints a valid report and exits 0', async (t) => {
  const { ledgerPath } = await ledgerWithRows(t, 3);
  const run = await govgate(['verify'], { LEDGER_PATH: ledgerPath });
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual([report.valid, report.rows_checked, report.first_bad_seq], [true, 3, null]);

  const ranged = JSON.parse((await govgate(['verify', '--from', '2', '--to', '3'], { LEDGER_PATH: ledgerPath })).stdout);
  assert.deepEqual([ranged.rows_checked, ranged.from_seq, ranged.to_seq], [2, 2, 3]);
});

test('verify: a tampered ledger file exits 1 and names the first bad seq', async (t) => {
  const { ledgerPath, seqs } = await ledgerWithRows(t, 4);
  const [targetId, targetSeq] = [...seqs][2];
  const db = new DatabaseSync(ledgerPath);
  db.prepare(`UPDATE ledger SET payload = json_set(payload, '$.request.output.answer', 'forged') WHERE envelope_id = ?`).run(targetId);
  db.close();

  const run = await govgate(['verify'], { LEDGER_PATH: ledgerPath });
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.equal(report.valid, false);
  assert.equal(report.first_bad_seq, targetSeq);

  const before = await govgate(['verify', '--to', String(targetSeq - 1)], { LEDGER_PATH: ledgerPath });
  assert.equal(before.code, 0, 'the rows before the tampered one still verify');
});

test('retention run: deletes the metadata older than METADATA_YEARS as a prefix, signs the anchor, and verify starts there', async (t) => {
  const ledgerPath = path.join(tempDir(t), 'ledger.db');
  // Three rows from 2015, then one from now: only the old prefix is past 7 years.
  let clock: () => Date = () => new Date('2015-03-01T00:00:00.000Z');
  const ledger = openSqliteLedger({ path: ledgerPath, now: () => clock() });
  const old = await appendInOrder(ledger, [makeEntry(), makeEntry(), makeEntry()]);
  clock = () => new Date();
  const recent = await ledger.append(makeEntry());
  await ledger.close();

  const run = await govgate(['retention', 'run'], { LEDGER_PATH: ledgerPath });
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(
    [report.ran, report.payloads_expired, report.metadata_years, report.metadata_rows_deleted, report.first_seq, report.anchor_seq, report.anchor_hash, report.anchor_checkpoint_seq, report.metadata_refused],
    [true, 3, 7, 3, 4, 3, old[2].hash, 3, null],
  );
  assert.match(report.metadata_before, /^\d{4}-\d\d-\d\dT/);
  // The analytics roll-up is pruned by the same run (docs/analytics.md); nothing was rolled up here.
  assert.equal(report.analytics_pruned.ran, true);
  assert.deepEqual(Object.values(report.analytics_pruned.rows_deleted), [0, 0, 0, 0, 0]);
  const again = JSON.parse((await govgate(['retention', 'run'], { LEDGER_PATH: ledgerPath })).stdout);
  assert.deepEqual([again.metadata_rows_deleted, again.first_seq, again.anchor_seq], [0, 4, 3]);

  const verified = await govgate(['verify', '--checkpoints'], { LEDGER_PATH: ledgerPath });
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  const { chain, checkpoints } = JSON.parse(verified.stdout);
  assert.deepEqual([chain.valid, chain.from_seq, chain.rows_checked, chain.anchored_at_seq, chain.rows_deleted_before, chain.head_hash], [true, 4, 1, 3, 3, recent.hash]);
  assert.deepEqual([checkpoints.valid, checkpoints.anchor_seq, checkpoints.anchor_signed], [true, 3, true]);
  const inside = JSON.parse((await govgate(['verify', '--from', '1'], { LEDGER_PATH: ledgerPath })).stdout);
  assert.equal(inside.valid, true);
  assert.match(inside.detail, /rows 1\.\.3 were deleted by metadata retention/);
});

describe('govgate <command> --help prints that command\'s own help, exit 0', () => {
  for (const [command, mentions] of [
    ['serve', /--variant embedded\|edge/], ['verify', /--checkpoints/], ['migrate', /advisory lock/], ['retention', /HOT_PAYLOAD_DAYS/],
    ['checkpoint', /public-key/], ['keys', /keys revoke <key id>/], ['policy', /policy lint/], ['injector', /--tls-cert/],
  ] as const) {
    test(command, async () => {
      const run = await govgate([command, '--help']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^Usage: govgate ${command}`));
      assert.match(run.stdout, mentions);
      for (const other of ['serve', 'verify', 'keys', 'injector'].filter((name) => name !== command)) {
        assert.doesNotMatch(run.stdout, new RegExp(`govgate ${other}\\b`), `only ${command}'s help, not ${other}'s`);
      }
    });
  }
});

describe('setup failures: one line saying what to do, no stack trace, exit 1', () => {
  test('a port already in use', async (t) => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const port = (holder.address() as net.AddressInfo).port;
    const run = await govgate(['serve', '--port', String(port), '--host', '127.0.0.1'], { LEDGER_PATH: path.join(tempDir(t), 'ledger.db') });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, `govgate: port ${port} on 127.0.0.1 is already in use (another gateway?); stop that process or choose another port with --port N or PORT=N\n`);
  });

  test('a file named on the command line that does not exist', async (t) => {
    const missing = path.join(tempDir(t), 'no-such-certificate.jws');
    const run = await govgate(['certify', 'verify', missing, '--jwks', missing]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, `govgate: ${missing}: no such file or directory (ENOENT)\n`);
  });

  test('a gateway that does not answer (govgate review list --url)', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await govgate(['review', 'list', '--url', `http://127.0.0.1:${port}`]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, `govgate: the request failed: connect ECONNREFUSED 127.0.0.1:${port}; check that the gateway runs at the URL given (--url or GOVGATE_URL, --jwks)\n`);
  });

  test('a PostgreSQL server that does not answer (govgate migrate)', async (t) => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await govgate(['migrate'], { DATABASE_URL: `postgres://gg:secret@127.0.0.1:${port}/ledger`, LEDGER_PATH: path.join(tempDir(t), 'ledger.db') });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, `govgate: cannot reach PostgreSQL at 127.0.0.1:${port}/ledger (ECONNREFUSED); start it or correct DATABASE_URL\n`);
  });

  test('a PostgreSQL database that does not exist', async (t) => {
    const { skip, url } = await probePostgres();
    if (skip) return t.skip(skip);
    const missing = new URL(url);
    missing.pathname = '/gg_no_such_database';
    const run = await govgate(['migrate'], { DATABASE_URL: missing.toString(), LEDGER_PATH: path.join(tempDir(t), 'ledger.db') });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^govgate: PostgreSQL at [^ ]+\/gg_no_such_database: database "gg_no_such_database" does not exist; create it \(createdb\) or correct DATABASE_URL\n$/);
  });
});
