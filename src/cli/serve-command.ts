// `govgate serve`: start the gateway and stop it gracefully on SIGTERM/SIGINT (stop accepting,
// finish in-flight requests, flush the ledger, exit 0).

import { loadConfig } from '../config/index.ts';
import { startGateway } from '../gateway/index.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { announceServing } from './serving-hook.ts';

export interface ServeFlags {
  port?: string;
  host?: string;
  variant?: string;
}

export async function serveCommand(flags: ServeFlags): Promise<void> {
  const port = flags.port === undefined ? undefined : Number(flags.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
    throw new UsageError(`--port "${flags.port}" must be an integer from 0 to 65535`);
  }
  const config = loadConfig(process.env, { port, host: flags.host, variant: flags.variant });
  const gateway = await startGateway(config);
  stopOnSignals(() => gateway.close());
  announceServing();
}

export class UsageError extends Error {
  override name = 'UsageError';
}
