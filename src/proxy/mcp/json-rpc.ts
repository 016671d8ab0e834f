// JSON-RPC 2.0 as MCP uses it: tell requests, notifications and responses apart, and build the
// answers the sidecar gives on the server's behalf.

export type JsonRpcId = string | number | null;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: unknown;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** JSON-RPC's own error codes. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isRequest(message: unknown): message is JsonRpcRequest {
  return isObject(message) && typeof message.method === 'string' && 'id' in message && message.id !== undefined;
}

/**
 * Whether a message's method is not one of `methods` as written but would be read as one by a
 * server that trims, folds case or width, or drops invisible characters (`"Tools/Call "`): such a
 * message is refused, since the sidecar would let it through ungated.
 */
export function namesLookalike(message: unknown, methods: ReadonlySet<string>): boolean {
  if (!isObject(message) || typeof message.method !== 'string' || methods.has(message.method)) return false;
  return methods.has(message.method.normalize('NFKC').replace(/[\s\u200b-\u200f\u2060\ufeff]/g, '').toLowerCase());
}

/** Whether a message names one of `methods`, request or notification alike. */
export function namesMethod(message: unknown, methods: ReadonlySet<string>): boolean {
  return isObject(message) && typeof message.method === 'string' && methods.has(message.method);
}

export function isResponse(message: unknown): message is JsonRpcResponse {
  return isObject(message) && typeof message.method !== 'string' && 'id' in message && ('result' in message || 'error' in message);
}

export function resultMessage(id: JsonRpcId, result: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

export function errorMessage(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** Ids compare by value and type, as JSON-RPC says (1 and "1" are different requests). */
export function sameId(a: JsonRpcId, b: JsonRpcId): boolean {
  return a === b;
}
