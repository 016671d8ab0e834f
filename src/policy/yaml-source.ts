// One policy file parsed with its positions kept, so every later check can name the exact
// line:column of the field it complains about.

import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
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
    const doc = parseDocument(text, { lineCounter: this.lineCounter, uniqueKeys: true, merge: true, prettyErrors: false });
    this.doc = doc;
    for (const error of doc.errors) {
      const { line, col } = this.lineCounter.linePos(error.pos[0]);
      const duplicate = error.code === 'DUPLICATE_KEY' ? this.describeDuplicateKey(error.pos[0]) : undefined;
      const message = duplicate?.message ?? error.message.split('\n')[0];
      this.syntaxIssues.push({ file: this.display, line, column: col, path: duplicate?.path ?? '', message });
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
      if (isMap(node)) node = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment))?.value;
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
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segments[i]));
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

  private describeDuplicateKey(offset: number): { path: string; message: string } | undefined {
    const found = findKeyAt(this.doc?.contents ?? null, offset, []);
    if (found === undefined) return undefined;
    const path = dottedPath([...found.parent, found.key]);
    const isTool = found.parent.length === 1 && found.parent[0] === 'tools';
    return { path, message: isTool ? `duplicate tool name '${found.key}'` : `duplicate key '${found.key}'` };
  }
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}

function findKeyAt(node: unknown, offset: number, path: Array<string | number>): { key: string; parent: Array<string | number> } | undefined {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      if (rangeStart(pair.key) === offset) return { key, parent: path };
      const inner = findKeyAt(pair.value, offset, [...path, key]);
      if (inner !== undefined) return inner;
    }
  } else if (isSeq(node)) {
    for (let i = 0; i < node.items.length; i++) {
      const inner = findKeyAt(node.items[i], offset, [...path, i]);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
