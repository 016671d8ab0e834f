// What changed between two MCP tool definitions, for the reviewer of a tool definition change:
// a structured diff (which JSON paths were added, removed or changed, with both values) and a
// unified text diff of the canonical JSON (keys sorted, two-space indent), so a rewritten
// description or a widened input schema is visible at a glance. Pure.

import { createTwoFilesPatch } from 'diff';

export interface PathChange {
  /** JSON Pointer (RFC 6901) of the value. */
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface DefinitionDiff {
  added: PathChange[];
  removed: PathChange[];
  changed: PathChange[];
  /** Unified diff of the canonical JSON of both definitions. */
  unified: string;
}

/** Deeper values are compared whole: a reviewer reads the unified diff for those. */
const MAX_DEPTH = 32;

export function diffDefinitions(before: unknown, after: unknown, label = 'definition'): DefinitionDiff {
  const diff: DefinitionDiff = { added: [], removed: [], changed: [], unified: '' };
  walk(before, after, '', 0, diff);
  diff.unified = createTwoFilesPatch(`${label} (pinned)`, `${label} (changed)`, `${prettyCanonical(before)}\n`, `${prettyCanonical(after)}\n`, undefined, undefined, { context: 3 });
  return diff;
}

function walk(before: unknown, after: unknown, path: string, depth: number, diff: DefinitionDiff): void {
  if (sameJson(before, after)) return;
  const bothObjects = isPlainObject(before) && isPlainObject(after);
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  if (depth >= MAX_DEPTH || (!bothObjects && !bothArrays)) {
    diff.changed.push({ path: path || '/', before, after });
    return;
  }
  if (bothArrays) {
    const a = before as unknown[];
    const b = after as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const at = `${path}/${i}`;
      if (i >= a.length) diff.added.push({ path: at, after: b[i] });
      else if (i >= b.length) diff.removed.push({ path: at, before: a[i] });
      else walk(a[i], b[i], at, depth + 1, diff);
    }
    return;
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!(key in b)) diff.removed.push({ path: at, before: a[key] });
    else if (!(key in a)) diff.added.push({ path: at, after: b[key] });
    else walk(a[key], b[key], at, depth + 1, diff);
  }
}

/** JSON with keys sorted at every level, indented: the same definition always prints the same. */
export function prettyCanonical(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
