// `govgate injector`: serve the sidecar injection webhook until SIGTERM/SIGINT, then stop
// accepting and let in-flight reviews finish.

import { loadInjectorConfig, startInjector, type InjectorFlags } from '../injector/index.ts';
import { stopOnSignals } from './stop-on-signals.ts';

export async function injectorCommand(flags: InjectorFlags): Promise<void> {
  const injector = await startInjector(loadInjectorConfig(process.env, flags));
  stopOnSignals(() => injector.close());
}
