// `redact: true` on a route: sensitive data in a tool result is masked before the post-check,
// so the agent gets the rest of the result instead of nothing. Secrets are always masked;
// personal data only when the tool does not declare `allows_pii`. The post-check then judges
// (and the ledger keeps) the masked result, never the original values.

import type { PolicyBundle, SensitivePattern } from '../policy/index.ts';

export interface RedactionHit {
  path: string;
  pattern: string;
}

export interface Redacted<T> {
  value: T;
  hits: RedactionHit[];
}

/** The patterns to mask in results of `tool` for `agentId`. */
export function redactionPatterns(bundle: PolicyBundle, agentId: string, tool: string): SensitivePattern[] {
  const allowsPii = bundle.resolveAgent(agentId)?.tools.get(tool)?.allows_pii ?? false;
  return bundle.sensitive_data.filter((pattern) => pattern.kind === 'secret' || !allowsPii);
}

export function maskText(text: string, patterns: readonly SensitivePattern[]): { text: string; ids: string[] } {
  let masked = text;
  const ids: string[] = [];
  for (const pattern of patterns) {
    // A pattern's `value` group, when it has one, is what is masked: the boundary it consumes stays.
    const replaced = pattern.pattern.replaceAll(masked, `[redacted:${pattern.id}]`);
    if (replaced.count === 0) continue;
    masked = replaced.text;
    ids.push(pattern.id);
  }
  return { text: masked, ids };
}

/** A copy of `value` with every matching string (or number) leaf masked; keys are left alone. */
export function redactValue<T>(value: T, patterns: readonly SensitivePattern[], basePath = ''): Redacted<T> {
  const hits: RedactionHit[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string' || (typeof node === 'number' && Number.isFinite(node))) {
      const { text, ids } = maskText(String(node), patterns);
      if (ids.length === 0) return node;
      for (const id of ids) hits.push({ path, pattern: id });
      return text;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}[${index}]`));
    if (node !== null && typeof node === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) copy[key] = walk(child, path === '' ? key : `${path}.${key}`);
      return copy;
    }
    return node;
  };
  if (patterns.length === 0) return { value, hits };
  const masked = walk(value, basePath) as T;
  // Nothing found: the caller keeps its own value (and its identity).
  return hits.length === 0 ? { value, hits } : { value: masked, hits };
}
