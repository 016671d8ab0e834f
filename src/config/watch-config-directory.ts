// Hot reload for a directory of config files read as one unit (the policy bundle): the whole
// directory is watched recursively, re-read and validated after a change settles, and applied
// only when all of it is good; a bad edit is rejected with every issue while the last good value
// stays in force. Same events, metrics, logs and status as a single watched file.

import path from 'node:path';
import type { Logger } from '../observability/index.ts';
import { ReloadTracker, issuesOf, watchForChanges, type ReloadResult, type ReloadStatus } from './reload-core.ts';

export interface WatchConfigDirectoryOptions<T> {
  path: string;
  /** Reads and validates the whole directory; throws an error carrying `issues` (file, line, column, path, message). */
  load(): T;
  /** Two values with the same version are the same (an edit to a file the loader ignores changes nothing). */
  version(value: T): string;
  logger: Logger;
  /** The `file` label of the reload metric and event (default: the directory's base name). */
  name?: string;
  /** How messages name the directory (default: the path). */
  display?: string;
  debounceMs?: number;
  onApply?(value: T): void;
}

export interface WatchedConfigDirectory<T> {
  current(): T;
  /** Reads the directory now, as the watcher does after a change. */
  reload(): ReloadResult;
  status(): ReloadStatus;
  close(): void;
}

/** Loads the directory (a bad one throws: a gateway never starts on config it cannot read) and starts watching it. */
export function watchConfigDirectory<T>(options: WatchConfigDirectoryOptions<T>): WatchedConfigDirectory<T> {
  const display = options.display ?? options.path;
  const { logger } = options;
  let value = options.load();
  // A rejected edit is reported once, not again on every unrelated change until it is fixed.
  let lastRejected: string | undefined;
  const tracker = new ReloadTracker({ file: options.name ?? path.basename(options.path), path: options.path, display, logger });

  const reload = (): ReloadResult => {
    let next: T;
    try {
      next = options.load();
    } catch (error) {
      const issues = issuesOf(error, display);
      const key = JSON.stringify(issues);
      if (key === lastRejected) return 'unchanged';
      lastRejected = key;
      return tracker.rejected(issues);
    }
    const wasRejected = lastRejected !== undefined;
    lastRejected = undefined;
    if (options.version(next) === options.version(value)) {
      // Back to the version in force after a rejected edit: that is a successful reload too.
      return wasRejected ? tracker.applied({ version: options.version(next) }) : 'unchanged';
    }
    const previous = options.version(value);
    value = next;
    options.onApply?.(next);
    return tracker.applied({ version: options.version(next), previous_version: previous });
  };

  const stop = watchForChanges({ dir: options.path, recursive: true, debounceMs: options.debounceMs ?? 200, reload, logger, display });
  return { current: () => value, reload, status: () => tracker.status, close: stop };
}
