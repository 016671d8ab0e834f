// Which route a request belongs to. Origin-form requests (`GET /kb/search`, the agent's base URL
// points at the sidecar) match by path prefix and, where a route names one, the Host header.
// Absolute-form requests (`GET http://kb.internal/search`, the agent uses HTTP_PROXY) match only
// routes that name a host. First match in file order wins.

import type { IncomingMessage } from 'node:http';
import { underPrefix } from './gateway-file.ts';
import type { ConnectRule, SidecarRoute } from './route-types.ts';

export interface RequestTarget {
  form: 'origin' | 'absolute';
  /** Lower-case, without port; '' when the request names no host. */
  hostname: string;
  /** The port the request addressed ('' = the scheme's default). */
  port: string;
  protocol: 'http:' | 'https:';
  /** Raw (still percent-encoded) path. */
  path: string;
  /** '?…' or ''. */
  search: string;
}

/** Reads the request line; undefined when the target cannot be parsed. */
export function requestTarget(req: IncomingMessage): RequestTarget | undefined {
  const raw = req.url ?? '/';
  if (raw.startsWith('/')) {
    const q = raw.indexOf('?');
    const { hostname, port } = splitHost(req.headers.host ?? '');
    return { form: 'origin', hostname, port, protocol: 'http:', path: q === -1 ? raw : raw.slice(0, q), search: q === -1 ? '' : raw.slice(q) };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { form: 'absolute', hostname: url.hostname.toLowerCase(), port: url.port, protocol: url.protocol, path: url.pathname, search: url.search };
}

export function matchRoute(routes: readonly SidecarRoute[], target: RequestTarget): SidecarRoute | undefined {
  for (const route of routes) {
    if (target.form === 'absolute' && route.host === null) continue;
    if (route.host !== null && !hostMatches(route.host, target)) continue;
    if (route.pathPrefix !== null && !underPrefix(target.path, route.pathPrefix)) continue;
    return route;
  }
  return undefined;
}

function hostMatches(routeHost: string, target: RequestTarget): boolean {
  const { hostname, port } = splitHost(routeHost);
  if (hostname !== target.hostname) return false;
  if (port === '') return true;
  return port === (target.port || (target.protocol === 'https:' ? '443' : '80'));
}

/** Whether a route names this host (a CONNECT to it carries plain HTTP the sidecar can govern). */
export function routedHost(routes: readonly SidecarRoute[], hostname: string, port: string): boolean {
  const target: RequestTarget = { form: 'absolute', hostname, port, protocol: 'http:', path: '/', search: '' };
  return routes.some((route) => route.host !== null && hostMatches(route.host, target));
}

/** The path (and query) to request from the upstream. */
export function upstreamPath(route: SidecarRoute, target: RequestTarget): string {
  const base = route.upstream.pathname === '/' ? '' : route.upstream.pathname.replace(/\/+$/, '');
  let rest = target.path;
  if (route.stripPrefix && route.pathPrefix !== null && route.pathPrefix !== '/') rest = rest.slice(route.pathPrefix.length);
  const path = `${base}${rest}`;
  return `${path === '' ? '/' : path.startsWith('/') ? path : `/${path}`}${target.search}`;
}

/**
 * Dot segments and encoded separators would let a path escape its route's prefix once the
 * upstream normalises it (`/kb/../admin`), so a governed call could reach what its tool name hides.
 */
export function unsafePathReason(path: string): string | undefined {
  if (path.includes('\\')) return 'a backslash';
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'malformed percent-encoding';
    }
    if (decoded === '.' || decoded === '..') return 'a dot segment (. or ..)';
    if (decoded.includes('/') || decoded.includes('\\')) return 'an encoded path separator';
  }
  return undefined;
}

/** `host:port` of a CONNECT request, checked against the allow-list. */
export function connectAllowed(rules: readonly ConnectRule[], authority: string): boolean {
  const { hostname, port } = splitHost(authority);
  if (hostname === '' || port === '') return false;
  return rules.some((rule) => rule.ports.includes(Number(port)) && rule.matches(hostname));
}

export function splitHost(value: string): { hostname: string; port: string } {
  const text = value.trim().toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return { hostname: text.slice(0, end + 1), port: text.slice(end + 2) };
  }
  const colon = text.lastIndexOf(':');
  return colon === -1 ? { hostname: text, port: '' } : { hostname: text.slice(0, colon), port: text.slice(colon + 1) };
}
