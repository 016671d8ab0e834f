// The start-up schemas are compiled ahead of time (src/schemas/precompiled): the generated file
// must be what the schemas give today, and each precompiled validator must answer exactly as the
// same schema compiled at run time does (the verdict and every error), on the shipped files, on
// them with a part replaced by anything, and on any JSON at all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { parse } from 'yaml';
import { precompiledValidatorsSource } from '../../../src/schemas/precompiled/generate.ts';
import { PRECOMPILED_SCHEMAS, type PrecompiledSchemaName } from '../../../src/schemas/precompiled/product-schemas.ts';
import { precompiledValidator } from '../../../src/schemas/precompiled/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NAMES = Object.keys(PRECOMPILED_SCHEMAS) as PrecompiledSchemaName[];

test('validators.generated.js is current (else run `npm run schemas:precompile`)', () => {
  const committed = readFileSync(path.join(ROOT, 'src/schemas/precompiled/validators.generated.js'), 'utf8');
  assert.ok(committed === precompiledValidatorsSource(), 'src/schemas/precompiled/validators.generated.js is stale: run `npm run schemas:precompile`');
});

test('every precompiled schema is a valid JSON Schema (the generator skips that check)', () => {
  const ajv = new Ajv({ strict: false });
  for (const name of NAMES) assert.equal(ajv.validateSchema(PRECOMPILED_SCHEMAS[name]), true, `${name}: ${ajv.errorsText(ajv.errors)}`);
});

// What the gateway compiled at run time before: the policy loader's ajv (every error, ajv's
// messages, ajv-formats), and its validateSchema for draft-07's meta-schema.
const runtime = new Ajv({ allErrors: true, strict: false });
addFormats.default(runtime);
const FILE_SHAPES = NAMES.filter((name) => name !== 'jsonSchemaDraft07');
const compiled = new Map<PrecompiledSchemaName, ValidateFunction>(FILE_SHAPES.map((name) => [name, runtime.compile(PRECOMPILED_SCHEMAS[name])]));

function runtimeAnswer(name: PrecompiledSchemaName, value: unknown): { verdict: boolean; errors: unknown } {
  if (name === 'jsonSchemaDraft07') {
    const verdict = runtime.validateSchema(value as object) as boolean;
    return { verdict, errors: runtime.errors ?? null };
  }
  const validate = compiled.get(name)!;
  return { verdict: validate(value), errors: validate.errors ?? null };
}

function assertSameAnswer(name: PrecompiledSchemaName, value: unknown): void {
  // The meta-schema is only ever asked about objects (the loader checks `$schema` first, as
  // ajv.validateSchema must have a draft-07 one).
  if (name === 'jsonSchemaDraft07' && (value === null || typeof value !== 'object' || '$schema' in value)) return;
  const expected = runtimeAnswer(name, value);
  const actual = precompiledValidator(name);
  assert.equal(actual(value), expected.verdict, `${name}: verdict differs on ${JSON.stringify(value)?.slice(0, 200)}`);
  assert.deepEqual(actual.errors ?? null, expected.errors, `${name}: errors differ on ${JSON.stringify(value)?.slice(0, 200)}`);
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry) ? [full] : [];
  });
}

const SHIPPED = [...yamlFiles(path.join(ROOT, 'policies')), ...yamlFiles(path.join(ROOT, 'config'))]
  .map((file) => parse(readFileSync(file, 'utf8')) as unknown);

test('on the shipped policy and config files, each precompiled validator answers as the run-time one', () => {
  assert.ok(SHIPPED.length > 5);
  for (const value of SHIPPED) for (const name of NAMES) assertSameAnswer(name, value);
});

/** `value` with the member at a path of keys and indexes (as far as it leads) replaced by `replacement`. */
function replaceAt(value: unknown, steps: number[], replacement: unknown): unknown {
  if (steps.length === 0 || value === null || typeof value !== 'object') return replacement;
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[steps[0]! % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[key] = replaceAt((value as Record<string | number, unknown>)[key], steps.slice(1), replacement);
  return copy;
}

test('on shipped files with any part replaced by any JSON, the answers are the same', () => {
  fc.assert(fc.property(
    fc.constantFrom(...SHIPPED), fc.array(fc.nat(), { maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...NAMES),
    (document, steps, replacement, name) => assertSameAnswer(name, replaceAt(document, steps, replacement)),
  ), { numRuns: 2000 });
});

test('on any JSON value, the answers are the same', () => {
  fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...NAMES), (value, name) => assertSameAnswer(name, value)), { numRuns: 1000 });
});

test('on schemas as policies write them, broken anywhere, the meta-schema answers as ajv.validateSchema', () => {
  const schema = fc.letrec((tie) => ({
    node: fc.record({
      type: fc.constantFrom('object', 'string', 'number', 'integer', 'array', 'boolean', 'null', 'strin', 7),
      properties: fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 }),
      required: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), fc.string()),
      pattern: fc.constantFrom('^a+$', '(', '[a-z]', '\\d{2,', 3),
      minLength: fc.oneof(fc.nat(), fc.integer({ min: -3, max: -1 }), fc.constant('2')),
      enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      items: tie('node'),
      additionalProperties: fc.oneof(fc.boolean(), tie('node')),
      format: fc.constantFrom('email', 'date-time', 'nonsense'),
    }, { requiredKeys: [] }),
  })).node;
  fc.assert(fc.property(schema, (value) => assertSameAnswer('jsonSchemaDraft07', value)), { numRuns: 1000 });
});
