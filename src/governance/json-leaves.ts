// One walk over JSON-like values, shared by the scanners (sensitive data, facts, injection
// markers). Paths read like the request: `output.customer.email`, `items[2].sku`.

export type Leaf = string | number | boolean | null;

export interface LeafVisit {
  path: string;
  /** The object key holding the leaf; undefined for array elements and the root. */
  key: string | undefined;
  value: Leaf;
}

/** Deeper structures than this are not walked (JSON from a request never gets close). */
const MAX_DEPTH = 64;
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

export function childPath(base: string, key: string): string {
  if (PLAIN_KEY.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every leaf (string, number, boolean, null) in walk order; cycles and functions are skipped. */
export function collectLeaves(value: unknown, basePath = ''): LeafVisit[] {
  const leaves: LeafVisit[] = [];
  const onPath = new Set<object>();
  const walk = (node: unknown, path: string, key: string | undefined, depth: number): void => {
    if (node === null || typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
      leaves.push({ path, key, value: node });
      return;
    }
    if (typeof node !== 'object' || depth >= MAX_DEPTH || onPath.has(node)) return;
    onPath.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, indexPath(path, index), undefined, depth + 1));
    } else {
      for (const [childKey, child] of Object.entries(node)) {
        walk(child, childPath(path, childKey), childKey, depth + 1);
      }
    }
    onPath.delete(node);
  };
  walk(value, basePath, undefined, 0);
  return leaves;
}

/** collectLeaves, or a walker that remembers what it walked (createLeafWalker). */
export type LeafWalker = (value: unknown, basePath?: string) => readonly LeafVisit[];

/**
 * A collectLeaves that walks each (value, basePath) once. One per evaluation (StageView.leaves):
 * the checks read the same output, params and tool results many times over, and the request
 * does not change while it is evaluated. Callers must not change the lists they get.
 */
export function createLeafWalker(): LeafWalker {
  const walked = new Map<object, Map<string, readonly LeafVisit[]>>();
  return (value, basePath = '') => {
    if (typeof value !== 'object' || value === null) return collectLeaves(value, basePath);
    let byBase = walked.get(value);
    if (!byBase) walked.set(value, (byBase = new Map()));
    let leaves = byBase.get(basePath);
    if (!leaves) byBase.set(basePath, (leaves = collectLeaves(value, basePath)));
    return leaves;
  };
}

/** The string form of the text-bearing leaves (strings and numbers), for pattern scans. */
export function leafText(value: Leaf): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
