// Which responses the answer to a POST may release: only those to the requests that POST carried.
// A server that answers another request there (a tools/call the agent has under way on another
// POST, whose own answer is the one checked) would hand the agent a result no check read, since
// clients match responses by id whichever stream brings them. Such a response is dropped.

import type { Logger } from '../../observability/index.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import { isRequest, sameId, type JsonRpcId, type JsonRpcResponse } from './json-rpc.ts';
import type { MessageTransform } from './mcp-response-relay.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

/** The ids of the requests in a POSTed message or batch (notifications and responses have none to answer). */
export function requestIds(message: unknown): JsonRpcId[] {
  return (Array.isArray(message) ? message : [message]).filter(isRequest).map((m) => m.id);
}

/** Releases responses to `ids` through `then` (or as they are); drops any other, logged and counted. */
export function ownResponsesOnly(ids: readonly JsonRpcId[], route: SidecarRoute, logger: Logger, then?: MessageTransform): MessageTransform {
  return async (message: JsonRpcResponse) => {
    if (ids.some((id) => sameId(id, message.id))) return then ? then(message) : message;
    dropForeignResponse(route, logger, message);
    return null;
  };
}

export function dropForeignResponse(route: SidecarRoute, logger: Logger, message: JsonRpcResponse): void {
  publishSidecarEvent(route.name, 'withheld');
  logger.warn('sidecar: an MCP response to a request this POST did not carry was dropped (results are only released from their own POST, after their post-check)', {
    route: route.name, id: message.id,
  });
}
