// Hot reload for one config file: watch its directory, re-read after a change settles, parse
// and validate, and apply only a good version. A broken edit is rejected with line and field;
// the last good version stays in force. Every outcome is logged and published on
// `gateway:config:reload` (metrics count it), so a rejected edit is visible, never silent.
// The directory is watched, not the file: editors replace files by rename, and Kubernetes
// ConfigMaps update by swapping a `..data` symlink, which a watch on the old file never sees.

import diagnostics_channel from 'node:diagnostics_channel';
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../observability/index.ts';
import { ConfigFileError, formatConfigFileIssue, type ConfigFileIssue } from './config-file-error.ts';

export const CONFIG_RELOAD_CHANNEL = 'gateway:config:reload';
const reloadChannel = diagnostics_channel.channel(CONFIG_RELOAD_CHANNEL);

export interface ConfigReloadEvent {
  /** The file's base name (`rate_limits.yaml`): the metric label. */
  file: string;
  path: string;
  result: 'success' | 'failure';
  issues: ConfigFileIssue[];
}

export interface WatchConfigFileOptions<T> {
  path: string;
  /** Parses and validates; throws ConfigFileError naming line and field. */
  parse(text: string, display: string): T;
  /** The value while the file does not exist at start-up; without it a missing file is an error. */
  whenMissing?: () => T;
  logger: Logger;
  /** How messages name the file (default: the path). */
  display?: string;
  /** Quiet time after the last change before the file is read (editors write in several steps). */
  debounceMs?: number;
  /** Called with each newly applied value. */
  onApply?(value: T): void;
}

export type ReloadResult = 'applied' | 'unchanged' | 'rejected';

export interface WatchedConfigFile<T> {
  current(): T;
  /** Reads the file now, as the watcher does after a change. */
  reload(): ReloadResult;
  close(): void;
}

/** Loads the file (a broken file throws ConfigFileError) and starts watching its directory. */
export function watchConfigFile<T>(options: WatchConfigFileOptions<T>): WatchedConfigFile<T> {
  const display = options.display ?? options.path;
  const file = path.basename(options.path);
  const { logger } = options;
  const initial = read(options.path, display);
  let lastText: string | null;
  let value: T;
  if ('missing' in initial) {
    if (!options.whenMissing) throw new ConfigFileError([initial.missing]);
    lastText = null;
    value = options.whenMissing();
  } else if ('text' in initial) {
    lastText = initial.text;
    value = options.parse(initial.text, display);
  } else {
    throw new ConfigFileError([initial.failed]);
  }

  const reject = (issues: ConfigFileIssue[]): ReloadResult => {
    logger.error('config change rejected; the last good version stays in force', { file: display, issues: issues.map(formatConfigFileIssue) });
    publish({ file, path: options.path, result: 'failure', issues });
    return 'rejected';
  };

  const reload = (): ReloadResult => {
    const next = read(options.path, display);
    if ('missing' in next) {
      if (lastText === null) return 'unchanged';
      lastText = null;
      return reject([next.missing]);
    }
    if ('failed' in next) return reject([next.failed]);
    if (next.text === lastText) return 'unchanged';
    lastText = next.text;
    let parsed: T;
    try {
      parsed = options.parse(next.text, display);
    } catch (error) {
      return reject(error instanceof ConfigFileError
        ? error.issues
        : [{ file: display, line: null, column: null, path: '', message: (error as Error).message }]);
    }
    value = parsed;
    options.onApply?.(parsed);
    logger.info('config reloaded', { file: display });
    publish({ file, path: options.path, result: 'success', issues: [] });
    return 'applied';
  };

  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const debounceMs = options.debounceMs ?? 100;
  try {
    watcher = watch(path.dirname(options.path), { persistent: false }, () => {
      clearTimeout(timer);
      timer = setTimeout(reload, debounceMs);
      timer.unref();
    });
    watcher.on('error', (error) => {
      logger.warn('config watch stopped; edits now need a restart', { file: display, error: error.message });
      watcher?.close();
    });
  } catch (error) {
    logger.warn('config directory cannot be watched; edits need a restart', { file: display, error: (error as Error).message });
  }

  return {
    current: () => value,
    reload,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}

type ReadResult = { text: string } | { missing: ConfigFileIssue } | { failed: ConfigFileIssue };

function read(file: string, display: string): ReadResult {
  const issue = (message: string): ConfigFileIssue => ({ file: display, line: null, column: null, path: '', message });
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { missing: issue('the file does not exist') };
    return { failed: issue(`cannot be read: ${(error as Error).message}`) };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { failed: issue('is not valid UTF-8') };
  }
}

function publish(event: ConfigReloadEvent): void {
  if (reloadChannel.hasSubscribers) reloadChannel.publish(event);
}
