// The forgeries of issue 12 (items 7-9) through the two verifiers an operator uses: the gateway's
// GET /v1/audit/chain/verify (with CHECKPOINT_KEY) and `govgate verify --checkpoints --public-key`,
// on SQLite and PostgreSQL. The cases are the shared ones the store API runs in the tamper suites.

import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { probePostgres } from '../helpers/postgres.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { forgeryCases, publicJwk, type Verifier } from '../unit/ledger/ledger-contract-forgeries.ts';
import { openPostgresForgeryStore, openSqliteForgeryStore } from '../unit/ledger/forgery-stores.ts';

const { skip } = await probePostgres();

const httpVerifier: Verifier = {
  name: 'HTTP API',
  async verify(store, privateJwk) {
    const gw = await startTestGateway(undefined, { env: { ...store.env, CHECKPOINT_KEY: JSON.stringify(privateJwk) } });
    try {
      const res = await gw.call('GET', '/v1/audit/chain/verify');
      assert.equal(res.status, 200);
      assert.deepEqual(responseErrors('ChainVerifyReport', res.body), []);
      return { report: res.body };
    } finally {
      await gw.close();
    }
  },
};

const cliVerifier: Verifier = {
  name: 'govgate verify',
  async verify(store, privateJwk) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-forgery-'));
    try {
      const keyFile = path.join(dir, 'public.jwk');
      writeFileSync(keyFile, JSON.stringify(publicJwk(privateJwk)));
      const { NODE_TEST_CONTEXT: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
      const env = { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'error', LEDGER_PATH: path.join(dir, 'ledger.db'), ...store.env };
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), 'verify', '--checkpoints', '--public-key', keyFile], { cwd: REPO_ROOT, env, timeout: 30_000 },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }));
      });
      assert.ok(run.stdout.startsWith('{'), run.stderr);
      return { report: JSON.parse(run.stdout).chain, exitCode: run.code };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

describe('forgeries through the HTTP API and the CLI: SQLite', () => {
  forgeryCases(openSqliteForgeryStore, [httpVerifier, cliVerifier]);
});

describe('forgeries through the HTTP API and the CLI: PostgreSQL', { skip }, () => {
  forgeryCases(openPostgresForgeryStore, [httpVerifier, cliVerifier]);
});
