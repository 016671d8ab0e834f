// Canonical JSON: the one byte form every hash in the ledger is computed over. Object keys are
// sorted by UTF-16 code units and there is no whitespace; strings and numbers are written the
// way JSON.stringify writes them, so for JSON data the output matches RFC 8785 (JCS) and any
// language can reproduce it. It runs for every appended row (payload digest and row hash), so
// it builds one string by concatenation instead of arrays of parts.

import type { PathSegment } from './json-paths.ts';

/**
 * Leaves of a payload to write as fixed text instead of their value, keyed by path segment:
 * how a redacted payload is hashed without first copying the payload to redact it.
 */
export type Substitutions = Map<PathSegment, Substitution>;
export type Substitution = { text: string } | { children: Substitutions };

/**
 * Serializes `value` with sorted keys and no whitespace. Accepts what JSON.stringify accepts and
 * drops/changes the same things (undefined members, functions; NaN/Infinity become null;
 * toJSON is honoured), so `canonicalJson(x) === canonicalJson(JSON.parse(JSON.stringify(x)))`.
 */
export function canonicalJson(value: unknown): string {
  const out = writeValue(value, undefined);
  if (out === undefined) throw new TypeError('canonicalJson: value is not representable as JSON');
  return out;
}

/**
 * canonicalJson of `value` with each substituted path written as its text, i.e. the canonical
 * form of a copy with those leaves replaced. Paths that do not resolve are ignored.
 */
export function canonicalJsonWith(value: unknown, substitutions: Substitutions): string {
  const out = writeValue(value, substitutions);
  if (out === undefined) throw new TypeError('canonicalJson: value is not representable as JSON');
  return out;
}

/**
 * How a member starts in canonical JSON, first in its object or after another: member names
 * repeat a lot, so both are cached. Keys come from payloads, so the cache is bounded in entries
 * (when full it starts over) and in key length (a longer key is quoted each time).
 */
const memberPrefixes = new Map<string, readonly [first: string, next: string]>();
const MEMBER_PREFIX_CACHE_LIMIT = 4096;
const MEMBER_PREFIX_MAX_KEY_LENGTH = 128;

/** `"key":` (`first`) or `,"key":`. */
export function memberPrefix(key: string, first: boolean): string {
  let prefixes = memberPrefixes.get(key);
  if (prefixes === undefined) {
    const quoted = `${JSON.stringify(key)}:`;
    prefixes = [quoted, `,${quoted}`];
    if (key.length <= MEMBER_PREFIX_MAX_KEY_LENGTH) {
      if (memberPrefixes.size >= MEMBER_PREFIX_CACHE_LIMIT) memberPrefixes.clear();
      memberPrefixes.set(key, prefixes);
    }
  }
  return first ? prefixes[0] : prefixes[1];
}

/** Beyond this many members, insertion sort's n² comparisons would cost more than the copy it saves. */
const INSERTION_SORT_MAX = 24;

/**
 * The object's own enumerable keys in canonical order (UTF-16 code units, what the default sort
 * and JCS use). Array.prototype.sort copies the array it sorts; the keys of one payload object are
 * few, so they are sorted in place instead: sealing a ledger payload sorted ~100 key lists,
 * 15 KB of garbage a call in the ledger's writer thread.
 */
export function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j -= 1;
    }
    keys[j + 1] = key;
  }
  return keys;
}

function writeValue(value: unknown, subs: Substitutions | undefined): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'; // String() and JSON.stringify agree on finite numbers
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: BigInt is not JSON');
    case 'object': {
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
        return writeValue((value as { toJSON: () => unknown }).toJSON(), subs);
      }
      return Array.isArray(value) ? writeArray(value, subs) : writeObject(value as Record<string, unknown>, subs);
    }
    default:
      return undefined; // undefined, function, symbol: omitted like JSON.stringify does
  }
}

function writeMember(value: unknown, sub: Substitution | undefined): string | undefined {
  if (sub === undefined) return writeValue(value, undefined);
  return 'text' in sub ? sub.text : writeValue(value, sub.children);
}

function writeArray(items: unknown[], subs: Substitutions | undefined): string {
  let out = '[';
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0) out += ',';
    out += (subs === undefined ? writeValue(items[i], undefined) : writeMember(items[i], subs.get(i))) ?? 'null';
  }
  return `${out}]`;
}

function writeObject(obj: Record<string, unknown>, subs: Substitutions | undefined): string {
  const keys = sortedKeys(obj);
  let out = '{';
  let first = true;
  for (const key of keys) {
    const written = subs === undefined ? writeValue(obj[key], undefined) : writeMember(obj[key], subs.get(key));
    if (written === undefined) continue;
    out += memberPrefix(key, first);
    out += written;
    first = false;
  }
  return `${out}}`;
}

/**
 * canonicalJson of an object with a fixed, known set of members, written in the given (sorted)
 * order without sorting: the row hash covers the same 18 fields on every append.
 */
export function createFixedShapeWriter(fields: readonly string[]): (record: Record<string, unknown>) => string {
  const ordered = [...fields].sort();
  const firstPrefixes = ordered.map((field) => memberPrefix(field, true));
  const nextPrefixes = ordered.map((field) => memberPrefix(field, false));
  return (record) => {
    let out = '{';
    let first = true;
    for (let i = 0; i < ordered.length; i += 1) {
      const written = writeValue(record[ordered[i]], undefined);
      if (written === undefined) continue;
      out += first ? firstPrefixes[i] : nextPrefixes[i];
      out += written;
      first = false;
    }
    return `${out}}`;
  };
}
