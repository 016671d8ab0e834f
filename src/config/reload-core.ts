// What every hot-reloaded source shares, whether one file (rate_limits.yaml) or a directory (the
// policy bundle): watching with a debounce, the last-good value, the status /health reports, and
// the `gateway:config:reload` event (logged and counted) for every applied or rejected change.

import diagnostics_channel from 'node:diagnostics_channel';
import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../observability/index.ts';
import { ConfigFileError, formatConfigFileIssue, type ConfigFileIssue } from './config-file-error.ts';

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
 */
export function watchForChanges(options: {
  dir: string; recursive: boolean; debounceMs: number; reload: () => unknown; logger: Logger; display: string;
}): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(options.dir, { persistent: false, recursive: options.recursive }, () => {
      clearTimeout(timer);
      timer = setTimeout(options.reload, options.debounceMs);
      timer.unref();
    });
    watcher.on('error', (error) => {
      options.logger.warn('config watch stopped; edits now need a restart', { file: options.display, error: error.message });
      watcher?.close();
    });
  } catch (error) {
    options.logger.warn('config directory cannot be watched; edits need a restart', { file: options.display, error: (error as Error).message });
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
