// The sidecar's settings as the data path reads them: config/gateway.yaml after validation,
// with every default filled in and every URL and template compiled once.

import type { Framework } from '../../governance/index.ts';

export type RouteProtocol = 'http' | 'mcp';
/** closed: no ledger record, no forwarding (503). open: forward anyway, log and count it. */
export type FailMode = 'closed' | 'open';
/**
 * When the post-check row becomes durable. strict: before the answer is released. intent: the
 * decision is still made before release (a block still blocks), but the row is group-committed
 * without the release waiting for it; a crash in between leaves the call to the outcome
 * reconciler (`outcome_unknown`). The pre-check row is durable before forwarding in both.
 */
export type AuditMode = 'strict' | 'intent';
/** What an `escalate` or `request_evidence` outcome does to the call: hold it back, or let it through. */
/**
 * escalate / request_evidence: block at once, hold until a reviewer answers, forward anyway
 * (audit only), or (MCP) ask the user in the client through MCP elicitation.
 */
export type EscalationAction = 'block' | 'forward' | 'hold' | 'elicit';

/** How an HTTP route names the tool a request calls, and where its params are. */
export type ToolSource =
  | { readonly kind: 'fixed'; readonly name: string }
  /** `/tools/{tool}`: the request path segment at `{tool}` is the name. */
  | { readonly kind: 'path'; readonly template: string; readonly segments: readonly string[] }
  /** JSON body fields (dotted paths); without `paramsField` the whole body is the params. */
  | { readonly kind: 'body'; readonly nameField: string; readonly paramsField: string | null };

export interface RouteTimeouts {
  readonly connectMs: number;
  /** Until the upstream's response headers arrive. */
  readonly headersMs: number;
  /** Longest silence while the response body arrives. */
  readonly bodyMs: number;
}

export interface SidecarRoute {
  readonly name: string;
  /** Segment-aware: `/kb` matches `/kb` and `/kb/search`, not `/kbx`. */
  readonly pathPrefix: string | null;
  /** Lower-case host, with `:port` only when the route names one. */
  readonly host: string | null;
  readonly upstream: URL;
  /** Removes `pathPrefix` from the forwarded path (the upstream URL's own path is put first). */
  readonly stripPrefix: boolean;
  readonly protocol: RouteProtocol;
  readonly governed: boolean;
  /** Governed HTTP routes only. */
  readonly tool: ToolSource | null;
  readonly framework: Framework;
  readonly timeouts: RouteTimeouts;
  readonly maxResponseBytes: number;
  readonly failMode: FailMode;
  /** Governed routes: when the post-check row is durable (strict, before release; intent, just after). */
  readonly audit: AuditMode;
  readonly onEscalation: EscalationAction;
  /** on_escalation hold: how long the call is held open; null = the tier's hold_seconds from decision.yaml. */
  readonly holdSeconds: number | null;
  /** Mask sensitive data in a result before its post-check, instead of blocking the whole result. */
  readonly redact: boolean;
  /** A result the sidecar cannot read (binary, not UTF-8): `block` withholds it, `release` lets it through; both are recorded. */
  readonly unscannable: 'block' | 'release';
  /** MCP: tool name -> the definition hash an operator accepted after a change (re-pins it). */
  readonly acceptedToolChanges: ReadonlyMap<string, string>;
  /** on_escalation elicit, when the MCP client did not declare the elicitation capability: block or hold instead. */
  readonly elicitationFallback: 'block' | 'hold';
}

/** One CONNECT allow-list entry: a host glob and the ports it may be reached on. */
export interface ConnectRule {
  readonly pattern: string;
  readonly ports: readonly number[];
  readonly matches: (host: string) => boolean;
}

export interface SidecarSettings {
  /** From gateway.yaml; the AGENT_ID environment variable wins over it. */
  readonly agentId: string | null;
  readonly routes: readonly SidecarRoute[];
  readonly connectAllow: readonly ConnectRule[];
  readonly sessions: { readonly idleSeconds: number; readonly maxSessions: number };
}

export const NO_ROUTES: SidecarSettings = Object.freeze({
  agentId: null,
  routes: Object.freeze([]),
  connectAllow: Object.freeze([]),
  sessions: Object.freeze({ idleSeconds: 3600, maxSessions: 10_000 }),
});
