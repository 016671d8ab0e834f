// What every hot-reloaded source shares, whether one file (rate_limits.yaml) or a directory (the
// policy bundle): watching with a debounce, the last-good value, the status /health reports, and
// the `gateway:config:reload` event (logged and counted) for every applied or rejected change.

import diagnostics_channel from 'node:diagnostics_channel';
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../observability/index.ts';
import { ConfigFileError, formatConfigFileIssue, type ConfigFileIssue } from './config-file-error.ts';
import { pollEvery } from './shared-poll.ts';

export const CONFIG_RELOAD_CHANNEL = 'gateway:config:reload';
const reloadChannel = diagnostics_channel.channel(CONFIG_RELOAD_CHANNEL);

export interface ConfigReloadEvent {
  /** The file's base name (`rate_limits.yaml`) or the directory's (`policies`): the metric label. */
  file: string;
  path: string;
  result: 'success' | 'failure';
  issues: ConfigFileIssue[];
}

export type ReloadResult = 'applied' | 'unchanged' | 'rejected';

/** The newest reload attempt: while it was rejected, the last good version is in force. */
export interface ReloadStatus {
  last_result: 'success' | 'failure' | null;
  /** ISO-8601 UTC; null until a change was seen. */
  last_attempt_at: string | null;
  last_success_at: string | null;
  /** Why the newest change was rejected; [] after a success. */
  issues: ConfigFileIssue[];
}

/** Turns whatever a parser threw into issues: ConfigFileError and PolicyLoadError carry them, anything else is one. */
export function issuesOf(error: unknown, display: string): ConfigFileIssue[] {
  if (error instanceof ConfigFileError) return error.issues;
  const issues = (error as { issues?: unknown }).issues;
  if (Array.isArray(issues) && issues.length > 0) return issues as ConfigFileIssue[];
  return [{ file: display, line: null, column: null, path: '', message: (error as Error).message }];
}

export class ReloadTracker {
  readonly #file: string;
  readonly #path: string;
  readonly #display: string;
  readonly #logger: Logger;
  #status: ReloadStatus = { last_result: null, last_attempt_at: null, last_success_at: null, issues: [] };

  constructor(options: { file: string; path: string; display: string; logger: Logger }) {
    this.#file = options.file;
    this.#path = options.path;
    this.#display = options.display;
    this.#logger = options.logger;
  }

  get status(): ReloadStatus {
    return { ...this.#status, issues: [...this.#status.issues] };
  }

  applied(details: Record<string, unknown> = {}): ReloadResult {
    const at = new Date().toISOString();
    this.#status = { last_result: 'success', last_attempt_at: at, last_success_at: at, issues: [] };
    this.#logger.info('config reloaded', { file: this.#display, ...details });
    this.#publish('success', []);
    return 'applied';
  }

  rejected(issues: ConfigFileIssue[]): ReloadResult {
    this.#status = { ...this.#status, last_result: 'failure', last_attempt_at: new Date().toISOString(), issues };
    this.#logger.error('config change rejected; the last good version stays in force', { file: this.#display, issues: issues.map(formatConfigFileIssue) });
    this.#publish('failure', issues);
    return 'rejected';
  }

  #publish(result: ConfigReloadEvent['result'], issues: ConfigFileIssue[]): void {
    if (reloadChannel.hasSubscribers) reloadChannel.publish({ file: this.#file, path: this.#path, result, issues } satisfies ConfigReloadEvent);
  }
}

/**
 * Calls `reload` once changes under `dir` have settled for `debounceMs`. Returns the stop
 * function; a directory that cannot be watched is logged (edits then need a restart).
 *
 * Directories are watched, never files, and each one on its own (not Node's recursive watch,
 * which on Linux follows a file's inode: after `git checkout` replaced the file by a rename,
 * later appends to it went unseen). Subdirectories are found again after every change, so a
 * folder replaced by a rename, or reached through a ConfigMap's swapped `..data` link, is
 * watched where it is now. `poll` runs every `pollMs` as a backstop for events a watch misses
 * (network file systems, an overflowed inotify queue): it compares what is on disk with what
 * is in force and reloads when they differ. Polls of the same interval share one timer.
 */
export function watchForChanges(options: {
  dir: string; recursive: boolean; debounceMs: number; reload: () => unknown; logger: Logger; display: string;
  poll?: () => void; pollMs?: number;
}): () => void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const watchers = new Map<string, FSWatcher>();
  const onChange = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (options.recursive) rewire();
      options.reload();
    }, options.debounceMs);
    timer.unref();
  };
  const watchOne = (dir: string, required: boolean): void => {
    try {
      const watcher = watch(dir, { persistent: false }, onChange);
      watcher.on('error', (error) => {
        // A watched subdirectory that was removed: the next change rewires; the root is reported.
        watcher.close();
        watchers.delete(dir);
        if (dir === options.dir) options.logger.warn('config watch stopped; the poll still picks up edits', { file: options.display, error: error.message });
      });
      watchers.set(dir, watcher);
    } catch (error) {
      if (required) options.logger.warn('config directory cannot be watched; the poll still picks up edits', { file: options.display, error: (error as Error).message });
    }
  };
  const rewire = (): void => {
    if (closed) return;
    const wanted = new Set([options.dir, ...subdirectories(options.dir)]);
    for (const [dir, watcher] of watchers) {
      // A subdirectory path may now lead elsewhere (a swapped symlink): watch it afresh.
      if (dir !== options.dir || !wanted.has(dir)) { watcher.close(); watchers.delete(dir); }
    }
    for (const dir of wanted) if (!watchers.has(dir)) watchOne(dir, dir === options.dir);
  };
  watchOne(options.dir, true);
  if (options.recursive) rewire();
  const { poll } = options;
  const stopPolling = poll && options.pollMs && options.pollMs > 0 ? pollEvery(options.pollMs, () => {
    try {
      poll();
    } catch (error) {
      options.logger.warn('config poll failed', { file: options.display, error: (error as Error).message });
    }
  }) : undefined;
  return () => {
    closed = true;
    clearTimeout(timer);
    stopPolling?.();
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** Every directory under `root` (symlinks followed), skipping `..`-prefixed ConfigMap internals, a few levels deep. */
function subdirectories(root: string, depth = 3): string[] {
  if (depth === 0) return [];
  let names: string[];
  try { names = readdirSync(root); } catch { return []; }
  const found: string[] = [];
  for (const name of names) {
    if (name.startsWith('..')) continue;
    const full = path.join(root, name);
    try {
      if (!statSync(full).isDirectory()) continue;
    } catch { continue; }
    found.push(full, ...subdirectories(full, depth - 1));
  }
  return found;
}
