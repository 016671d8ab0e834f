// Strict JSON: the one parser for request bodies, sidecar bodies and tool results, so what the
// gateway checks is exactly what a tool reads (no duplicate keys, inexact numbers, lone
// surrogates, unbounded nesting or unbounded numbers of values).

export {
  DEFAULT_MAX_JSON_VALUES, JsonValueBudget, MAX_JSON_DEPTH, StrictJsonError, maxJsonValues, memberPath, parseStrictJson, setMaxJsonValues,
} from './strict-json.ts';
export type { StrictJsonOptions, StrictJsonRule } from './strict-json.ts';
export { isExactNumberText } from './exact-number.ts';
export { detachedString } from './detached-string.ts';
