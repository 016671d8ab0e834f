// Which tool an HTTP request calls and with which params, as the route says to read them: a
// fixed name, a path template (`/tools/{tool}`) or JSON body fields. Params come from the JSON
// body and the query string together: the upstream is sent both, so both are checked (a query
// string beside a body was once forwarded unread).

import type { ToolSource } from '../routes/route-types.ts';

export interface IdentifiedCall {
  name: string;
  params: Record<string, unknown>;
}

export type Identification = { ok: true; call: IdentifiedCall } | { ok: false; reason: string };

/** `body` is the parsed JSON body, or undefined when the request has none. */
export function identifyTool(source: ToolSource, path: string, search: string, body: unknown): Identification {
  switch (source.kind) {
    case 'fixed':
      return withQuery(source.name, body, search);
    case 'path': {
      const name = nameFromPath(source.segments, path);
      if (name === undefined) return { ok: false, reason: `the path ${path} does not match the route's template ${source.template}` };
      return withQuery(name, body, search);
    }
    case 'body': {
      const name = body === undefined ? undefined : fieldAt(body, source.nameField);
      if (typeof name !== 'string' || name.trim() === '') {
        return { ok: false, reason: `the JSON body has no tool name in field "${source.nameField}"` };
      }
      const fieldParams = source.paramsField === null ? body : fieldAt(body, source.paramsField);
      // The name as sent, not trimmed: the upstream reads this very field (see mcp-tool-call.ts).
      return withQuery(name, fieldParams ?? {}, search);
    }
  }
}

/**
 * The call's params: the body's, with the query string's beside them. A name in both, or a query
 * string beside params that are not an object, has no one reading the upstream is sure to share,
 * so the request is refused rather than checked on one half.
 */
function withQuery(name: string, bodyParams: unknown, search: string): Identification {
  // Assigning `__proto__` would drop the name (and its value) from the params while it still travels.
  if (new URLSearchParams(search).has('__proto__')) return { ok: false, reason: 'its query string names "__proto__", which params cannot hold' };
  const query = queryParams(search);
  if (bodyParams === undefined) return { ok: true, call: { name, params: query } };
  const names = Object.keys(query);
  if (names.length === 0) return { ok: true, call: { name, params: bodyParams as Record<string, unknown> } };
  if (bodyParams === null || typeof bodyParams !== 'object' || Array.isArray(bodyParams)) {
    return { ok: false, reason: 'it has a query string beside JSON params that are not an object, so its params cannot be checked as one' };
  }
  const params = bodyParams as Record<string, unknown>;
  const both = names.find((key) => Object.hasOwn(params, key));
  if (both !== undefined) return { ok: false, reason: `"${both}" is in both the query string and the body, and the tool may read either` };
  return { ok: true, call: { name, params: { ...query, ...params } } };
}

function nameFromPath(template: readonly string[], path: string): string | undefined {
  const actual = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(1);
  if (actual.length !== template.length) return undefined;
  let name: string | undefined;
  for (let i = 0; i < template.length; i++) {
    let segment: string;
    try {
      segment = decodeURIComponent(actual[i]);
    } catch {
      return undefined;
    }
    if (template[i] === '{tool}') name = segment;
    else if (template[i] !== segment) return undefined;
  }
  return name === '' ? undefined : name;
}

function fieldAt(value: unknown, dotted: string): unknown {
  let node = value;
  for (const key of dotted.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** `?q=a&tag=x&tag=y` -> `{ q: 'a', tag: ['x', 'y'] }`. */
export function queryParams(search: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = params[key];
    if (existing === undefined) params[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else params[key] = [existing, value];
  }
  return params;
}
