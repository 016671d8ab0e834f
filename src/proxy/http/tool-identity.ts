// Which tool an HTTP request calls and with which params, as the route says to read them: a
// fixed name, a path template (`/tools/{tool}`) or JSON body fields. Params come from the JSON
// body, or from the query string when there is no body (a GET).

import type { ToolSource } from '../routes/route-types.ts';

export interface IdentifiedCall {
  name: string;
  params: Record<string, unknown>;
}

export type Identification = { ok: true; call: IdentifiedCall } | { ok: false; reason: string };

/** `body` is the parsed JSON body, or undefined when the request has none. */
export function identifyTool(source: ToolSource, path: string, search: string, body: unknown): Identification {
  const params = (body === undefined ? queryParams(search) : body) as Record<string, unknown>;
  switch (source.kind) {
    case 'fixed':
      return { ok: true, call: { name: source.name, params } };
    case 'path': {
      const name = nameFromPath(source.segments, path);
      if (name === undefined) return { ok: false, reason: `the path ${path} does not match the route's template ${source.template}` };
      return { ok: true, call: { name, params } };
    }
    case 'body': {
      const name = body === undefined ? undefined : fieldAt(body, source.nameField);
      if (typeof name !== 'string' || name.trim() === '') {
        return { ok: false, reason: `the JSON body has no tool name in field "${source.nameField}"` };
      }
      const fieldParams = source.paramsField === null ? body : fieldAt(body, source.paramsField);
      return { ok: true, call: { name: name.trim(), params: (fieldParams ?? {}) as Record<string, unknown> } };
    }
  }
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
