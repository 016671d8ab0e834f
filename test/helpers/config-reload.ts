// Waits for the next config_reload event (CONFIG_RELOAD_CHANNEL) about one file or directory.

import diagnostics_channel from 'node:diagnostics_channel';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../src/config/index.ts';

/** `path` matches the watched path (a file or a directory), `file` the file the event names. */
export function nextConfigReload(where: { path: string } | { file: string }): Promise<ConfigReloadEvent> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const event = message as ConfigReloadEvent;
      if ('path' in where ? event.path !== where.path : event.file !== where.file) return;
      diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener);
      resolve(event);
    };
    diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
  });
}
