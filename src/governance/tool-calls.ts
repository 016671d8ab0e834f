// Callers describe tool calls and results in many shapes (plain names, OpenAI function calls,
// MCP results); the engines see one shape. Positions are kept so calls and results still pair up.

import { parseStrictJson } from '../json/index.ts';
import { isPlainObject } from './json-leaves.ts';
import type { ToolCall, ToolResult } from './types.ts';

const ARGUMENT_KEYS = ['arguments', 'args', 'params', 'input'] as const;
const ERROR_STATUSES = new Set(['error', 'failed', 'failure']);

/**
 * A JSON string is parsed, strictly (the API refused strings the strict parser refuses before
 * they get here); anything that is not (or does not parse to) an object becomes `{}`.
 */
function toParams(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = parseStrictJson(raw);
      return isPlainObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isPlainObject(raw) ? raw : {};
}

function firstDefined(source: Record<string, unknown>): unknown {
  for (const key of ARGUMENT_KEYS) {
    if (source[key] !== undefined) return source[key];
  }
  return undefined;
}

function normalizeToolCall(item: unknown): ToolCall {
  if (typeof item === 'string') return { name: item.trim(), params: {} };
  if (!isPlainObject(item)) return { name: '', params: {} };
  const fn = isPlainObject(item.function) ? item.function : undefined;
  const rawName = typeof item.name === 'string' ? item.name : fn && typeof fn.name === 'string' ? fn.name : '';
  const rawParams = firstDefined(item) ?? (fn ? firstDefined(fn) : undefined);
  return { name: rawName.trim(), params: toParams(rawParams) };
}

/** Unrecognisable items stay as unnamed calls, so tool trust flags them instead of losing them. */
export function normalizeToolCalls(raw: unknown[] | undefined): ToolCall[] {
  return Array.isArray(raw) ? raw.map(normalizeToolCall) : [];
}

export function isErrorResult(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (value.error) return true;
  if (value.is_error === true || value.isError === true) return true;
  return typeof value.status === 'string' && ERROR_STATUSES.has(value.status.trim().toLowerCase());
}

export function normalizeToolResults(raw: unknown[] | undefined): ToolResult[] {
  return Array.isArray(raw) ? raw.map((value) => ({ value, isError: isErrorResult(value) })) : [];
}
