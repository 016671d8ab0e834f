// Paths to leaves inside a JSON payload, as stored in `pii_paths`: `request.user`,
// `output.items[0].email`. A key is written plainly when it is non-empty and holds none of
// . [ ] " \ ; any other key is written as a quoted segment `["a.b"]` (JSON string escaping).
// `[0]` is always an array index, `["0"]` or `.0` an object key, so every path reads back exactly.

export type PathSegment = string | number;

const PLAIN_KEY = /^[^.[\]"\\]+$/;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Number.isSafeInteger(segment) || segment < 0) throw new TypeError(`formatPath: bad array index ${segment}`);
      out += `[${segment}]`;
    } else if (PLAIN_KEY.test(segment)) {
      out += out === '' ? segment : `.${segment}`;
    } else {
      out += `[${JSON.stringify(segment)}]`;
    }
  }
  return out;
}

/** Parses a path written by formatPath. Throws a TypeError naming the offset on malformed input. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new TypeError(`parsePath: ${why} at offset ${i} in ${JSON.stringify(path)}`);
  };
  if (path === '') fail('empty path');
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[' && path[i + 1] === '"') {
      const end = quotedEnd(path, i + 1);
      if (end < 0) fail('unterminated quoted key');
      let key: unknown;
      try { key = JSON.parse(path.slice(i + 1, end + 1)); } catch { fail('bad quoted key'); }
      if (path[end + 1] !== ']') fail('expected ]');
      segments.push(key as string);
      i = end + 2;
    } else if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) fail('unterminated bracket');
      const digits = path.slice(i + 1, close);
      if (!/^(0|[1-9]\d*)$/.test(digits) || !Number.isSafeInteger(Number(digits))) fail('bad array index');
      segments.push(Number(digits));
      i = close + 1;
    } else {
      if (segments.length > 0) {
        if (ch !== '.') fail('expected . or [');
        i += 1;
      }
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end += 1;
      const key = path.slice(i, end);
      if (!PLAIN_KEY.test(key)) fail('bad key');
      segments.push(key);
      i = end;
    }
  }
  return segments;
}

/** Index of the closing quote of the JSON string literal that starts at `start`, or -1. */
function quotedEnd(path: string, start: number): number {
  for (let j = start + 1; j < path.length; j += 1) {
    if (path[j] === '\\') j += 1;
    else if (path[j] === '"') return j;
  }
  return -1;
}

/** Reads an own value at the path; `found` is false when any step is missing or of the wrong type. */
export function getAtPath(root: unknown, segments: readonly PathSegment[]): { found: boolean; value: unknown } {
  let node: unknown = root;
  for (const segment of segments) {
    if (!hasChild(node, segment)) return { found: false, value: undefined };
    node = (node as Record<string | number, unknown>)[segment];
  }
  return { found: true, value: node };
}

/**
 * Replaces the value at an existing path, in place. Returns false (and changes nothing) when the
 * path does not resolve. Uses defineProperty so a key such as "__proto__" stays a plain member.
 */
export function setAtPath(root: unknown, segments: readonly PathSegment[], value: unknown): boolean {
  if (segments.length === 0) return false;
  const parent = getAtPath(root, segments.slice(0, -1));
  const last = segments[segments.length - 1];
  if (!parent.found || !hasChild(parent.value, last)) return false;
  Object.defineProperty(parent.value, last, { value, writable: true, enumerable: true, configurable: true });
  return true;
}

function hasChild(node: unknown, segment: PathSegment): boolean {
  if (typeof segment === 'number') return Array.isArray(node) && segment < node.length;
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, segment);
}

/** True when `ancestor` is a proper prefix of `path`. */
export function isPathPrefix(ancestor: readonly PathSegment[], path: readonly PathSegment[]): boolean {
  return ancestor.length < path.length && ancestor.every((segment, i) => segment === path[i]);
}

/** Adds an own enumerable member; unlike `obj[key] = v` it cannot touch the prototype ("__proto__"). */
export function setOwnMember(obj: object, key: string, value: unknown): void {
  // Plain assignment is faster, but an inherited name ("__proto__", or "toString" under frozen
  // intrinsics) would hit the prototype instead of creating an own member.
  if (key in Object.prototype) Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else (obj as Record<string, unknown>)[key] = value;
}
