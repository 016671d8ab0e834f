// Every named schema, in one map: the OpenAPI document's components and the ajv registry are
// built from this same object.

import * as requests from './runtime-requests.ts';
import * as responses from './runtime-responses.ts';
import * as audit from './audit-responses.ts';
import * as auth from './auth-responses.ts';
import * as policy from './policy-schemas.ts';
import * as internal from './internal-schemas.ts';
import * as judgeCertify from './judge-certify-schemas.ts';
import * as review from './review-schemas.ts';
import * as notification from './notification-schemas.ts';
import * as sso from './sso-schemas.ts';
import * as team from './team-schemas.ts';
import * as insight from './insight-schemas.ts';
import * as reports from './report-schemas.ts';

const { AGENT_ID_PATTERN: _pattern, OUTPUT_MAX_BYTES: _max, ...requestSchemas } = requests;
const { SIDECAR_ENTRY_KINDS: _kinds, INTERNAL_APPEND_MAX_ENTRIES: _most, ...internalSchemas } = internal;

export const SCHEMAS = Object.freeze({ ...requestSchemas, ...responses, ...audit, ...auth, ...policy, ...internalSchemas, ...judgeCertify, ...review, ...notification, ...sso, ...team, ...insight, ...reports }) as Readonly<Record<string, object>>;

export type SchemaName = keyof typeof requestSchemas | keyof typeof responses | keyof typeof audit | keyof typeof auth | keyof typeof policy | keyof typeof internalSchemas | keyof typeof judgeCertify | keyof typeof review | keyof typeof notification | keyof typeof sso | keyof typeof team | keyof typeof insight | keyof typeof reports;
