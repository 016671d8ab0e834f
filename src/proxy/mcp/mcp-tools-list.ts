// An MCP tools/list result as the agent sees it: only the tools its policy catalog declares, and
// none whose definition changed since it was pinned. The agent's model is never shown a tool it
// may not call, nor a description rewritten after it was reviewed.

import { ApiError } from '../../http/index.ts';
import type { JsonRpcResponse } from './json-rpc.ts';
import type { MessageTransform } from './mcp-response-relay.ts';
import type { McpDeps } from './mcp-route.ts';
import type { ProxiedRequest } from '../http/governed-http.ts';
import { isObject } from '../upstream/response-body.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import type { ToolDefinition } from './tool-pins.ts';

export function toolsListTransform(deps: McpDeps, call: ProxiedRequest): MessageTransform {
  const { route, agentId } = call;
  return async (message: JsonRpcResponse) => {
    const result = message.result;
    if (!isObject(result) || !Array.isArray(result.tools)) return message;
    const catalog = deps.policies.current().resolveAgent(agentId);
    const kept: unknown[] = [];
    for (const tool of result.tools as unknown[]) {
      if (!isObject(tool) || typeof tool.name !== 'string') continue;
      if (!catalog?.tools.has(tool.name)) {
        publishSidecarEvent(route.name, 'tool_hidden');
        continue;
      }
      if (await pinAllows(deps, call, tool as unknown as ToolDefinition)) kept.push(tool);
    }
    return { ...message, result: { ...result, tools: kept } };
  };
}

async function pinAllows(deps: McpDeps, call: ProxiedRequest, tool: ToolDefinition): Promise<boolean> {
  const { route } = call;
  try {
    const status = await deps.pins.observe(route, tool);
    if (status === 'pinned') publishSidecarEvent(route.name, 'tool_pinned');
    if (status !== 'changed') return true;
    publishSidecarEvent(route.name, 'tool_changed');
    deps.logger.warn('sidecar: MCP tool definition changed since it was pinned; hidden and blocked', {
      route: route.name, tool: tool.name, request_id: call.requestId,
    });
    return false;
  } catch (error) {
    // A tool that cannot be pinned cannot be trusted to stay as reviewed, unless the route fails open.
    const open = route.failMode === 'open' && error instanceof ApiError && error.code === 'LEDGER_UNAVAILABLE';
    publishSidecarEvent(route.name, open ? 'fail_open' : 'fail_closed');
    deps.logger.error('sidecar: MCP tool could not be pinned', { route: route.name, tool: tool.name, shown: open, error: (error as Error).message });
    return open;
  }
}
