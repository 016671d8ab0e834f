// A PostgreSQL server of the test's own (initdb into a temp dir, a free port, trust auth), for
// tests that stop and restart the database: doing that to the shared server would break every
// other test running at the same time. Needs the server binaries (pg_config --bindir or
// /usr/lib/postgresql/<version>/bin); as root, the server runs as the `postgres` user.

import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
}

/** The server binaries' directory, or undefined when none is installed. */
export async function postgresBinDir(): Promise<string | undefined> {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    if (existsSync(path.join(stdout.trim(), 'initdb'))) return stdout.trim();
  } catch { /* not on PATH */ }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(t: { after(fn: () => unknown): void }): Promise<PrivatePostgres> {
  const bin = await postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (initdb, pg_ctl) found');
  const asRoot = process.getuid?.() === 0;
  const exec = (tool: string, args: string[]) => (asRoot
    ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
    : run(path.join(bin, tool), args));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const ctl = (action: string, ...extra: string[]) => exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', ...extra, action]);
  await ctl('start');
  t.after(async () => {
    await ctl('stop', '-m', 'immediate').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => { await ctl('stop', '-m', 'fast'); },
    start: async () => { await ctl('start'); },
    restart: async () => { await ctl('restart', '-m', 'fast'); },
  };
}
