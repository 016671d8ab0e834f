// A small router: exact paths from a map, `{param}` templates by segment. Routes carry the
// metadata that middleware reads (which feature they need, whether they are public).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationDoc } from '../schemas/openapi.ts';
import type { Role } from '../auth/roles.ts';

export interface RouteMeta {
  /** Served without credentials even when auth is on (health, metrics, docs). */
  public?: boolean;
  /** The entitlement this route needs (checked by the auth layer). */
  feature?: string;
  /** The OpenAPI operation: /openapi.json is generated from the routes. */
  doc?: OperationDoc;
  /**
   * A page a browser opens (the console): its query string belongs to whoever linked to it
   * (`?utm_source=`), not to an API filter, so parameters it does not name are not refused.
   */
  page?: boolean;
  /**
   * A body that carries this many documents, each a governed body's size (the internal append's
   * entries, each a call a sidecar already bounded): its JSON may hold this many times the values
   * one body may (SERVICE_MAX_BODY_VALUES).
   */
  bodyDocuments?: number;
}

export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly params: Readonly<Record<string, string>>;
  /** The matched template (`/v1/audit/executions/{envelope_id}`), used as the metrics label. */
  readonly route: string;
  readonly meta: RouteMeta;
  /** Reads and parses the JSON body, enforcing the body limit. */
  json(): Promise<unknown>;
  /** Who is calling; set by the auth layer. */
  principal?: Principal;
}

export interface Principal {
  /** `session`: a person signed in by single sign-on (src/sso), by the session cookie. */
  kind: 'anonymous' | 'api_key' | 'jwt' | 'session';
  subject: string;
  tier: string;
  /** The (first) team; a session may have several, all in `teams`. */
  team: string | null;
  /** Every team of a session, from the SSO attribute mapping. */
  teams?: readonly string[];
  /** What the principal may do inside its tier (src/auth/roles.ts: `Role`). */
  roles: readonly Role[];
  /** An agent credential's binding: the agent id or glob its runtime calls must name; null when unbound. */
  agent_scope: string | null;
  /**
   * True for a credential from before roles (a key without stored roles, a JWT without a roles
   * claim): its reads are not limited to its team, as before the upgrade.
   */
  legacy_roles?: boolean;
  expires_at: string | null;
}

export interface HandlerResult {
  status?: number;
  body?: unknown;
  /** A list sends the header once per value (Set-Cookie). */
  headers?: Record<string, string | string[]>;
  /** Sent as-is instead of JSON (docs pages, metrics). */
  raw?: string | Buffer;
  contentType?: string;
}

export type Handler = (ctx: RequestContext) => Promise<HandlerResult> | HandlerResult;

export interface Route {
  method: string;
  path: string;
  handler: Handler;
  meta?: RouteMeta;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[]; template: string }
  | { kind: 'not_found' };

interface Template {
  template: string;
  segments: string[];
  byMethod: Map<string, Route>;
}

export class Router {
  readonly #exact = new Map<string, Template>();
  readonly #templates: Template[] = [];

  add(route: Route): this {
    const isTemplate = route.path.includes('{');
    const existing = isTemplate
      ? this.#templates.find((t) => t.template === route.path)
      : this.#exact.get(route.path);
    const entry = existing ?? { template: route.path, segments: route.path.split('/'), byMethod: new Map() };
    if (entry.byMethod.has(route.method)) throw new Error(`Route ${route.method} ${route.path} is registered twice`);
    entry.byMethod.set(route.method, route);
    if (!existing) {
      if (isTemplate) this.#templates.push(entry);
      else this.#exact.set(route.path, entry);
    }
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const exact = this.#exact.get(path);
    if (exact) return pick(exact, method, {});
    const segments = path.split('/');
    for (const template of this.#templates) {
      const params = matchSegments(template.segments, segments);
      if (params) return pick(template, method, params);
    }
    return { kind: 'not_found' };
  }

  routes(): Route[] {
    return [...this.#exact.values(), ...this.#templates].flatMap((t) => [...t.byMethod.values()]);
  }
}

function pick(template: Template, method: string, params: Record<string, string>): RouteMatch {
  const route = template.byMethod.get(method) ?? (method === 'HEAD' ? template.byMethod.get('GET') : undefined);
  if (route) return { kind: 'found', route, params };
  return { kind: 'method_not_allowed', allowed: [...template.byMethod.keys()], template: template.template };
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | undefined {
  if (template.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i];
    if (t.startsWith('{') && t.endsWith('}')) {
      if (actual[i] === '') return undefined;
      try {
        params[t.slice(1, -1)] = decodeURIComponent(actual[i]);
      } catch {
        return undefined;
      }
    } else if (t !== actual[i]) {
      return undefined;
    }
  }
  return params;
}
