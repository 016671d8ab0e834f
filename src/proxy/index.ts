// The sidecar data path: routes from config/gateway.yaml, reverse and forward proxying, governed
// HTTP and MCP tool calls (pre-check, forward, post-check, release or replace), ungoverned
// streaming, CONNECT allow-list and fail modes.

export { createSidecar } from './sidecar.ts';
export type { Sidecar, SidecarOptions } from './sidecar.ts';
export { parseGatewayFile, RESERVED_PATHS, ROUTE_DEFAULTS } from './gateway-file.ts';
export { NO_ROUTES } from './route-types.ts';
export type { ConnectRule, EscalationAction, FailMode, RouteProtocol, SidecarRoute, SidecarSettings, ToolSource } from './route-types.ts';
export { SIDECAR_CHANNEL, createSidecarMetrics } from './sidecar-events.ts';
export { createMemoryMetrics } from './memory-metrics.ts';
export { splitMemoryBudget, type MemoryBudget } from './memory-budget.ts';
export type { SidecarEvent, SidecarEventKind } from './sidecar-events.ts';
export { DECISION_META_KEY } from './mcp-results.ts';
export { definitionHash } from './tool-pins.ts';
