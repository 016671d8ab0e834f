// Checks a JSON Schema written inside a policy file (a tool scope, an output schema) before it is
// compiled. The shared ajv runs with strict: false, which would silently ignore a misspelt keyword
// (`maxLenght: 10`) and leave the scope wider than its author meant, so unknown keywords and formats
// are errors here, each reported at its own line.

import type { SchemaCheck } from './types.ts';
import type { FieldSegment } from './field-path.ts';
import { closestName } from './closest-name.ts';
import { compileSchemaCheck, describeAjvErrors, sharedAjv } from './schema-check.ts';
import { precompiledValidator } from '../schemas/precompiled/index.ts';
import { PolicyLoadError } from './policy-load-error.ts';
import { compileLinearPattern } from '../linear-regex/index.ts';

export interface SchemaProblem {
  /** Relative to the schema's own position in the file. */
  segments: FieldSegment[];
  message: string;
  at: 'key' | 'value';
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';

// Draft-07 keywords ajv does not register as validation keywords: annotations and containers.
const ANNOTATIONS = new Set([
  '$id', '$schema', '$comment', 'title', 'description', 'default', 'examples', 'definitions', '$defs',
  'readOnly', 'writeOnly', 'deprecated', 'contentMediaType', 'contentEncoding',
]);
const KNOWN_KEYWORDS = [
  ...ANNOTATIONS, 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'patternProperties',
  'propertyNames', 'minProperties', 'maxProperties', 'dependencies', 'items', 'additionalItems', 'contains',
  'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref',
];
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
const SCHEMA_VALUES = new Set(['additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'items']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

/** Every problem in an authored schema; the compiled check when there is none. */
export function lintAndCompileSchema(schema: unknown, where: string): { problems: SchemaProblem[]; check?: SchemaCheck } {
  const draft = (schema as { $schema?: unknown }).$schema;
  if (draft !== undefined && draft !== DRAFT_07 && draft !== `${DRAFT_07}#`) {
    return { problems: [{ segments: ['$schema'], message: `is not supported: schemas here are JSON Schema draft-07 (${DRAFT_07}#); remove $schema`, at: 'value' }] };
  }
  const metaSchema = precompiledValidator('jsonSchemaDraft07');
  if (!metaSchema(schema)) {
    return { problems: firstPerPath(describeAjvErrors(metaSchema.errors ?? [], schema)) };
  }
  const problems: SchemaProblem[] = [];
  walkSchema(schema, [], problems);
  if (problems.length > 0) return { problems };
  try {
    return { problems, check: compileSchemaCheck(schema as object, where) };
  } catch (error) {
    const detail = error instanceof PolicyLoadError ? error.issues[0].message : (error as Error).message;
    return { problems: [{ segments: [], message: detail, at: 'value' }] };
  }
}

// The meta-schema reports one mistake several ways (enum, type, anyOf); the first says it best.
function firstPerPath(described: ReturnType<typeof describeAjvErrors>): SchemaProblem[] {
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const { segments, message, at } of described) {
    const id = JSON.stringify(segments);
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push({ segments, message: `is not valid JSON Schema: ${message}`, at });
  }
  return problems;
}

function walkSchema(schema: unknown, at: FieldSegment[], problems: SchemaProblem[]): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  for (const [keyword, value] of Object.entries(schema)) {
    const here = [...at, keyword];
    if (!ANNOTATIONS.has(keyword) && !sharedAjv.getKeyword(keyword)) {
      const guess = closestName(keyword, KNOWN_KEYWORDS);
      problems.push({ segments: here, message: `unknown JSON Schema keyword${guess ? ` (did you mean ${guess}?)` : ''}`, at: 'key' });
      continue;
    }
    if (keyword === 'format' && typeof value === 'string' && sharedAjv.formats[value] === undefined) {
      problems.push({ segments: here, message: `unknown format "${value}"`, at: 'value' });
    }
    // ajv compiles these with the u flag, so they are checked that way, each at its own line.
    if (keyword === 'pattern' && typeof value === 'string') {
      const problem = regexProblem(value);
      if (problem !== undefined) problems.push({ segments: here, message: problem, at: 'value' });
    }
    if (keyword === 'patternProperties' && value !== null && typeof value === 'object') {
      for (const name of Object.keys(value)) {
        const problem = regexProblem(name);
        if (problem !== undefined) problems.push({ segments: [...here, name], message: problem, at: 'key' });
      }
    }
    if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => walkSchema(item, [...here, index], problems));
    } else if (SCHEMA_VALUES.has(keyword)) {
      walkSchema(value, here, problems);
    } else if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) walkSchema(sub, [...here, name], problems);
    }
  }
}

function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  // Valid JavaScript, but the linear-time engine the gateway runs it on must accept it too.
  try {
    compileLinearPattern(source, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
