// Finds and reads the files of a bundle directory. Which names count is decided by the pure
// functions of bundle-layout.ts, shared by the sync and async readers; stat() follows symlinks
// because Kubernetes ConfigMap volumes mount every file as one.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PolicyIssue } from './policy-load-error.ts';
import type { SourceFile } from './yaml-source.ts';
import { planBundle, policyFoldersIn, type BundlePlan, type Entry, type EntryKind } from './bundle-layout.ts';

export interface BundleListing {
  /** Display form of the directory, for issues about the bundle as a whole. */
  dir: string;
  /** False when the directory is missing or not a directory: nothing else is worth reporting then. */
  found: boolean;
  files: SourceFile[];
  issues: PolicyIssue[];
}

/** Inside the working directory, the relative path an operator would type; elsewhere, the absolute one. */
export function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : absolute;
}

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean }): EntryKind {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'dir' : 'other';
}

function sortedNames(names: string[]): string[] {
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function problemIssue(file: string, message: string): PolicyIssue {
  return { file, line: null, column: null, path: '', message };
}

export function readBundleFilesSync(dir: string): BundleListing {
  const root = resolve(dir);
  const listing: BundleListing = { dir: displayPath(root), found: false, files: [], issues: [] };
  const entriesOf = (folder: string): Entry[] => {
    let names: string[];
    try { names = readdirSync(folder); } catch (error) { return unreadable(listing, folder, error); }
    return sortedNames(names).map((name) => {
      try { return { name, kind: kindOf(statSync(join(folder, name))) }; } catch { return { name, kind: 'other' }; }
    });
  };
  try {
    if (!statSync(root).isDirectory()) return withIssue(listing, 'is not a directory');
  } catch {
    return withIssue(listing, 'does not exist (the policy bundle directory; set POLICIES_DIR)');
  }
  listing.found = true;
  const top = entriesOf(root);
  const plan = planBundle(top, new Map(policyFoldersIn(top).map((folder) => [folder, entriesOf(join(root, folder))])));
  for (const { name, relPath } of plan.read) {
    const absolute = join(root, name);
    try {
      listing.files.push({ relPath, name, display: displayPath(absolute), bytes: readFileSync(absolute) });
    } catch (error) {
      listing.issues.push(problemIssue(displayPath(absolute), `cannot be read: ${(error as Error).message}`));
    }
  }
  return addPlanIssues(listing, root, plan);
}

export async function readBundleFiles(dir: string): Promise<BundleListing> {
  const root = resolve(dir);
  const listing: BundleListing = { dir: displayPath(root), found: false, files: [], issues: [] };
  const entriesOf = async (folder: string): Promise<Entry[]> => {
    let names: string[];
    try { names = await readdir(folder); } catch (error) { return unreadable(listing, folder, error); }
    return Promise.all(sortedNames(names).map(async (name): Promise<Entry> => {
      try { return { name, kind: kindOf(await stat(join(folder, name))) }; } catch { return { name, kind: 'other' }; }
    }));
  };
  try {
    if (!(await stat(root)).isDirectory()) return withIssue(listing, 'is not a directory');
  } catch {
    return withIssue(listing, 'does not exist (the policy bundle directory; set POLICIES_DIR)');
  }
  listing.found = true;
  const top = await entriesOf(root);
  const folders = await Promise.all(policyFoldersIn(top).map(async (folder) => [folder, await entriesOf(join(root, folder))] as const));
  const plan = planBundle(top, new Map(folders));
  for (const { name, relPath } of plan.read) {
    const absolute = join(root, name);
    try {
      listing.files.push({ relPath, name, display: displayPath(absolute), bytes: await readFile(absolute) });
    } catch (error) {
      listing.issues.push(problemIssue(displayPath(absolute), `cannot be read: ${(error as Error).message}`));
    }
  }
  return addPlanIssues(listing, root, plan);
}

function unreadable(listing: BundleListing, folder: string, error: unknown): Entry[] {
  listing.issues.push(problemIssue(displayPath(folder), `cannot be listed: ${(error as Error).message}`));
  return [];
}

function withIssue(listing: BundleListing, message: string): BundleListing {
  listing.found = false;
  listing.issues.push(problemIssue(listing.dir, message));
  return listing;
}

function addPlanIssues(listing: BundleListing, root: string, plan: BundlePlan): BundleListing {
  for (const { name, message } of plan.issues) listing.issues.push(problemIssue(displayPath(join(root, name)), message));
  return listing;
}

/**
 * A bundle held in memory (relative path -> text), e.g. one sent to the dry-run API: the same
 * names count as on disk (the flat `catalog__x.yaml` included), and issues name the files as
 * `<label>/<name>`.
 */
export function listingFromSources(label: string, sources: Readonly<Record<string, string>>): BundleListing {
  const listing: BundleListing = { dir: label, found: true, files: [], issues: [] };
  const root = new Map<string, EntryKind>();
  const folders = new Map<string, Entry[]>();
  for (const rel of sortedNames(Object.keys(sources))) {
    const [first, second, ...rest] = rel.split('/');
    if (second === undefined) {
      root.set(first, 'file');
      continue;
    }
    root.set(first, 'dir');
    const entries = folders.get(first) ?? [];
    if (!entries.some((entry) => entry.name === second)) entries.push({ name: second, kind: rest.length > 0 ? 'dir' : 'file' });
    folders.set(first, entries);
  }
  const plan = planBundle([...root].map(([name, kind]) => ({ name, kind })), folders);
  for (const { name, relPath } of plan.read) {
    listing.files.push({ relPath, name, display: `${label}/${name}`, bytes: new TextEncoder().encode(sources[name]) });
  }
  for (const { name, message } of plan.issues) listing.issues.push(problemIssue(`${label}/${name}`, message));
  return listing;
}
