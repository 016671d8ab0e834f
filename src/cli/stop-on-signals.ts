// Graceful stop for the long-running commands (`serve`, `injector`): the first SIGTERM or SIGINT
// logs, closes (stop accepting, finish what is in flight) and exits 0; a failed close exits 1.

export function stopOnSignals(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }) + '\n');
    close().then(() => process.exit(0), (error: unknown) => {
      process.stderr.write(`govgate: shutdown failed: ${(error as Error).message}\n`);
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
