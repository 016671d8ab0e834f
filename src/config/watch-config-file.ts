// Hot reload for one config file: watch its directory, re-read after a change settles, parse
// and validate, and apply only a good version. A broken edit is rejected with line and field;
// the last good version stays in force. Every outcome is logged and published on
// `gateway:config:reload` (metrics count it), so a rejected edit is visible, never silent.
// The directory is watched, not the file: editors replace files by rename, and Kubernetes
// ConfigMaps update by swapping a `..data` symlink, which a watch on the old file never sees.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../observability/index.ts';
import { ConfigFileError, type ConfigFileIssue } from './config-file-error.ts';
import { ReloadTracker, issuesOf, watchForChanges, type ReloadResult, type ReloadStatus } from './reload-core.ts';

export { CONFIG_RELOAD_CHANNEL } from './reload-core.ts';
export type { ConfigReloadEvent, ReloadResult, ReloadStatus } from './reload-core.ts';

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
  /** How often the file is re-read in case a watch event was missed (default 2 s; 0 = never). */
  pollMs?: number;
}

export interface WatchedConfigFile<T> {
  current(): T;
  /** Reads the file now, as the watcher does after a change. */
  reload(): ReloadResult;
  /** The newest reload attempt (for /health). */
  status(): ReloadStatus;
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

  const tracker = new ReloadTracker({ file, path: options.path, display, logger });

  const reload = (): ReloadResult => {
    const next = read(options.path, display);
    if ('missing' in next) {
      if (lastText === null) return 'unchanged';
      lastText = null;
      return tracker.rejected([next.missing]);
    }
    if ('failed' in next) return tracker.rejected([next.failed]);
    if (next.text === lastText) return 'unchanged';
    lastText = next.text;
    let parsed: T;
    try {
      parsed = options.parse(next.text, display);
    } catch (error) {
      return tracker.rejected(issuesOf(error, display));
    }
    value = parsed;
    options.onApply?.(parsed);
    return tracker.applied();
  };

  // The poll is a backstop for missed watch events: it reloads only when the text changed.
  const poll = (): void => {
    const now = read(options.path, display);
    if ('text' in now && now.text !== lastText) reload();
  };
  const stop = watchForChanges({
    dir: path.dirname(options.path), recursive: false, debounceMs: options.debounceMs ?? 100, reload, logger, display,
    poll, pollMs: options.pollMs ?? 2_000,
  });

  return {
    current: () => value,
    reload,
    status: () => tracker.status,
    close: stop,
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
