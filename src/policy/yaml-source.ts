// One policy file parsed with its positions kept, so every later check can name the exact
// line:column of the field it complains about.

import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import type { PolicyIssue } from './policy-load-error.ts';
import { dottedPath } from './field-path.ts';
import type { FieldPath } from './field-path.ts';
import { sourceOffsetOf, type ScalarStyle } from './scalar-offsets.ts';

export interface SourceFile {
  /** Path inside the bundle with '/' separators, e.g. `catalog/support-agent.yaml`. */
  relPath: string;
  /** Where the file is inside the bundle directory: relPath, or its flat form (`catalog__support-agent.yaml`). */
  name: string;
  /** How issues name the file. */
  display: string;
  bytes: Uint8Array;
}

export class PolicySource {
  readonly relPath: string;
  /** How messages name the file within the bundle: as the user wrote it (see SourceFile.name). */
  readonly name: string;
  readonly display: string;
  readonly doc: Document | undefined;
  readonly value: unknown;
  /** The decoded file ('' when it is not UTF-8). */
  readonly text: string = '';
  /** Syntax problems; when there are any, the file's content is not checked further. */
  readonly syntaxIssues: PolicyIssue[] = [];
  private readonly lineCounter = new LineCounter();

  constructor(file: SourceFile) {
    this.relPath = file.relPath;
    this.name = file.name;
    this.display = file.display;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      this.syntaxIssues.push(this.issueAtFile('is not valid UTF-8'));
      return;
    }
    this.text = text;
    // Duplicate keys are found here, not by the yaml package: its check compares each key with
    // every earlier key of the map, and a 20,000-key file took 19 s of the event loop.
    const doc = parseDocument(text, { lineCounter: this.lineCounter, uniqueKeys: false, merge: true, prettyErrors: false });
    this.doc = doc;
    const found = [
      ...doc.errors.map((error) => ({ offset: error.pos[0], path: '', message: error.message.split('\n')[0] })),
      ...duplicateKeys(doc.contents, []).map(({ offset, key, parent }) => ({
        offset, path: dottedPath([...parent, key]),
        message: parent.length === 1 && parent[0] === 'tools' ? `duplicate tool name '${key}'` : `duplicate key '${key}'`,
      })),
    ].sort((a, b) => a.offset - b.offset);
    for (const { offset, path, message } of found) {
      const { line, col } = this.lineCounter.linePos(offset);
      this.syntaxIssues.push({ file: this.display, line, column: col, path, message });
    }
    if (this.syntaxIssues.length > 0) return;
    try {
      this.value = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      this.syntaxIssues.push(this.issueAtFile((error as Error).message));
    }
  }

  /** An issue at a field; `at: 'key'` points at the key (an unknown key), otherwise at the value. */
  issue(segments: FieldPath, message: string, at: 'key' | 'value' = 'value'): PolicyIssue {
    const { line, column } = this.locate(segments, at);
    return { file: this.display, line, column, path: dottedPath(segments), message };
  }

  issueAtFile(message: string): PolicyIssue {
    return { file: this.display, line: null, column: null, path: '', message };
  }

  /**
   * Where character `index` of the string at `segments` is in the file: CEL errors name an offset
   * in the expression, people need the line and column. Falls back to the field's position.
   */
  positionInString(segments: FieldPath, index: number): { line: number; column: number } {
    let node: unknown = this.doc?.contents ?? null;
    for (const segment of segments) {
      if (isMap(node)) node = pairAt(node, segment)?.value;
      else if (isSeq(node) && typeof segment === 'number') node = node.items[segment];
      else node = undefined;
    }
    if (!isScalar(node) || typeof node.value !== 'string' || !Array.isArray(node.range)) return this.locate(segments, 'value');
    const offset = sourceOffsetOf(this.text, node.range[0], node.range[1], (node.type ?? 'PLAIN') as ScalarStyle, node.value, index);
    const { line, col } = this.lineCounter.linePos(offset);
    return { line, column: col };
  }

  /** The deepest existing node on the path: a missing field is reported where it should have been. */
  locate(segments: FieldPath, at: 'key' | 'value'): { line: number; column: number } {
    let node: unknown = this.doc?.contents ?? null;
    let offset = rangeStart(node) ?? 0;
    for (let i = 0; i < segments.length; i++) {
      if (this.doc !== undefined && isAlias(node)) node = node.resolve(this.doc);
      let next: unknown;
      let keyOffset: number | undefined;
      if (isMap(node)) {
        const pair = pairAt(node, segments[i]!);
        if (pair === undefined) break;
        keyOffset = rangeStart(pair.key);
        next = pair.value;
      } else if (isSeq(node) && typeof segments[i] === 'number') {
        next = node.items[segments[i] as number];
      } else {
        break;
      }
      const last = i === segments.length - 1;
      const nextOffset = rangeStart(next);
      if ((last && at === 'key') || nextOffset === undefined) {
        offset = keyOffset ?? nextOffset ?? offset;
        break;
      }
      node = next;
      offset = nextOffset;
    }
    const { line, col } = this.lineCounter.linePos(offset);
    return { line, column: col };
  }
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}

/** The first pair of `map` whose key reads as `segment`; each map indexed once, as issues look up many fields of one map. */
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairAt(map: YAMLMap, segment: string | number): Pair | undefined {
  let index = pairIndex.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (!index.has(key)) index.set(key, pair);
    }
    pairIndex.set(map, index);
  }
  return index.get(String(segment));
}

/**
 * Every key that repeats an earlier key of its map (scalar keys with the same value, as the yaml
 * package compares them), with where it is: one pass over the document.
 */
function duplicateKeys(node: unknown, path: Array<string | number>): Array<{ offset: number; key: string; parent: Array<string | number> }> {
  const found: Array<{ offset: number; key: string; parent: Array<string | number> }> = [];
  const walk = (current: unknown, at: Array<string | number>): void => {
    if (isMap(current)) {
      const seen = new Set<unknown>();
      for (const pair of current.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '?';
        if (isScalar(pair.key)) {
          if (seen.has(pair.key.value)) found.push({ offset: rangeStart(pair.key) ?? 0, key, parent: at });
          else seen.add(pair.key.value);
        }
        walk(pair.value, [...at, key]);
      }
    } else if (isSeq(current)) {
      current.items.forEach((item, i) => walk(item, [...at, i]));
    }
  };
  walk(node, path);
  return found;
}
