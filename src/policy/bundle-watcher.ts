// The policy bundle, hot-reloaded: the policies directory is watched, and a change is compiled and
// validated as a whole before it replaces the bundle in force. A bad bundle is rejected with every
// issue (file:line:column), the last good one stays, and /health and the reload metric say so.

import { resolve } from 'node:path';
import { watchConfigDirectory, type ReloadResult, type ReloadStatus } from '../config/index.ts';
import type { Logger } from '../observability/index.ts';
import type { PolicyBundle } from './types.ts';
import { loadPolicyBundleSync } from './bundle-loader.ts';
import { displayPath } from './bundle-files.ts';

/** The `file` label of `config_reload_total` and `config_last_reload_success` for the bundle. */
export const POLICY_RELOAD_NAME = 'policies';

export interface PolicyBundleWatch {
  /** The bundle in force: capture it once per request. */
  current(): PolicyBundle;
  reload(): ReloadResult;
  status(): ReloadStatus;
  close(): void;
}

/** Loads `dir` (throws PolicyLoadError when it is invalid) and watches it. */
export function watchPolicyBundle(options: { dir: string; logger: Logger; debounceMs?: number; onApply?(bundle: PolicyBundle): void }): PolicyBundleWatch {
  return watchConfigDirectory({
    path: resolve(options.dir),
    name: POLICY_RELOAD_NAME,
    display: displayPath(resolve(options.dir)),
    load: () => loadPolicyBundleSync(options.dir),
    version: (bundle) => bundle.version,
    logger: options.logger,
    debounceMs: options.debounceMs,
    onApply: options.onApply,
  });
}
