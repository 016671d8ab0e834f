// Loading a bundle directory: read the files, compile them, throw one PolicyLoadError if anything is wrong.

import type { PolicyBundle } from './types.ts';
import { listingFromSources, readBundleFiles, readBundleFilesSync } from './bundle-files.ts';
import { compileBundle } from './bundle-compiler.ts';

/** Loads `dir` (e.g. `./policies`). Throws PolicyLoadError listing every problem found. */
export async function loadPolicyBundle(dir: string): Promise<PolicyBundle> {
  return compileBundle(await readBundleFiles(dir));
}

/** The same, synchronously, for start-up code that cannot await. */
export function loadPolicyBundleSync(dir: string): PolicyBundle {
  return compileBundle(readBundleFilesSync(dir));
}

/**
 * Compiles a bundle held in memory (relative path -> YAML text), e.g. one sent with a dry run.
 * `label` names it in issues (`request.bundle/rules/x.yaml:3:9 ...`).
 */
export function compilePolicyBundleSources(label: string, sources: Readonly<Record<string, string>>): PolicyBundle {
  return compileBundle(listingFromSources(label, sources));
}
