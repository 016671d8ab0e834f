// A YAML config file parsed with node positions kept, so a validator can name the exact
// line:column of the field it rejects. Syntax errors become ConfigFileError issues.

import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import { ConfigFileError, type ConfigFileIssue } from './config-file-error.ts';

export type FieldPath = ReadonlyArray<string | number>;

export interface LocatedYaml {
  readonly value: unknown;
  /** An issue at `path`: at the key (for an unknown key) or at the value; a missing field points at its parent. */
  issue(path: FieldPath, message: string, at?: 'key' | 'value'): ConfigFileIssue;
  /** The keys of the mapping at `path` in document order (JS objects reorder integer-like keys). */
  keys(path: FieldPath): string[];
}

export function parseLocatedYaml(text: string, file: string): LocatedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ConfigFileError(doc.errors.map((error) => {
      const { line, col } = lines.linePos(error.pos[0]);
      return { file, line, column: col, path: '', message: error.message.split('\n')[0] };
    }));
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new ConfigFileError([{ file, line: null, column: null, path: '', message: (error as Error).message }]);
  }
  return {
    value,
    issue(path, message, at = 'value') {
      const { line, col } = lines.linePos(offsetOf(doc, path, at));
      return { file, line, column: col, path: dotted(path), message };
    },
    keys(path) {
      const node = nodeAt(doc, path);
      return isMap(node) ? node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key)) : [];
    },
  };
}

function nodeAt(doc: Document, path: FieldPath): unknown {
  let node: unknown = doc.contents;
  for (const segment of path) {
    node = child(node, segment)?.value;
    if (node === undefined) return undefined;
  }
  return node;
}

function child(node: unknown, segment: string | number): { key?: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
    return pair ? { key: pair.key, value: pair.value ?? undefined } : undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

function offsetOf(doc: Document, path: FieldPath, at: 'key' | 'value'): number {
  let node: unknown = doc.contents;
  let offset = start(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const found = child(node, path[i]);
    if (!found) break;
    const last = i === path.length - 1;
    const keyOffset = start(found.key);
    const valueOffset = start(found.value);
    if ((last && at === 'key') || valueOffset === undefined) {
      offset = keyOffset ?? valueOffset ?? offset;
      break;
    }
    node = found.value;
    offset = valueOffset;
  }
  return offset;
}

function start(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}

function dotted(path: FieldPath): string {
  let text = '';
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  return text;
}
