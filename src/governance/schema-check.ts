// Check 1, schema: is the output a non-empty object that fits the declared output schemas?
// At pre-check there is no output, so the proposed params must be a JSON-safe object instead.

import { isPlainObject } from './json-leaves.ts';
import { violationPath } from './schema-paths.ts';
import { scoreFromFailures } from './score-math.ts';
import { declaredTool, type StageView } from './stage-view.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { SchemaCheck } from '../policy/types.ts';
import type { Failure } from './types.ts';

function fail(code: string, severity: Failure['severity'], message: string, path?: string): Failure {
  return path === undefined
    ? { code, check: 'schema', message, severity }
    : { code, check: 'schema', message, severity, path };
}

/** True when JSON.stringify would keep the value as it is (no functions, undefined, NaN, cycles). */
function isJsonSafe(value: unknown, seen = new Set<object>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return false;
  }
  seen.add(value);
  const children = Array.isArray(value) ? value : Object.values(value);
  const safe = children.every((child) => isJsonSafe(child, seen));
  seen.delete(value);
  return safe;
}

function preCheckSchema(view: StageView): Failure[] {
  const call = view.calls[0];
  if (!call) return [fail('ACTION_MISSING', 'high', 'The pre-check names no action to check.', 'action')];
  if (!isPlainObject(call.params)) return [fail('PARAMS_NOT_OBJECT', 'high', 'The proposed params are not a JSON object.', 'params')];
  if (!isJsonSafe(call.params)) {
    return [fail('PARAMS_NOT_JSON_SAFE', 'medium', 'The proposed params hold values JSON cannot carry (functions, NaN, cycles).', 'params')];
  }
  return [];
}

/** The schemas the output must meet: the agent's, then the last called tool that declares one. */
function outputSchemas(view: StageView): Array<{ source: string; check: SchemaCheck }> {
  const schemas: Array<{ source: string; check: SchemaCheck }> = [];
  if (view.agentPolicy?.output_schema) {
    schemas.push({ source: `agent ${view.agentPolicy.id}`, check: view.agentPolicy.output_schema });
  }
  for (let index = view.calls.length - 1; index >= 0; index -= 1) {
    const tool = declaredTool(view, view.calls[index].name);
    if (tool?.output_schema) {
      schemas.push({ source: `tool ${tool.name}`, check: tool.output_schema });
      break;
    }
  }
  return schemas;
}

function outputSchema(view: StageView): Failure[] {
  const output = view.output;
  if (!view.hasOutput) return [fail('OUTPUT_MISSING', 'high', 'No output was given to check.', 'output')];
  if (!isPlainObject(output)) return [fail('OUTPUT_NOT_OBJECT', 'high', 'The output is not a JSON object.', 'output')];
  if (Object.keys(output).length === 0) {
    return [fail('OUTPUT_EMPTY', 'medium', 'The output is an empty object: it says nothing that can be checked.', 'output')];
  }
  const failures: Failure[] = [];
  const seen = new Set<string>();
  for (const schema of outputSchemas(view)) {
    for (const violation of schema.check(output)) {
      const path = violationPath('output', violation.path);
      const key = `${path}\u0000${violation.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      failures.push(fail('OUTPUT_SCHEMA_VIOLATION', 'medium', `${path} ${violation.message} (schema of ${schema.source}).`, path));
    }
  }
  return failures;
}

export function checkSchema(view: StageView): CheckOutcome {
  const failures = view.isPreCheck ? preCheckSchema(view) : outputSchema(view);
  return { score: scoreFromFailures(failures), failures };
}
