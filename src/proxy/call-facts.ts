// Who is calling and in which session, as the sidecar learns it: the agent from AGENT_ID (one
// sidecar per agent pod), the session from X-Session-Id or the MCP session id, and optional
// X-User-Id / X-Agent-Model headers for the audit trail.

import type { IncomingMessage } from 'node:http';
import type { CallFacts } from './governance-gate.ts';
import type { SidecarRoute } from './routes/route-types.ts';
import type { CallTicket } from './call-admission.ts';

const HEADER_VALUE = /^[\x21-\x7e][\x20-\x7e]{0,199}$/;

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && HEADER_VALUE.test(text.trim()) ? text.trim() : null;
}

export function sessionOf(req: IncomingMessage): string | null {
  return header(req, 'x-session-id') ?? header(req, 'mcp-session-id');
}

export function callFacts(
  req: IncomingMessage, route: SidecarRoute, agentId: string, requestId: string,
  call: { name: string; params: Record<string, unknown> }, path: string, ticket?: CallTicket,
): CallFacts {
  return {
    method: req.method ?? 'GET',
    path,
    ticket,
    route,
    agentId,
    sessionId: sessionOf(req),
    tool: call.name,
    params: call.params,
    user: header(req, 'x-user-id') ?? 'unknown',
    model: header(req, 'x-agent-model') ?? 'unknown',
    requestId,
  };
}
