// JSON Schemas of every request and response body: one source for ajv validation at runtime
// and for the OpenAPI 3.1 document served at /openapi.json.

export { SCHEMAS } from './components.ts';
export type { SchemaName } from './components.ts';
export { AGENT_ID_PATTERN, OUTPUT_MAX_BYTES } from './runtime-requests.ts';
export { responseErrors, toFieldErrors, validateRequest } from './validator.ts';
export { buildOpenApiDocument } from './openapi.ts';
export type { OperationDoc, ParameterDoc } from './openapi.ts';
export { SIDECAR_ENTRY_KINDS, INTERNAL_APPEND_MAX_ENTRIES } from './internal-schemas.ts';
