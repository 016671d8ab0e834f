// `govgate injector`: serve the sidecar injection webhook until SIGTERM/SIGINT, then stop
// accepting and let in-flight reviews finish.

import { loadInjectorConfig, startInjector, type InjectorFlags } from '../injector/index.ts';

export async function injectorCommand(flags: InjectorFlags): Promise<void> {
  const injector = await startInjector(loadInjectorConfig(process.env, flags));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }) + '\n');
    injector.close().then(() => process.exit(0), (error: unknown) => {
      process.stderr.write(`govgate: shutdown failed: ${(error as Error).message}\n`);
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
