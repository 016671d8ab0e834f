// The static types the rule checker reasons with. @bufbuild/cel plans and runs CEL but does not
// type-check function calls, so a rule like `tool.nme == "x"` or `scores.policy + 1` would only
// fail on live traffic; these types let the loader reject it with a line and column instead.
// A `record` is a map whose keys the gateway knows (tool: name, params): a misspelt field is an error.

import type { CelType } from '@bufbuild/cel';

export type RuleType =
  | { kind: 'dyn' }
  | { kind: 'scalar'; name: 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'null_type' | 'type' }
  | { kind: 'timestamp' }
  | { kind: 'duration' }
  | { kind: 'list'; element: RuleType }
  | { kind: 'map'; value: RuleType }
  | { kind: 'record'; name: string; fields: Readonly<Record<string, RuleType>> };

export const DYN: RuleType = { kind: 'dyn' };
export const BOOL: RuleType = { kind: 'scalar', name: 'bool' };
export const INT: RuleType = { kind: 'scalar', name: 'int' };
export const UINT: RuleType = { kind: 'scalar', name: 'uint' };
export const DOUBLE: RuleType = { kind: 'scalar', name: 'double' };
export const STRING: RuleType = { kind: 'scalar', name: 'string' };
export const BYTES: RuleType = { kind: 'scalar', name: 'bytes' };
export const NULL: RuleType = { kind: 'scalar', name: 'null_type' };
export const TYPE: RuleType = { kind: 'scalar', name: 'type' };
export const TIMESTAMP: RuleType = { kind: 'timestamp' };
export const DURATION: RuleType = { kind: 'duration' };

export const listOf = (element: RuleType): RuleType => ({ kind: 'list', element });
export const mapOf = (value: RuleType): RuleType => ({ kind: 'map', value });
export const record = (name: string, fields: Record<string, RuleType>): RuleType => ({ kind: 'record', name, fields });

export function typeName(type: RuleType): string {
  switch (type.kind) {
    case 'dyn': return 'dyn';
    case 'scalar': return type.name === 'null_type' ? 'null' : type.name;
    case 'timestamp': return 'timestamp';
    case 'duration': return 'duration';
    case 'list': return `list(${typeName(type.element)})`;
    case 'map': return `map(string, ${typeName(type.value)})`;
    case 'record': return type.name;
  }
}

const NUMERIC = new Set(['int', 'uint', 'double']);

export function isNumeric(type: RuleType): boolean {
  return type.kind === 'scalar' && NUMERIC.has(type.name);
}

/** Whether a value of type `actual` can be passed where `expected` is declared (dyn fits anything). */
export function fits(actual: RuleType, expected: RuleType): boolean {
  if (actual.kind === 'dyn' || expected.kind === 'dyn') return true;
  if (expected.kind === 'map') return actual.kind === 'map' || actual.kind === 'record';
  if (expected.kind === 'scalar') return actual.kind === 'scalar' && actual.name === expected.name;
  return actual.kind === expected.kind;
}

/** Two types that can never hold equal values (so `a == b` is always false): e.g. string and int. */
export function neverEqual(a: RuleType, b: RuleType): boolean {
  if (a.kind === 'dyn' || b.kind === 'dyn') return false;
  if (a.kind === 'scalar' && a.name === 'null_type') return false;
  if (b.kind === 'scalar' && b.name === 'null_type') return false;
  if (isNumeric(a) && isNumeric(b)) return false;
  const family = (type: RuleType) => (type.kind === 'record' ? 'map' : type.kind === 'scalar' ? type.name : type.kind);
  return family(a) !== family(b);
}

export function sameType(a: RuleType, b: RuleType): boolean {
  return typeName(a) === typeName(b);
}

/** The checker's view of a type declared by @bufbuild/cel (function signatures). */
export function fromCelType(type: CelType): RuleType {
  switch (type.kind) {
    case 'scalar': return type.scalar === 'dyn' ? DYN : { kind: 'scalar', name: type.scalar };
    case 'list': return listOf(DYN);
    case 'map': return mapOf(DYN);
    case 'object':
      if (type.name === 'google.protobuf.Timestamp') return TIMESTAMP;
      if (type.name === 'google.protobuf.Duration') return DURATION;
      return DYN;
  }
}
