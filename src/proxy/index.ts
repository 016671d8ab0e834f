// The sidecar data path: routes from config/gateway.yaml, reverse and forward proxying, governed
// HTTP and MCP tool calls (pre-check, forward, post-check, release or replace), ungoverned
// streaming, CONNECT allow-list and fail modes. routes/ reads config/gateway.yaml and matches
// requests; http/ and mcp/ govern each protocol's calls; upstream/ is the hop both forward over
// (pools, headers, bounded bodies); the gates, holds and problems they share stay at the top.

export { createSidecar } from './sidecar.ts';
export type { Sidecar, SidecarOptions } from './sidecar.ts';
export { parseGatewayFile, RESERVED_PATHS, ROUTE_DEFAULTS } from './routes/gateway-file.ts';
export { NO_ROUTES } from './routes/route-types.ts';
export type { ConnectRule, EscalationAction, FailMode, RouteProtocol, SidecarRoute, SidecarSettings, ToolSource } from './routes/route-types.ts';
export { SIDECAR_CHANNEL, createSidecarMetrics } from './sidecar-events.ts';
export { createMemoryMetrics } from './memory-metrics.ts';
export { splitMemoryBudget, type MemoryBudget } from './memory-budget.ts';
export type { SidecarEvent, SidecarEventKind } from './sidecar-events.ts';
export { DECISION_META_KEY } from './mcp/mcp-results.ts';
export { definitionHash } from './mcp/tool-pins.ts';
