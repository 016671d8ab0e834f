// Finds and reads the files of a bundle directory. Which names count is decided by pure functions
// shared by the sync and async readers; stat() follows symlinks because Kubernetes ConfigMap
// volumes mount every file as one.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PolicyIssue } from './policy-load-error.ts';
import type { SourceFile } from './yaml-source.ts';
import { closestName } from './closest-name.ts';

export const ROOT_FILES = ['sensitive-data.yaml', 'decision.yaml'] as const;
export const CATALOG_DIR = 'catalog';
export const RULES_DIR = 'rules';
/** Policy test cases (`govgate policy test`): not part of the policy, so they never change its version. */
export const TESTS_DIR = 'tests';

export interface BundleListing {
  /** Display form of the directory, for issues about the bundle as a whole. */
  dir: string;
  /** False when the directory is missing or not a directory: nothing else is worth reporting then. */
  found: boolean;
  files: SourceFile[];
  issues: PolicyIssue[];
}

type EntryKind = 'file' | 'dir' | 'other';
interface Entry { name: string; kind: EntryKind }
interface Plan { read: string[]; issues: Array<{ name: string; message: string }>; hasCatalogDir: boolean; hasRulesDir: boolean }

/** Inside the working directory, the relative path an operator would type; elsewhere, the absolute one. */
export function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : absolute;
}

function planRoot(entries: readonly Entry[]): Plan {
  const plan: Plan = { read: [], issues: [], hasCatalogDir: false, hasRulesDir: false };
  for (const { name, kind } of entries) {
    if (name.startsWith('.')) continue;
    if (name === CATALOG_DIR && kind === 'dir') plan.hasCatalogDir = true;
    else if (name === RULES_DIR && kind === 'dir') plan.hasRulesDir = true;
    else if ((ROOT_FILES as readonly string[]).includes(name) && kind === 'file') plan.read.push(name);
    else if (/\.ya?ml$/.test(name)) {
      const guess = closestName(name, [...ROOT_FILES, `${CATALOG_DIR}/`, `${RULES_DIR}/`]);
      plan.issues.push({ name, message: `is not a policy file this gateway reads${guess ? ` (did you mean ${guess}?)` : ''}; agent catalogs belong in ${CATALOG_DIR}/, rules in ${RULES_DIR}/` });
    }
  }
  return plan;
}

/** catalog/ and rules/ are read the same way: their own *.yaml files, no subfolders. */
function planSubfolder(folder: string, what: string, entries: readonly Entry[]): Plan {
  const plan: Plan = { read: [], issues: [], hasCatalogDir: false, hasRulesDir: false };
  for (const { name, kind } of entries) {
    const rel = `${folder}/${name}`;
    if (name.startsWith('.')) continue;
    if (kind === 'dir') plan.issues.push({ name: rel, message: `is a folder; ${what} are read only from ${folder}/ itself, not from subfolders` });
    else if (name.endsWith('.yaml') && kind === 'file') plan.read.push(rel);
    else if (name.endsWith('.yml')) plan.issues.push({ name: rel, message: `is not read: ${what} files must end in .yaml` });
  }
  return plan;
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
  const plan = planRoot(entriesOf(root));
  const catalog = plan.hasCatalogDir ? planSubfolder(CATALOG_DIR, 'catalogs', entriesOf(join(root, CATALOG_DIR))) : undefined;
  const rules = plan.hasRulesDir ? planSubfolder(RULES_DIR, 'rules', entriesOf(join(root, RULES_DIR))) : undefined;
  for (const rel of [...plan.read, ...(catalog?.read ?? []), ...(rules?.read ?? [])]) {
    const absolute = join(root, rel);
    try {
      listing.files.push({ relPath: rel, display: displayPath(absolute), bytes: readFileSync(absolute) });
    } catch (error) {
      listing.issues.push(problemIssue(displayPath(absolute), `cannot be read: ${(error as Error).message}`));
    }
  }
  return addPlanIssues(listing, root, [plan, catalog, rules]);
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
  const plan = planRoot(await entriesOf(root));
  const catalog = plan.hasCatalogDir ? planSubfolder(CATALOG_DIR, 'catalogs', await entriesOf(join(root, CATALOG_DIR))) : undefined;
  const rules = plan.hasRulesDir ? planSubfolder(RULES_DIR, 'rules', await entriesOf(join(root, RULES_DIR))) : undefined;
  for (const rel of [...plan.read, ...(catalog?.read ?? []), ...(rules?.read ?? [])]) {
    const absolute = join(root, rel);
    try {
      listing.files.push({ relPath: rel, display: displayPath(absolute), bytes: await readFile(absolute) });
    } catch (error) {
      listing.issues.push(problemIssue(displayPath(absolute), `cannot be read: ${(error as Error).message}`));
    }
  }
  return addPlanIssues(listing, root, [plan, catalog, rules]);
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

function addPlanIssues(listing: BundleListing, root: string, plans: Array<Plan | undefined>): BundleListing {
  for (const plan of plans) {
    for (const { name, message } of plan?.issues ?? []) listing.issues.push(problemIssue(displayPath(join(root, name)), message));
  }
  return listing;
}

/**
 * A bundle held in memory (relative path -> text), e.g. one sent to the dry-run API: the same
 * names count as on disk, and issues name the files as `<label>/<path>`.
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
  const plan = planRoot([...root].map(([name, kind]) => ({ name, kind })));
  const catalog = plan.hasCatalogDir ? planSubfolder(CATALOG_DIR, 'catalogs', folders.get(CATALOG_DIR) ?? []) : undefined;
  const rules = plan.hasRulesDir ? planSubfolder(RULES_DIR, 'rules', folders.get(RULES_DIR) ?? []) : undefined;
  for (const rel of [...plan.read, ...(catalog?.read ?? []), ...(rules?.read ?? [])]) {
    listing.files.push({ relPath: rel, display: `${label}/${rel}`, bytes: new TextEncoder().encode(sources[rel]) });
  }
  for (const part of [plan, catalog, rules]) {
    for (const { name, message } of part?.issues ?? []) listing.issues.push(problemIssue(`${label}/${name}`, message));
  }
  return listing;
}
