// Headers across the proxy hop: hop-by-hop headers stay on their own connection (RFC 9110 7.6.1),
// the upstream learns who asked (X-Forwarded-*) and the call joins the agent's trace (W3C
// traceparent, with the sidecar as the parent span).

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { activeTraceparent } from '../../observability/tracing.ts';
import { cookieName, sessionCookieName } from '../../sso/session-cookie.ts';
import { loginCookieName } from '../../sso/login-cookie.ts';
import { randomHex } from '../random-hex.ts';

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization',
  'te', 'trailer', 'transfer-encoding', 'upgrade',
]);

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export type HeaderMap = Record<string, string | string[]>;

/** Copies headers without the hop-by-hop ones, including those the Connection header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders, drop: readonly string[] = []): HeaderMap {
  const named = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((token) => token.trim()).filter(Boolean));
  const out: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name) || drop.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The gateway's own SSO cookies, under either name (Secure ones carry a prefix): the session, and
 * the login cookie, which an upstream could set to bind a reviewer's browser to its own sign-in.
 */
const GATEWAY_COOKIES = new Set([
  sessionCookieName({ secure: false }), sessionCookieName({ secure: true }), loginCookieName({ secure: false }), loginCookieName({ secure: true }),
]);

/**
 * Drops the gateway's session cookie from a request before it leaves for an upstream. Routes
 * without a host share the console's origin, so a browser signed in to the console sends its
 * session on every request there: an upstream must never receive it (it is a reviewer's
 * credential for this gateway). Other cookies are the upstream's business and go through.
 */
export function dropGatewayCookies(req: IncomingMessage): void {
  const header = req.headers.cookie;
  if (header === undefined) return;
  const parts = header.split(';');
  const kept = parts.filter((part) => !GATEWAY_COOKIES.has(cookieName(part)));
  if (kept.length === parts.length) return;
  if (kept.length === 0) delete req.headers.cookie;
  else req.headers.cookie = kept.map((part) => part.trim()).join('; ');
}

export interface ForwardFacts {
  /** The agent's address as the sidecar's socket saw it. */
  clientAddress: string | undefined;
  /** Governed calls ask for an uncompressed answer: the post-check must read it. */
  identityEncoding: boolean;
  /** Set when the sidecar sends a body it already read (the length is recomputed). */
  bufferedBody: boolean;
}

export function upstreamRequestHeaders(req: IncomingMessage, facts: ForwardFacts): HeaderMap {
  // host is set from the upstream origin; expect: 100-continue has no meaning for a buffered body.
  const drop = ['host', 'expect', ...(facts.bufferedBody ? ['content-length'] : [])];
  const headers = endToEndHeaders(req.headers, drop);
  const client = facts.clientAddress?.replace(/^::ffff:/, '');
  const prior = req.headers['x-forwarded-for'];
  if (client) headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  // With tracing on, the upstream's parent is the sidecar's forward span (same trace id).
  headers.traceparent = activeTraceparent() ?? childTraceparent(req.headers.traceparent);
  if (facts.identityEncoding) headers['accept-encoding'] = 'identity';
  return headers;
}

/** Keeps the agent's trace id and sampling flag, with a new span id for this hop; starts a trace when there is none. */
export function childTraceparent(incoming: string | string[] | undefined): string {
  const match = typeof incoming === 'string' ? TRACEPARENT.exec(incoming.trim().toLowerCase()) : null;
  if (match && !/^0+$/.test(match[1]) && !/^0+$/.test(match[2])) return `00-${match[1]}-${randomHex(8)}-${match[3]}`;
  const ids = randomHex(24);
  return `00-${ids.slice(0, 32)}-${ids.slice(32)}-01`;
}

/** Response headers for the agent; `replacedBody` drops what described the upstream's bytes. */
export function agentResponseHeaders(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>, replacedBody: boolean): HeaderMap {
  const drop = replacedBody ? ['content-length', 'content-encoding', 'content-md5', 'etag', 'content-range', 'accept-ranges'] : [];
  const out = endToEndHeaders(headers as IncomingHttpHeaders, drop);
  isolateUpstreamAnswer(out);
  return out;
}

/**
 * An upstream's answer, made harmless to the gateway's own origin (in place). Routes without a
 * host are served on the origin of /console, so an upstream's HTML page opened in a reviewer's
 * browser would run as the console: read its CSRF token with the reviewer's session and approve
 * reviews or flip the kill switch. `Content-Security-Policy: sandbox` makes the browser give the
 * page an origin of its own with scripts off (a program calling a tool ignores it), and an
 * upstream may not set the gateway's session cookie (fixing a reviewer's session).
 */
export function isolateUpstreamAnswer(headers: Record<string, string | string[] | undefined>): void {
  const policy = headers['content-security-policy'];
  headers['content-security-policy'] = policy === undefined ? 'sandbox' : [...(Array.isArray(policy) ? policy : [policy]), 'sandbox'];
  const cookies = headers['set-cookie'];
  if (cookies === undefined) return;
  const kept = (Array.isArray(cookies) ? cookies : [cookies]).filter((cookie) => !GATEWAY_COOKIES.has(cookieName(cookie.split(';')[0] ?? '')));
  if (kept.length === 0) delete headers['set-cookie'];
  else headers['set-cookie'] = kept;
}
