// ajv validators compiled once at start-up from the shared schemas. Request validation turns
// every ajv error into a `{path, message}` the caller can act on (422 lists them all).

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import './json-equal.ts'; // ajv's const, enum and uniqueItems compare JSON safely (json-equal.ts)
import addFormatsModule from 'ajv-formats';
import { ApiError, type FieldError } from '../http/index.ts';
import { SCHEMAS, type SchemaName } from './components.ts';
import { OUTPUT_MAX_BYTES } from './runtime-requests.ts';
import { checkToolCallArguments } from './tool-call-arguments.ts';

const ROOT_ID = 'gateway';
// ajv-formats is CommonJS with a default export; under ESM it arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

/** Field names people send by mistake (other agent frameworks' names), and what this API calls them. */
const RENAMED_FIELDS: Readonly<Record<string, string>> = {
  tool_calls: 'tools_called',
  tokens_in: 'prompt_tokens',
  tokens_out: 'completion_tokens',
  input_tokens: 'prompt_tokens',
  output_tokens: 'completion_tokens',
};

/**
 * A `uuid` field names a gateway id (an envelope, a delivery, a report): 36 characters, any case.
 * ajv-formats also takes a `urn:uuid:` prefix, which names no row: a parent_envelope_id written so
 * was looked up as given and reported missing (trust chain blocked), where 422 says what is wrong.
 */
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function createAjv(useDefaults: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('uuid', UUID_FORMAT);
  ajv.addSchema({ $id: ROOT_ID, components: { schemas: SCHEMAS } });
  return ajv;
}

// Built on first use, not at import: checking the schemas against the meta-schema costs about
// 100 ms, which a sidecar that never serves the JSON APIs should not pay before it is ready.
// The first request of each kind compiles its validator (tens of ms, once).
let requestAjv: Ajv2020 | undefined;
let responseAjv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(kind: 'request' | 'response', name: SchemaName): ValidateFunction {
  const key = `${kind}:${name}`;
  let fn = compiled.get(key);
  if (!fn) {
    const ajv = kind === 'request' ? (requestAjv ??= createAjv(true)) : (responseAjv ??= createAjv(false));
    fn = ajv.compile({ $ref: `${ROOT_ID}#/components/schemas/${name}` });
    compiled.set(key, fn);
  }
  return fn;
}


/** Validates (and fills defaults into) a request body; throws a 422 listing every failing field. */
export function validateRequest<T>(name: SchemaName, body: unknown): T {
  const validate = validatorFor('request', name);
  const errors: FieldError[] = validate(body) ? [] : toFieldErrors(validate.errors ?? []);
  const output = (body as { output?: unknown } | null)?.output;
  if (errors.length === 0 && output !== undefined && Buffer.byteLength(JSON.stringify(output)) > OUTPUT_MAX_BYTES) {
    errors.push({ path: 'output', message: `must be at most ${OUTPUT_MAX_BYTES} bytes (100 KB) of JSON` });
  }
  if (errors.length > 0) {
    throw new ApiError('VALIDATION_FAILED', `The ${name} body has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.path).join(', ')}.`, { errors });
  }
  checkToolCallArguments(body);
  return body as T;
}

/** For tests and self-checks: the schema errors of a response body, [] when it conforms. */
export function responseErrors(name: SchemaName, body: unknown): FieldError[] {
  const validate = validatorFor('response', name);
  return validate(body) ? [] : toFieldErrors(validate.errors ?? []);
}

/** ajv errors -> `{path, message}` with dotted paths (`execution.tools_called[0]`), deduplicated. */
export function toFieldErrors(errors: readonly ErrorObject[], root = ''): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const error of errors) {
    // oneOf/anyOf report their branches' errors too; the summary line is enough noise already.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    let path = pointerToPath(error.instancePath, root);
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      path = joinPath(path, String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      const field = String(error.params.additionalProperty);
      path = joinPath(path, field);
      message = RENAMED_FIELDS[field] ? `is not a known field; this API calls it "${RENAMED_FIELDS[field]}" (the request schemas at /openapi.json)` : 'is not a known field';
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    } else if (error.keyword === 'type' && path === 'output') {
      message = 'must be a JSON object, never a bare string';
    }
    const key = `${path}\u0000${message}`;
    if (!out.has(key)) out.set(key, { path: path || '(body)', message });
  }
  return [...out.values()];
}

function pointerToPath(pointer: string, root: string): string {
  let path = root;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path = /^\d+$/.test(segment) ? `${path}[${segment}]` : joinPath(path, segment);
  }
  return path;
}

function joinPath(base: string, field: string): string {
  return base ? `${base}.${field}` : field;
}
