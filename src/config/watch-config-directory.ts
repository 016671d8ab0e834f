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
  /**
   * The version the files on disk would load as, read cheaply (bytes hashed, nothing compiled).
   * With it the directory is also polled, and status() says whether disk and memory agree.
   */
  diskVersion?(): string;
  /** How often the poll compares disk and memory (default 2 s; 0 = never). */
  pollMs?: number;
  /** How long disk and memory may differ before it is a warning and the bundle counts as stale (default 10 s). */
  staleAfterMs?: number;
}

/** Disk against memory: the version in force, the version on disk, and since when they differ. */
export interface DiskAgreement {
  version_in_force: string;
  /** null when the directory cannot be read. */
  version_on_disk: string | null;
  /** ISO-8601 UTC; null while they agree. */
  differs_since: string | null;
  /** Whole seconds they have differed (0 while they agree). */
  differs_seconds: number;
  /** True once they have differed for longer than staleAfterMs: a change is not being applied. */
  stale: boolean;
}

export interface WatchedConfigDirectory<T> {
  current(): T;
  /** Reads the directory now, as the watcher does after a change. */
  reload(): ReloadResult;
  status(): ReloadStatus;
  /** Compares disk with memory now (when a diskVersion was given). */
  agreement(): DiskAgreement | undefined;
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

  let differsSince: number | null = null;
  let warned = false;
  const staleAfterMs = options.staleAfterMs ?? 10_000;
  const agreement = (): DiskAgreement | undefined => {
    if (!options.diskVersion) return undefined;
    let onDisk: string | null;
    try { onDisk = options.diskVersion(); } catch { onDisk = null; }
    const inForce = options.version(value);
    const now = Date.now();
    if (onDisk === inForce) {
      differsSince = null;
      warned = false;
    } else {
      differsSince ??= now;
    }
    const differsMs = differsSince === null ? 0 : now - differsSince;
    const stale = differsSince !== null && differsMs >= staleAfterMs;
    if (stale && !warned) {
      warned = true;
      // A rejected edit says why in its own log line; this one is for changes nobody applied or rejected.
      logger.warn('the bundle on disk differs from the one in force', { file: display, version_in_force: inForce, version_on_disk: onDisk, differs_seconds: Math.round(differsMs / 1000), rejected: lastRejected !== undefined });
    }
    return {
      version_in_force: inForce,
      version_on_disk: onDisk,
      differs_since: differsSince === null ? null : new Date(differsSince).toISOString(),
      differs_seconds: Math.floor(differsMs / 1000),
      stale,
    };
  };
  // The poll: a missed watch event is caught within pollMs; a rejected version is not re-read.
  let lastPolledDisk: string | null | undefined;
  const poll = (): void => {
    const seen = agreement();
    if (!seen || seen.version_on_disk === seen.version_in_force) return;
    if (seen.version_on_disk === lastPolledDisk && lastRejected !== undefined) return;
    lastPolledDisk = seen.version_on_disk;
    reload();
  };

  const stop = watchForChanges({
    dir: options.path, recursive: true, debounceMs: options.debounceMs ?? 200, reload, logger, display,
    poll: options.diskVersion ? poll : undefined, pollMs: options.pollMs ?? 2_000,
  });
  return { current: () => value, reload, status: () => tracker.status, agreement, close: stop };
}
