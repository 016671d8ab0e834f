// One shared ajv instance for every schema in the bundle (tool scopes, output schemas, the policy
// files' own schemas), and the translation of ajv errors into `{path, message}` people can read.

import { Ajv } from 'ajv';
import '../schemas/json-equal.ts'; // ajv's const, enum and uniqueItems compare JSON safely (json-equal.ts)
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { SchemaCheck } from './types.ts';
import { dottedPath, pointerToSegments } from './field-path.ts';
import type { FieldSegment } from './field-path.ts';
import { PolicyLoadError } from './policy-load-error.ts';
import { linearRegExpEngine } from '../linear-regex/index.ts';

// ajv-formats is CommonJS: Node hands over module.exports, whose `.default` is the same plugin, and
// that is the only form TypeScript (NodeNext) types as callable.
const addFormats = addFormatsModule.default;

// addUsedSchema: false keeps a schema's `$id` out of the instance, so reloading a bundle whose
// schemas carry ids does not fail with "schema with key or id already exists".
// code.optimize: false skips ajv's pass over the generated code: the bundle's schemas compile in
// about two thirds of the time (start-up and every reload), and the validators stay as exact.
// code.regExp: `pattern` keywords run on the linear-time engine (authored patterns, untrusted strings).
// validateSchema: false, because every schema is checked against draft-07's meta-schema before it
// is compiled (authored-schema-lint.ts, with the precompiled meta-schema validator): ajv would
// otherwise compile the meta-schema at start, ~20 ms, only to check each schema a second time.
export const sharedAjv = new Ajv({
  allErrors: true, strict: false, addUsedSchema: false, validateSchema: false,
  code: { optimize: false, regExp: linearRegExpEngine },
});
addFormats(sharedAjv);

export interface DescribedSchemaError {
  segments: FieldSegment[];
  message: string;
  /** Whether the problem is the key itself (an extra property) rather than its value. */
  at: 'key' | 'value';
  error: ErrorObject;
}

/** One readable violation per ajv error; `if` and `propertyNames` summaries are dropped (their details remain). */
export function describeAjvErrors(errors: readonly ErrorObject[], data: unknown): DescribedSchemaError[] {
  const described: DescribedSchemaError[] = [];
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    const segments = pointerToSegments(error.instancePath, data);
    const params = error.params as Record<string, unknown>;
    if (error.propertyName !== undefined) {
      described.push({ segments: [...segments, error.propertyName], message: `name ${error.message ?? 'is invalid'}`, at: 'key', error });
    } else if (error.keyword === 'required') {
      described.push({ segments: [...segments, String(params.missingProperty)], message: 'is required', at: 'value', error });
    } else if (error.keyword === 'additionalProperties') {
      described.push({ segments: [...segments, String(params.additionalProperty)], message: 'is not allowed', at: 'key', error });
    } else if (error.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ');
      described.push({ segments, message: `must be one of: ${allowed}`, at: 'value', error });
    } else if (error.keyword === 'type' && Array.isArray(params.type)) {
      described.push({ segments, message: `must be ${params.type.join(' or ')}`, at: 'value', error });
    } else {
      described.push({ segments, message: error.message ?? `fails ${error.keyword}`, at: 'value', error });
    }
  }
  return described;
}

const compiledByText = new Map<string, SchemaCheck>();

/**
 * Compiles a JSON Schema (draft-07, already checked against its meta-schema) into a check returning every violation with a dotted path
 * (`items[0].sku`), [] when valid. Identical schemas share one compiled function, so reloading an
 * unchanged bundle compiles nothing. Throws PolicyLoadError naming `where` when ajv rejects the schema.
 */
export function compileSchemaCheck(schema: object, where: string): SchemaCheck {
  const key = JSON.stringify(schema);
  const cached = compiledByText.get(key);
  if (cached !== undefined) return cached;
  let validate: ValidateFunction;
  try {
    validate = sharedAjv.compile(schema);
  } catch (error) {
    throw new PolicyLoadError([{ file: where, line: null, column: null, path: '', message: `invalid JSON Schema: ${(error as Error).message}` }], where);
  }
  const check: SchemaCheck = (value) => {
    if (validate(value)) return [];
    const seen = new Set<string>();
    const violations: Array<{ path: string; message: string }> = [];
    for (const { segments, message } of describeAjvErrors(validate.errors ?? [], value)) {
      const path = dottedPath(segments);
      const id = `${path}\u0000${message}`;
      if (seen.has(id)) continue;
      seen.add(id);
      violations.push({ path, message });
    }
    return violations;
  };
  compiledByText.set(key, check);
  return check;
}
