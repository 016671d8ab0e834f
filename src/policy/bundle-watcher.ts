// The policy bundle, hot-reloaded: the policies directory is watched, and a change is compiled and
// validated as a whole before it replaces the bundle in force. A bad bundle is rejected with every
// issue (file:line:column), the last good one stays, and /health and the reload metric say so.

import { resolve } from 'node:path';
import { watchConfigDirectory, type DiskAgreement, type ReloadResult, type ReloadStatus } from '../config/index.ts';
import type { Logger } from '../observability/index.ts';
import type { PolicyBundle } from './types.ts';
import { loadPolicyBundleSync } from './bundle-loader.ts';
import { displayPath, readBundleFilesSync } from './bundle-files.ts';
import { bundleVersion } from './bundle-version.ts';

/** The `file` label of `config_reload_total` and `config_last_reload_success` for the bundle. */
export const POLICY_RELOAD_NAME = 'policies';

export interface PolicyBundleWatch {
  /** The bundle in force: capture it once per request. */
  current(): PolicyBundle;
  reload(): ReloadResult;
  status(): ReloadStatus;
  /** The version in force next to the version of the files on disk (/health, the stale metric). */
  agreement(): DiskAgreement;
  close(): void;
}

/** Loads `dir` (throws PolicyLoadError when it is invalid) and watches it. */
export function watchPolicyBundle(options: {
  dir: string; logger: Logger; debounceMs?: number; pollMs?: number; staleAfterMs?: number; onApply?(bundle: PolicyBundle): void;
}): PolicyBundleWatch {
  const watched = watchConfigDirectory({
    path: resolve(options.dir),
    name: POLICY_RELOAD_NAME,
    display: displayPath(resolve(options.dir)),
    load: () => loadPolicyBundleSync(options.dir),
    version: (bundle) => bundle.version,
    logger: options.logger,
    debounceMs: options.debounceMs,
    onApply: options.onApply,
    // The same digest the loader gives a bundle, from the bytes alone: cheap enough to poll.
    diskVersion: () => bundleVersion(readBundleFilesSync(options.dir).files),
    pollMs: options.pollMs,
    staleAfterMs: options.staleAfterMs,
  });
  return { ...watched, agreement: () => watched.agreement()! };
}
