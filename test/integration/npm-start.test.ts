// `npm start -- <flags>` as a user or a process manager runs it: flags reach `govgate serve`,
// and SIGTERM sent to the npm process (what a container runtime or systemd sends) reaches the
// gateway, which stops gracefully and frees its port instead of living on as an orphan.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/gateway.ts';

test('npm start -- --port 0 --host 127.0.0.1 serves there; SIGTERM to npm stops the gateway gracefully and frees the port', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-npm-start-'));
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  const npm = spawn('npm', ['start', '--', '--port', '0', '--host', '127.0.0.1'], {
    cwd: REPO_ROOT,
    env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'info', LEDGER_PATH: path.join(dir, 'ledger.db'), PORT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  npm.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const url = await new Promise<string>((resolve, reject) => {
    const onData = (): void => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    };
    npm.stdout!.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before the gateway listened:\n${output}`)));
  });
  const port = Number(new URL(url).port);
  assert.notEqual(port, 1, 'the --port flag won over PORT');
  assert.equal((await fetch(`${url}/health/live`)).status, 200);

  npm.kill('SIGTERM');
  assert.equal(await exited, 0, output);
  assert.match(output, /"msg":"shutting down","signal":"SIGTERM"/);
  assert.match(output, /"msg":"gateway stopped"/);
  // The port is free again: nothing still listens there.
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer().once('error', reject).listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
});
