// A strict RFC 6902 applier for tests (add, remove, replace, test), so a patch is checked the way
// the API server applies it: the parent of every path must exist, an array index may not pass
// the end, `-` appends, and pointer tokens are unescaped (`~1` -> `/`, `~0` -> `~`).

export interface JsonPatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

/** The reference tokens of a JSON Pointer (RFC 6901). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer`);
  return pointer.slice(1).split('/').map((token) => {
    if (/~[^01]|~$/.test(token)) throw new Error(`"${pointer}" has a bad escape`);
    return token.replaceAll('~1', '/').replaceAll('~0', '~');
  });
}

/** Applies the operations to a copy of `document` and returns it; throws on the first bad one. */
export function applyJsonPatch<T>(document: T, operations: readonly JsonPatchOperation[]): T {
  let root: unknown = structuredClone(document);
  for (const [index, operation] of operations.entries()) {
    const where = `operation ${index} (${operation.op} ${operation.path})`;
    const tokens = pointerTokens(operation.path);
    if (tokens.length === 0) {
      if (operation.op !== 'add' && operation.op !== 'replace') throw new Error(`${where}: not allowed on the root`);
      root = structuredClone(operation.value);
      continue;
    }
    const parent = resolve(root, tokens.slice(0, -1), where);
    const last = tokens.at(-1)!;
    switch (operation.op) {
      case 'add':
        if (!('value' in operation)) throw new Error(`${where}: no value`);
        if (Array.isArray(parent)) {
          const at = last === '-' ? parent.length : arrayIndex(last, parent.length, where);
          parent.splice(at, 0, structuredClone(operation.value));
        } else {
          parent[last] = structuredClone(operation.value);
        }
        break;
      case 'remove':
      case 'replace': {
        if (Array.isArray(parent)) {
          const at = arrayIndex(last, parent.length - 1, where);
          if (operation.op === 'remove') parent.splice(at, 1);
          else parent[at] = structuredClone(operation.value);
        } else {
          if (!Object.hasOwn(parent, last)) throw new Error(`${where}: no member "${last}"`);
          if (operation.op === 'remove') delete parent[last];
          else parent[last] = structuredClone(operation.value);
        }
        break;
      }
      case 'test': {
        const current = Array.isArray(parent) ? parent[arrayIndex(last, parent.length - 1, where)] : parent[last];
        if (JSON.stringify(current) !== JSON.stringify(operation.value)) throw new Error(`${where}: test failed`);
        break;
      }
      default:
        throw new Error(`${where}: unsupported op`);
    }
  }
  return root as T;
}

function resolve(root: unknown, tokens: string[], where: string): Container {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length - 1, where)];
    else if (typeof node === 'object' && node !== null && Object.hasOwn(node, token)) node = (node as Record<string, unknown>)[token];
    else throw new Error(`${where}: "${token}" does not exist`);
  }
  if (typeof node !== 'object' || node === null) throw new Error(`${where}: the parent is not an object or array`);
  return node as Container;
}

function arrayIndex(token: string, max: number, where: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`${where}: "${token}" is not an array index`);
  const index = Number(token);
  if (index > max) throw new Error(`${where}: index ${index} is past the end`);
  return index;
}
