// A real gateway as a child process (`node src/main.ts serve --port 0`), for tests where the
// process boundary matters: several processes on one PostgreSQL chain, kill -9, fleet signals.
// Resolves once the gateway logs where it listens; `stop` sends SIGTERM, `kill9` SIGKILL.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, call, type CallResult } from './gateway.ts';

export interface GatewayProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed (JSON log lines). */
  readonly output: () => string;
  call(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** `entry`: the script to run, default the sources' src/main.ts (the bundle test passes dist's). */
export async function startGatewayProcess(t: { after(fn: () => unknown): void }, env: Record<string, string>, entry = path.join(REPO_ROOT, 'src/main.ts')): Promise<GatewayProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-proc-'));
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      SERVICE_ENV: 'test', LOG_LEVEL: 'info', POLICIES_DIR: path.join(REPO_ROOT, 'policies'), CONFIG_DIR: path.join(REPO_ROOT, 'config'),
      LEDGER_PATH: path.join(dir, 'ledger.db'), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the gateway did not start within 30 s:\n${output}`)), 30_000);
    const onData = (): void => {
      // Its own address: the listening line, or the line saying it listens while it waits for its
      // database or central gateway; not a line naming the central gateway it follows.
      const match = /"msg":"(?:gateway listening|waiting for [^"]*)"[^\n]*?"url":"(http:\/\/[^"]+)"/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`the gateway exited (${code ?? signal}) before listening:\n${output}`)); });
  });
  return {
    url,
    child,
    output: () => output,
    call: (method, urlPath, body, headers) => call(url, method, urlPath, body, headers),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
