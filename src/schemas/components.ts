// Every named schema, in one map: the OpenAPI document's components and the ajv registry are
// built from this same object.

import * as requests from './runtime-requests.ts';
import * as responses from './runtime-responses.ts';
import * as audit from './audit-responses.ts';
import * as auth from './auth-responses.ts';
import * as policy from './policy-schemas.ts';
import * as review from './review-schemas.ts';

const { AGENT_ID_PATTERN: _pattern, OUTPUT_MAX_BYTES: _max, ...requestSchemas } = requests;

export const SCHEMAS = Object.freeze({ ...requestSchemas, ...responses, ...audit, ...auth, ...policy, ...review }) as Readonly<Record<string, object>>;

export type SchemaName = keyof typeof requestSchemas | keyof typeof responses | keyof typeof audit | keyof typeof auth | keyof typeof policy | keyof typeof review;
