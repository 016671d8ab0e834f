// Which names in a bundle directory count, and as which bundle file: pure functions shared by the
// disk readers and the in-memory bundle of a dry run. Besides its folders, a bundle may be flat,
// the way a ConfigMap volume mounts it (ConfigMap keys cannot hold '/'): the top-level file
// `catalog__x.yaml` is the bundle file `catalog/x.yaml`, so a mounted ConfigMap needs no file list.

import { closestName } from './closest-name.ts';

export const ROOT_FILES = ['sensitive-data.yaml', 'decision.yaml', 'judge.yaml', 'certification.yaml'] as const;
export const CATALOG_DIR = 'catalog';
export const RULES_DIR = 'rules';
/** Policy test cases (`govgate policy test`): not part of the policy, so they never change its version. */
export const TESTS_DIR = 'tests';
/** `<folder>__<name>` in the bundle's top level stands for `<folder>/<name>`. */
export const FLAT_SEPARATOR = '__';
/** The folders a flat name may stand for. */
export const BUNDLE_FOLDERS = [CATALOG_DIR, RULES_DIR, TESTS_DIR] as const;

/** The folders whose files are the policy, and what their files are called in messages. */
const POLICY_FOLDERS = [{ folder: CATALOG_DIR, what: 'catalogs' }, { folder: RULES_DIR, what: 'rules' }] as const;

export type EntryKind = 'file' | 'dir' | 'other';
export interface Entry { name: string; kind: EntryKind }
/** A file to read: `name` is where it is inside the bundle directory, `relPath` the bundle file it is. */
export interface PlannedFile { name: string; relPath: string }
/** A problem with a name inside the bundle directory (`catalog/x.yml`, `catalogs__x.yaml`). */
export interface PlanIssue { name: string; message: string }
export interface BundlePlan { read: PlannedFile[]; issues: PlanIssue[] }

/** `catalog__x.yaml` -> { folder: 'catalog', name: 'x.yaml' }; undefined for a name without a folder part. */
export function splitFlatName(name: string): { folder: string; name: string } | undefined {
  const at = name.indexOf(FLAT_SEPARATOR);
  return at > 0 ? { folder: name.slice(0, at), name: name.slice(at + FLAT_SEPARATOR.length) } : undefined;
}

/** The subfolders of the top level whose entries planBundle needs. */
export function policyFoldersIn(root: readonly Entry[]): string[] {
  return POLICY_FOLDERS.map(({ folder }) => folder).filter((folder) => root.some((entry) => entry.name === folder && entry.kind === 'dir'));
}

/**
 * The files to read and the problems with names, from the top level's entries and those of its
 * policy folders (`folders`, by folder name). A bundle file given both ways (`catalog/x.yaml` and
 * `catalog__x.yaml`) is an error: which of the two is the policy would be a guess.
 */
export function planBundle(root: readonly Entry[], folders: ReadonlyMap<string, readonly Entry[]>): BundlePlan {
  const plan: BundlePlan = { read: [], issues: [] };
  const flat = new Map<string, Entry[]>();
  for (const { name, kind } of root) {
    if (name.startsWith('.')) continue;
    if (kind === 'dir' && POLICY_FOLDERS.some(({ folder }) => folder === name)) continue;
    if ((ROOT_FILES as readonly string[]).includes(name) && kind === 'file') {
      plan.read.push({ name, relPath: name });
      continue;
    }
    if (!/\.ya?ml$/.test(name)) continue;
    const split = kind === 'dir' ? undefined : splitFlatName(name);
    if (split === undefined) {
      const guess = closestName(name, [...ROOT_FILES, `${CATALOG_DIR}/`, `${RULES_DIR}/`]);
      plan.issues.push({ name, message: `is not a policy file this gateway reads${guess ? ` (did you mean ${guess}?)` : ''}; agent catalogs belong in ${CATALOG_DIR}/, rules in ${RULES_DIR}/ (or, flat, ${CATALOG_DIR}${FLAT_SEPARATOR}<name>.yaml and ${RULES_DIR}${FLAT_SEPARATOR}<name>.yaml)` });
    } else if (split.folder === TESTS_DIR) {
      continue; // test cases: read by `govgate policy test`, never part of the policy
    } else if (!POLICY_FOLDERS.some(({ folder }) => folder === split.folder)) {
      const guess = closestName(split.folder, BUNDLE_FOLDERS);
      plan.issues.push({ name, message: `is not a policy file this gateway reads: '${split.folder}' is not a bundle folder${guess ? ` (did you mean ${guess}${FLAT_SEPARATOR}${split.name}?)` : ''}; a flat name is ${BUNDLE_FOLDERS.map((folder) => `${folder}${FLAT_SEPARATOR}<name>.yaml`).join(', ')}` });
    } else if (split.name.startsWith('.')) {
      plan.issues.push({ name, message: `names no file after ${split.folder}${FLAT_SEPARATOR}` });
    } else {
      flat.set(split.folder, [...(flat.get(split.folder) ?? []), { name: split.name, kind }]);
    }
  }
  for (const { folder, what } of POLICY_FOLDERS) {
    const inFolder = folders.get(folder) ?? [];
    const nested = planFolder(folder, what, inFolder);
    plan.read.push(...nested.read.map((relPath) => ({ name: relPath, relPath })));
    plan.issues.push(...nested.issues);
    const flatName = (relPath: string) => `${folder}${FLAT_SEPARATOR}${relPath.slice(folder.length + 1)}`;
    const flattened = planFolder(folder, what, flat.get(folder) ?? []);
    plan.issues.push(...flattened.issues.map((issue) => ({ ...issue, name: flatName(issue.name) })));
    for (const relPath of flattened.read) {
      const twin = inFolder.some((entry) => entry.kind !== 'dir' && `${folder}/${entry.name}` === relPath);
      if (twin) plan.issues.push({ name: flatName(relPath), message: `is ${relPath} in the flat layout, and ${relPath} exists too; keep one of the two` });
      else plan.read.push({ name: flatName(relPath), relPath });
    }
  }
  return plan;
}

/** catalog/ and rules/ are read the same way: their own *.yaml files, no subfolders. */
function planFolder(folder: string, what: string, entries: readonly Entry[]): { read: string[]; issues: PlanIssue[] } {
  const plan: { read: string[]; issues: PlanIssue[] } = { read: [], issues: [] };
  for (const { name, kind } of entries) {
    const rel = `${folder}/${name}`;
    if (name.startsWith('.')) continue;
    if (kind === 'dir') plan.issues.push({ name: rel, message: `is a folder; ${what} are read only from ${folder}/ itself, not from subfolders` });
    else if (name.endsWith('.yaml') && kind === 'file') plan.read.push(rel);
    else if (name.endsWith('.yml')) plan.issues.push({ name: rel, message: `is not read: ${what} files must end in .yaml` });
  }
  return plan;
}
