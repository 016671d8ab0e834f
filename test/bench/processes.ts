// Starts a server process for a benchmark and waits until it prints where it listens.

import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `node args...` and resolves once stdout shows a port (`listening N` or the gateway's "gateway listening" log line). */
export function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      // The gateway's own line: other lines carry URLs too (a sidecar logs its central gateway's).
      const match = /listening (\d+)/.exec(buffered) ?? /"msg":"gateway listening","url":"http:\/\/[^:]+:(\d+)"/.exec(buffered);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        origin: `http://127.0.0.1:${match[1]}`,
        child,
        stop: () => new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
